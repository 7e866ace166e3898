"""「提示」: Hard's recommendation with a reason in Chinese."""

from __future__ import annotations

from hearts import Hand
from hearts.ai import Limits, hint_pass, hint_play
from hearts.ai.hints import pass_reason, play_reason
from hearts.game.cards import parse_card, parse_cards
from hearts.game.strings import text

from ..positions import deal, no_pass_hand, play_all

LIMITS = Limits(budget=10.0, pass_budget=10.0, max_samples=24)


def test_pass_hint_gives_away_a_short_queen_and_says_why() -> None:
    hand = Hand(deal("QS 4S 2C 5C 8C 3D 6D 9D JD 2H 4H 7H 9H"), "left")
    cards, reason = hint_pass(hand.view(0), LIMITS)
    assert parse_card("QS") in cards and set(cards) <= set(hand.hands[0]) and len(set(cards)) == 3
    assert reason.startswith("传出♠Q：黑桃只有两张，容易被迫收下；") and all(card.symbol in reason for card in cards)


def test_pass_reasons_name_what_the_pass_does() -> None:
    hand = parse_cards("2C 3C 4C 5C 6C 7C 2S 3S 4S 5S 9D KD 6H".split())
    mask = sum(1 << card for card in hand)
    assert (
        pass_reason(mask, parse_cards(["9D", "KD", "7C"]))
        == "传出♦9、♦K：清空方块，之后别人出方块时你可以垫分；♣7：留在手里用处最小"
    )
    spades = sum(1 << card for card in parse_cards("AS 2S 3S 2C 4C 6C 8C 2D 4D 6D 8D 2H 4H".split()))
    assert pass_reason(spades, parse_cards(["AS", "8C", "8D"])).startswith("传出♠A：")
    hearts_hand = sum(1 << card for card in parse_cards("AH KH 2S 3S 4S 2C 4C 6C 8C 2D 4D 6D 8D".split()))
    assert (
        pass_reason(hearts_hand, parse_cards(["AH", "KH", "8C"]))
        == "传出♥K、♥A：高红心在红心墩里容易被迫收下；♣8：留在手里用处最小"
    )


def test_discard_reason_names_the_missing_suit() -> None:
    hand = no_pass_hand("AC 5D", "3C", "4C QS AH", "2C", fill_order=(3, 0, 1, 2))
    play_all(hand, "2C AC 3C 4C 5D 4S")
    view = hand.view(2)
    card, reason = hint_play(view, LIMITS)
    assert card in view.legal
    assert reason == text("hint.play.discard", card=card.symbol, suit="方块")
    assert play_reason(view, parse_card("AH")) == "垫掉♥A：你没有方块"


def test_play_reasons_for_ducking_and_for_the_only_card() -> None:
    hand = no_pass_hand("AC 5D", "4C KD", "3C 3D QD AD", "2C", fill_order=(3, 0, 1, 2))
    play_all(hand, "2C AC 4C 3C 5D KD")
    assert play_reason(hand.view(2), parse_card("QD")) == "跟♦Q：比♦K小，不会收下这一墩"
    first = no_pass_hand("2C")
    assert play_reason(first.view(0), parse_card("2C")) == "只能出♣2"


def test_hints_repeat() -> None:
    hand = Hand(deal("QS 4S 2C 5C 8C 3D 6D 9D JD 2H 4H 7H 9H"), "left")
    assert hint_pass(hand.view(0), LIMITS) == hint_pass(hand.view(0), LIMITS)
