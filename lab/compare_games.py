"""Compare two duplicate-game runs game by game: the first-named bot of each, on the same games.

    python -m lab.compare_games A.jsonl B.jsonl
    python -m lab.compare_games FORKED.jsonl

The files come from ``python -m lab.arena --games N ... --hands FILE`` with the same ``--seed``
(for instance with and without ``--no-game-objective``); one file from a ``--fork-objective``
run compares its finishes without the game objective (A) and with it (B). A game counts only
when all four of its rotations are in both files. Printed: the first bot's wins and mean place
in each run, B − A of its share of games won and of its mean place per game, each with a 95%
interval over games (the independent unit), and how many games came out differently.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lab.stats import mean_ci95


@dataclass(frozen=True)
class GameComparison:
    """The first bot's results in runs A and B over the ``games`` both completed."""

    games: int
    wins_a: int
    wins_b: int
    place_a: float
    place_b: float
    difference: float
    ci95: float
    changed: int
    #: B − A in the share of a game's four rotations won, and its 95% interval over games.
    win_difference: float
    win_ci95: float


Run = dict[int, dict[int, dict[str, Any]]]


def first_bot(path: Path, objective: str | None = None) -> Run:
    """Per game, per rotation: the record of the seat the first-named bot held (in a forked
    log, in the finish with ``objective`` "on" or "off")."""
    games: Run = {}
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            record = json.loads(line)
            if record["first"] and record.get("objective") == objective:
                games.setdefault(record["game"], {})[record["rotation"]] = record
    return games


def compare(a: Path, b: Path) -> GameComparison:
    """The paired comparison of two game logs (see the module docstring)."""
    return compare_runs(first_bot(a), first_bot(b))


def compare_forked(path: Path) -> GameComparison:
    """The paired comparison of a forked log's finishes: without the game objective (A), with it (B)."""
    return compare_runs(first_bot(path, "off"), first_bot(path, "on"))


def compare_runs(first: Run, second: Run) -> GameComparison:
    """The first bot's games in two runs, paired game by game."""
    common = sorted(game for game in first.keys() & second.keys() if len(first[game]) == len(second[game]) == 4)
    if not common:
        raise ValueError("the two runs have no complete game in common")

    def place(run: Run, game: int) -> float:
        return sum(float(record["place"]) for record in run[game].values()) / 4

    def won(run: Run, game: int) -> int:
        return sum(record["won"] for record in run[game].values())

    def wins(run: Run) -> int:
        return sum(won(run, game) for game in common)

    differences = [place(second, game) - place(first, game) for game in common]
    difference, half = mean_ci95(differences)
    win_difference, win_half = mean_ci95([(won(second, game) - won(first, game)) / 4 for game in common])
    changed = sum(
        any(
            (first[game][r]["place"], first[game][r]["total"]) != (second[game][r]["place"], second[game][r]["total"])
            for r in range(4)
        )
        for game in common
    )
    return GameComparison(
        len(common),
        wins(first),
        wins(second),
        sum(place(first, g) for g in common) / len(common),
        sum(place(second, g) for g in common) / len(common),
        difference,
        half,
        changed,
        win_difference,
        win_half,
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("a", type=Path)
    parser.add_argument("b", type=Path, nargs="?", help="omitted: A is a forked log (--fork-objective)")
    options = parser.parse_args(argv)
    try:
        result = compare(options.a, options.b) if options.b else compare_forked(options.a)
    except (OSError, ValueError, KeyError) as error:
        parser.error(str(error))
    print(describe(result))


def describe(result: GameComparison) -> str:
    """The comparison in one line."""
    return (
        f"{result.games} games x 4 rotations: first bot won {result.wins_a} (A) / {result.wins_b} (B) of "
        f"{4 * result.games}, B - A {result.win_difference:+.3f} ± {result.win_ci95:.3f} of a game; "
        f"mean place A {result.place_a:.3f}, B {result.place_b:.3f}; "
        f"B - A {result.difference:+.3f} ± {result.ci95:.3f} (95%); {result.changed} games changed"
    )


if __name__ == "__main__":
    main()
