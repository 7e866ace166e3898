"""Hand-made positions, one per heuristic the levels are built on."""

from __future__ import annotations

import pytest

from hearts import Hand
from hearts.ai import Limits, bot
from hearts.ai.knowledge import moon_threat
from hearts.ai.passing import best_pass
from hearts.ai.policy import duck_card, shoot_card
from hearts.game.cards import DECK, cards_of, mask_of, parse_card
from hearts.game.deal import deal_hands

from ..positions import deal, no_pass_hand, play_all

#: Small enough for the unit suite, large enough for Hard to see the obvious.
TEST_LIMITS = Limits(budget=10.0, pass_budget=10.0, max_samples=24)
LEVELS = ("normal", "hard")


def choose(level: str, hand: Hand, seed: int = 1) -> str:
    return str(bot(level, seed=seed, limits=TEST_LIMITS).choose_play(hand.view(hand.turn)))


def spade_trick_with_queen() -> Hand:
    """Seat 0 leads ♠5 in the second trick, seat 1 follows ♠Q; seat 2 holds ♠3 and ♠A."""
    hand = no_pass_hand("AC 5S", "3C QS", "4C 3S AS", "2C", fill_order=(3, 0, 1, 2))
    play_all(hand, "2C AC 3C 4C 5S QS")
    return hand


@pytest.mark.parametrize("level", LEVELS)
def test_ducks_under_the_winner_when_it_can(level: str) -> None:
    hand = no_pass_hand("AC 5D", "4C KD", "3C 3D QD AD", "2C", fill_order=(3, 0, 1, 2))
    play_all(hand, "2C AC 4C 3C 5D KD")
    card = choose(level, hand)
    assert parse_card(card) < parse_card("KD")
    if level == "normal":
        assert card == "QD"  # the highest card that still loses


@pytest.mark.parametrize("level", LEVELS)
def test_never_takes_the_queen_when_it_can_duck(level: str) -> None:
    hand = spade_trick_with_queen()
    assert hand.turn == 2 and set(map(str, hand.legal())) == {"3S", "AS"}
    assert choose(level, hand) == "3S"


@pytest.mark.parametrize("level", LEVELS)
def test_dumps_the_queen_when_void_in_the_led_suit(level: str) -> None:
    hand = no_pass_hand("AC 5D", "3C", "4C QS", "2C", fill_order=(3, 0, 1, 2))
    play_all(hand, "2C AC 3C 4C 5D 4S")
    assert hand.turn == 2 and not any(card.suit == "D" for card in hand.hands[2])
    assert choose(level, hand) == "QS"


def test_follows_with_its_highest_card_when_the_trick_is_clean_and_it_must_win() -> None:
    hand = no_pass_hand("2C", "3C", "4C", "KC AC")
    play_all(hand, "2C 3C 4C")
    assert choose("normal", hand) == "AC"


def test_moon_threat_needs_every_point_and_enough_hearts() -> None:
    assert moon_threat([0, 6, 0, 0], queen_taken=False) == 1
    assert moon_threat([0, 4, 0, 0], queen_taken=False) is None
    assert moon_threat([0, 6, 1, 0], queen_taken=False) is None
    assert moon_threat([15, 0, 0, 0], queen_taken=True) == 0
    assert moon_threat([13, 0, 0, 0], queen_taken=True) is None


def test_duck_policy_takes_a_heart_to_stop_a_moon() -> None:
    # Seat 1 (the threat) leads ♥9; seat 2 could duck with ♥2 but takes the trick with ♥J.
    holding = mask_of(["2H", "JH", "3C"])
    trick = [parse_card("9H")]
    args = (2, holding, holding & mask_of(["2H", "JH"]), trick, 1, mask_of(["KH", "AH", "4D"]), None)
    assert str(cards_of(1 << duck_card(*args, None))[0]) == "2H"
    assert str(cards_of(1 << duck_card(*args, 1))[0]) == "JH"


def test_duck_policy_keeps_points_from_the_shooter_when_void() -> None:
    holding = mask_of(["QS", "5H", "9D"])
    trick = [parse_card("4C"), parse_card("KC")]
    legal = holding
    plain = duck_card(3, holding, legal, trick, 1, mask_of(["AC"]), None, None)
    defending = duck_card(3, holding, legal, trick, 1, mask_of(["AC"]), None, 2)
    assert str(cards_of(1 << plain)[0]) == "QS"
    assert str(cards_of(1 << defending)[0]) == "9D"


def test_shooter_policy_takes_tricks_with_its_top_cards() -> None:
    holding = mask_of(["2D", "KD", "AD", "3C"])
    trick = [parse_card("5D")]
    assert str(cards_of(1 << shoot_card(holding, mask_of(["2D", "KD", "AD"]), trick, 0))[0]) == "AD"


def test_normal_bot_stops_a_moon_in_progress() -> None:
    """Seat 1 plays for the moon; whenever it has taken every point so far and is winning a
    trick with points that Normal could overtake, Normal overtakes."""
    checked = 0
    for number in range(60):
        hand = Hand(deal_hands(number), "none")
        normal = bot("normal", seed=number)
        while hand.phase == "play":
            seat = hand.turn
            view = hand.view(seat)
            if seat == 1:
                card = cards_of(
                    1
                    << shoot_card(
                        view.hand_mask,
                        view.legal_mask,
                        list(view.current_trick.cards),
                        (1 << 52) - 1 ^ view.hand_mask ^ view.played_mask,
                    )
                )[0]
            else:
                card = normal.choose_play(view)
                trick = view.current_trick
                threat = moon_threat(view.points, _queen_taken(hand))
                if threat == 1 and trick.cards and trick.points:
                    led = trick.cards[0] // 13
                    winning = max(c for c in trick.cards if c // 13 == led)
                    winner = trick.seats[trick.cards.index(winning)]
                    overtakers = [c for c in view.legal if c // 13 == led and c > winning and str(c) != "QS"]
                    if winner == 1 and overtakers:
                        assert card // 13 == led and card > winning, (number, view.plays, card)
                        checked += 1
            hand.play(card)
    assert checked >= 3


def _queen_taken(hand: Hand) -> bool:
    return any(card == parse_card("QS") for trick in hand.tricks for card in trick.cards)


@pytest.mark.parametrize("level", LEVELS)
def test_passes_the_queen_with_two_spades(level: str) -> None:
    hand = Hand(deal("QS 4S 2C 5C 8C 3D 6D 9D JD 2H 4H 7H 9H"), "left")
    passed = bot(level, seed=3, limits=TEST_LIMITS).choose_pass(hand.view(0))
    assert "QS" in map(str, passed)


@pytest.mark.parametrize("level", LEVELS)
def test_keeps_the_queen_with_five_low_spades(level: str) -> None:
    hand = Hand(deal("QS 2S 3S 4S 5S 6S 2C 9C KC 8D AD 3H 5H"), "left")
    passed = bot(level, seed=3, limits=TEST_LIMITS).choose_pass(hand.view(0))
    assert "QS" not in map(str, passed)


def test_normal_pass_empties_a_short_suit() -> None:
    hand = mask_of("2C 3C 4C 5C 6C 7C 2S 3S 4S 5S 9D KD 6H".split())
    assert {str(DECK[card]) for card in best_pass(hand)} >= {"9D", "KD"}
