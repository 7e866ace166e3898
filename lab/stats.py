"""The lab's statistics, shared by the arenas and the tools that compare their runs."""

from __future__ import annotations

import math
import statistics


def mean_ci95(values: list[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its 95% confidence interval (NaN for one value)."""
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("nan")
    return statistics.fmean(values), half


def p99(ordered: list[float]) -> float:
    """The 99th percentile of ``ordered`` (sorted): the value 99% of them do not exceed.

    >>> p99([float(value) for value in range(1, 201)]), p99([3.0])
    (198.0, 3.0)
    """
    return ordered[min(len(ordered) - 1, math.ceil(0.99 * len(ordered)) - 1)]
