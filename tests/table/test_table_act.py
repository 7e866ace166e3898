"""``Table.act`` (every tap and key of the page through one dispatch table), ``Table.next_wait``
and ``Table.wait_over`` (the page's timers: bots, trick collection, fast-forward), and the one
``modal`` value that says what covers the table."""

from __future__ import annotations

import pytest

from hearts.table.actions import ACTIONS
from hearts.table.bot_turns import Wait
from hearts.table.machine import Table
from hearts.table.reply import CHANGED, NOTHING, Reply
from hearts.table.settings import FAST_FORWARD, pacing
from hearts.table.state import Phase

from ..slicing import drive
from .driving import ai_step
from .tables import MemoryStorage, pass_first_three, play_out, run_bots, table_in_play


def test_taps_on_cards_go_through_act_and_every_action_is_in_one_table() -> None:
    table = Table(seed=3)
    code = str(table.human_cards[0])
    assert table.act("card", code=code) == CHANGED and [str(c) for c in table.selection] == [code]
    assert table.act("no-such-action") == NOTHING
    for command in (
        "previous-card",
        "next-card",
        "first-card",
        "close-menu",
        "close-overlay",
        "hint",
        "fast",
        "next-hand",
        "pass",
        "play",
        "play-again",
    ):
        assert command in ACTIONS, "every key command is an action"


def test_pass_and_hint_reply_with_steps_the_page_runs_in_slices() -> None:
    table = Table(seed=3)
    for card in table.human_cards[:3]:
        table.act("card", code=str(card))
    reply = table.act("pass")
    assert reply.steps is not None and table.hand.phase == "pass", "nothing happens before the steps run"
    assert reply.paint_first, "the tap is answered by a frame before the bots' search starts"
    assert drive(reply.steps)[0] is True and table.hand.phase == "play"


def test_the_menu_opens_with_the_focus_in_it_and_escape_gives_it_back_to_the_button() -> None:
    table = Table(seed=3)
    assert table.act("menu") == Reply(browser="focus-menu") and table.modal == "menu"
    assert table.act("settings").browser == "focus-menu" and table.modal == "settings"
    assert table.act("close-menu") == Reply(save=False, browser="focus-menu-button") and table.modal is None
    table.act("menu")
    assert table.act("dismiss-menu") == Reply(save=False) and not table.menu_open


def test_one_modal_at_a_time_and_the_menu_does_not_open_over_a_panel() -> None:
    table = table_in_play()
    table.act("menu")
    table.act("scoresheet")
    assert table.modal == "scoresheet" and not table.menu_open and table.blocked()
    table.act("menu")
    assert table.modal == "scoresheet", "a panel is modal: the menu waits behind it"
    table.act("close-overlay")
    table.act("new-game")
    assert table.modal == "confirm_new_game" and table.confirming_new_game
    table.act("cancel-new-game")
    assert table.modal is None
    table.other_tab_saved()
    assert table.superseded and table.state()["panel"]["kind"] == "superseded"
    assert table.act("reload") == Reply(save=False, draw=False, browser="reload")


def test_settings_levels_and_stats_take_what_the_page_read_from_the_element() -> None:
    table = Table(seed=3)
    table.act("setting", name="sound", value="true")
    table.act("setting", name="language", value="en")
    table.act("level", level="hard")
    assert table.settings.sound is True and table.language == "en" and table.next_level == "hard"
    table.act("stats", storage=MemoryStorage())
    assert table.overlay == "stats"
    with pytest.raises(ValueError):
        table.act("setting", name="speed", value="warp")


def test_export_replies_with_the_file_to_download_once_the_game_is_over() -> None:
    table = Table(seed=3)
    assert table.act("export", stamp="20260101-000000") == CHANGED
    while not table.match.over:
        play_out(table)
        if not table.match.over:
            table.act("next-hand")
    reply = table.act("export", stamp="20260101-000000")
    assert reply.browser == "download" and reply.file is not None and reply.file[1].startswith("{")


def test_the_trick_tap_collects_only_a_completed_trick() -> None:
    table = Table(seed=3)
    assert table.act("trick") == NOTHING
    pass_first_three(table)
    while not table.collecting:
        if table.ai_due():
            ai_step(table)
        else:
            table.tap_card(table.hand.legal()[0])
            table.play_selected()
    assert table.act("trick") == CHANGED and not table.collecting


def test_next_wait_paces_the_bots_and_the_trick_at_the_chosen_speed() -> None:
    table = Table(seed=3)
    assert table.bots.next_wait() is None, "nothing to wait for while you pass"
    pass_first_three(table)
    run_bots(table)
    table.tap_card(table.hand.legal()[0])
    table.play_selected()
    pace = pacing(table.settings.speed)
    assert table.bots.next_wait() == Wait("bot", pace.ai_delay)
    while not table.collecting:
        ai_step(table)
    assert table.bots.next_wait() == Wait("collect", pace.trick_shown)
    assert table.bots.wait_over() == Reply(save=False) and table.state()["trick"]["sweep"] is not None
    assert table.bots.next_wait() == Wait("collect", pace.collect_move), "the move keeps its own pace"
    assert table.bots.wait_over() == CHANGED and not table.collecting and table.state()["trick"]["sweep"] is None


def test_a_bots_turn_over_replies_with_its_steps() -> None:
    table = Table(seed=3)
    pass_first_three(table)
    run_bots(table)
    table.tap_card(table.hand.legal()[0])
    table.play_selected()
    played = len(table.hand.plays)
    reply = table.bots.wait_over()
    assert reply.steps is not None
    drive(reply.steps)
    assert len(table.hand.plays) == played + 1


def test_fast_forward_speeds_the_bots_until_your_turn_and_its_button_is_pressed_once() -> None:
    table = Table(seed=3)
    pass_first_three(table)
    run_bots(table)
    table.tap_card(table.hand.legal()[0])
    table.play_selected()
    assert table.state()["fast_button"]["visible"] and table.state()["fast_button"]["enabled"]
    table.act("fast")
    assert table.state()["fast_button"]["enabled"] is False
    assert table.bots.next_wait() == Wait("bot", FAST_FORWARD.ai_delay)
    run_bots(table)
    assert table.your_turn()
    table.bots.next_wait()
    assert table.fast is False, "fast-forward ends on your turn"


def test_phase_is_a_str_enum_telling_the_end_of_a_hand_from_the_end_of_the_game() -> None:
    table = Table(seed=3)
    assert table.phase is Phase.PASS and table.state()["phase"] == "pass"
    play_out(table)
    assert table.phase is (Phase.GAME_OVER if table.match.over else Phase.HAND_OVER)


def test_keys_and_taps_share_the_dispatch_table() -> None:
    table = table_in_play()
    command = table.key_command("h", on_card=False, on_button=False)
    assert command == "hint"
    reply = table.act(command)
    assert reply.steps is not None and reply.paint_first and drive(reply.steps)[0] is True
    assert len(table.selection) == 1
    command = table.key_command("Enter", on_card=False, on_button=False)
    assert command == "play" and table.act(command) == CHANGED and table.selection == []
