"""The panels a player opens over the table — 「上一墩」, 「统计」, 「计分表」, 「牌局编号」, 「玩法」 —
and the score sheet section of the end-of-hand panel, as plain data for the page.

Each function returns the dict :meth:`hearts.table.Table.state` puts under ``"panel"``:
``kind``, ``title``, ``lines`` and ``buttons`` always; ``columns`` / ``rows`` for a table;
``sheet`` for a score sheet (:func:`hearts.scoresheet.score_table`); ``field`` for a text entry;
``contents`` and ``section`` for 「玩法」.
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
from .strings import DEFAULT_LANGUAGE, text

#: The sections of 「玩法」, in the order of its contents: the rules as this game plays them,
#: how to play on this page, strategy, and why the computer players cannot cheat.
RULES_SECTIONS = ("rules", "play", "strategy", "fair")


def _close(language: str) -> dict[str, str]:
    return {"action": "close-overlay", "label": text("button.close", language)}


def last_trick_panel(hand: Hand, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """The last completed trick: each seat's card in play order, and who took it for how many
    points. Only called once a trick has been completed."""
    trick = hand.tricks[-1]
    took = text("last_trick.took", language)
    rows = [{"seat": seat, "won": seat == trick.winner,
             "cells": [text(f"seat.{seat}", language), card.name(language), took if seat == trick.winner else ""]}
            for seat, card in trick.plays]
    return {
        "kind": "last_trick",
        "title": text("last_trick.title", language, number=len(hand.tricks)),
        "columns": [text(f"column.{name}", language) for name in ("seat", "card", "taker")],
        "rows": rows,
        "lines": [text("last_trick.taken", language, seat=text(f"seat.{trick.winner}", language),
                       points=trick.points)],
        "buttons": [_close(language)],
    }


def scoresheet_panel(match: Match, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """「计分表」 from the menu: every finished hand of the game with the running totals."""
    sheet = score_table(match, language)
    return {
        "kind": "scoresheet",
        "title": sheet["title"],
        "sheet": sheet if sheet["rows"] else None,
        "lines": [] if sheet["rows"] else [text("scoresheet.empty", language)],
        "buttons": [_close(language)],
    }


def stats_panel(rows: list[tuple[str, str]], language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """「统计」: the figures of :meth:`hearts.stats.Stats.summary`, and the way to reset them."""
    return {
        "kind": "stats",
        "title": text("stats.title", language),
        "columns": [],
        "rows": [{"seat": None, "cells": [label, value]} for label, value in rows],
        "lines": [],
        "buttons": [_close(language), {"action": "reset-stats", "label": text("stats.reset", language)}],
    }


def confirm_reset_stats_panel(language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    return {
        "kind": "confirm_reset_stats",
        "title": text("stats.confirm_reset", language),
        "lines": [text("stats.confirm_reset_detail", language)],
        "buttons": [{"action": "confirm-reset-stats", "label": text("stats.reset", language)},
                    {"action": "cancel-reset-stats", "label": text("button.cancel", language)}],
    }


def deal_entry_panel(typed: str, error: str | None, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """「牌局编号」: type a deal number to start a game whose first hand is that deal. ``typed``
    is kept across redraws and after a refusal, so bad input loses nothing."""
    return {
        "kind": "deal_entry",
        "title": text("deal_entry.title", language),
        "lines": [text("deal_entry.detail", language)],
        "field": {"name": "deal-number", "label": text("deal_number.label", language), "value": typed,
                  "error": error, "submit": text("button.start", language)},
        "buttons": [{"action": "close-overlay", "label": text("button.cancel", language)}],
    }


def rules_panel(section: str, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """「玩法」: its contents (a button per section, the one shown marked current) and the text of
    ``section`` as blocks. Built only while the panel is open, one section at a time, so the
    page does nothing for it before the player asks."""
    return {
        "kind": "rules",
        "title": text("rules.title", language),
        "contents": {"label": text("rules.contents", language),
                     "items": [{"target": name, "label": text(f"rules.section.{name}", language),
                                "current": name == section} for name in RULES_SECTIONS]},
        "section": {"target": section, "title": text(f"rules.section.{section}", language),
                    "blocks": blocks(text(f"rules.text.{section}", language))},
        "lines": [],
        "buttons": [_close(language)],
    }


def blocks(written: str) -> list[dict[str, Any]]:
    r"""A text of 「玩法」 as blocks for the page: ``heading`` and ``paragraph`` (with ``text``),
    ``list`` and ``steps`` (numbered; with ``items``). One block per line (see hearts.strings):
    adjacent items of a list make one list.

    >>> blocks("## 计分\n红心 1 分\n• 黑桃 Q\n• 红心\n1. 左家")  # doctest: +NORMALIZE_WHITESPACE
    [{'kind': 'heading', 'text': '计分'}, {'kind': 'paragraph', 'text': '红心 1 分'},
     {'kind': 'list', 'items': ['黑桃 Q', '红心']}, {'kind': 'steps', 'items': ['左家']}]
    """
    found: list[dict[str, Any]] = []
    for line in filter(None, (line.strip() for line in written.split("\n"))):
        number, dot, step = line.partition(". ")
        if line.startswith("## "):
            found.append({"kind": "heading", "text": line[3:]})
        elif not (dot and number.isdigit()) and not line.startswith("• "):
            found.append({"kind": "paragraph", "text": line})
        else:
            kind, item = ("steps", step) if dot and number.isdigit() else ("list", line[2:])
            if found and found[-1]["kind"] == kind:
                found[-1]["items"].append(item)
            else:
                found.append({"kind": kind, "items": [item]})
    return found
