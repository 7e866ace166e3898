"""Running sliced work (``*_steps`` generators) to the end in tests, with something done at the
pauses, as the page does between browser tasks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hearts.ai.steps import Steps


def drive(steps: Steps[Any], between: Callable[[], None] = lambda: None) -> tuple[Any, int]:
    """Run ``steps`` calling ``between()`` at every pause; return (result, pauses)."""
    pauses = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value, pauses
        pauses += 1
        between()


def once(action: Callable[[], Any]) -> Callable[[], None]:
    """``action`` at the first pause only (what a player does once while the bots think)."""
    done = False

    def first_time() -> None:
        nonlocal done
        if not done:
            done = True
            action()

    return first_time


class FakeClock:
    """A clock that moves ``tick`` seconds each time it is read, plus whatever the test adds."""

    def __init__(self, tick: float) -> None:
        self.now = 0.0
        self.tick = tick

    def __call__(self) -> float:
        self.now += self.tick
        return self.now
