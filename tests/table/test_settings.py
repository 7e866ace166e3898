"""Settings (language, speed, sound, theme, deck, card size, the newcomer's tips): choices,
their saved document and its versions, the pacing they give the page, and the sounds' notes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hearts.game.errors import SaveError
from hearts.table import Table, open_table
from hearts.table.settings import CHOICES, SETTINGS_KEY, SETTINGS_VERSION, SPEEDS, SWITCHES, Settings, pacing
from hearts.table.sounds import CUES, notes
from hearts.table.storage import SAVE_KEY, load_settings

from .tables import MemoryStorage

SAVES = Path(__file__).resolve().parent / "saves"


def test_defaults_are_simplified_chinese_medium_speed_and_every_switch_off_but_the_tips() -> None:
    chosen = Settings()
    assert (chosen.language, chosen.speed) == ("zh-Hans", "medium")
    assert [name for name in SWITCHES if getattr(chosen, name)] == ["tips"] and chosen.tips_seen == ()


@pytest.mark.parametrize(
    "name, value",
    [
        ("language", "en"),
        ("language", "zh-Hant"),
        ("speed", "slow"),
        ("sound", True),
        ("dark", True),
        ("four_colour", True),
        ("large_cards", True),
        ("tips", False),
    ],
)
def test_each_setting_can_be_chosen_and_survives_its_document(name: str, value: object) -> None:
    chosen = Settings().choose(name, value)
    assert getattr(chosen, name) == value
    assert Settings.from_json(chosen.to_json()) == chosen


@pytest.mark.parametrize(
    "name, value", [("language", "fr"), ("speed", "warp"), ("sound", "yes"), ("dark", 1), ("volume", 3)]
)
def test_a_bad_choice_is_refused_and_changes_nothing(name: str, value: object) -> None:
    chosen = Settings()
    with pytest.raises(ValueError, match=name):
        chosen.choose(name, value)
    assert chosen == Settings()


@pytest.mark.parametrize(
    "change",
    [
        {"language": "xx"},
        {"speed": None},
        {"sound": "true"},
        {"large_cards": 0},
        {"tips": None},
        {"tips_seen": ["pass", "pass"]},
        {"tips_seen": ["shout"]},
        {"tips_seen": "pass"},
        {"colour": "red"},
        {"version": SETTINGS_VERSION + 1},
        {"version": 0},
        {"format": "hearts.table"},
    ],
)
def test_a_damaged_settings_document_is_refused_as_a_whole(change: dict) -> None:
    data = json.loads(Settings().choose("language", "en").to_json())
    data.update(change)
    with pytest.raises(SaveError):
        Settings.from_json(json.dumps(data))


def test_a_missing_setting_takes_its_default() -> None:
    data = json.loads(Settings(language="en", dark=True).to_json())
    del data["dark"]
    assert Settings.from_json(json.dumps(data)) == Settings(language="en")


def test_slower_speeds_wait_longer_at_every_step() -> None:
    slow, medium, fast = (pacing(speed) for speed in SPEEDS)
    for step in range(3):
        assert slow[step] > medium[step] > fast[step] > 0


def test_settings_are_saved_under_their_own_key_and_reopened() -> None:
    storage = MemoryStorage()
    table = Table(seed=4)
    table.choose_setting("language", "en")
    table.choose_setting("sound", True)
    assert table.save(storage)
    assert json.loads(storage.items[SETTINGS_KEY])["language"] == "en"
    reopened = open_table(storage)
    assert reopened.settings == table.settings and reopened.state()["language"] == "en"


def test_bad_settings_fall_back_to_defaults_and_keep_the_game() -> None:
    storage = MemoryStorage()
    table = Table(seed=4)
    table.save(storage)
    storage.items[SETTINGS_KEY] = '{"format": "hearts.settings", "version": 1, "language": "klingon"}'
    reopened = open_table(storage)
    assert reopened.settings == Settings(tips=False) and "klingon" in reopened.load_problem
    assert reopened.match.to_json() == table.match.to_json() and reopened.notices == []


def test_an_unreadable_game_keeps_the_settings() -> None:
    storage = MemoryStorage({SAVE_KEY: "{damaged", SETTINGS_KEY: Settings(language="en").to_json()})
    reopened = open_table(storage)
    assert reopened.settings.language == "en" and reopened.notices
    assert reopened.state()["notices"][0] == "The save could not be read: it was kept aside and a new game started"


def test_unreadable_storage_gives_default_settings() -> None:
    assert load_settings(MemoryStorage(fail_reads=True)) == (Settings(), None)


def test_choose_setting_on_the_table_refuses_bad_values() -> None:
    table = Table(seed=4)
    with pytest.raises(ValueError):
        table.choose_setting("language", "fr")
    assert table.settings == Settings()
    assert set(table.state()["settings"]["switches"]) == set(SWITCHES)
    assert [item["value"] for item in table.state()["settings"]["languages"]] == list(CHOICES["language"])


@pytest.mark.parametrize("cue", CUES)
def test_every_cue_is_a_short_run_of_audible_notes(cue: str) -> None:
    played = notes(cue)
    assert played and all(20 < note.frequency < 5000 and note.length > 0 for note in played)
    assert max(note.start + note.length for note in played) < 1.0
    assert {note.wave for note in played} <= {"sine", "square", "sawtooth", "triangle"}


# ----- versions of the settings document, and who gets the newcomer's tips (issue 22) ----------


def test_the_seen_tips_survive_the_document_and_turning_the_tips_on_again_starts_them_over() -> None:
    chosen = Settings().seen("pass").seen("dimmed").seen("pass")
    assert chosen.tips_seen == ("pass", "dimmed")
    assert Settings.from_json(chosen.to_json()) == chosen
    assert chosen.choose("tips", True) == chosen, "already on: nothing starts over"
    again = chosen.choose("tips", False).choose("tips", True)
    assert again.tips and again.tips_seen == ()


def test_a_version_1_document_still_loads_with_the_tips_off() -> None:
    """tests/table/saves/settings-v1.json was written by the release before the tips: its player has
    played here before."""
    old = (SAVES / "settings-v1.json").read_text(encoding="utf-8")
    assert json.loads(old)["version"] == 1 and SETTINGS_VERSION == 2
    loaded = Settings.from_json(old)
    assert loaded == Settings(language="en", speed="fast", sound=True, large_cards=True, tips=False)
    assert json.loads(loaded.to_json())["version"] == SETTINGS_VERSION


def test_a_version_1_document_with_a_bad_value_is_still_refused() -> None:
    with pytest.raises(SaveError, match="warp"):
        Settings.from_json('{"format": "hearts.settings", "version": 1, "speed": "warp"}')


def test_only_a_first_visit_gets_the_tips() -> None:
    assert load_settings(MemoryStorage())[0].tips, "nothing saved: a first visit"
    storage = MemoryStorage()
    Table(seed=4).save(storage)
    del storage.items[SETTINGS_KEY]
    assert not load_settings(storage)[0].tips, "a saved game without settings: played here before"
    storage.items[SETTINGS_KEY] = "{damaged"
    assert not load_settings(storage)[0].tips, "damaged settings: played here before"
