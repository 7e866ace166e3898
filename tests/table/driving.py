"""The table's sliced actions run to their end in one call, as the tests drive a table (the page
runs them a slice per browser task instead: web/main.py). They lived on ``Table`` once; only the
tests call them, so they live here, out of the wheel."""

from __future__ import annotations

from typing import Any

from hearts.ai import run_steps
from hearts.table import Table


def confirm_pass(table: Table) -> bool:
    """Give the 3 selected cards; the bots give theirs and the exchange happens at once."""
    return run_steps(table.confirm_pass_steps())


def hint(table: Table) -> bool:
    """「提示」: select the recommended cards and say why."""
    return run_steps(table.hint_steps())


def ai_step(table: Table) -> dict[str, Any] | None:
    """The bot on turn plays one card. Returns what happened, for the animation."""
    return run_steps(table.bots.ai_step_steps())
