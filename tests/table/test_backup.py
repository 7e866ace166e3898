"""「导出存档」/「导入存档」 (issue 59): the backup document across versions, every kind of file it
refuses (storage untouched), the import's confirmation and restore at the table, the question
to the browser to keep the data, and the offer to install.

``tests/table/saves/backup-v<N>.json`` is a backup written by the release that wrote version N;
each must keep loading through ``BACKUP_MIGRATIONS``, as the save's files do.
"""

from __future__ import annotations

import json

import pytest

from hearts.game.strings import LANGUAGES, text
from hearts.table import Table
from hearts.table import backup_document as document
from hearts.table.backup_document import BACKUP_VERSION, BackupError, checksum, read_backup
from hearts.table.machine import open_table
from hearts.table.save_document import SAVE_VERSION
from hearts.table.settings import SETTINGS_KEY, SETTINGS_VERSION
from hearts.table.state import Modal
from hearts.table.stats import Stats
from hearts.table.storage import (
    ACTIVE_TAB_KEY,
    PERSISTENCE_KEY,
    RESTORED_PREFIX,
    SAVE_KEY,
    STATS_KEY,
    restored_elsewhere,
)

from .tables import SAVES, MemoryStorage, kept_versions, play_out


def saved_backups() -> dict[int, str]:
    return kept_versions("backup")


def played(seed: int = 11) -> tuple[Table, MemoryStorage]:
    """A table one hand into a game, saved, its statistics counted, as the page leaves them."""
    table, storage = Table(seed=seed), MemoryStorage()
    play_out(table)
    assert table.save(storage) and table.stats.record(storage, "2026-12-06")
    return table, storage


def resealed(data: dict) -> str:
    """A backup edited and given the checksum of its new contents (an edit that knows the format)."""
    data["checksum"] = checksum(data)
    return json.dumps(data)


# ----- versions ---------------------------------------------------------------------------------


def test_every_backup_version_ever_written_still_loads():
    versions = saved_backups()
    assert BACKUP_VERSION in versions, f"add tests/table/saves/backup-v{BACKUP_VERSION}.json"
    for version, written in versions.items():
        backup = read_backup(written)
        assert json.loads(backup.game)["version"] == SAVE_VERSION, version
        assert json.loads(backup.settings)["version"] == SETTINGS_VERSION, version


def test_the_kept_backup_holds_a_game_with_its_verdicts_and_statistics():
    summary = read_backup(saved_backups()[1]).summary()
    assert (summary.hand_number, summary.games, summary.language) == (2, 0, "en") and summary.verdicts == 14


def test_a_backup_of_older_parts_brings_each_forward_by_its_own_migrations():
    """A backup is its parts' documents as stored: an older save or settings inside one is read
    as localStorage's would be (the save's reviews added, the settings' tips off)."""
    data = json.loads(saved_backups()[1])
    data["game"] = json.loads((SAVES / "table-v1.json").read_text(encoding="utf-8"))
    data["settings"] = json.loads((SAVES / "settings-v1.json").read_text(encoding="utf-8"))
    backup = read_backup(resealed(data))
    assert json.loads(backup.game)["reviews"] == {} and json.loads(backup.game)["version"] == SAVE_VERSION
    assert json.loads(backup.settings)["tips"] is False and json.loads(backup.settings)["language"] == "en"


def test_a_later_format_reads_this_one_through_its_migration(monkeypatch: pytest.MonkeyPatch):
    """The mechanism the next version will use: a version-1 file carried to version 2."""
    monkeypatch.setattr(document, "BACKUP_VERSION", 2)
    monkeypatch.setattr(document, "BACKUP_MIGRATIONS", {1: lambda data: {**data, "version": 2}})
    assert read_backup(saved_backups()[1]).summary().hand_number == 2


def test_a_version_no_migration_reaches_is_refused_as_damaged(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(document, "BACKUP_VERSION", 2)
    with pytest.raises(BackupError) as refused:
        read_backup(saved_backups()[1])
    assert refused.value.code == "damaged"


# ----- export and refusals ----------------------------------------------------------------------


def test_an_export_reads_back_as_exactly_what_is_stored():
    table, storage = played()
    name, written = table.backups.export(storage, "20261206-020000") or ("", "")
    assert name == "红心大战存档-20261206-020000.json"
    backup = read_backup(written)
    assert (backup.game, backup.stats, backup.settings) == (
        storage.items[SAVE_KEY],
        storage.items[STATS_KEY],
        storage.items[SETTINGS_KEY],
    )


def test_an_export_without_statistics_holds_new_ones():
    table = Table(seed=4)
    written = table.backups.export(MemoryStorage(), "x")
    assert written is not None and read_backup(written[1]).stats == Stats().to_json()


def refusal(written: str) -> str:
    with pytest.raises(BackupError) as refused:
        read_backup(written)
    for language in LANGUAGES:
        assert refused.value.message.said_in(language).strip()
    return refused.value.code


def test_damaged_truncated_edited_too_new_and_foreign_files_are_refused_with_the_reason():
    written = saved_backups()[1]
    data = json.loads(written)
    assert refusal("PK\x03\x04 not json at all") == "not_json"
    assert refusal("") == "not_json"
    assert refusal(written[: len(written) // 2]) == "truncated"
    assert refusal(json.dumps({"format": "hearts.record", "version": 1})) == "not_backup"
    assert refusal("[1, 2]") == "not_backup"
    assert refusal(written.replace('"points": 22', '"points": 2', 1)) == "edited"
    assert refusal(json.dumps({**data, "checksum": "0" * 64})) == "edited"
    assert refusal(resealed({**data, "version": BACKUP_VERSION + 1})) == "too_new"
    assert refusal(resealed({**data, "scores": [0, 0, 0, 0]})) == "damaged"
    assert refusal(resealed({**data, "game": None})) == "damaged"
    assert refusal(resealed({**data, "exported": 7})) == "damaged"
    impossible = json.loads(written)
    impossible["game"]["selection"] = ["AS", "KS", "QS", "JS"]
    assert refusal(resealed(impossible)) == "damaged"


def test_an_editor_s_reindenting_is_not_an_edit():
    data = json.loads(saved_backups()[1])
    assert read_backup(json.dumps(data, indent=4, sort_keys=True)).summary().verdicts == 14


# ----- import at the table ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "written", ["{", "not json", '{"format": "hearts.backup", "version": 99}', json.dumps({"format": "x"})]
)
def test_a_refused_file_leaves_the_storage_byte_identical(written: str):
    table, storage = played()
    before = dict(storage.items)
    assert not table.backups.read(written, storage)
    assert table.modal == Modal.RESTORE_FAILED and storage.items == before
    panel = table.state()["panel"]
    assert panel is not None and panel["lines"][1] == text("backup.unchanged")
    table.act("close-overlay")
    assert table.modal is None and storage.items == before


def test_an_import_shows_what_it_replaces_and_cancelling_writes_nothing():
    table, storage = played()
    before = dict(storage.items)
    assert table.backups.read(saved_backups()[1], storage)
    panel = table.state()["panel"]
    assert panel is not None and panel["kind"] == "confirm_restore"
    rows = {row["cells"][0]: row["cells"][1:] for row in panel["rows"]}
    here = f"第 {table.match.hand_number} 手 · 你 {table.match.totals[0]} 分"
    assert rows["牌局"] == [here, "第 2 手 · 你 22 分"] and rows["统计"] == ["0 场", "0 场"]
    assert rows["复盘评语"][1] == "14 条" and rows["设置"] == ["简体中文", "English"]
    assert table.ai_due() is False  # the bots wait while it is open
    table.act("cancel-restore", storage=storage)
    assert table.modal is None and storage.items == before


def test_a_confirmed_import_writes_every_part_and_the_table_opens_from_it():
    table, storage = played()
    backup = read_backup(saved_backups()[1])
    table.backups.read(saved_backups()[1], storage)
    reply = table.act("confirm-restore", storage=storage)
    assert reply.reopen and not reply.save
    assert storage.items[SAVE_KEY] == backup.game and storage.items[STATS_KEY] == backup.stats
    assert storage.items[SETTINGS_KEY] == backup.settings
    assert storage.items[ACTIVE_TAB_KEY].startswith(RESTORED_PREFIX)
    reopened = open_table(storage)
    assert reopened.save_document() == backup.game and reopened.language == "en"
    assert reopened.stats.rows(storage) == Stats.from_json(backup.stats).summary("en")


def test_an_import_is_not_offered_over_the_question_before_a_new_game_nor_when_saving_fails():
    table, storage = played()
    table.request_new_game()
    assert table.act("import-backup").browser is None
    assert not table.backups.read(saved_backups()[1], storage)
    table.cancel_new_game()
    table.storage_refused()
    assert not table.backups.read(saved_backups()[1], storage)
    assert table.backups.refusal == "浏览器拒绝保存数据，现在无法导入"


def test_the_import_button_asks_the_browser_for_the_backup_file_and_closes_the_menu():
    table = Table(seed=2)
    table.act("settings")
    reply = table.act("import-backup")
    assert reply.browser == "choose-backup" and not table.menu_open


def test_another_tab_s_import_is_named_in_the_superseded_notice():
    assert restored_elsewhere(ACTIVE_TAB_KEY, RESTORED_PREFIX + "ab")
    assert not restored_elsewhere(ACTIVE_TAB_KEY, "ab") and not restored_elsewhere(None, None)
    table = Table(seed=2)
    table.backups.restored_elsewhere = True
    table.other_tab_saved()
    panel = table.state()["panel"]
    assert panel is not None and panel["title"] == text("panel.superseded_restored")
    assert not table.save(MemoryStorage())


# ----- keeping the data, installing --------------------------------------------------------------


def test_the_browser_is_asked_to_keep_the_data_once_after_a_finished_game():
    table, storage = Table(seed=7), MemoryStorage()
    table.backups.persisted = False
    assert not table.backups.persistence_due(storage)  # a newcomer is not asked
    while not table.match.over:
        play_out(table)
        if not table.match.over:
            assert not table.backups.persistence_due(storage)
            table.next_hand()
    assert table.backups.persistence_due(storage) and storage.items[PERSISTENCE_KEY] == "asked"
    assert not table.backups.persistence_due(storage)
    table.backups.persistence(storage, True, asked=True)
    assert storage.items[PERSISTENCE_KEY] == "granted" and table.state()["settings"]["keeping"]["protected"]


@pytest.mark.parametrize("persisted", [None, True])
def test_nothing_is_asked_where_the_browser_cannot_or_keeps_the_data_already(persisted: bool | None):
    table, storage = Table(seed=7), MemoryStorage()
    table.backups.persisted = persisted
    while not table.match.over:
        play_out(table)
        table.next_hand()
    assert not table.backups.persistence_due(storage) and PERSISTENCE_KEY not in storage.items


def test_settings_say_whether_the_data_is_protected_in_every_language():
    table = Table(seed=2)
    for language in LANGUAGES:
        table.choose_setting("language", language)
        for persisted in (None, False, True):
            table.backups.persisted = persisted
            keeping = table.state()["settings"]["keeping"]
            state = "protected" if persisted else "unprotected"
            assert keeping["status"] == text(f"backup.{state}", language)
            assert keeping["detail"] == text(f"backup.{state}_detail", language)


def test_add_to_home_screen_shows_after_a_finished_game_only_where_offered():
    table = Table(seed=7)
    table.backups.installable = True
    play_out(table)
    assert table.panel() == "hand"
    hand_panel = table.state()["panel"]
    assert hand_panel is not None and "install" not in [button["action"] for button in hand_panel["buttons"]]
    while not table.match.over:
        table.next_hand()
        play_out(table)
    assert [button["action"] for button in (table.state()["panel"] or {})["buttons"]][-1] == "install"
    assert table.act("install").browser == "install" and not table.backups.installable
    assert "install" not in [button["action"] for button in (table.state()["panel"] or {})["buttons"]]
