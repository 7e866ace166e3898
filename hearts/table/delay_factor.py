"""``?pace=F`` in the page's address: a factor on every bot and animation delay of the page.

Not a player's setting (there is no menu entry): it lets the e2e tests and the benchmarks
play whole games quickly without changing what the page does. ``?pace=0`` makes the bots
play at once; without the parameter, or with a value that is not a number from 0 to 1,
the page keeps its normal pacing.

>>> delay_scale("?pace=0.1"), delay_scale(""), delay_scale("?pace=2"), delay_scale("?pace=x")
(0.1, 1.0, 1.0, 1.0)
"""

from __future__ import annotations

import math
from urllib.parse import parse_qs


def delay_scale(query: str) -> float:
    """The factor the page's query string (``location.search``) asks for, 1.0 when none."""
    values = parse_qs(query.removeprefix("?")).get("pace")
    if not values:
        return 1.0
    try:
        factor = float(values[-1])
    except ValueError:
        return 1.0
    return factor if math.isfinite(factor) and 0 <= factor <= 1 else 1.0
