"""Where 复盘's viewer shows what: steps found by what they show, for tests that jump to a trick."""

from __future__ import annotations

from hearts.table.replay import HandReplay


def step_of_trick(replay: HandReplay, number: int) -> int:
    """The step of ``replay`` that shows trick ``number`` (1 … 13), found by looking at each step."""
    return next(
        index
        for index in range(len(replay))
        if replay.step(index).kind == "trick" and replay.step(index).trick == number
    )
