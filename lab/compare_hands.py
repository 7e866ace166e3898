"""Compare two arena runs hand by hand: the first-named bot of each, on the same deals.

    python -m lab.compare_hands BEFORE.jsonl AFTER.jsonl
    python -m lab.compare_hands BEFORE1.jsonl,BEFORE2.jsonl AFTER1.jsonl,AFTER2.jsonl

The files come from ``python -m lab.arena ... --hands FILE``. Two runs on the same deals
(the same ``--seed``) differ only in the bot or the code in the first seat, so their paired
difference cancels the luck of the cards, as far as the other bots play the same cards again:
Easy, Normal and the arena's ISMCTS do (Hard where its sample cap ends its searches; see the
README). Hands pair up by their 牌局编号 and rotation; a deal counts only when all four of its
rotations are in both files (a run stopped early leaves some out). The interval is over deals,
the independent unit. Several runs on a side (comma-separated) count as one whose score for a
hand is the mean of theirs: against a bot that does not repeat its play (Hard cut short by its
clock; ISMCTS in logs from before its answers were made repeatable), repeated runs are what
narrows the interval.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lab.stats import mean_ci95


@dataclass(frozen=True)
class Comparison:
    """Per hand, the mean points of the first bot in run A and in run B, and B − A with its 95%
    confidence half-width; ``deals`` compared and ``changed`` (deals where any hand's score moved)."""

    deals: int
    mean_a: float
    mean_b: float
    difference: float
    ci95: float
    changed: int


def first_bot_records(lines: list[str]) -> dict[tuple[int, int], dict[str, Any]]:
    """(牌局编号, rotation) → the record of the seat holding the first-named bot."""
    records = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            if record["first"]:
                records[(record["deal_number"], record["rotation"])] = record
        except (ValueError, KeyError, TypeError) as error:
            raise ValueError(f"line {number} is not an arena hand record ({error!r})") from None
    return records


def first_bot_scores(lines: list[str]) -> dict[tuple[int, int], int]:
    """(牌局编号, rotation) → the score of the seat holding the first-named bot."""
    return {key: record["score"] for key, record in first_bot_records(lines).items()}


def mean_scores(runs: list[dict[tuple[int, int], int]]) -> dict[tuple[int, int], float]:
    """Several runs' first-bot scores as one: each hand that every run has, at their mean."""
    hands = set(runs[0]).intersection(*runs[1:])
    return {hand: sum(run[hand] for run in runs) / len(runs) for hand in hands}


def compare(a: dict[tuple[int, int], float], b: dict[tuple[int, int], float]) -> Comparison:
    """The paired comparison of two runs' first-bot scores (see :func:`first_bot_scores`)."""
    deals = sorted({deal for deal, _ in a} & {deal for deal, _ in b})
    complete = [deal for deal in deals if all((deal, r) in a and (deal, r) in b for r in range(4))]
    if len(complete) < 2:
        raise ValueError(f"the runs share {len(complete)} complete deal(s); at least 2 are needed")
    difference, half = mean_ci95([sum(b[(deal, r)] - a[(deal, r)] for r in range(4)) / 4 for deal in complete])
    hands = len(complete) * 4
    return Comparison(
        len(complete),
        sum(a[(d, r)] for d in complete for r in range(4)) / hands,
        sum(b[(d, r)] for d in complete for r in range(4)) / hands,
        difference,
        half,
        sum(any(b[(d, r)] != a[(d, r)] for r in range(4)) for d in complete),
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("before", help="--hands file of run A (several: comma-separated)")
    parser.add_argument("after", help="--hands file of run B (several: comma-separated)")
    options = parser.parse_args(argv)
    try:
        result = compare(_read_runs(options.before), _read_runs(options.after))
    except (OSError, ValueError) as error:
        parser.error(str(error))
    print(
        f"{result.deals} deals: A {result.mean_a:.3f}, B {result.mean_b:.3f} points per hand; "
        f"B - A {result.difference:+.3f} ± {result.ci95:.3f} (95%); {result.changed} deals changed"
    )


def _read_runs(paths: str) -> dict[tuple[int, int], float]:
    return mean_scores(
        [first_bot_scores(Path(path).read_text(encoding="utf-8").splitlines()) for path in paths.split(",")]
    )


if __name__ == "__main__":
    main()
