"""Hand flow (pass -> play -> over), views, JSON, and refusal of bad input."""

from __future__ import annotations

import json

import pytest

from hearts import Card, Hand, IllegalPass, IllegalPlay, InvalidCard, InvalidDeal, SaveError, parse_card
from hearts.game.deal import deal_hands

from ..positions import MOON_DEAL, MOON_PLAYS, moon_hand, play_all


def passed_hand(direction: str = "left") -> Hand:
    hand = Hand(MOON_DEAL, direction)
    for seat in range(4):
        hand.pass_cards(seat, MOON_DEAL[seat][-3:])
    return hand


# ----- cards ----------------------------------------------------------------------------------


def test_card_codes_and_names() -> None:
    queen = parse_card("QS")
    assert isinstance(queen, Card) and str(queen) == "QS" and repr(queen) == "Card('QS')"
    assert (queen.suit, queen.rank, queen.zh, queen.symbol) == ("S", "Q", "黑桃Q", "♠Q")
    assert parse_card("th").zh == "红心10" and parse_card("10H") == parse_card("TH")
    assert parse_card("2C").zh == "梅花2" and parse_card(queen) is queen


@pytest.mark.parametrize("bad", ["1S", "QX", "", "QSS", "S", 12, None])
def test_malformed_card_codes_are_refused(bad: object) -> None:
    with pytest.raises(InvalidCard, match="not a card"):
        parse_card(bad)  # type: ignore[arg-type]


def test_api_accepts_codes_or_cards() -> None:
    by_code, by_card = Hand(MOON_DEAL, "none"), Hand(MOON_DEAL, "none")
    by_code.play("2C")
    by_card.play(parse_card("2C"))
    assert by_code == by_card


# ----- dealing --------------------------------------------------------------------------------


def test_deal_is_validated() -> None:
    with pytest.raises(InvalidDeal, match="four hands"):
        Hand(MOON_DEAL[:3], "left")
    with pytest.raises(InvalidDeal, match="12 cards"):
        Hand([MOON_DEAL[0][:12]] + MOON_DEAL[1:], "left")
    duplicate = [list(MOON_DEAL[0]), *MOON_DEAL[1:]]
    duplicate[0][0] = "AH"
    with pytest.raises(InvalidDeal, match="AH"):
        Hand(duplicate, "left")
    twice_in_one = [list(MOON_DEAL[0]), *MOON_DEAL[1:]]
    twice_in_one[0][1] = twice_in_one[0][0]
    with pytest.raises(InvalidDeal, match="twice"):
        Hand(twice_in_one, "left")
    malformed = [["ZZ"] + MOON_DEAL[0][1:], *MOON_DEAL[1:]]
    with pytest.raises(InvalidDeal, match="ZZ"):
        Hand(malformed, "left")
    with pytest.raises(ValueError, match="pass_direction"):
        Hand(MOON_DEAL, "up")


def test_deal_numbers_are_reproducible_and_complete() -> None:
    first = deal_hands(2026)
    assert first == deal_hands(2026) != deal_hands(2027)
    assert sorted(card for hand in first for card in hand) == list(range(52))
    # A fixed expectation: the same number must deal the same cards on every Python, forever.
    assert [str(card) for card in deal_hands(0)[0]] == [
        "2C",
        "3C",
        "9C",
        "TC",
        "3D",
        "KD",
        "6S",
        "9S",
        "TS",
        "KS",
        "3H",
        "5H",
        "AH",
    ]
    with pytest.raises(ValueError, match="deal number"):
        deal_hands(-1)


# ----- passing --------------------------------------------------------------------------------


@pytest.mark.parametrize(("direction", "offset"), [("left", 1), ("right", 3), ("across", 2)])
def test_exchange_happens_after_the_fourth_pass(direction: str, offset: int) -> None:
    hand = Hand(MOON_DEAL, direction)
    for seat in range(3):
        hand.pass_cards(seat, MOON_DEAL[seat][-3:])
        assert hand.phase == "pass" and hand.received == [None] * 4
        assert set(hand.hands[seat]) >= {parse_card(c) for c in MOON_DEAL[seat][-3:]}
    hand.pass_cards(3, MOON_DEAL[3][-3:])
    assert hand.phase == "play"
    for seat in range(4):
        target = (seat + offset) % 4
        assert hand.received[target] == hand.passed[seat]
        assert set(hand.passed[seat]) <= set(hand.hands[target])
        assert len(hand.hands[seat]) == 13


def test_no_pass_hand_starts_in_play() -> None:
    hand = Hand(MOON_DEAL, "none")
    assert hand.phase == "play" and hand.turn == 0
    with pytest.raises(IllegalPass) as caught:
        hand.pass_cards(0, MOON_DEAL[0][:3])
    assert caught.value.code == "wrong_phase"


@pytest.mark.parametrize(
    ("cards", "code"),
    [
        (["2C", "3C"], "wrong_count"),
        (["2C", "3C", "4C", "5C"], "wrong_count"),
        (["2C", "3C", "AH"], "not_in_hand"),
    ],
)
def test_bad_passes_are_refused(cards: list[str], code: str) -> None:
    hand = Hand(MOON_DEAL, "left")
    before = hand.to_dict()
    with pytest.raises(IllegalPass) as caught:
        hand.pass_cards(0, cards)
    assert caught.value.code == code
    assert hand.to_dict() == before


def test_passing_twice_or_duplicates_is_refused() -> None:
    hand = Hand(MOON_DEAL, "left")
    with pytest.raises(InvalidCard, match="twice"):
        hand.pass_cards(0, ["2C", "2C", "3C"])
    hand.pass_cards(0, ["2C", "3C", "4C"])
    with pytest.raises(IllegalPass) as caught:
        hand.pass_cards(0, ["5C", "2D", "3D"])
    assert caught.value.code == "already_passed"
    with pytest.raises(ValueError, match="seat"):
        hand.pass_cards(4, ["5C", "2D", "3D"])


def test_playing_during_the_pass_is_refused() -> None:
    hand = Hand(MOON_DEAL, "left")
    with pytest.raises(IllegalPlay) as caught:
        hand.play("2C")
    assert caught.value.code == "wrong_phase" and hand.turn is None and hand.legal() == ()


# ----- playing --------------------------------------------------------------------------------


def test_card_not_in_hand_is_refused() -> None:
    hand = moon_hand(1)
    before = hand.to_dict()
    with pytest.raises(IllegalPlay) as caught:
        hand.play("2D")  # seat 3 is to play; seat 0 holds 2D
    assert caught.value.code == "not_in_hand" and caught.value.message
    assert hand.to_dict() == before


def test_why_illegal_matches_play() -> None:
    hand = moon_hand(1)
    assert hand.why_illegal("AD") is None
    assert hand.why_illegal("AH").code == "hearts_not_broken"
    assert hand.why_illegal("AD", seat=0).code == "not_your_turn"


def test_play_after_the_hand_is_over_is_refused() -> None:
    hand = moon_hand(13)
    with pytest.raises(IllegalPlay) as caught:
        hand.play("AH")
    assert caught.value.code == "wrong_phase"


def test_trick_record_and_current_trick() -> None:
    hand = moon_hand(2)
    hand.play("JS")
    current = hand.current_trick
    assert current.leader == 3 and [str(c) for c in current.cards] == ["JS"] and current.winner is None
    assert [str(c) for c in hand.tricks[1].cards] == ["AD", "2D", "6D", "TD"]
    assert hand.tricks[1].winner == 3 and hand.tricks[1].points == 0
    assert [str(c) for c in hand.plays] == MOON_PLAYS[0].split() + MOON_PLAYS[1].split() + ["JS"]
    assert hand.scores is None and hand.moon is None


# ----- views ----------------------------------------------------------------------------------


def test_view_shows_own_cards_and_public_record_only() -> None:
    hand = passed_hand("left")
    play_all(hand, "2C")
    view = hand.view(1)
    assert view.hand == hand.hands[1]
    assert view.passed == hand.passed[1] and view.received == hand.received[1]
    assert view.pass_target == 2 and view.pass_source == 0
    assert [(seat, str(card)) for seat, card in view.plays] == [(0, "2C")]
    assert view.turn == 1 and view.legal == hand.legal()
    assert hand.view(2).legal == ()
    hidden = set(hand.hands[0]) | set(hand.hands[2]) | set(hand.hands[3])
    fields = {name: getattr(view, name) for name in view.__dataclass_fields__}
    assert not hidden & set(view.hand)
    assert "hands" not in fields and "dealt" not in fields


def test_view_before_exchange_hides_what_will_be_received() -> None:
    hand = Hand(MOON_DEAL, "left")
    hand.pass_cards(0, MOON_DEAL[0][-3:])
    view = hand.view(0)
    assert view.passed is not None and view.received is None and view.phase == "pass"


def test_view_records_shown_voids() -> None:
    hand = moon_hand(6)
    voids = hand.view(0).voids
    assert voids[0] == frozenset({"S"}) and voids[1] == frozenset({"S"}) and voids[2] == frozenset({"S"})
    assert voids[3] == frozenset()
    assert hand.view(0).hand_sizes == (7, 7, 7, 7)


# ----- JSON -----------------------------------------------------------------------------------


def test_json_round_trip_in_every_phase() -> None:
    for hand in (Hand(MOON_DEAL, "left"), passed_hand(), moon_hand(3), moon_hand(13)):
        again = Hand.from_json(hand.to_json())
        assert again == hand
        assert again.hands == hand.hands and again.points == hand.points and again.turn == hand.turn
    partly = Hand(MOON_DEAL, "across")
    partly.pass_cards(2, MOON_DEAL[2][:3])
    assert Hand.from_json(partly.to_json()) == partly


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(version=99), "version"),
        (lambda d: d.update(format="chess"), "not a saved hand"),
        (lambda d: d.pop("plays"), "lacks the field"),
        (lambda d: d["plays"].append("2C"), "not legal"),
        (lambda d: d["plays"].__setitem__(0, "XX"), "not a card"),
        (lambda d: d["deal"][0].__setitem__(0, "AH"), "exactly once"),
        (lambda d: d.update(plays="2C"), "list"),
    ],
)
def test_tampered_json_is_refused(mutate, message: str) -> None:  # type: ignore[no-untyped-def]
    data = moon_hand(3).to_dict()
    mutate(data)
    with pytest.raises(SaveError, match=message):
        Hand.from_json(json.dumps(data))


def test_truncated_json_is_refused() -> None:
    text = moon_hand(3).to_json()
    with pytest.raises(SaveError, match="not valid JSON"):
        Hand.from_json(text[: len(text) // 2])
    with pytest.raises(SaveError, match="JSON object"):
        Hand.from_json("[1, 2]")
