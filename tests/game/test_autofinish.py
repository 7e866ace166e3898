"""「自动完成」: when the rest of a hand is decided, and that finishing it gives exactly what
playing on would."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts import Hand
from hearts.game.autofinish import (
    ALL_WINNERS,
    NO_POINTS,
    autofinish,
    can_autofinish,
    decision,
    offer_message,
    predicted_points,
)
from hearts.game.deal import deal_hands
from hearts.game.strings import text

from ..games import play_randomly
from ..positions import no_pass_hand, play_all


def copy_of(hand: Hand) -> Hand:
    return Hand.from_dict(hand.to_dict())


def random_continuation(hand: Hand, rng: random.Random) -> list[int]:
    return play_randomly(copy_of(hand), rng).points


def late_position(number: int, plays: int, rng: random.Random) -> Hand:
    """A no-pass hand after ``plays`` random legal cards (at most 51, so it is still in play)."""
    hand = Hand(deal_hands(number), "none")
    for _ in range(plays):
        hand.play(rng.choice(hand.legal()))
    return hand


# Seat 3 leads ♣2 and seat 0 takes it with ♣A; then seat 0 holds the top spades and hearts.
TOP_CARDS = "AC AS KS QS AH KH QH JH TH 9H 8H 7H 6H"


def after_first_trick(*seats: str) -> Hand:
    hand = no_pass_hand(*seats)
    assert hand.turn == 3
    while hand.tricks == []:
        hand.play(hand.legal()[-1] if hand.turn == 0 else hand.legal()[0])
    return hand


def test_nothing_is_offered_during_the_first_trick() -> None:
    hand = no_pass_hand(TOP_CARDS, "", "", "2C")
    play_all(hand, "2C AC")
    assert not any(can_autofinish(hand, seat) for seat in range(4))


def test_holding_every_remaining_winner_is_decided_for_that_seat_only() -> None:
    hand = after_first_trick(TOP_CARDS, "", "", "2C")
    assert hand.turn == 0
    view = hand.view(0)
    assert decision(view) == ALL_WINNERS
    assert not any(can_autofinish(hand, seat) for seat in (1, 2, 3))
    assert predicted_points(view) == [26, 0, 0, 0]
    assert offer_message(hand, 0) == text("autofinish.all_winners") and offer_message(hand, 1) is None
    autofinish(hand, 0)
    assert hand.phase == "over" and hand.points == [26, 0, 0, 0] and hand.moon == 0


def test_the_decision_does_not_depend_on_where_the_hidden_cards_are() -> None:
    one = after_first_trick(TOP_CARDS, "", "4D 5D 6D 7D 8D 9D TD JD QD KD AD 2S 3S", "2C")
    other = after_first_trick(TOP_CARDS, "", "4D 5D 6D 7D 8D 9D TD JD QD KD AD 2H 3H", "2C")
    assert one.plays == other.plays and one.hands[0] == other.hands[0] and one.hands != other.hands
    assert decision(one.view(0)) == decision(other.view(0)) == ALL_WINNERS


def test_one_card_that_can_be_beaten_spoils_the_claim() -> None:
    hand = after_first_trick("AC AS KS 2S AH KH QH JH TH 9H 8H 7H 6H", "", "", "2C")
    assert hand.turn == 0 and decision(hand.view(0)) is None


def test_no_points_left_is_decided_for_every_seat_and_changes_nothing() -> None:
    rng = random.Random(5)
    for number in range(50):
        hand = late_position(number, 0, rng)
        while hand.phase == "play" and (sum(hand.points) < 26 or hand.current_trick.cards):
            hand.play(rng.choice(hand.legal()))
        if hand.phase == "play":
            assert all(decision(hand.view(seat)) == NO_POINTS for seat in range(4))
            expected = list(hand.points)
            autofinish(hand, 0)
            assert hand.points == expected
            return
    pytest.fail("no position with every point taken found")


def test_points_in_a_trick_still_open_are_not_decided_by_no_points() -> None:
    rng, found = random.Random(8), 0
    for number in range(300):
        hand = late_position(number, 0, rng)
        while hand.phase == "play":
            trick = hand.current_trick
            if trick.points and sum(hand.points) + trick.points == 26:
                led = [card for card in trick.cards if card.suit == trick.cards[0].suit]
                higher = [
                    card
                    for seat_cards in hand.hands
                    for card in seat_cards
                    if card.suit == led[0].suit and card > max(led)
                ]
                reasons = {decision(hand.view(seat)) for seat in range(4)}
                assert (NO_POINTS in reasons) == (not higher)
                found += bool(higher)
                break
            hand.play(rng.choice(hand.legal()))
    assert found >= 3


def test_points_lying_in_a_settled_trick_are_named_with_their_taker_not_said_to_be_gone() -> None:
    """The playtest's last card: ♥Q in the trick, its taker settled; "no points are left" was false."""
    rng, checked = random.Random(11), set()
    for number in range(300):
        hand = late_position(number, 0, rng)
        while hand.phase == "play" and checked != {True, False}:
            trick = hand.current_trick
            seat = hand.turn
            if trick.cards and decision(hand.view(seat)) == NO_POINTS:
                top = max(card for card in trick.cards if card.suit == trick.cards[0].suit)
                taker = (trick.leader + trick.cards.index(top)) % 4
                expected = (
                    text("autofinish.trick_settled", "en", seat=text(f"seat.{taker}", "en"))
                    if trick.points
                    else text("autofinish.no_points", "en")
                )
                assert offer_message(hand, seat, "en") == expected
                checked.add(trick.points > 0)
            hand.play(rng.choice(hand.legal()))
    assert checked == {True, False}
    assert text("autofinish.trick_settled", "en", seat="Right") == (
        "Right must take this trick's points, and no others are left: you can finish this hand at once"
    )


def test_autofinish_refuses_an_undecided_hand_without_changing_it() -> None:
    hand = Hand(deal_hands(3), "none")
    hand.play(hand.legal()[0])
    before = hand.to_dict()
    with pytest.raises(ValueError):
        autofinish(hand, 0)
    assert hand.to_dict() == before


def test_over_and_pass_phases_are_never_decided() -> None:
    hand = Hand(deal_hands(4), "left")
    assert not can_autofinish(hand, 0)
    hand = late_position(4, 52, random.Random(1))
    assert hand.phase == "over" and not can_autofinish(hand, 0)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, (1 << 32) - 1), st.integers(20, 51), st.randoms(use_true_random=False))
def test_whenever_decided_every_legal_continuation_scores_the_same(number: int, plays: int, rng: random.Random) -> None:
    hand = late_position(number, min(plays, 51), rng)
    if hand.phase != "play":
        return
    for seat in range(4):
        view = hand.view(seat)
        expected = predicted_points(view)
        if expected is None:
            continue
        finished = copy_of(hand)
        autofinish(finished, seat)
        assert finished.phase == "over" and finished.points == expected
        for _ in range(5):
            assert random_continuation(hand, rng) == expected


def test_both_reasons_arise_in_random_play_and_hold() -> None:
    """The property above, on a fixed sample large enough to meet both situations often."""
    rng = random.Random(11)
    seen = {NO_POINTS: 0, ALL_WINNERS: 0}
    for number in range(400):
        hand = late_position(number, rng.randrange(24, 52), rng)
        for seat in range(4):
            reason = decision(hand.view(seat))
            if reason is None:
                continue
            seen[reason] += 1
            expected = predicted_points(hand.view(seat))
            assert all(random_continuation(hand, rng) == expected for _ in range(3))
    assert seen[NO_POINTS] >= 10 and seen[ALL_WINNERS] >= 10, seen
