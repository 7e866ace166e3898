"""How Hard's moon line ends, over an arena run: Hard's play search rerun at each of its plays.

    python -m lab.moon_lines HANDS.jsonl --seed N [--deals K] [--budget S] [--samples M] [--json]

The file comes from ``python -m lab.arena --seats hard,... --seed N --hands FILE`` (Hard named
first). Each of Hard's hands is replayed from its deal and passes; at each of its plays with a
choice its search is run again on its view, with the run's seed for that seat (so, on the CPU
clock and the run's limits, it repeats the logged card but where the budget, not the sample
cap, ended the search) and the default limits unless ``--budget``/``--samples`` give the run's.
A hand *took the moon line* if at some play the search chose the line in which Hard plays for
the moon (:class:`hearts.ai.search.PlayChoice` ``shooting``). Printed: how many hands took it,
how many of those Hard shot, their mean score, and how often the rerun agreed with the log.

Hard judges a moon line by its playouts' model of the other seats; against seats that defend
otherwise than that model, this is what shows whether the line pays (docs/log/ai-2026-12-04.md,
session 31: among three Normal most of the lines taken were shot, among three ISMCTS one in five).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from hearts.ai import Limits
from hearts.ai.bots import Hard
from hearts.ai.search import DEFAULT_BUDGET, DEFAULT_MAX_SAMPLES, search_play
from hearts.ai.verdicts import decisions
from hearts.game.hand import Hand
from lab.arena import hand_seed
from lab.seats import bot_seed
from lab.where_points_go import log_records


@dataclass
class MoonLines:
    """Counts over the hands replayed."""

    hands: int = 0
    #: Hands in which the search chose the moon line at least once, and of those, shot / points.
    taken: int = 0
    taken_shot: int = 0
    taken_points: int = 0
    #: Hands shot without the line ever chosen (the moon came by itself, or by forced cards).
    shot_untaken: int = 0
    plays: int = 0
    agreed: int = 0

    def add(self, took_line: bool, shot: bool, score: int, plays: int, agreed: int) -> None:
        """Count one replayed hand."""
        self.hands += 1
        self.plays += plays
        self.agreed += agreed
        if took_line:
            self.taken += 1
            self.taken_shot += shot
            self.taken_points += score
        elif shot:
            self.shot_untaken += 1


@dataclass(frozen=True)
class Record:
    """What a replay needs of one hand record of Hard: the hand, where Hard sat, its seeds, its result."""

    hand: Hand
    seat: int
    deal: int
    rotation: int
    shot: bool
    score: int


def records_of(lines: list[str], deals: int | None = None) -> Iterator[Record]:
    """The first-named bot's records of an arena hands log (deals below ``deals``, if given);
    ValueError names the first line that is not a hand record of a Hard seat."""

    def read(record: dict[str, Any]) -> Record | None:
        if not record["first"]:
            return None
        if record["name"] != "hard":
            raise ValueError(f"the first-named bot is {record['name']!r}, not hard")
        found = Record(
            Hand.from_dict(record["hand"]),
            record["seat"],
            record["deal"],
            record["rotation"],
            record["shot"],
            record["score"],
        )
        return found if deals is None or found.deal < deals else None

    return log_records(lines, read, "an arena hand record of Hard")


def replay(record: Record, run_seed: int, limits: Limits) -> tuple[bool, int, int]:
    """Rerun Hard's search at its plays in one record: (moon line chosen at some play, plays
    with a choice, plays where the rerun chose the logged card)."""
    hard = Hard(bot_seed(hand_seed(run_seed, record.deal, record.rotation), record.seat), limits)
    took_line, plays, agreed = False, 0, 0
    for decision in decisions(record.hand, record.seat):
        legal = decision.view.legal_mask
        if decision.trick and legal & (legal - 1):
            choice = search_play(decision.view, hard.rng_for(decision.view), limits)
            plays += 1
            agreed += (choice.card,) == decision.taken
            took_line = took_line or choice.shooting
    return took_line, plays, agreed


def moon_lines(lines: list[str], run_seed: int, limits: Limits, deals: int | None = None) -> MoonLines:
    """:class:`MoonLines` over the Hard seat's hands of an arena hands log."""
    result = MoonLines()
    for record in records_of(lines, deals):
        took_line, plays, agreed = replay(record, run_seed, limits)
        result.add(took_line, record.shot, record.score, plays, agreed)
    if not result.hands:
        raise ValueError("no hand of Hard in the file")
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("hands", type=Path, help="a --hands file of python -m lab.arena, Hard named first")
    parser.add_argument("--seed", type=int, required=True, help="the run's --seed")
    parser.add_argument("--deals", type=int, help="only the first this many deals")
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET, help="the run's --budget")
    parser.add_argument("--samples", type=int, default=DEFAULT_MAX_SAMPLES, help="the run's --samples")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    options = parser.parse_args(argv)
    limits = Limits(budget=options.budget, max_samples=options.samples, clock=time.process_time)
    try:
        result = moon_lines(options.hands.read_text(encoding="utf-8").splitlines(), options.seed, limits, options.deals)
    except (OSError, ValueError) as error:
        parser.error(str(error))
    if options.json:
        print(json.dumps(asdict(result)))
        return
    mean = f", {result.taken_points / result.taken:.1f} points a hand" if result.taken else ""
    print(
        f"Hard: {result.hands} hands; moon line taken in {result.taken}: shot {result.taken_shot}{mean}; "
        f"shot without it {result.shot_untaken}"
    )
    print(f"  the rerun chose the logged card in {result.agreed} of {result.plays} plays with a choice")


if __name__ == "__main__":
    main()
