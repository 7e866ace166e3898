"""What the game keeps in the browser's storage, and how it reads and writes it: the keys, the
save, the settings and the statistics, each a document of its own, and what happens to one
that cannot be read (kept aside under a numbered key, never destroyed).

The page adapts ``window.localStorage`` to :class:`Storage` (web/browser.py); tests use a dict.
:class:`hearts.table.Table` writes and reads the save's contents; this module decides where
documents live and what a failure means.

>>> store = {}
>>> class Memory:
...     def get(self, key): return store.get(key)
...     def set(self, key, value): store[key] = value
>>> keep_unreadable(Memory(), "{broken", UNREADABLE_PREFIX), keep_unreadable(Memory(), "{also", UNREADABLE_PREFIX)
(True, True)
>>> sorted(store)
['hearts.save.unreadable.1', 'hearts.save.unreadable.2']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from ..game.errors import SaveError
from .settings import SETTINGS_KEY, Settings

if TYPE_CHECKING:
    from .stats import Stats

SAVE_KEY = "hearts.save"
#: Written with a fresh id by each tab that opens the game, so an older tab hears of it.
ACTIVE_TAB_KEY = "hearts.active_tab"
#: The start of the id a tab claims the game with when it imports a backup (「导入存档」), so
#: another tab can say why it stopped.
RESTORED_PREFIX = "restored-"
#: Whether the browser was asked to keep the data (navigator.storage.persist()) and what it
#: answered: "asked", then "granted" or "denied" (hearts.table.backups).
PERSISTENCE_KEY = "hearts.persistence"
#: Unreadable saves are kept under this prefix plus a number, never destroyed.
UNREADABLE_PREFIX = "hearts.save.unreadable."
#: Statistics across games (hearts.table.stats), a document of their own: a new game or an
#: unreadable save never touches them.
STATS_KEY = "hearts.stats"
STATS_UNREADABLE_PREFIX = "hearts.stats.unreadable."


class StorageUnavailable(Exception):
    """The browser's storage refused to read or write (disabled, private mode, full)."""


class Storage(Protocol):
    """What the game needs from localStorage; the page adapts ``window.localStorage``."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...


def write_game(storage: Storage, save: str, settings: str) -> bool:
    """Write the save and the settings; False if storage refused (the caller says that
    progress is not being saved, and goes on)."""
    try:
        storage.set(SAVE_KEY, save)
        storage.set(SETTINGS_KEY, settings)
    except StorageUnavailable:
        return False
    return True


def read_save(storage: Storage) -> str | None:
    """The saved game's text, None if there is none; raises StorageUnavailable."""
    return storage.get(SAVE_KEY)


def keep_unreadable(storage: Storage, text: str, prefix: str) -> bool:
    """Keep an unreadable document under the first free ``prefix`` + number key, before anything
    overwrites it, so the player (or a later version) can still recover it; False if storage
    refused."""
    try:
        number = 1
        while storage.get(f"{prefix}{number}") is not None:
            number += 1
        storage.set(f"{prefix}{number}", text)
    except StorageUnavailable:
        return False
    return True


def load_settings(storage: Storage) -> tuple[Settings, str | None]:
    """The saved settings, or the defaults with the reason the saved ones were refused.

    The defaults have the newcomer's tips on only for a first visit: no settings but a saved
    game, or settings that cannot be read, mean someone who has played here before."""
    try:
        saved = storage.get(SETTINGS_KEY)
        if saved is None:
            return Settings(tips=storage.get(SAVE_KEY) is None), None
    except StorageUnavailable:
        return Settings(), None
    try:
        return Settings.from_json(saved), None
    except SaveError as problem:
        return Settings(tips=False), str(problem)


@dataclass(frozen=True)
class StatsRead:
    """The statistics as read: ``stats`` None if storage cannot be used; an unreadable document
    gives new statistics, ``problem`` saying why, and ``notice`` the key of what the player is
    told (whether it could be kept aside)."""

    stats: Stats | None
    problem: str | None = None
    notice: str | None = None


def read_stats(storage: Storage) -> StatsRead:
    """The stored statistics, new ones if none. An unreadable document is kept aside before
    anything replaces it; if it cannot be, there are no statistics to write over it."""
    stats_type = stats_class()
    try:
        saved = storage.get(STATS_KEY)
    except StorageUnavailable:
        return StatsRead(None)
    if saved is None:
        return StatsRead(stats_type())
    try:
        return StatsRead(stats_type.from_json(saved))
    except SaveError as problem:
        if not keep_unreadable(storage, saved, STATS_UNREADABLE_PREFIX):
            return StatsRead(None, str(problem), "notice.unreadable_stats_not_kept")
        return StatsRead(stats_type(), str(problem), "notice.unreadable_stats")


def write_stats(storage: Storage, stats: Stats) -> bool:
    """Write the statistics; False if storage refused."""
    try:
        storage.set(STATS_KEY, stats.to_json())
    except StorageUnavailable:
        return False
    return True


def stats_class() -> type[Stats]:
    """:class:`hearts.table.stats.Stats`, imported on first use: it imports hashlib, tens of ms of
    start-up in Pyodide, and is only needed once a hand ends or the 「统计」 panel opens."""
    from .stats import Stats

    return Stats


def claim_game(storage: Storage, tab_id: str) -> None:
    """Mark this tab as the one playing; any other tab gets a storage event and stops."""
    try:
        storage.set(ACTIVE_TAB_KEY, tab_id)
    except StorageUnavailable:
        pass


def another_tab_wrote(key: str | None) -> bool:
    """Whether a storage event for ``key`` means another tab took the game (None: cleared)."""
    return key is None or key in (SAVE_KEY, ACTIVE_TAB_KEY)


def restored_elsewhere(key: str | None, value: str | None) -> bool:
    """Whether a storage event means another tab imported a backup (「导入存档」)."""
    return key == ACTIVE_TAB_KEY and value is not None and value.startswith(RESTORED_PREFIX)
