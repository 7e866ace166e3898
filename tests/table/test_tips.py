"""The first game teaches itself (issue 22, item 2): when each newcomer's tip comes up, how long
it stays, that each comes once, that they stop after the first game, and that 设置 turns them off."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hearts.game.strings import text
from hearts.table import Table, open_table
from hearts.table.settings import SETTINGS_KEY, TIPS, Settings
from hearts.table.tips import Scene, Tutor

from .tables import MemoryStorage, match_before_last_hand_ends, pass_first_three, take_one_step

PASSING = Scene(phase="pass", dimmed=False, hearts_broken=False, moon_threat=False, tricks=0, game_over=False)
PLAYING = replace(PASSING, phase="play")


def walk(scenes: list[Scene], settings: Settings | None = None) -> tuple[list[str | None], Settings]:
    """The tip up after each scene, and the settings at the end."""
    tutor, settings = Tutor(), settings or Settings()
    shown = []
    for scene in scenes:
        settings = tutor.step(scene, settings)
        shown.append(tutor.tip)
    return shown, settings


# ----- the decisions, scene by scene -----------------------------------------------------------


def test_each_tip_comes_at_its_moment_once_and_is_counted_as_seen_at_once() -> None:
    scenes = [
        PASSING,
        PASSING,
        replace(PLAYING, dimmed=True),
        PLAYING,
        replace(PLAYING, tricks=1),
        replace(PLAYING, tricks=3, hearts_broken=True),
        replace(PLAYING, tricks=4, hearts_broken=True),
        replace(PLAYING, tricks=5, hearts_broken=True),
        replace(PLAYING, tricks=5, hearts_broken=True, moon_threat=True, dimmed=True),
        replace(PLAYING, tricks=7, hearts_broken=True, moon_threat=True),
        replace(PLAYING, tricks=8, hearts_broken=True, moon_threat=True, dimmed=True),
    ]
    shown, settings = walk(scenes)
    assert shown == [
        "pass",
        "pass",
        "dimmed",
        "dimmed",
        None,
        "hearts_broken",
        "hearts_broken",
        None,
        "moon_threat",
        None,
        None,
    ]
    assert settings.tips_seen == TIPS and settings.tips


def test_a_tip_goes_when_its_moment_passes() -> None:
    assert walk([PASSING, PLAYING])[0] == ["pass", None], "passing done"
    threat = replace(PLAYING, moon_threat=True, tricks=2)
    assert walk([threat, replace(threat, moon_threat=False)])[0] == ["moon_threat", None], "threat gone"
    broken = replace(PLAYING, hearts_broken=True, tricks=2)
    assert walk([broken, replace(broken, phase="over")])[0] == ["hearts_broken", None], "hand over"


def test_a_tip_due_while_another_is_up_waits_for_it_if_its_moment_lasts() -> None:
    both = replace(PLAYING, hearts_broken=True, moon_threat=True, tricks=2)
    shown, _ = walk([both, replace(both, tricks=3), replace(both, tricks=4)])
    assert shown == ["hearts_broken", "hearts_broken", "moon_threat"]
    shown, settings = walk([both, replace(both, tricks=3), replace(both, tricks=4, moon_threat=False)])
    assert shown == ["hearts_broken", "hearts_broken", None] and "moon_threat" not in settings.tips_seen


def test_a_dismissed_tip_does_not_come_back() -> None:
    tutor = Tutor()
    settings = tutor.step(PASSING, Settings())
    tutor.dismiss()
    assert tutor.tip is None
    assert tutor.step(PASSING, settings) == settings and tutor.tip is None


def test_the_switch_off_means_no_tip_and_clears_the_one_up() -> None:
    tutor = Tutor()
    settings = tutor.step(PASSING, Settings())
    assert tutor.tip == "pass"
    off = settings.choose("tips", False)
    assert tutor.step(replace(PLAYING, dimmed=True), off) == off and tutor.tip is None


def test_the_end_of_the_game_turns_the_tips_off_but_only_that_end() -> None:
    over = replace(PLAYING, phase="over", game_over=True)
    shown, settings = walk([PASSING, over, PASSING])
    assert shown == ["pass", None, None] and not settings.tips
    tutor = Tutor(game_over=True)  # a game already over (reopened at its end-of-game panel)
    switched_on = tutor.step(over, Settings(tips=False)).choose("tips", True)
    assert tutor.step(over, switched_on).tips, "turned on at the end: kept for the next game"
    assert tutor.step(PASSING, switched_on).tips and tutor.tip == "pass"


# ----- on the table, as the page drives it -----------------------------------------------------


def test_the_first_hand_of_a_first_visit_teaches_passing_then_the_dimmed_cards() -> None:
    storage = MemoryStorage()
    table = open_table(storage, seed=3)
    table.update_tips()
    assert table.state()["tip"] == {"label": "新手提示：", "text": text("tip.pass"), "dismiss": "知道了"}
    table.choose_setting("language", "en")
    assert table.state()["tip"]["text"] == text("tip.pass", "en")
    table.choose_setting("language", "zh-Hans")
    pass_first_three(table)
    table.update_tips()
    came = []
    while not table.hand.tricks:
        tip = table.tutor.tip
        if tip is not None and tip not in came:
            came.append(tip)
        take_one_step(table)
        table.update_tips()
    assert came == ["dimmed"]
    assert table.settings.tips_seen[:2] == ("pass", "dimmed")


def test_a_tip_seen_before_a_reload_does_not_come_back() -> None:
    storage = MemoryStorage()
    table = open_table(storage, seed=3)
    table.update_tips()
    table.save(storage)
    reopened = open_table(storage)
    reopened.update_tips()
    assert reopened.hand.phase == "pass" and reopened.state()["tip"] is None
    assert reopened.settings.tips_seen == ("pass",)


def test_dismissing_the_tip_on_the_table() -> None:
    table = Table(seed=3)
    table.update_tips()
    table.dismiss_tip()
    table.update_tips()
    assert table.state()["tip"] is None


def test_the_switch_in_settings_turns_the_tips_off() -> None:
    table = Table(seed=3)
    assert "tips" in table.state()["settings"]["switches"]
    assert table.state()["settings"]["switch_labels"]["tips"] == "新手提示"
    table.choose_setting("tips", False)
    table.update_tips()
    assert table.state()["tip"] is None and table.settings.tips_seen == ()
    storage = MemoryStorage()
    table.save(storage)
    assert not Settings.from_json(storage.items[SETTINGS_KEY]).tips


def test_no_tips_after_the_first_game() -> None:
    table = Table(match_before_last_hand_ends())
    table.update_tips()
    while table.panel() != "game":
        take_one_step(table)
        table.update_tips()
    assert not table.settings.tips and table.state()["tip"] is None
    assert table.play_again()
    table.update_tips()
    assert table.hand.phase == "pass" and table.state()["tip"] is None


def test_the_moon_tip_is_about_another_seat_not_yours(monkeypatch) -> None:
    table = Table(seed=3)
    pass_first_three(table)
    table.settings = replace(Settings(), tips_seen=("pass", "dimmed", "hearts_broken"))
    monkeypatch.setattr(table, "moon_threat", lambda: 0)
    table.update_tips()
    assert table.state()["tip"] is None
    monkeypatch.setattr(table, "moon_threat", lambda: 2)
    table.update_tips()
    assert (
        table.state()["tip"]["text"]
        == text("tip.moon_threat", seat=text("seat.2"))
        == "射月威胁：别让对家收齐全部 26 分"
    )


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("zh-Hans", "射月威胁：别让左家收齐全部 26 分"),
        ("zh-Hant", "射月威脅：別讓左家收齊全部 26 分"),
        ("en", "Moon threat: don't let Left take all 26 points"),
    ],
)
def test_the_moon_tip_names_the_seat_in_every_language(monkeypatch, language: str, said: str) -> None:
    table = Table(seed=3)
    pass_first_three(table)
    table.settings = replace(Settings(language=language), tips_seen=("pass", "dimmed", "hearts_broken"))
    monkeypatch.setattr(table, "moon_threat", lambda: 1)
    table.update_tips()
    assert table.state()["tip"]["text"] == said
