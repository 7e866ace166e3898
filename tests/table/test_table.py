"""The table model: every decision the page shows, tested without a browser."""

from __future__ import annotations

import json

import pytest

from hearts import Match, parse_card
from hearts.game.strings import text
from hearts.table import Table, open_table
from hearts.table.storage import ACTIVE_TAB_KEY, SAVE_KEY, UNREADABLE_PREFIX, another_tab_wrote, claim_game

from .driving import ai_step, confirm_pass, hint
from .tables import MemoryStorage, finish_hand, pass_first_three, run_bots, table_in_play


def card_state(table, code):
    return next(card for card in table.state()["cards"] if card["code"] == code)


# ----- passing ---------------------------------------------------------------------------------


def test_pass_button_names_the_direction_and_needs_three_cards():
    table = Table(seed=1)
    button = table.state()["pass_button"]
    assert button == {"label": "传给左家", "visible": True, "enabled": False}
    cards = table.human_cards
    table.tap_card(cards[0])
    table.tap_card(cards[1])
    assert not table.state()["pass_button"]["enabled"]
    assert not confirm_pass(table)
    table.tap_card(cards[2])
    assert table.state()["pass_button"]["enabled"]


def test_pass_selection_toggles_and_is_capped_at_three():
    table = Table(seed=1)
    cards = table.human_cards
    for card in cards[:3]:
        table.tap_card(card)
    table.tap_card(cards[3])
    assert table.selection == list(cards[:3])
    assert table.message == text("message.pass_three_only")
    table.tap_card(cards[1])
    assert table.selection == [cards[0], cards[2]]
    assert not card_state(table, str(cards[1]))["selected"]
    table.tap_card(cards[3])
    assert card_state(table, str(cards[3]))["selected"]


def test_pass_directions_cycle_through_the_hands():
    labels = []
    table = Table(seed=2)
    for _ in range(3):
        labels.append(table.state()["pass_button"]["label"])
        pass_first_three(table)
        finish_hand(table)
        table.next_hand()
    labels.append(table.state()["pass_button"]["label"])
    assert labels == ["传给左家", "传给右家", "传给对家", "本手不传"]
    assert table.hand.phase == "play"
    assert "本手不传" in table.state()["status"]
    assert not table.state()["pass_button"]["visible"]


def test_received_cards_are_marked_until_your_first_play():
    table = Table(seed=4)
    pass_first_three(table)
    received = table.hand.received[0]
    assert len(received) == 3
    marked = {card["code"] for card in table.state()["cards"] if card["received"]}
    assert marked == {str(card) for card in received}
    run_bots(table)
    card = table.hand.legal()[0]
    table.tap_card(card)
    table.tap_card(card)
    assert not any(card["received"] for card in table.state()["cards"])


def test_a_confirmed_pass_cannot_change():
    table = Table(seed=4)
    pass_first_three(table)
    assert table.hand.passed[0] is not None
    assert not confirm_pass(table)
    assert table.state()["phase"] == "play"


# ----- playing ---------------------------------------------------------------------------------


def test_legal_cards_are_normal_and_the_rest_dimmed_on_your_turn():
    table = table_in_play()
    assert table.your_turn()
    legal = {str(card) for card in table.hand.legal()}
    for card in table.state()["cards"]:
        assert card["playable"] == (card["code"] in legal)
        assert card["dimmed"] == (card["code"] not in legal)


def test_nothing_is_playable_while_a_bot_is_on_turn():
    table = Table(seed=3)
    pass_first_three(table)
    if table.hand.turn == 0:
        card = table.hand.legal()[0]
        table.tap_card(card)
        table.tap_card(card)
    assert table.ai_due()
    state = table.state()
    assert not any(card["playable"] or card["dimmed"] for card in state["cards"])
    table.tap_card(table.human_cards[0])
    assert table.message == "还没轮到你出牌"


def test_fast_forward_is_offered_only_while_bots_play():
    table = Table(seed=3)
    assert not table.state()["fast_forward"]
    pass_first_three(table)
    if table.your_turn():
        assert not table.state()["fast_forward"]
        card = table.hand.legal()[0]
        table.tap_card(card)
        table.tap_card(card)
    assert table.ai_due() and table.state()["fast_forward"]
    run_bots(table)
    assert table.your_turn() and not table.state()["fast_forward"]


def test_tap_selects_then_a_second_tap_plays():
    table = table_in_play()
    card = table.hand.legal()[0]
    before = len(table.hand.plays)
    assert table.tap_card(card) is None
    assert table.selection == [card]
    assert table.state()["play_button"]["enabled"]
    assert table.tap_card(card) == "played"
    assert len(table.hand.plays) == before + 1
    assert table.selection == []


def test_tapping_another_legal_card_moves_the_selection_and_play_button_plays_it():
    table = table_in_play(seed=11)
    while len(table.hand.legal()) < 2:
        card = table.hand.legal()[0]
        table.tap_card(card)
        table.tap_card(card)
        run_bots(table)
    first, second = table.hand.legal()[:2]
    table.tap_card(first)
    table.tap_card(second)
    assert table.selection == [second]
    assert table.play_selected()
    assert table.hand.plays[-1] == second or table.hand.tricks[-1].cards.count(second)


def test_illegal_tap_says_why_and_changes_nothing():
    table = table_in_play()
    illegal = [card for card in table.human_cards if card not in table.hand.legal()]
    assert illegal, "the first trick always leaves some card illegal"
    document = table.save_document()
    table.tap_card(illegal[0])
    assert table.message == table.hand.why_illegal(illegal[0]).message
    assert table.selection == []
    assert json.loads(table.save_document())["match"] == json.loads(document)["match"]


def test_every_reason_reaches_the_message():
    reasons = set()
    for seed in range(40):
        table = Table(seed=seed)
        for card in table.human_cards[-3:] if seed % 2 else table.human_cards[:3]:
            table.tap_card(card)
        confirm_pass(table)
        while table.hand.phase != "over" and len(reasons) < 4:
            run_bots(table)
            if not table.your_turn():
                break
            for card in table.human_cards:
                refusal = table.hand.why_illegal(card)
                if refusal:
                    table.tap_card(card)
                    assert table.message == refusal.message
                    reasons.add(refusal.code)
            card = table.hand.legal()[0]
            table.tap_card(card)
            table.tap_card(card)
        if len(reasons) == 4:
            break
    assert reasons == {"must_lead_2c", "must_follow", "points_on_first_trick", "hearts_not_broken"}


def test_a_completed_trick_stays_until_collected():
    table = table_in_play()
    while not table.collecting:
        if table.your_turn():
            card = table.hand.legal()[0]
            table.tap_card(card)
            table.tap_card(card)
        else:
            ai_step(table)
    state = table.state()
    assert len(state["trick"]["cards"]) == 4
    assert state["trick"]["winner"] == table.hand.tricks[-1].winner
    assert not table.ai_due() and state["turn"] is None
    table.collect()
    assert table.state()["trick"]["cards"] == []


# ----- markers, moon threat, hints -------------------------------------------------------------


def test_markers_appear_when_hearts_break_and_the_queen_falls():
    table = table_in_play(seed=8)
    seen = set()
    while table.hand.phase != "over":
        markers = table.state()["markers"]
        assert ("♥ 已破心" in markers) == table.hand.hearts_broken
        assert ("♠Q 已出" in markers) == table.hand.queen_played
        seen.update(markers)
        run_bots(table)
        if table.your_turn():
            card = table.hand.legal()[0]
            table.tap_card(card)
            table.tap_card(card)
    seen.update(table.markers())
    assert seen == {"♥ 已破心", "♠Q 已出"}


def test_moon_threat_marks_the_seat_holding_every_point():
    table = table_in_play()
    assert table.moon_threat() is None
    table.hand.points[:] = [0, 3, 0, 0]
    assert table.moon_threat() == 1
    assert [seat["moon_threat"] for seat in table.state()["seats"]] == [False, True, False, False]
    table.hand.points[:] = [1, 3, 0, 0]
    assert table.moon_threat() is None


def test_hint_in_pass_phase_selects_three_with_a_reason():
    table = Table(seed=6)
    assert hint(table)
    assert len(table.selection) == 3
    assert table.state()["pass_button"]["enabled"]
    assert isinstance(table.message, str)


def test_hint_in_play_selects_one_legal_card():
    table = table_in_play()
    assert hint(table)
    assert len(table.selection) == 1 and table.selection[0] in table.hand.legal()


# ----- panels, difficulty, new game -------------------------------------------------------------


def test_end_of_hand_panel_shows_points_totals_and_next_hand():
    table = table_in_play()
    finish_hand(table)
    panel = table.state()["panel"]
    assert panel["kind"] == "hand"
    assert [row["cells"][1] for row in panel["rows"]] == [str(s) for s in table.hand.scores]
    assert [row["cells"][2] for row in panel["rows"]] == [str(t) for t in table.match.totals]
    assert panel["buttons"][0] == {"action": "next-hand", "label": "下一手"}
    assert table.next_hand()
    assert table.match.hand_number == 2 and table.state()["panel"] is None


def test_moon_is_named_in_the_hand_panel():
    table = table_in_play()
    finish_hand(table)
    table.hand.points[:] = [0, 0, 26, 0]
    panel = table.state()["panel"]
    assert panel["lines"][0].startswith("对家射月")
    assert [row["cells"][1] for row in panel["rows"]] == ["26", "26", "0", "26"]


def finished_match(seed):
    table = Table(seed=seed)
    while True:
        if table.hand.phase == "pass":
            pass_first_three(table)
        finish_hand(table)
        if table.match.over:
            return table
        table.next_hand()


def test_end_of_game_panel_says_victory_only_for_the_unique_lowest():
    outcomes = set()
    for seed in range(6):
        table = finished_match(seed)
        panel = table.state()["panel"]
        assert panel["kind"] == "game" and table.state()["phase"] == "game_over"
        won = table.match.winner == 0
        assert panel["title"] == ("胜利" if won else "失败")
        totals = [int(row["cells"][2]) for row in panel["rows"]]
        assert totals == sorted(totals)
        assert panel["rows"][0]["cells"][0] == "第 1 名"
        assert panel["buttons"][0] == {"action": "play-again", "label": "再来一场"}
        outcomes.add(won)
        assert table.play_again(seed=99)
        assert table.match.hand_number == 1 and table.match.totals == [0, 0, 0, 0]
    assert False in outcomes


def test_difficulty_changes_from_the_next_hand():
    table = table_in_play()
    assert table.level == "normal"
    table.set_level("hard")
    assert table.message == "难度改为困难，从下一手开始生效"
    assert table.level == "normal" and table.next_level == "hard"
    assert "普通" in table.state()["status"]
    chosen = [level["level"] for level in table.state()["menu"]["levels"] if level["chosen"]]
    assert chosen == ["hard"]
    finish_hand(table)
    assert "困难" in " ".join(table.state()["panel"]["lines"])
    table.next_hand()
    assert table.level == "hard" and "困难" in table.state()["status"]


def test_new_game_asks_for_confirmation():
    table = table_in_play()
    seed = table.match.seed
    table.request_new_game()
    assert table.state()["panel"]["kind"] == "confirm_new_game"
    assert table.tap_card(table.human_cards[0]) is None
    table.cancel_new_game()
    assert table.match.seed == seed and table.state()["panel"] is None
    table.request_new_game()
    assert table.confirm_new_game(seed=seed + 1)
    assert table.match.seed == seed + 1 and table.state()["phase"] == "pass"


# ----- saving ----------------------------------------------------------------------------------


def test_save_round_trip_keeps_match_selection_and_settings():
    table = table_in_play()
    table.set_level("easy")
    table.tap_card(table.hand.legal()[0])
    restored = Table.from_save(table.save_document())
    assert restored.state() == {**table.state(), "message": None, "spoken": ""}
    assert restored.selection == table.selection and restored.next_level == "easy"


def test_pass_selection_is_saved():
    table = Table(seed=9)
    table.tap_card(table.human_cards[4])
    table.tap_card(table.human_cards[7])
    assert Table.from_save(table.save_document()).selection == [table.human_cards[4], table.human_cards[7]]


@pytest.mark.parametrize(
    "damage",
    [
        lambda doc: "{not json",
        lambda doc: doc.replace('"version":1', '"version":99', 1),
        lambda doc: json.dumps({**json.loads(doc), "selection": ["ZZ"]}),
        lambda doc: json.dumps({**json.loads(doc), "level": "impossible"}),
        lambda doc: json.dumps({k: v for k, v in json.loads(doc).items() if k != "match"}),
    ],
)
def test_unreadable_saves_are_kept_aside_with_a_notice(damage):
    corrupt = damage(Table(seed=1).save_document())
    storage = MemoryStorage({SAVE_KEY: corrupt})
    table = open_table(storage, seed=7)
    assert table.notices == [text("notice.unreadable_save")]
    assert storage.items[UNREADABLE_PREFIX + "1"] == corrupt
    assert table.match.seed == 7
    hint(table)
    confirm_pass(table)
    assert table.notices == []
    table.save(storage)
    assert open_table(storage).match.seed == 7
    storage.items[SAVE_KEY] = "garbage"
    open_table(storage)
    assert storage.items[UNREADABLE_PREFIX + "1"] == corrupt
    assert storage.items[UNREADABLE_PREFIX + "2"] == "garbage"


def test_selection_of_a_card_not_held_is_refused():
    table = table_in_play()
    data = json.loads(table.save_document())
    data["selection"] = [str(next(c for c in table.hand.hands[1]))]
    storage = MemoryStorage({SAVE_KEY: json.dumps(data)})
    assert open_table(storage).notices == [text("notice.unreadable_save")]


def test_storage_unavailable_or_full_keeps_the_game_going_with_a_notice():
    table = open_table(MemoryStorage(fail_reads=True))
    assert text("notice.not_saved") in table.state()["notices"]
    full = MemoryStorage(fail_writes=True)
    table = open_table(full)
    assert not table.save(full)
    assert text("notice.not_saved") in table.state()["notices"]
    full.fail_writes = False
    assert table.save(full)
    assert table.state()["notices"] == []


def test_another_tab_saving_stops_this_one():
    storage = MemoryStorage()
    older = open_table(storage, seed=3)
    older.save(storage)
    older.other_tab_saved()
    state = older.state()
    assert state["panel"]["kind"] == "superseded"
    assert state["panel"]["title"] == "游戏已在另一个标签页中继续"
    assert not hint(older) and older.tap_card(older.human_cards[0]) is None
    before = storage.items[SAVE_KEY]
    older.selection = [older.human_cards[0]]
    assert not older.save(storage)
    assert storage.items[SAVE_KEY] == before


def test_a_new_tab_claims_the_game_and_others_hear_of_it():
    storage = MemoryStorage()
    claim_game(storage, "tab-a")
    claim_game(storage, "tab-b")
    assert storage.items[ACTIVE_TAB_KEY] == "tab-b"
    assert another_tab_wrote(ACTIVE_TAB_KEY) and another_tab_wrote(SAVE_KEY) and another_tab_wrote(None)
    assert not another_tab_wrote(UNREADABLE_PREFIX + "1")
    claim_game(MemoryStorage(fail_writes=True), "tab-c")


def test_bots_are_deterministic_across_a_reload():
    table = Table(seed=12)
    pass_first_three(table)
    copy = Table.from_save(table.save_document())
    run_bots(table)
    run_bots(copy)
    assert table.hand.plays == copy.hand.plays


def test_match_loaded_from_engine_json_plays_on():
    match = Match(seed=21)
    table = Table(match)
    assert table.state()["hand_number"] == 1
    assert str(parse_card(table.state()["cards"][0]["code"])) == table.state()["cards"][0]["code"]
