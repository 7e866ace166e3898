"""What 「导入存档」's panels hold: the confirmation, which shows what the file would replace
before anything is replaced, and the refusal with its reason; and the settings' rows about
keeping the data. Plain data as :mod:`hearts.table.panels` gives it (hearts.table.backups
decides when each shows).

>>> from hearts.table.backup_document import BackupSummary
>>> now, file = BackupSummary(3, 40, 2, 13, "zh-Hans"), BackupSummary(1, 0, 0, 0, "en")
>>> [row["cells"] for row in restore_rows(now, file, "en")][0]
['Game', 'Hand 3 · you 40', 'Hand 1 · you 0']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from ..game.strings import Phrase, text
from .state import KeepingState

if TYPE_CHECKING:
    from .backup_document import Backup, BackupSummary


class BackupsForPanels(Protocol):
    """What the panels read of the backups (:class:`hearts.table.backups.Backups` has it)."""

    @property
    def pending(self) -> Backup | None: ...
    @property
    def current(self) -> BackupSummary | None: ...
    @property
    def refusal(self) -> Phrase | None: ...
    @property
    def persisted(self) -> bool | None: ...


def restore_panel(backups: BackupsForPanels, language: str) -> dict[str, Any]:
    """The confirmation of 「导入存档」 (what is here now beside what the file holds), or the
    refusal: the reason, and that nothing here changed."""
    title = text("backup.import", language)
    if backups.pending is None or backups.current is None:
        reason = "" if backups.refusal is None else backups.refusal.said_in(language)
        return {
            "kind": "restore_failed",
            "title": title,
            "lines": [reason, text("backup.unchanged", language)],
            "buttons": [{"action": "close-overlay", "label": text("button.close", language)}],
        }
    return {
        "kind": "confirm_restore",
        "title": title,
        "columns": ["", text("backup.column.now", language), text("backup.column.file", language)],
        "rows": restore_rows(backups.current, backups.pending.summary(), language),
        "lines": [
            text("backup.exported_at", language, date=backups.pending.exported),
            text("backup.confirm_detail", language),
        ],
        "buttons": [
            {"action": "confirm-restore", "label": text("backup.confirm", language)},
            {"action": "cancel-restore", "label": text("button.cancel", language)},
        ],
    }


def restore_rows(now: BackupSummary, file: BackupSummary, language: str) -> list[dict[str, Any]]:
    """The rows of the confirmation: the game, 统计, 复盘's verdicts and the settings, as they are
    here and as the file has them."""

    def cells(summary: BackupSummary) -> list[str]:
        return [
            text("backup.game", language, number=summary.hand_number, total=summary.total),
            text("backup.games", language, count=summary.games),
            text("backup.verdicts", language, count=summary.verdicts),
            text(f"language.{summary.language}", language),
        ]

    names = [text(f"backup.row.{row}", language) for row in ("game", "stats", "reviews", "settings")]
    return [
        {"seat": None, "cells": [name, here, there]}
        for name, here, there in zip(names, cells(now), cells(file), strict=True)
    ]


def keeping_state(backups: BackupsForPanels, language: str) -> KeepingState:
    """The settings' rows: 「数据已受保护」 or not, what that means, and the two buttons."""
    protected = backups.persisted is True
    state = "protected" if protected else "unprotected"
    return {
        "protected": protected,
        "status": text(f"backup.{state}", language),
        "detail": text(f"backup.{state}_detail", language),
        "export": text("backup.export", language),
        "restore": text("backup.import", language),
    }
