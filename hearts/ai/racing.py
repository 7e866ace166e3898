"""Spend a sampling budget where the decision is: a race between candidates.

Every live candidate is played out on every sample (common random numbers), and after each
batch a candidate that is clearly worse than the best of its group — its paired differences
put it more than :data:`PRUNE_Z` standard errors behind — drops out. Samples then go to the few
close contenders instead of being spread over hopeless cards.

The race is sliced (see :mod:`hearts.ai.steps`): it may pause after any playout, and its
budget counts only the time worked inside slices.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from .steps import Steps, Stopwatch

Key = TypeVar("Key", bound=Hashable)
Sample = TypeVar("Sample")

PRUNE_Z = 2.0
FIRST_BATCH = 8
#: Candidates that scored identically on this many samples are taken to be the same move.
SAME_AFTER = 16


@dataclass
class Entry:
    """One candidate's results so far: scores per sample and how many reached the moon."""

    scores: list[float] = field(default_factory=list)
    moons: int = 0

    @property
    def mean(self) -> float:
        return sum(self.scores) / len(self.scores)


def race_steps(
    keys: Sequence[Key],
    new_sample: Callable[[], Sample],
    evaluate: Callable[[Sample, Key], tuple[float, bool]],
    watch: Stopwatch,
    budget: float,
    max_samples: int,
    group: Callable[[Key], Hashable] = lambda key: None,
    keep: Callable[[Key], bool] = lambda key: False,
) -> Steps[tuple[list[Key], dict[Key, Entry]]]:
    """Race ``keys``; return the survivors (in the given order) and every key's results.

    ``keep(key)`` true exempts a key from pruning, so that a review of a decision measures the
    card actually played on as many samples as the best one (it keeps the race going too: the
    race ends early only once a single key per group is left). By default none is kept.

    ``evaluate(sample, key)`` gives (score, reached the moon). Stops at ``max_samples`` samples,
    once ``watch`` has worked ``budget`` seconds (or fewer, if its cutoff says so) or when one
    candidate per group is left; at least one whole sample is always taken, so every survivor
    has a mean. A sample cut short by the budget is discarded so that all survivors keep the
    same samples. Yields (pauses) after any playout that ends a slice.
    """
    alive = list(keys)
    entries = {key: Entry() for key in keys}
    samples = 0
    batch_end = FIRST_BATCH
    while samples < max_samples and (not samples or len({group(key) for key in alive}) < len(alive)):
        sample = new_sample()
        results = []
        for key in alive:
            if samples and watch.over(budget):
                return alive, entries
            results.append(evaluate(sample, key))
            yield from watch.breathe()
        for key, (score, moon) in zip(alive, results):
            entries[key].scores.append(score)
            entries[key].moons += moon
        samples += 1
        if samples == batch_end:
            alive = _prune(alive, entries, group, keep)
            batch_end += max(FIRST_BATCH, samples // 2)
    return alive, entries


def _prune(
    alive: list[Key], entries: dict[Key, Entry], group: Callable[[Key], Hashable], keep: Callable[[Key], bool]
) -> list[Key]:
    best: dict[Hashable, Key] = {}
    for key in alive:
        leader = best.get(group(key))
        if leader is None or entries[key].mean < entries[leader].mean:
            best[group(key)] = key
    kept = []
    for key in alive:
        leader = best[group(key)]
        if key == leader or keep(key) or not _clearly_worse(entries[key].scores, entries[leader].scores):
            kept.append(key)
    return kept


def _clearly_worse(scores: list[float], best: list[float]) -> bool:
    n = len(scores)
    if n < 2:
        return False  # one sample has no spread to judge by
    diffs = [a - b for a, b in zip(scores, best)]
    mean = sum(diffs) / n
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    if variance == 0:
        return mean > 0 or n >= SAME_AFTER
    return mean > PRUNE_Z * math.sqrt(variance / n)
