"""The computer players' levels, named once.

Here rather than in :mod:`hearts.ai`: the table offers and checks the levels at start-up, before
the page loads the bots' code (:func:`hearts.table.load_ai`).
"""

from __future__ import annotations

LEVELS = ("easy", "normal", "hard")


def check_level(level: object) -> None:
    """Raise ValueError unless ``level`` is one of :data:`LEVELS`.

    >>> check_level("expert")
    Traceback (most recent call last):
    ValueError: level must be one of easy, normal, hard, got 'expert'
    """
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}, got {level!r}")
