"""Keeping the player's data at the table: 「导出存档」 and 「导入存档」 (the backup file,
hearts.table.backup_document), whether the browser was asked to keep the data
(``navigator.storage.persist()``) and what it answered, and the offer to install the game.

The table holds one :class:`Backups` (``Table.backups``). An import is read and checked first,
then shown (what it would replace) over the table, and only a confirmation writes it:
:meth:`Backups.restore` writes every part, and the page then opens the table afresh from the
storage (:attr:`hearts.table.reply.Reply.reopen`), as a reload would. A refused file writes
nothing at all.

>>> from hearts.table import Table
>>> table = Table(seed=5)
>>> store = {}
>>> class Memory:
...     def get(self, key): return store.get(key)
...     def set(self, key, value): store[key] = value
>>> table.backups.read("{not json", Memory()), table.modal, store
(False, <Modal.RESTORE_FAILED: 'restore_failed'>, {})
"""

from __future__ import annotations

import datetime
import os
from typing import TYPE_CHECKING, Protocol

from ..game.match import Match
from ..game.strings import Phrase, text
from .settings import SETTINGS_KEY, Settings
from .state import Modal
from .storage import (
    ACTIVE_TAB_KEY,
    PERSISTENCE_KEY,
    RESTORED_PREFIX,
    SAVE_KEY,
    STATS_KEY,
    Storage,
    StorageUnavailable,
    read_stats,
    stats_class,
)

if TYPE_CHECKING:
    from .backup_document import Backup, BackupSummary


class TableForBackups(Protocol):
    """What the backups read and change of the table (:class:`hearts.table.Table` has it)."""

    @property
    def match(self) -> Match: ...
    @property
    def settings(self) -> Settings: ...
    @property
    def language(self) -> str: ...
    @property
    def superseded(self) -> bool: ...
    @property
    def confirming_new_game(self) -> bool: ...
    @property
    def saving_failed(self) -> bool: ...

    modal: Modal | None

    def save_document(self) -> str: ...
    def panel(self) -> str | None: ...


class Backups:
    """The backup file, the browser's persistence and the install offer, for one table."""

    def __init__(self, table: TableForBackups) -> None:
        self.table = table
        #: A checked file waiting for the player's confirmation, and what is stored now.
        self.pending: Backup | None = None
        self.current: BackupSummary | None = None
        #: Why the last file was refused (the page's sentence).
        self.refusal: Phrase | None = None
        #: What ``navigator.storage.persisted()`` said: None where the browser has no such thing.
        self.persisted: bool | None = None
        #: The browser offers to install the page (it fired ``beforeinstallprompt``).
        self.installable = False
        #: Another tab imported a backup over this tab's game (the superseded notice says so).
        self.restored_elsewhere = False

    # ----- 「导出存档」 ------------------------------------------------------------------------

    def export(self, storage: Storage, stamp: str) -> tuple[str, str] | None:
        """(file name, JSON text) of everything the player has here; None once another tab took
        the game (this tab's copy is out of date). ``stamp`` (the page's date and time) names it."""
        if self.table.superseded:
            return None
        from .backup_document import backup_json

        exported = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
        table = self.table
        document = backup_json(table.settings.to_json(), self._stats(storage), table.save_document(), exported)
        return text("backup.filename", table.language, stamp=stamp), document

    def _stats(self, storage: Storage) -> str:
        """The statistics as stored (new ones if there are none or they cannot be read)."""
        stats = read_stats(storage).stats
        return (stats if stats is not None else stats_class()()).to_json()

    # ----- 「导入存档」 ------------------------------------------------------------------------

    def allowed(self) -> bool:
        """An import may be asked for: not over the question before a new game, nor once another
        tab has taken the game."""
        return not (self.table.superseded or self.table.confirming_new_game)

    def read(self, text: str, storage: Storage) -> bool:
        """The chosen file's text: checked, then shown with what it would replace (the player
        confirms); or refused with the reason. Nothing is written either way."""
        if not self.allowed():
            return False
        from .backup_document import BackupError, read_backup, summarize

        table = self.table
        try:
            if table.saving_failed:
                raise BackupError("not_saved", "the browser refuses to write its storage")
            backup = read_backup(text)
        except BackupError as refusal:
            self.pending, self.refusal, table.modal = None, refusal.message, Modal.RESTORE_FAILED
            return False
        self.pending, self.refusal = backup, None
        self.current = summarize(table.settings.to_json(), self._stats(storage), table.save_document())
        table.modal = Modal.CONFIRM_RESTORE
        return True

    def restore(self, storage: Storage) -> bool:
        """「导入」 confirmed: write every part of the file. First this tab claims the game as
        restored, so another tab stops (and says why) before it could write over the import; the
        page then opens the table afresh from the storage. False if there was nothing to import."""
        backup = self.pending
        if backup is None or self.table.modal != Modal.CONFIRM_RESTORE:
            return False
        try:
            storage.set(ACTIVE_TAB_KEY, RESTORED_PREFIX + os.urandom(8).hex())
            storage.set(SETTINGS_KEY, backup.settings)
            storage.set(STATS_KEY, backup.stats)
            storage.set(SAVE_KEY, backup.game)
        except StorageUnavailable:
            return False  # the page hears of the refusal and says that progress is not saved
        finally:
            self.pending, self.table.modal = None, None
        return True

    def cancel(self) -> None:
        """「取消」 on the confirmation, or 「关闭」 on a refusal: the table as it was."""
        if self.table.modal in (Modal.CONFIRM_RESTORE, Modal.RESTORE_FAILED):
            self.table.modal = None
        self.pending = self.refusal = None

    # ----- the browser keeping the data --------------------------------------------------------

    def persistence_due(self, storage: Storage) -> bool:
        """Whether to ask the browser now to keep the data (``navigator.storage.persist()``):
        once per browser, once a finished game's panel shows and never before, so a newcomer is not asked
        by Firefox, which prompts, before playing (Chromium decides silently). Not where the
        browser has no such thing, nor when it keeps the data already. Asking is recorded first,
        so the question is never put twice, even if its answer never comes."""
        if self.persisted is not False or self.table.panel() != "game":
            return False
        try:
            if storage.get(PERSISTENCE_KEY) is not None:
                return False
            storage.set(PERSISTENCE_KEY, "asked")
        except StorageUnavailable:
            return False
        return True

    def persistence(self, storage: Storage, persisted: bool | None, asked: bool) -> None:
        """What the browser says: ``persisted`` (None: it has no such thing), and whether this
        answers the question (recorded: ``granted`` or ``denied``)."""
        self.persisted = persisted
        if asked:
            try:
                storage.set(PERSISTENCE_KEY, "granted" if persisted else "denied")
            except StorageUnavailable:
                pass
