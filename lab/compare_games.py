"""Compare two duplicate-game runs game by game: the first-named bot of each, on the same games.

    python -m lab.compare_games A.jsonl B.jsonl

The files come from ``python -m lab.arena --games N ... --hands FILE`` with the same ``--seed``
(for instance with and without ``--no-game-objective``). A game counts only when all four of
its rotations are in both files. Printed: the first bot's wins and mean place in each run, and
B − A of its mean place per game with a 95% interval over games (the independent unit), and
how many games came out differently.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lab.arena import mean_ci95


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


def first_bot(path: Path) -> dict[int, dict[int, dict[str, Any]]]:
    """Per game, per rotation: the record of the seat the first-named bot held."""
    games: dict[int, dict[int, dict[str, Any]]] = {}
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            record = json.loads(line)
            if record["first"]:
                games.setdefault(record["game"], {})[record["rotation"]] = record
    return games


def compare(a: Path, b: Path) -> GameComparison:
    """The paired comparison of two game logs (see the module docstring)."""
    first, second = first_bot(a), first_bot(b)
    common = sorted(game for game in first.keys() & second.keys()
                    if len(first[game]) == len(second[game]) == 4)
    if not common:
        raise ValueError("the two runs have no complete game in common")

    def place(run: dict[int, dict[int, dict[str, Any]]], game: int) -> float:
        return sum(float(record["place"]) for record in run[game].values()) / 4

    def wins(run: dict[int, dict[int, dict[str, Any]]]) -> int:
        return sum(record["won"] for game in common for record in run[game].values())

    differences = [place(second, game) - place(first, game) for game in common]
    difference, half = mean_ci95(differences)
    changed = sum(any((first[game][r]["place"], first[game][r]["total"])
                      != (second[game][r]["place"], second[game][r]["total"]) for r in range(4))
                  for game in common)
    return GameComparison(len(common), wins(first), wins(second), sum(place(first, g) for g in common) / len(common),
                          sum(place(second, g) for g in common) / len(common), difference, half, changed)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("a", type=Path)
    parser.add_argument("b", type=Path)
    options = parser.parse_args(argv)
    try:
        result = compare(options.a, options.b)
    except (OSError, ValueError, KeyError) as error:
        parser.error(str(error))
    print(f"{result.games} games x 4 rotations: first bot won {result.wins_a} (A) / {result.wins_b} (B) of "
          f"{4 * result.games}; mean place A {result.place_a:.3f}, B {result.place_b:.3f}; "
          f"B - A {result.difference:+.3f} ± {result.ci95:.3f} (95%); {result.changed} games changed")


if __name__ == "__main__":
    main()
