"""The panels a player opens over the table — 「上一墩」, 「统计」, 「计分表」, 「牌局编号」, 「玩法」 —
and the score sheet section of the end-of-hand panel, as plain data for the page.

Each function returns the dict :meth:`hearts.table.Table.state` puts under ``"panel"``:
``kind``, ``title``, ``lines`` and ``buttons`` always; ``columns`` / ``rows`` for a table;
``sheet`` for a score sheet (:func:`hearts.table.scoresheet.score_table`); ``field`` for a text entry;
``contents`` and ``section`` for 「玩法」; ``card_column``, the column of a table whose rows each
hold a ``card`` drawn as a small face (its name kept for screen readers).
The table decides *when* a panel shows; this module only says *what* it holds.

>>> from hearts import Match
>>> scoresheet_panel(Match(seed=1))["lines"]
['还没有打完的一手']
"""

from __future__ import annotations

from typing import Any, Protocol

from ..game.hand import Hand
from ..game.match import Match
from ..game.record import format_deal_number
from ..game.strings import DEFAULT_LANGUAGE, Phrase, text
from .backup_panels import BackupsForPanels, restore_panel
from .saved_verdicts import decision_count
from .scoresheet import score_table
from .state import card_face


class CoversForPanels(Protocol):
    """What the open panel holds (:class:`hearts.table.covers.Covers` has it)."""

    @property
    def stats_rows(self) -> list[tuple[str, str]]: ...
    @property
    def rules_section(self) -> str: ...
    @property
    def deal_entry(self) -> str: ...
    @property
    def deal_entry_error(self) -> str | None: ...


class BackupsForTable(BackupsForPanels, Protocol):
    """What the panels read of the backups beyond 「导入存档」's (hearts.table.backups.Backups)."""

    @property
    def installable(self) -> bool: ...
    @property
    def restored_elsewhere(self) -> bool: ...


class TableForPanels(Protocol):
    """What the panels read of the table (:class:`hearts.table.Table` has it): the table draws
    its panels with this module, so this module names only what it reads."""

    @property
    def language(self) -> str: ...
    @property
    def match(self) -> Match: ...
    @property
    def hand(self) -> Hand: ...
    @property
    def level(self) -> str: ...
    @property
    def next_level(self) -> str: ...
    @property
    def pending_deal(self) -> int | None: ...
    @property
    def import_error(self) -> Phrase | None: ...
    @property
    def covers(self) -> CoversForPanels: ...
    @property
    def backups(self) -> BackupsForTable: ...
    #: The open viewer (hearts.table.replay_viewer.Viewer), loaded with 复盘.
    @property
    def viewer(self) -> Any: ...
    def panel(self) -> str | None: ...


#: The sections of 「玩法」, in the order of its contents: the rules as this game plays them,
#: how to play on this page, strategy, and why the computer players cannot cheat.
RULES_SECTIONS = ("rules", "play", "strategy", "fair")
#: The page of the licences of what the site ships (tools/notices.py writes it), linked from 「玩法」.
LICENSES_PAGE = "licenses/index.html"


def _close(language: str) -> dict[str, str]:
    return {"action": "close-overlay", "label": text("button.close", language)}


def last_trick_panel(hand: Hand, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """The last completed trick: each seat's card in play order, and who took it for how many
    points. Only called once a trick has been completed."""
    trick = hand.tricks[-1]
    took = text("last_trick.took", language)
    rows = [
        {
            "seat": seat,
            "won": seat == trick.winner,
            "card": card_face(card, language),
            "cells": [text(f"seat.{seat}", language), card.name(language), took if seat == trick.winner else ""],
        }
        for seat, card in trick.plays
    ]
    return {
        "kind": "last_trick",
        "title": text("last_trick.title", language, number=len(hand.tricks)),
        "columns": [text(f"column.{name}", language) for name in ("seat", "card", "taker")],
        "rows": rows,
        "card_column": 1,
        "lines": [text("last_trick.taken", language, seat=text(f"seat.{trick.winner}", language), points=trick.points)],
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
    """「统计」: the figures of :meth:`hearts.table.stats.Stats.summary`, and the way to reset them."""
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
        "buttons": [
            {"action": "confirm-reset-stats", "label": text("stats.reset", language)},
            {"action": "cancel-reset-stats", "label": text("button.cancel", language)},
        ],
    }


def deal_entry_panel(typed: str, error: str | None, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """「牌局编号」: type a deal number to start a game whose first hand is that deal. ``typed``
    is kept across redraws and after a refusal, so bad input loses nothing."""
    return {
        "kind": "deal_entry",
        "title": text("deal_entry.title", language),
        "lines": [text("deal_entry.detail", language)],
        "field": {
            "name": "deal-number",
            "label": text("deal_number.label", language),
            "value": typed,
            "error": error,
            "submit": text("button.start", language),
        },
        "buttons": [{"action": "close-overlay", "label": text("button.cancel", language)}],
    }


def rules_panel(section: str, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """「玩法」: its contents (a button per section, the one shown marked current) and the text of
    ``section`` as blocks. Built only while the panel is open, one section at a time, so the
    page does nothing for it before the player asks."""
    return {
        "kind": "rules",
        "title": text("rules.title", language),
        "contents": {
            "label": text("rules.contents", language),
            "items": [
                {"target": name, "label": text(f"rules.section.{name}", language), "current": name == section}
                for name in RULES_SECTIONS
            ],
        },
        "section": {
            "target": section,
            "title": text(f"rules.section.{section}", language),
            "blocks": blocks(text(f"rules.text.{section}", language)),
            # 「公平」 ends with a link to the source, for whoever wants to check.
            "source": text("rules.source", language) if section == "fair" else None,
        },
        "licenses": {"label": text("rules.licenses", language), "href": LICENSES_PAGE},
        "lines": [],
        "buttons": [_close(language)],
    }


def blocks(written: str) -> list[dict[str, Any]]:
    r"""A text of 「玩法」 as blocks for the page: ``heading`` and ``paragraph`` (with ``text``),
    ``list`` and ``steps`` (numbered; with ``items``). One block per line (see hearts.game.strings):
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


def text_in(table: TableForPanels, key: str, **values: object) -> str:
    """A string of :mod:`hearts.game.strings` in the table's language."""
    return text(key, table.language, **values)


def table_panel(table: TableForPanels) -> dict[str, Any] | None:
    """The panel covering the table now (:meth:`Table.panel` says which), as the page draws it."""
    kind = table.panel()
    if kind is None:
        return None
    if kind == "superseded":
        why = "panel.superseded_restored" if table.backups.restored_elsewhere else "panel.superseded"
        return {
            "kind": kind,
            "title": text_in(table, why),
            "lines": [text_in(table, f"{why}_detail")],
            "buttons": [{"action": "reload", "label": text_in(table, "button.continue_here")}],
        }
    if kind == "confirm_new_game":
        replay = (
            []
            if table.pending_deal is None
            else [text_in(table, "replay.detail", number=format_deal_number(table.pending_deal))]
        )
        return {
            "kind": kind,
            "title": text_in(table, "panel.confirm_new_game"),
            "lines": [text_in(table, "panel.confirm_new_game_detail")] + replay,
            "buttons": [
                {"action": "confirm-new-game", "label": text_in(table, "button.confirm")},
                {"action": "cancel-new-game", "label": text_in(table, "button.cancel")},
            ],
        }
    if kind == "hand":
        return _hand_panel(table)
    if kind == "game":
        return _game_panel(table)
    return _overlay_panel(table, kind)


def _overlay_panel(table: TableForPanels, kind: str) -> dict[str, Any]:
    if kind == "review":
        from .replay_viewer import review_panel

        replay = table.viewer.replay
        pending = len(replay.verdicts) < decision_count(replay.hand, replay.seat)
        return review_panel(table.viewer, table.language, pending)
    if kind == "import_failed":
        reason = "" if table.import_error is None else table.import_error.said_in(table.language)
        return {
            "kind": kind,
            "title": text_in(table, "button.import"),
            "lines": [reason],
            "buttons": [_close(table.language)],
        }
    if kind in ("confirm_restore", "restore_failed"):
        return restore_panel(table.backups, table.language)
    if kind == "last_trick":
        return last_trick_panel(table.hand, table.language)
    if kind == "scoresheet":
        return reviewable(scoresheet_panel(table.match, table.language), table.language)
    if kind == "stats":
        return stats_panel(table.covers.stats_rows, table.language)
    if kind == "confirm_reset_stats":
        return confirm_reset_stats_panel(table.language)
    if kind == "rules":
        return rules_panel(table.covers.rules_section, table.language)
    return deal_entry_panel(table.covers.deal_entry, table.covers.deal_entry_error, table.language)


def _deal_line(table: TableForPanels) -> str:
    return text_in(table, "deal_number.shown", number=format_deal_number(table.match.deal_number))


def _hand_panel(table: TableForPanels) -> dict[str, Any]:
    hand = table.hand
    scores = hand.scores or [0, 0, 0, 0]
    totals = table.match.totals
    lines = []
    if hand.moon is not None:
        lines.append(text_in(table, "panel.moon", seat=text_in(table, f"seat.{hand.moon}")))
    if table.next_level != table.level:
        lines.append(text_in(table, "panel.level_from_now", level=text_in(table, f"level.{table.next_level}")))
    lines.append(_deal_line(table))
    return {
        "kind": "hand",
        "title": text_in(table, "panel.hand_over", number=table.match.hand_number),
        "columns": [
            text_in(table, "column.seat"),
            text_in(table, "column.hand_points"),
            text_in(table, "column.total"),
        ],
        "rows": [
            {
                "seat": seat,
                "cells": [text_in(table, f"seat.{seat}"), str(scores[seat]), str(totals[seat])],
                "moon": hand.moon == seat,
            }
            for seat in range(4)
        ],
        "lines": lines,
        "sheet": _sheet(table),
        "buttons": [
            {"action": "next-hand", "label": text_in(table, "button.next_hand")},
            {"action": "replay", "label": text_in(table, "button.replay")},
            {"action": "review", "label": text_in(table, "button.review")},
        ],
    }


def _game_panel(table: TableForPanels) -> dict[str, Any]:
    """The end of the game: 「胜利」 or 「失败」, each seat's place, total and points in the hand
    that decided it, then the score sheet."""
    won = table.match.winner == 0  # seat 0 is you
    scores = table.hand.scores or [0, 0, 0, 0]
    rows = [
        {
            "seat": row["seat"],
            "cells": [
                text_in(table, "panel.rank", rank=row["rank"]),
                text_in(table, f"seat.{row['seat']}"),
                str(row["total"]),
                str(scores[row["seat"]]),
            ],
            "moon": table.hand.moon == row["seat"],
        }
        for row in table.match.standings()
    ]
    lines = []
    if table.hand.moon is not None:
        lines.append(text_in(table, "panel.moon", seat=text_in(table, f"seat.{table.hand.moon}")))
    lines.append(_deal_line(table))
    return {
        "kind": "game",
        "title": text_in(table, "panel.victory") if won else text_in(table, "panel.defeat"),
        "won": won,
        "columns": [
            text_in(table, "column.rank"),
            text_in(table, "column.seat"),
            text_in(table, "column.total"),
            text_in(table, "status.hand", number=table.match.hand_number),
        ],
        "rows": rows,
        "lines": lines,
        "sheet": _sheet(table),
        "buttons": [
            {"action": "play-again", "label": text_in(table, "button.play_again")},
            {"action": "replay", "label": text_in(table, "button.replay")},
            {"action": "review", "label": text_in(table, "button.review")},
            {"action": "export", "label": text_in(table, "button.export")},
            # Where the browser offers installing, after a finished game and never before.
            *([{"action": "install", "label": text_in(table, "button.install")}] if table.backups.installable else []),
        ],
    }


def _sheet(table: TableForPanels) -> dict[str, Any]:
    sheet = score_table(table.match, table.language)
    reviewable({"sheet": sheet}, table.language)
    return sheet


def reviewable(panel: dict[str, Any], language: str) -> dict[str, Any]:
    """``panel`` with each hand's number on its score sheet a 「复盘」 button for that hand
    (``sheet["review"]``: the buttons' names, row by row)."""
    sheet = panel.get("sheet")
    if sheet:
        sheet["review"] = [text("replay.review_hand", language, number=row[0]) for row in sheet["rows"]]
        sheet["caption"] = f"{sheet['caption']} · {text('scoresheet.review_hint', language)}"
    return panel
