"""The learned pass model's teacher: every one of a hand's 286 passes valued by Hard's pass
playouts, on common samples (``python -m lab.train_pass`` runs it).

Each hand is seat 0's of a seeded random deal, passing left, right or across in turn. A sample
deals the 39 other cards at random, the other seats pass by Normal's heuristic, and every pass
of the hand is played out on it (Hard's pass search's evaluation, without its race or its
shortlist). Per hand: the hand, the direction, and each pass's mean score over the samples of
the first half and of the second half, so that a choice made on one half can be judged on the
other.
"""

from __future__ import annotations

from random import Random
from typing import Any

from hearts.ai.objective import objective_for
from hearts.ai.pass_model import all_passes
from hearts.ai.passing import best_pass
from hearts.ai.search import played_after_passing
from hearts.game.cards import FULL_DECK
from hearts.game.hand import PASS_OFFSETS


def _mask(cards: tuple[int, ...]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def values(
    hand: int, direction: str, samples: int, rng: Random
) -> tuple[list[tuple[int, int, int]], list[list[float]]]:
    """Each pass of ``hand`` and its scores per sample (passes × samples)."""
    trios = all_passes(hand)
    offset = PASS_OFFSETS[direction]
    score = objective_for(0, None)
    rest = [card for card in range(52) if (FULL_DECK ^ hand) >> card & 1]
    table: list[list[float]] = [[] for _ in trios]
    for _ in range(samples):
        rng.shuffle(rest)
        dealt = [hand, _mask(tuple(rest[0:13])), _mask(tuple(rest[13:26])), _mask(tuple(rest[26:39]))]
        gifts = [0] + [_mask(best_pass(dealt[seat])) for seat in (1, 2, 3)]
        for row, trio in enumerate(trios):
            gifts[0] = _mask(trio)
            table[row].append(score(played_after_passing(dealt, gifts, offset, 0)))
    return trios, table


def teacher_hand(seed: int, number: int, samples: int) -> dict[str, Any]:
    """Hand ``number`` of ``seed`` (seat 0's cards of a random deal; left, right, across in turn)
    with every pass's mean score over the first and the second half of ``samples`` samples."""
    rng = Random(seed * 1_000_003 + number)
    deck = list(range(52))
    rng.shuffle(deck)
    hand = _mask(tuple(deck[:13]))
    direction = ("left", "right", "across")[number % 3]
    trios, table = values(hand, direction, samples, rng)
    half = samples // 2
    return {
        "seed": seed,
        "number": number,
        "samples": samples,
        "hand": hand,
        "direction": direction,
        "trios": trios,
        "a": [round(sum(row[:half]) / half, 4) for row in table],
        "b": [round(sum(row[half:]) / (samples - half), 4) for row in table],
    }
