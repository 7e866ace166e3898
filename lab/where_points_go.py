"""Where a bot's points come from, over an arena run: Q♠ and hearts, by how the tricks were won.

    python -m lab.where_points_go HANDS.jsonl [--bot NAME] [--json]

The file comes from ``python -m lab.arena ... --hands FILE``; each record carries its whole
hand, which is replayed here. Without ``--bot`` the seat holding the first-named bot of the run
is analysed; ``--bot ismcts`` takes every seat that bot held. Printed per hand (all rates are
means over the hands analysed):

- points: the mean score, and moons shot and suffered;
- Q♠: how often it was passed away, received, held after the pass and got rid of, and taken —
  split into played by the seat itself, caught by a higher spade of the seat, or thrown by
  another seat onto a trick of another suit that the seat won;
- hearts taken (in hands without a moon), split by how the seat won the trick: it led it, it
  followed suit with no lower card of that suit left (forced), or it followed with a higher
  card although it held a lower one (chose to win) — and, for the first, how many of them in
  the last four tricks; for the last two, in which place of the trick it played.

Two bots that score alike may get there very differently: this is what tells a search that
takes hearts to keep clear of Q♠ from one that is simply unlucky.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from hearts.game.cards import HEARTS, QUEEN_OF_SPADES, SPADES
from hearts.game.errors import SaveError
from hearts.game.hand import Hand

T = TypeVar("T")

#: The ways a seat can end up with Q♠.
QUEEN_WAYS = ("played it", "caught it", "thrown on it")
#: The ways a seat can win a trick with hearts in it.
HEART_WAYS = ("led", "forced", "chose")
#: The last tricks, where a seat left on lead takes what the others throw: the hearts on its own
#: leads there are counted apart too (docs/log/ai-2026-12-04.md, session 30: among Normal, Hard is
#: rarely caught so).
LAST_TRICKS = 4
#: Its key in the breakdown of hearts.
LATE_LED = f"led, last {LAST_TRICKS} tricks"


@dataclass
class Breakdown:
    """Counts over the hands analysed (see the module docstring); ``hands`` is how many."""

    hands: int = 0
    points: int = 0
    shot: int = 0
    suffered: int = 0
    queen: Counter[str] = field(default_factory=Counter)
    hearts: Counter[str] = field(default_factory=Counter)

    def add_hand(self, hand: Hand, seat: int) -> None:
        """Count one finished hand, seen from ``seat``."""
        scores, moon = hand.scores, hand.moon
        if scores is None:
            raise ValueError("the hand is not finished")
        self.hands += 1
        self.points += scores[seat]
        self.shot += moon == seat
        self.suffered += moon is not None and moon != seat
        self._add_passes(hand, seat)
        self._add_tricks(hand, seat)

    def _add_passes(self, hand: Hand, seat: int) -> None:
        given = hand.passed[seat] or ()
        got = hand.received[seat] or ()
        self.queen["passed"] += QUEEN_OF_SPADES in given
        self.queen["received"] += QUEEN_OF_SPADES in got

    def _add_tricks(self, hand: Hand, seat: int) -> None:
        held = {int(card) for trick in hand.tricks for other, card in trick.plays if other == seat}  # after the pass
        self.queen["held"] += QUEEN_OF_SPADES in held
        moon = hand.moon is not None
        for number, trick in enumerate(hand.tricks):
            plays = [(other, int(card)) for other, card in trick.plays]
            if (seat, QUEEN_OF_SPADES) in plays and trick.winner != seat:
                self.queen["got rid of"] += 1
            if trick.winner == seat:
                self._add_won(plays, seat, held, moon, late=number >= len(hand.tricks) - LAST_TRICKS)
            held -= {card for other, card in plays if other == seat}

    def _add_won(self, plays: list[tuple[int, int]], seat: int, held: set[int], moon: bool, late: bool = False) -> None:
        led = plays[0][1] // 13
        cards = [card for _, card in plays]
        if QUEEN_OF_SPADES in cards:
            by = plays[cards.index(QUEEN_OF_SPADES)][0]
            self.queen["played it" if by == seat else "caught it" if led == SPADES else "thrown on it"] += 1
        hearts = sum(card // 13 == HEARTS for card in cards)
        if not hearts or moon:
            return
        place = next(index for index, (other, _) in enumerate(plays) if other == seat)
        if place == 0:
            self.hearts["led"] += hearts
            if late:
                self.hearts[LATE_LED] += hearts
            return
        best_before = max(card for _, card in plays[:place] if card // 13 == led)
        lower = any(card // 13 == led and card < best_before for card in held)
        way = "chose" if lower else "forced"
        self.hearts[way] += hearts
        self.hearts[f"{way}, place {place + 1}"] += hearts

    def report(self) -> dict[str, Any]:
        """Per-hand rates, as printed."""
        n = self.hands
        return {
            "hands": n,
            "points": self.points / n,
            "moons_shot": self.shot / n,
            "moons_suffered": self.suffered / n,
            "queen": {
                "passed": self.queen["passed"] / n,
                "received": self.queen["received"] / n,
                "held": self.queen["held"] / n,
                "got rid of": self.queen["got rid of"] / n,
                "taken": sum(self.queen[way] for way in QUEEN_WAYS) / n,
                **{way: self.queen[way] / n for way in QUEEN_WAYS},
            },
            "hearts": {
                "taken": sum(self.hearts[way] for way in HEART_WAYS) / n,
                **{way: count / n for way, count in sorted(self.hearts.items())},
            },
        }


def log_records(lines: list[str], read: Callable[[dict[str, Any]], T | None], what: str) -> Iterator[T]:
    """What ``read`` makes of each record of an arena hands log (None: the record is skipped);
    ValueError names the first line that ``read`` cannot take, as not being ``what``."""
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            found = read(json.loads(line))
        except (ValueError, KeyError, TypeError, SaveError) as error:
            raise ValueError(f"line {number} is not {what} ({error})") from None
        if found is not None:
            yield found


def hands_of(lines: list[str], bot: str | None = None, deals: int | None = None) -> Iterator[tuple[Hand, int]]:
    """Each hand of an arena hands log that ``bot`` (default: the first-named bot) played, with
    its seat (only the first ``deals`` deals, if given); ValueError names the first line that
    is not a hand record with its hand."""

    def read(record: dict[str, Any]) -> tuple[Hand, int] | None:
        chosen = record["name"] == bot if bot else record["first"]
        if deals is not None and record["deal"] >= deals:
            chosen = False
        return (Hand.from_dict(record["hand"]), record["seat"]) if chosen else None

    return log_records(lines, read, "an arena hand record with its hand")


def breakdown(lines: list[str], bot: str | None = None) -> Breakdown:
    """The breakdown of ``bot``'s seats (default: the first-named bot's) over an arena hands log."""
    result = Breakdown()
    for hand, seat in hands_of(lines, bot):
        result.add_hand(hand, seat)
    if not result.hands:
        raise ValueError(f"no hand of {bot!r} in the file" if bot else "no hand in the file")
    return result


def _print(report: dict[str, Any], who: str) -> None:
    print(
        f"{who}: {report['hands']} hands, {report['points']:.3f} points per hand, "
        f"moons shot {report['moons_shot']:.3f}, suffered {report['moons_suffered']:.3f} per hand"
    )
    queen = report["queen"]
    print(
        f"  Q♠ passed {queen['passed']:.3f}, received {queen['received']:.3f}, "
        f"held after the pass {queen['held']:.3f}, got rid of {queen['got rid of']:.3f}"
    )
    print(f"  Q♠ taken {queen['taken']:.3f}: " + ", ".join(f"{way} {queen[way]:.3f}" for way in QUEEN_WAYS))
    hearts = report["hearts"]
    print(f"  hearts taken {hearts['taken']:.3f} per hand (moons left out), by how the trick was won:")
    for way, rate in hearts.items():
        if way != "taken":
            print(f"    {way:18s} {rate:.3f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("hands", type=Path, help="a --hands file of python -m lab.arena")
    parser.add_argument("--bot", help="analyse every seat of this bot (default: the first-named bot)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    options = parser.parse_args(argv)
    try:
        report = breakdown(options.hands.read_text(encoding="utf-8").splitlines(), options.bot).report()
    except (OSError, ValueError) as error:
        parser.error(str(error))
    if options.json:
        print(json.dumps(report))
    else:
        _print(report, options.bot or "first bot")


if __name__ == "__main__":
    main()
