"""Deal numbers as typed and shown, and the exported game record (write, read back, refuse edits)."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts import Match, SaveError, deal_hands
from hearts.game.record import (
    RECORD_FORMAT,
    RECORD_VERSION,
    InvalidDealNumber,
    format_deal_number,
    game_record,
    match_from_record,
    parse_deal_number,
    record_filename,
    record_json,
)
from hearts.game.strings import text

from ..games import finish_hand, finished_match, played_hands


@pytest.mark.parametrize(
    "typed, number",
    [
        ("0", 0),
        ("123", 123),
        (" 42 9496 7295 ", 4294967295),
        ("００７", 7),
        ("12\u300034", 1234),
        ("1 2 3", 123),
        ("\t99\n", 99),
    ],
)
def test_typed_deal_numbers(typed: str, number: int) -> None:
    assert parse_deal_number(typed) == number


@pytest.mark.parametrize(
    "typed, code",
    [
        ("", "empty"),
        ("   ", "empty"),
        ("12a", "not_digits"),
        ("-5", "not_digits"),
        ("1.5", "not_digits"),
        ("١٢", "not_digits"),
        ("4294967296", "too_large"),
        ("99999999999999999999", "too_large"),
    ],
)
def test_bad_deal_numbers_say_why(typed: str, code: str) -> None:
    with pytest.raises(InvalidDealNumber) as refused:
        parse_deal_number(typed)
    assert refused.value.code == code
    assert refused.value.message == text(f"deal_number.{code}", limit=4294967295)


@pytest.mark.parametrize("number, shown", [(0, "0"), (1234, "1234"), (12345, "1 2345"), (4294967295, "42 9496 7295")])
def test_deal_numbers_are_shown_in_groups_of_four(number: int, shown: str) -> None:
    assert format_deal_number(number) == shown
    assert parse_deal_number(shown) == number


def test_a_typed_deal_number_deals_that_deal() -> None:
    number = parse_deal_number(format_deal_number(987654321))
    assert Match(seed=1, deal_number=number).hand.dealt == deal_hands(987654321)


def test_the_record_holds_every_hand_trick_and_total() -> None:
    match = finished_match(1)
    record = game_record(match)
    assert (record["format"], record["version"]) == (RECORD_FORMAT, RECORD_VERSION)
    assert record["over"] and record["winner"] == match.winner and record["totals"] == match.totals
    assert record["standings"] == match.standings()
    assert len(record["hands"]) == len(match.hands)
    for saved, hand, number in zip(record["hands"], match.hands, match.deal_numbers):
        assert saved["deal_number"] == number
        assert saved["dealt"] == [[str(card) for card in cards] for cards in deal_hands(number)]
        assert len(saved["tricks"]) == 13 and saved["current_trick"] is None
        assert [trick["number"] for trick in saved["tricks"]] == list(range(1, 14))
        assert sum(trick["points"] for trick in saved["tricks"]) == 26
        assert saved["scores"] == hand.scores and saved["points"] == hand.points
        for trick, played in zip(saved["tricks"], hand.tricks):
            assert trick["winner"] == played.winner and trick["seats"][0] == trick["leader"] == played.leader
    assert record["hands"][-1]["totals"] == match.totals


def test_the_record_file_is_json_that_reads_back_to_the_same_game() -> None:
    match = finished_match(2)
    text_form = record_json(match)
    assert json.loads(text_form) == game_record(match)
    assert match_from_record(text_form) == match


def test_a_game_in_progress_records_its_unfinished_trick() -> None:
    match, rng = Match(seed=3), random.Random(3)
    finish_hand(match, rng)
    match.next_hand()
    hand = match.hand
    for seat in range(4):
        hand.pass_cards(seat, hand.hands[seat][:3])
    for _ in range(6):
        hand.play(rng.choice(hand.legal()))
    record = game_record(match)
    assert not record["over"] and record["winner"] is None
    last = record["hands"][-1]
    assert len(last["tricks"]) == 1 and len(last["current_trick"]["cards"]) == 2
    assert last["scores"] is None and last["totals"] is None
    assert match_from_record(record) == match


def first_hand(record: dict) -> dict:
    return record["hands"][0]


MUTATIONS = {
    "winner": lambda r: r.update(winner=(r["winner"] + 1) % 4),
    "totals": lambda r: r.update(totals=[0, 0, 0, 0]),
    "version": lambda r: r.update(version=2),
    "format": lambda r: r.update(format="hearts.match"),
    "deal_number": lambda r: first_hand(r).update(deal_number=first_hand(r)["deal_number"] + 1),
    "trick_winner": lambda r: first_hand(r)["tricks"][5].update(winner=(first_hand(r)["tricks"][5]["winner"] + 1) % 4),
    "trick_order": lambda r: first_hand(r)["tricks"][5]["cards"].reverse(),
    "hand_scores": lambda r: first_hand(r)["scores"].reverse(),
    "missing_tricks": lambda r: first_hand(r).pop("tricks"),
    "missing_last_hand": lambda r: r["hands"].pop(),
    "hands_not_a_list": lambda r: r.update(hands="none"),
    "passes_not_a_list": lambda r: first_hand(r).update(passes=None),
    "unknown_field": lambda r: r.update(extra=1),
}


@pytest.mark.parametrize("mutation", sorted(MUTATIONS))
def test_an_edited_record_is_refused(mutation: str) -> None:
    record = copy.deepcopy(game_record(finished_match(4)))
    MUTATIONS[mutation](record)
    with pytest.raises(SaveError):
        match_from_record(json.dumps(record))


@pytest.mark.parametrize("document", ["", "[1]", "{}", "null", '{"format": "hearts.record"}'])
def test_malformed_records_are_refused(document: str) -> None:
    with pytest.raises(SaveError):
        match_from_record(document)


def test_record_filename() -> None:
    assert record_filename("2026-11-29") == text("record.filename", game="2026-11-29")


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 1 << 40), st.integers(1, 4), st.integers(0, 52), st.booleans())
def test_any_game_state_reads_back_from_its_record(seed: int, hands: int, plays: int, passed: bool) -> None:
    match = played_hands(seed, hands)
    rng = random.Random(seed)
    if not match.over:
        hand = match.next_hand()
        if hand.phase == "pass" and passed:
            for seat in range(4):
                hand.pass_cards(seat, rng.sample(hand.hands[seat], 3))
        while hand.phase == "play" and plays:
            hand.play(rng.choice(hand.legal()))
            plays -= 1
    assert match_from_record(record_json(match)) == match
