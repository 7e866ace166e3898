"""The table's panels and actions beyond the game itself: 「上一墩」, 「计分表」, 「统计」 (counted
exactly once whatever the page does), 牌局编号 with 「重玩此局」 and export, 「自动完成」 and 「玩法」."""

from __future__ import annotations

import json
import random

import pytest

from hearts import Match, deal_hands
from hearts.game.autofinish import decision, predicted_points
from hearts.game.record import format_deal_number, match_from_record
from hearts.game.strings import text
from hearts.table import Table, open_table
from hearts.table import panels as panels_module
from hearts.table.markup import panel_html
from hearts.table.panels import RULES_SECTIONS
from hearts.table.stats import Stats
from hearts.table.storage import STATS_KEY, STATS_UNREADABLE_PREFIX

from ..games import finished_match, played_hands
from .driving import ai_step, hint
from .tables import MemoryStorage, finish_hand, match_before_last_hand_ends, table_in_play, take_one_step


def stored_stats(storage: MemoryStorage) -> Stats:
    return Stats.from_json(storage.items[STATS_KEY])


def save_and_record(table: Table, storage: MemoryStorage, label: str = "2026-11-29") -> None:
    """What the page does after every action: the save first, then the statistics."""
    if table.save(storage):
        table.stats.record(storage, label)


# ----- 上一墩 ------------------------------------------------------------------------------------


def test_last_trick_is_offered_once_a_trick_is_complete_and_shows_who_played_what():
    table = Table(seed=3)
    assert not table.state()["last_trick_button"]["visible"]
    assert not table.covers.show_last_trick()
    table = table_in_play()
    while not table.hand.tricks:
        card = table.hand.legal()[0]
        table.tap_card(card)
        table.tap_card(card)
        table.collect()
        while table.ai_due():
            ai_step(table)
    assert table.state()["last_trick_button"] == {"label": "上一墩", "visible": True}
    trick = table.hand.tricks[-1]
    assert table.covers.show_last_trick()
    panel = table.state()["panel"]
    assert panel["kind"] == "last_trick"
    assert panel["title"] == f"上一墩（第 {len(table.hand.tricks)} 墩）"
    assert [row["cells"][:2] for row in panel["rows"]] == [
        [text(f"seat.{seat}"), card.zh] for seat, card in trick.plays
    ]
    assert [row["won"] for row in panel["rows"]] == [seat == trick.winner for seat in trick.seats]
    assert panel["lines"] == [text("last_trick.taken", seat=text(f"seat.{trick.winner}"), points=trick.points)]


def test_the_last_trick_panel_pauses_the_table_and_closes_to_the_same_state():
    table = table_in_play(seed=8)
    while len(table.hand.tricks) < 2 or table.hand.turn != 0:
        take_one_step(table)
    table.tap_card(table.hand.legal()[0])
    before = table.state()
    saved = table.save_document()
    assert table.covers.show_last_trick()
    assert table.blocked() and not table.your_turn() and not table.ai_due()
    assert table.tap_card(table.selection[0]) is None and not table.play_selected()
    table.covers.close_overlay()
    assert table.state() == before and table.save_document() == saved


def test_the_last_trick_while_a_trick_is_being_collected_is_that_trick():
    table = table_in_play()
    while not table.collecting:
        take_one_step(table)
    assert table.covers.show_last_trick() and not table.collecting
    assert table.state()["panel"]["title"].endswith(f"第 {len(table.hand.tricks)} 墩）")


# ----- 计分表 ------------------------------------------------------------------------------------


def test_the_score_sheet_from_the_menu_lists_every_finished_hand_and_the_totals():
    match = played_hands(5, 3)
    match.next_hand()
    table = Table(match)
    table.covers.toggle_menu()
    assert table.covers.show_scoresheet()
    assert not table.menu_open
    panel = table.state()["panel"]
    sheet = panel["sheet"]
    assert panel["kind"] == "scoresheet" and panel["title"] == "计分表"
    assert [row[0] for row in sheet["rows"]] == ["1", "2", "3"]
    assert [row[1] for row in sheet["rows"]] == [format_deal_number(n) for n in match.deal_numbers[:3]]
    assert sheet["totals"][3:7] == [str(total) for total in match.totals]
    table.covers.close_overlay()
    assert table.state()["panel"] is None


def test_the_score_sheet_before_any_finished_hand_says_so():
    table = Table(seed=1)
    table.covers.show_scoresheet()
    panel = table.state()["panel"]
    assert panel["sheet"] is None and panel["lines"] == ["还没有打完的一手"]


def test_the_end_of_hand_panel_has_the_score_sheet_and_the_deal_number():
    table = table_in_play()
    finish_hand(table)
    panel = table.state()["panel"]
    assert len(panel["sheet"]["rows"]) == 1
    assert panel["sheet"]["rows"][0][3:7] == [[str(s), f"（{s}）"] for s in table.hand.scores]
    assert panel["lines"][-1] == f"牌局编号 {format_deal_number(table.match.deal_number)}"
    assert [button["label"] for button in panel["buttons"]] == ["下一手", "重玩此局", "复盘"]


def test_the_end_of_game_panel_shows_the_place_total_and_deciding_hand_of_each_seat():
    """Issue 53: the hand that ended the game was only on the score sheet, below the fold."""
    table = Table(finished_match(2))
    match, panel = table.match, table.state()["panel"]
    assert panel["columns"] == ["名次", "玩家", "总分", f"第 {match.hand_number} 手"]
    by_seat = {row["seat"]: row["cells"] for row in panel["rows"]}
    assert {seat: cells[2:] for seat, cells in by_seat.items()} == {
        seat: [str(match.totals[seat]), str(table.hand.scores[seat])] for seat in range(4)
    }


def test_the_last_trick_draws_each_card_as_a_face_and_keeps_its_name():
    table = table_in_play()
    while not table.hand.tricks:
        take_one_step(table)
    table.covers.show_last_trick()
    panel = table.state()["panel"]
    assert panel["card_column"] == 1
    for row, (_seat, card) in zip(panel["rows"], table.hand.tricks[-1].plays):
        assert row["card"]["code"] == str(card) and row["cells"][1] == row["card"]["name"] == card.zh


def test_a_message_raised_while_the_menu_is_open_is_said_in_the_menu_too():
    """Issue 53: 「难度改为困难，从下一手开始生效」 was said behind the open menu."""
    table = table_in_play()
    table.tap_card(next(card for card in table.human_cards if card not in table.hand.legal()))
    refused = table.state()["message"]
    table.covers.toggle_menu()
    assert refused and table.state()["menu"]["note"] is None, "said before the menu opened: not news in it"
    table.set_level("hard")
    assert table.state()["menu"]["note"] == table.state()["message"] == "难度改为困难，从下一手开始生效"
    table.covers.toggle_menu()
    assert table.state()["menu"]["note"] is None and table.state()["message"] == "难度改为困难，从下一手开始生效"


def test_the_end_of_game_panel_offers_replay_and_export():
    table = Table(finished_match(2))
    panel = table.state()["panel"]
    assert panel["kind"] == "game"
    assert len(panel["sheet"]["rows"]) == table.match.hand_number
    assert [button["label"] for button in panel["buttons"]] == ["再来一场", "重玩此局", "复盘", "导出牌局"]


# ----- 统计 --------------------------------------------------------------------------------------


def test_statistics_count_a_finished_hand_once_however_often_the_page_saves():
    storage = MemoryStorage()
    table = table_in_play()
    save_and_record(table, storage)
    assert STATS_KEY not in storage.items, "nothing is counted before a hand ends"
    finish_hand(table)
    for _ in range(3):
        save_and_record(table, storage)
    stats = stored_stats(storage)
    assert stats.hands_played == 1 and stats.points == table.hand.scores[0]
    reopened = open_table(storage)
    save_and_record(reopened, storage)
    assert stored_stats(storage) == stats


def test_a_reload_between_the_save_and_the_statistics_counts_the_hand_at_the_next_start():
    storage = MemoryStorage()
    table = table_in_play()
    finish_hand(table)
    assert table.save(storage)  # the tab closes here, before the statistics are written
    assert STATS_KEY not in storage.items
    reopened = open_table(storage)
    save_and_record(reopened, storage)
    assert stored_stats(storage).hands_played == 1
    again = open_table(storage)
    save_and_record(again, storage)
    assert stored_stats(storage).hands_played == 1


def test_statistics_wait_for_a_save_that_worked_and_retry_a_write_that_failed():
    storage = MemoryStorage()
    table = table_in_play()
    finish_hand(table)
    storage.refuse = {"hearts.save"}
    assert not table.save(storage)
    assert not table.stats.record(storage, "2026-11-29")
    assert STATS_KEY not in storage.items, "a hand the save does not hold is not counted"
    storage.refuse = {STATS_KEY}
    save_and_record(table, storage)
    assert STATS_KEY not in storage.items and table.state()["notices"] == [text("notice.not_saved")]
    storage.refuse = set()
    save_and_record(table, storage)
    assert stored_stats(storage).hands_played == 1


def test_a_tab_another_tab_took_the_game_from_counts_nothing():
    storage = MemoryStorage()
    table = table_in_play()
    finish_hand(table)
    table.other_tab_saved()
    assert not table.stats.record(storage, "2026-11-29")
    assert STATS_KEY not in storage.items


def test_a_finished_game_is_counted_once_with_its_result():
    storage = MemoryStorage()
    match = match_before_last_hand_ends(1)
    table = Table(match)
    save_and_record(table, storage)
    assert STATS_KEY not in storage.items or stored_stats(storage).games_played == 0
    table.hand.play(table.hand.legal()[0])
    assert table.match.over
    save_and_record(table, storage, "2026-11-30")
    save_and_record(open_table(storage), storage, "2026-12-01")
    stats = stored_stats(storage)
    assert stats.games_played == 1 and stats.games_won == int(table.match.winner == 0)
    assert stats.hands_played == table.match.hand_number
    assert stats.best_game == {"total": table.match.totals[0], "game": "2026-11-30"}


def test_the_stats_panel_shows_the_figures_and_resets_only_once_confirmed():
    storage = MemoryStorage()
    table = Table(finished_match(3))
    save_and_record(table, storage)
    table.covers.toggle_menu()
    assert table.covers.show_stats(storage)
    panel = table.state()["panel"]
    assert panel["kind"] == "stats" and panel["title"] == "统计"
    shown = {row["cells"][0]: row["cells"][1] for row in panel["rows"]}
    assert shown["已玩场数"] == "1" and shown["已玩手数"] == str(table.match.hand_number)
    assert [button["action"] for button in panel["buttons"]] == ["close-overlay", "reset-stats"]
    assert table.covers.request_reset_stats()
    assert table.state()["panel"]["title"] == "清除全部统计？"
    table.covers.cancel_reset_stats()
    assert table.state()["panel"]["kind"] == "stats" and stored_stats(storage).games_played == 1
    table.covers.request_reset_stats()
    assert table.covers.confirm_reset_stats(storage)
    assert stored_stats(storage).games_played == 0 and stored_stats(storage).hands_played == 0
    assert {row["cells"][0]: row["cells"][1] for row in table.state()["panel"]["rows"]}["已玩场数"] == "0"
    save_and_record(open_table(storage), storage)
    assert stored_stats(storage).hands_played == 0, "a reset game is not counted again"


def test_unreadable_statistics_are_kept_aside_and_counting_starts_again():
    storage = MemoryStorage()
    storage.items[STATS_KEY] = '{"format": "hearts.stats", "version": 1, "games_played": 9}'
    table = table_in_play()
    finish_hand(table)
    save_and_record(table, storage)
    assert storage.items[STATS_UNREADABLE_PREFIX + "1"].endswith('"games_played": 9}')
    assert stored_stats(storage).hands_played == 1
    assert text("notice.unreadable_stats") in table.state()["notices"]


def test_statistics_that_cannot_be_kept_aside_are_not_overwritten():
    storage = MemoryStorage()
    storage.items[STATS_KEY] = "damaged"
    storage.refuse = {STATS_UNREADABLE_PREFIX + "1"}
    table = table_in_play()
    finish_hand(table)
    save_and_record(table, storage)
    assert storage.items[STATS_KEY] == "damaged"
    assert text("notice.unreadable_stats_not_kept") in table.state()["notices"]


# ----- 牌局编号, 重玩此局, 导出牌局 ---------------------------------------------------------------


def test_replay_mid_game_asks_first_then_deals_the_same_cards_in_a_new_game():
    table = table_in_play()
    finish_hand(table)
    number, seed = table.match.deal_number, table.match.seed
    assert table.replay_deal()
    panel = table.state()["panel"]
    assert panel["kind"] == "confirm_new_game"
    assert panel["lines"][-1] == f"新的一场第 1 手将用牌局编号 {format_deal_number(number)} 的牌。"
    table.cancel_new_game()
    assert table.state()["panel"]["kind"] == "hand" and table.match.seed == seed
    table.replay_deal()
    assert table.confirm_new_game(seed=77)
    assert table.match.seed == 77 and table.match.deal_numbers == [number]
    assert table.human_cards == deal_hands(number)[0] and table.hand.phase == "pass"


def test_new_game_from_the_menu_deals_afresh_after_a_cancelled_replay():
    table = table_in_play()
    finish_hand(table)
    table.replay_deal()
    table.cancel_new_game()
    table.request_new_game()
    table.confirm_new_game(seed=5)
    assert table.match.deal_numbers == Match(seed=5).deal_numbers


def test_replay_after_the_last_hand_starts_at_once():
    table = Table(finished_match(4))
    number = table.match.deal_number
    assert table.replay_deal(seed=9)
    assert table.match.deal_numbers == [number] and table.state()["panel"] is None


def test_replay_is_only_offered_at_the_end_of_a_hand():
    table = table_in_play()
    assert not table.replay_deal() and table.state()["panel"] is None


@pytest.mark.parametrize(
    "typed, message",
    [
        ("", "请输入牌局编号"),
        ("  ", "请输入牌局编号"),
        ("12a4", "牌局编号只能由数字组成"),
        ("-5", "牌局编号只能由数字组成"),
        ("4294967296", "牌局编号不能大于 4294967295"),
    ],
)
def test_a_bad_deal_number_is_refused_with_the_reason_and_keeps_what_was_typed(typed, message):
    table = table_in_play()
    saved = table.save_document()
    table.covers.toggle_menu()
    assert table.covers.open_deal_entry() and not table.menu_open
    assert not table.covers.submit_deal_number(typed)
    field = table.state()["panel"]["field"]
    assert field["value"] == typed and field["error"] == message
    assert table.save_document() == saved
    table.covers.close_overlay()
    assert table.covers.open_deal_entry() and table.state()["panel"]["field"]["error"] is None


@pytest.mark.parametrize(
    "typed, number", [("123456", 123456), (" 42 9496 7295 ", 4294967295), ("１２３", 123), ("0", 0)]
)
def test_a_typed_deal_number_starts_a_game_with_that_deal(typed, number):
    table = table_in_play()
    table.covers.open_deal_entry()
    assert table.covers.submit_deal_number(typed, seed=11)
    assert table.match.deal_numbers == [number] and table.match.seed == 11
    assert table.human_cards == deal_hands(number)[0]
    assert table.state()["panel"] is None and table.overlay is None


def test_export_is_the_full_record_of_a_finished_game_only():
    assert Table(seed=1).export_record("x") is None
    match = finished_match(6)
    filename, content = Table(match).export_record("20261129-2130")
    assert filename == "红心大战牌局-20261129-2130.json"
    assert match_from_record(json.loads(content)) == match


# ----- 自动完成 -----------------------------------------------------------------------------------


def decided_table(reason: str, seed_from: int = 0) -> Table:
    """Your turn in a hand whose rest is decided for you for ``reason``; for ``no_points``, with
    no points lying in the trick either (tests/test_autofinish.py checks the sentence for those)."""
    for seed in range(seed_from, seed_from + 300):
        rng = random.Random(seed)
        match = Match(seed=seed)
        hand = match.hand
        for seat in range(4):
            hand.pass_cards(seat, hand.hands[seat][:3] if seed % 2 else hand.hands[seat][-3:])
        while hand.phase == "play":
            if (
                hand.turn == 0
                and decision(hand.view(0)) == reason
                and not (reason == "no_points" and hand.current_trick.points)
            ):
                return Table(match)
            hand.play(rng.choice(hand.legal()))
    raise AssertionError(f"no position decided by {reason}")


@pytest.mark.parametrize("reason", ["no_points", "all_winners"])
def test_auto_finish_is_offered_when_decided_and_ends_as_predicted(reason):
    table = decided_table(reason)
    state = table.state()
    assert state["autofinish_button"] == {"label": "自动完成", "visible": True}
    assert state["message"] == text(f"autofinish.{reason}")
    predicted = predicted_points(table.hand.view(0))
    assert table.finish_now()
    assert table.hand.phase == "over" and table.hand.points == predicted
    assert table.state()["panel"]["kind"] in ("hand", "game")
    assert not table.finish_now()


def test_auto_finish_is_not_offered_while_undecided_or_under_a_panel():
    table = table_in_play()
    assert decision(table.hand.view(0)) is None
    assert not table.state()["autofinish_button"]["visible"] and not table.finish_now()
    decided = decided_table("no_points")
    decided.covers.show_scoresheet()
    assert not decided.state()["autofinish_button"]["visible"] and not decided.finish_now()
    decided.covers.close_overlay()
    hint(decided)
    assert decided.state()["message"] != text("autofinish.no_points"), "a hint's reason comes first"


def test_the_panels_speak_the_language_asked_for():
    from hearts.table.panels import deal_entry_panel, last_trick_panel, scoresheet_panel, stats_panel

    table = table_in_play()
    while not table.hand.tricks:
        take_one_step(table)
    assert last_trick_panel(table.hand, "en")["title"] == "Last trick (trick 1)"
    assert scoresheet_panel(table.match, "zh-Hant")["lines"] == ["還沒有打完的一手"]
    assert stats_panel(Stats().summary("en"), "en")["buttons"][1]["label"] == "Reset statistics"
    assert deal_entry_panel("", None, "en")["field"]["submit"] == "Start"


# ----- 玩法 (issue 22) ---------------------------------------------------------------------------


def test_rules_open_from_anywhere_jump_between_sections_and_close_back_to_the_table():
    table = table_in_play()
    table.covers.toggle_menu()
    before = table.state()
    assert table.covers.show_rules()
    panel = table.state()["panel"]
    assert (panel["kind"], panel["title"], panel["section"]["title"]) == ("rules", "玩法", "规则")
    assert [item["label"] for item in panel["contents"]["items"]] == ["规则", "操作", "技巧", "公平"]
    assert [item["current"] for item in panel["contents"]["items"]] == [True, False, False, False]
    assert panel["buttons"] == [{"action": "close-overlay", "label": "关闭"}]
    assert not table.menu_open and not table.ai_due() and not table.your_turn()
    for section in RULES_SECTIONS[::-1]:
        assert table.covers.show_rules_section(section)
        shown = table.state()["panel"]
        assert shown["section"]["target"] == section
        assert [item["target"] for item in shown["contents"]["items"] if item["current"]] == [section]
    assert not table.covers.show_rules_section("cheats") and table.covers.rules_section == RULES_SECTIONS[0]
    assert table.key_command("Escape", on_card=False, on_button=True) == "close-overlay"
    table.covers.close_overlay()
    assert table.state() == {**before, "menu": {**before["menu"], "open": False}}
    assert not table.covers.show_rules_section("fair"), "only while 玩法 is open"
    table.covers.show_rules()
    assert table.state()["panel"]["section"]["target"] == RULES_SECTIONS[0], "opens where it was left"


def test_the_rules_are_in_the_players_language():
    table = Table(seed=2)
    table.choose_setting("language", "en")
    table.covers.show_rules()
    panel = table.state()["panel"]
    assert (panel["title"], panel["section"]["title"]) == ("How to play", "Rules")
    assert panel["section"]["blocks"][0] == {"kind": "heading", "text": "Cards and aim"}


def test_nothing_of_the_rules_is_built_until_they_are_opened(monkeypatch):
    built = []
    monkeypatch.setattr(panels_module, "rules_panel", lambda *args: built.append(args) or {})
    table = Table(seed=2)
    table.covers.toggle_menu()
    table.state()
    pass_and_play = table_in_play()
    pass_and_play.state()
    assert built == []
    table.covers.show_rules()
    table.state()
    assert built == [(RULES_SECTIONS[0], "zh-Hans")]


def test_a_notice_raised_while_a_panel_is_open_is_said_in_the_panel_too():
    """The panel layer covers the notices: a save that fails under the hand's panel is said in it."""
    storage = MemoryStorage()
    table = table_in_play()
    finish_hand(table)
    assert table.state()["panel"] is not None and "notices" not in table.state()["panel"]
    storage.refuse = {"hearts.save"}
    assert not table.save(storage)
    panel = table.state()["panel"]
    assert panel is not None and panel["notices"] == [text("notice.not_saved")]
    assert f'<p class="notice">{text("notice.not_saved")}</p>' in panel_html(panel)
    storage.refuse = set()
    assert table.save(storage) and "notices" not in table.state()["panel"]
