"""hearts.table.storage: where each document lives, and what a refused or unreadable one means."""

from __future__ import annotations

from hearts.table.settings import SETTINGS_KEY, Settings
from hearts.table.storage import (
    ACTIVE_TAB_KEY,
    SAVE_KEY,
    STATS_KEY,
    STATS_UNREADABLE_PREFIX,
    UNREADABLE_PREFIX,
    another_tab_wrote,
    claim_game,
    keep_unreadable,
    load_settings,
    read_save,
    read_stats,
    stats_class,
    write_game,
    write_stats,
)

from .tables import MemoryStorage


def test_the_save_and_the_settings_are_written_together_and_a_full_storage_says_so() -> None:
    storage = MemoryStorage()
    assert write_game(storage, "save", "settings")
    assert storage.items == {SAVE_KEY: "save", SETTINGS_KEY: "settings"}
    assert read_save(storage) == "save"
    assert not write_game(MemoryStorage(fail_writes=True), "save", "settings")


def test_unreadable_documents_are_kept_under_the_next_free_number_and_never_overwritten() -> None:
    storage = MemoryStorage({UNREADABLE_PREFIX + "1": "older"})
    assert keep_unreadable(storage, "{broken", UNREADABLE_PREFIX)
    assert storage.items[UNREADABLE_PREFIX + "1"] == "older"
    assert storage.items[UNREADABLE_PREFIX + "2"] == "{broken"
    assert not keep_unreadable(MemoryStorage(fail_writes=True), "{broken", UNREADABLE_PREFIX)


def test_statistics_new_stored_unreadable_or_unreachable() -> None:
    storage = MemoryStorage()
    fresh = read_stats(storage)
    assert fresh.stats is not None and fresh.problem is None and fresh.notice is None
    assert write_stats(storage, fresh.stats)
    assert read_stats(storage).stats == fresh.stats
    assert read_stats(MemoryStorage(fail_reads=True)).stats is None
    assert not write_stats(MemoryStorage(fail_writes=True), stats_class()())


def test_unreadable_statistics_are_kept_aside_before_new_ones_replace_them() -> None:
    storage = MemoryStorage({STATS_KEY: "{not json"})
    read = read_stats(storage)
    assert isinstance(read.stats, stats_class()) and read.problem and read.notice == "notice.unreadable_stats"
    assert storage.items[STATS_UNREADABLE_PREFIX + "1"] == "{not json"
    full = MemoryStorage({STATS_KEY: "{not json"})
    full.refuse = {STATS_UNREADABLE_PREFIX + "1"}
    refused = read_stats(full)
    assert refused.stats is None, "nothing may be written over statistics that could not be kept"
    assert refused.notice == "notice.unreadable_stats_not_kept"


def test_settings_default_to_tips_only_on_a_first_visit() -> None:
    assert load_settings(MemoryStorage()) == (Settings(tips=True), None)
    assert load_settings(MemoryStorage({SAVE_KEY: "a game"}))[0].tips is False
    settings, problem = load_settings(MemoryStorage({SETTINGS_KEY: "[]"}))
    assert settings.tips is False and problem
    assert load_settings(MemoryStorage(fail_reads=True)) == (Settings(), None)


def test_a_tab_claims_the_game_and_hears_when_another_does() -> None:
    storage = MemoryStorage()
    claim_game(storage, "tab-a")
    assert storage.items[ACTIVE_TAB_KEY] == "tab-a"
    claim_game(MemoryStorage(fail_writes=True), "tab-b")  # refused quietly: the game goes on
    assert another_tab_wrote(SAVE_KEY) and another_tab_wrote(ACTIVE_TAB_KEY) and another_tab_wrote(None)
    assert not another_tab_wrote(STATS_KEY)
