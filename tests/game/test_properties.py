"""Property tests over random deals and random legal play (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from hearts import Hand, IllegalPlay
from hearts.game.cards import DECK, FULL_DECK, mask_of
from hearts.game.deal import deal_hands
from hearts.game.fastplay import PlayState

DEAL_NUMBERS = st.integers(min_value=0, max_value=(1 << 32) - 1)
DIRECTIONS = st.sampled_from(["left", "right", "across", "none"])


def held_mask(hand: Hand) -> list[int]:
    return [mask_of(cards) for cards in hand.hands]


def assert_cards_conserved(hand: Hand) -> None:
    masks = held_mask(hand) + [mask_of(hand.plays)]
    union = 0
    for mask in masks:
        assert not union & mask, "a card is in two places"
        union |= mask
    assert union == FULL_DECK


def start(number: int, direction: str, rng: random.Random) -> Hand:
    hand = Hand(deal_hands(number), direction)
    if hand.phase == "pass":
        for seat in range(4):
            hand.pass_cards(seat, rng.sample(hand.hands[seat], 3))
    return hand


@settings(max_examples=60, deadline=None)
@given(DEAL_NUMBERS, DIRECTIONS, st.randoms(use_true_random=False))
def test_random_hands_keep_every_invariant(number: int, direction: str, rng: random.Random) -> None:
    hand = start(number, direction, rng)
    while hand.phase == "play":
        assert_cards_conserved(hand)
        legal = hand.legal()
        assert legal, "legal() is never empty during play"
        holding = hand.hands[hand.turn]
        for card in DECK:
            reason = hand.why_illegal(card)
            assert (reason is None) == (card in legal)
            if reason is not None and card not in holding:
                assert reason.code == "not_in_hand"
        illegal = [card for card in DECK if card not in legal]
        if illegal:
            refused = rng.choice(illegal)
            before = hand.to_dict()
            try:
                hand.play(refused)
            except IllegalPlay as error:
                assert error.code == hand.why_illegal(refused).code
            else:
                raise AssertionError(f"{refused} was accepted but is not legal")
            assert hand.to_dict() == before
        hand.play(rng.choice(legal))
    assert_cards_conserved(hand)
    assert sum(hand.points) == 26
    assert sum(hand.scores) in (26, 78)
    assert (sum(hand.scores) == 78) == (hand.moon is not None)


@settings(max_examples=60, deadline=None)
@given(DEAL_NUMBERS, DIRECTIONS, st.randoms(use_true_random=False))
def test_every_legal_card_is_accepted(number: int, direction: str, rng: random.Random) -> None:
    hand = start(number, direction, rng)
    stop = rng.randrange(52)
    for _ in range(stop):
        hand.play(rng.choice(hand.legal()))
    for card in hand.legal():
        trial = Hand.from_dict(hand.to_dict())
        trial.play(card)
        assert card in trial.plays


@settings(max_examples=60, deadline=None)
@given(DEAL_NUMBERS, DIRECTIONS, st.randoms(use_true_random=False), st.integers(0, 52))
def test_json_round_trip_gives_an_equal_state(number: int, direction: str, rng: random.Random, plays: int) -> None:
    hand = start(number, direction, rng)
    for _ in range(plays):
        if hand.phase != "play":
            break
        hand.play(rng.choice(hand.legal()))
    again = Hand.from_json(hand.to_json())
    assert again == hand
    assert (again.hands, again.points, again.turn, again.phase) == (hand.hands, hand.points, hand.turn, hand.phase)
    assert again.view(0) == hand.view(0)


@settings(max_examples=60, deadline=None)
@given(DEAL_NUMBERS, st.randoms(use_true_random=False))
def test_fast_path_agrees_with_the_public_api(number: int, rng: random.Random) -> None:
    hand = Hand(deal_hands(number), "none")
    state = PlayState.from_hand(hand)
    while hand.phase == "play":
        assert state.legal() == hand.legal_mask()
        card = rng.choice(hand.legal())
        hand.play(card)
        state.play(card)
    assert state.over and state.points == hand.points
