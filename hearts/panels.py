"""The panels a player opens over the table — 「上一墩」, 「统计」, 「计分表」, 「牌局编号」 — and the
score sheet section of the end-of-hand panel, as plain data for the page.

Each function returns the dict :meth:`hearts.table.Table.state` puts under ``"panel"``:
``kind``, ``title``, ``lines`` and ``buttons`` always; ``columns`` / ``rows`` for a table;
``sheet`` for a score sheet (:func:`hearts.scoresheet.score_table`); ``field`` for a text entry.
The table decides *when* a panel shows; this module only says *what* it holds.

>>> from hearts import Match
>>> scoresheet_panel(Match(seed=1))["lines"]
['还没有打完的一手']
"""

from __future__ import annotations

from typing import Any

from .hand import Hand
from .match import Match
from .scoresheet import score_table
from .strings import text


def _close() -> dict[str, str]:
    return {"action": "close-overlay", "label": text("button.close")}


def last_trick_panel(hand: Hand) -> dict[str, Any]:
    """The last completed trick: each seat's card in play order, and who took it for how many
    points. Only called once a trick has been completed."""
    trick = hand.tricks[-1]
    rows = [{"seat": seat, "won": seat == trick.winner,
             "cells": [text(f"seat.{seat}"), card.zh, text("last_trick.took") if seat == trick.winner else ""]}
            for seat, card in trick.plays]
    return {
        "kind": "last_trick",
        "title": text("last_trick.title", number=len(hand.tricks)),
        "columns": [text("column.seat"), text("column.card"), text("column.taker")],
        "rows": rows,
        "lines": [text("last_trick.taken", seat=text(f"seat.{trick.winner}"), points=trick.points)],
        "buttons": [_close()],
    }


def scoresheet_panel(match: Match) -> dict[str, Any]:
    """「计分表」 from the menu: every finished hand of the game with the running totals."""
    sheet = score_table(match)
    return {
        "kind": "scoresheet",
        "title": sheet["title"],
        "sheet": sheet if sheet["rows"] else None,
        "lines": [] if sheet["rows"] else [text("scoresheet.empty")],
        "buttons": [_close()],
    }


def stats_panel(rows: list[tuple[str, str]]) -> dict[str, Any]:
    """「统计」: the figures of :meth:`hearts.stats.Stats.summary`, and the way to reset them."""
    return {
        "kind": "stats",
        "title": text("stats.title"),
        "columns": [],
        "rows": [{"seat": None, "cells": [label, value]} for label, value in rows],
        "lines": [],
        "buttons": [_close(), {"action": "reset-stats", "label": text("stats.reset")}],
    }


def confirm_reset_stats_panel() -> dict[str, Any]:
    return {
        "kind": "confirm_reset_stats",
        "title": text("stats.confirm_reset"),
        "lines": [text("stats.confirm_reset_detail")],
        "buttons": [{"action": "confirm-reset-stats", "label": text("stats.reset")},
                    {"action": "cancel-reset-stats", "label": text("button.cancel")}],
    }


def deal_entry_panel(typed: str, error: str | None) -> dict[str, Any]:
    """「牌局编号」: type a deal number to start a game whose first hand is that deal. ``typed``
    is kept across redraws and after a refusal, so bad input loses nothing."""
    return {
        "kind": "deal_entry",
        "title": text("deal_entry.title"),
        "lines": [text("deal_entry.detail")],
        "field": {"name": "deal-number", "label": text("deal_number.label"), "value": typed,
                  "error": error, "submit": text("button.start")},
        "buttons": [{"action": "close-overlay", "label": text("button.cancel")}],
    }
