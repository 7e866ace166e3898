"""Every hint reason is true of the position (issue 53): each claim a reason makes is checked
against the whole hand — the cards the player holds and the ones the other seats hold."""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from hearts import Hand
from hearts.ai.hints import SHORT_SPADES, pass_reason, play_reason
from hearts.game.cards import DECK, QUEEN_OF_SPADES, Card, parse_card
from hearts.game.deal import deal_hands
from hearts.game.strings import LANGUAGES, Phrase

from ..positions import no_pass_hand, play_all

DEAL_NUMBERS = st.integers(min_value=0, max_value=(1 << 32) - 1)
#: What the "all your hearts are higher" reason says in each language.
ALL_HIGHER = {"zh-Hans": "都比", "zh-Hant": "都比", "en": "all your"}


def position(number: int, plays: int, seed: int) -> Hand:
    """A hand without passing, after ``plays`` random legal plays."""
    hand = Hand(deal_hands(number), "none")
    rng = Random(seed)
    for _ in range(plays):
        hand.play(rng.choice(hand.legal()))
    return hand


def holds(hand: Hand, seats: list[int], test: Callable[[Card], bool]) -> bool:
    return any(test(card) for seat in seats for card in hand.hands[seat])


def check_play_reason(hand: Hand, card: Card, reason: Phrase) -> None:
    """Each play reason's claim, checked against ``hand`` (whose seat to move was given it)."""
    seat = hand.turn
    assert seat is not None
    view = hand.view(seat)
    others = [other for other in range(4) if other != seat]
    trick = view.current_trick
    mine = hand.hands[seat]
    for language in LANGUAGES:
        assert card.symbol in reason.said_in(language)
    key = reason.key
    if key == "hint.play.only":
        assert len(view.legal) == 1
        return
    assert len(view.legal) > 1, f"{reason} with one legal card"
    if "首攻" in reason or "首攻" in reason.said_in("zh-Hant"):
        assert not view.tricks and not trick.cards, f"{reason}: not the first trick's lead"
    if not trick.cards:
        assert key in ("hint.play.flush_queen", "hint.play.lead_low", "hint.play.lead_top", "hint.play.shoot"), key
        higher = holds(hand, others, lambda other: other.suit == card.suit and other > card)
        if key == "hint.play.flush_queen":
            assert card.suit == "S" and card < DECK[QUEEN_OF_SPADES]
            assert holds(hand, others, lambda other: other == DECK[QUEEN_OF_SPADES])
        if key == "hint.play.lead_low":
            assert higher, f"{reason}: nobody else holds a higher card of the suit"
        if key == "hint.play.lead_top":
            assert not higher, f"{reason}: someone else holds a higher card of the suit"
        return
    led = trick.cards[0].suit
    winning = max(played for played in trick.cards if played.suit == led)
    same_suit = [held for held in mine if held.suit == led]
    for language, words in ALL_HIGHER.items():
        if words in reason.said_in(language):
            assert same_suit and all(held > winning for held in same_suit), f"{reason}: holds a lower {led}"
    if key in ("hint.play.discard", "hint.play.discard_shooter"):
        assert card.suit != led and not same_suit, f"{reason}: holds the suit led"
    if key in ("hint.play.duck", "hint.play.duck_queen"):
        assert card.suit == led and card < winning
        assert (card == DECK[QUEEN_OF_SPADES]) == (key == "hint.play.duck_queen")
    if key in ("hint.play.stop_moon", "hint.play.discard_shooter"):
        named = (seat + {"seat.1": 1, "seat.2": 2, "seat.3": 3}[reason.values["seat"].key]) % 4
        assert view.points[named] == sum(view.points) > 0, f"{reason}: that seat has not every point"
        assert named == trick.seats[trick.cards.index(winning)]
    if key == "hint.play.discard_shooter":
        assert card.points == 0, f"{reason}: the card carries points"
    if key in ("hint.play.win_clean", "hint.play.beat", "hint.play.forced", "hint.play.stop_moon"):
        assert card.suit == led and card > winning
    if key == "hint.play.win_clean":
        assert len(trick.cards) == 3 and sum(played.points for played in trick.cards) == 0 and card.points == 0
    if key == "hint.play.beat":
        assert any(held < winning for held in same_suit), f"{reason}: no lower card could duck"
    if key == "hint.play.forced":
        assert all(held > winning for held in same_suit)


@settings(max_examples=300, deadline=None)
@given(DEAL_NUMBERS, st.integers(0, 51), st.integers(0, 1 << 30))
def test_every_play_reason_is_true_of_the_position(number: int, plays: int, seed: int) -> None:
    hand = position(number, plays, seed)
    view = hand.view(hand.turn)
    for card in view.legal:
        check_play_reason(hand, card, play_reason(view, card))


def test_all_your_spades_are_higher_only_when_they_are() -> None:
    """The playtest's false reason: 「出♠9：你的黑桃都比♠5大」 while holding ♠2."""
    hand = no_pass_hand("2C 2S 9S", "3C", "4C", "AC 5S", fill_order=(1, 2, 3, 0))
    play_all(hand, "2C 3C 4C AC 5S")
    reason = play_reason(hand.view(0), parse_card("9S"))
    assert reason == "出♠9：也能用更小的黑桃躲过♠5，但 AI 算下来这张更好"
    assert "都比" not in reason and "all your" not in reason.said_in("en")
    check_play_reason(hand, parse_card("9S"), reason)
    forced = no_pass_hand("2C 6S 9S", "3C", "4C", "AC 5S", fill_order=(1, 2, 3, 0))
    play_all(forced, "2C 3C 4C AC 5S")
    assert play_reason(forced.view(0), parse_card("9S")) == "出♠9：你的黑桃都比♠5大，这张最合适"


def test_a_lead_is_not_called_the_first_lead() -> None:
    hand = no_pass_hand("2C 2S 9S", "3C", "4C", "AC 5S", fill_order=(1, 2, 3, 0))
    play_all(hand, "2C 3C 4C AC")
    reason = play_reason(hand.view(3), parse_card("5S"))
    assert "首攻" not in reason and "首攻" not in reason.said_in("zh-Hant") and reason.startswith("先出♠5")


@settings(max_examples=300, deadline=None)
@given(DEAL_NUMBERS, st.integers(0, 3), st.integers(0, 1 << 30))
def test_every_pass_reason_explains_all_three_cards_truly(number: int, seat: int, seed: int) -> None:
    held = deal_hands(number)[seat]
    mask = sum(1 << card for card in held)
    trio = tuple(sorted(Random(seed).sample(held, 3)))
    reason = pass_reason(mask, trio)
    clauses = [reason.values[name] for name in ("first", "second", "third") if name in reason.values]
    assert reason.key == f"hint.pass.reasons.{len(clauses)}"
    named: list[str] = []
    for clause in clauses:
        assert isinstance(clause, Phrase)
        cards = clause.values.get("cards", (clause.values.get("card"),))
        assert isinstance(cards, tuple)
        named.extend(str(symbol) for symbol in cards)
        chosen = [card for card in trio if card.symbol in cards]
        kept = [card for card in held if card not in trio]
        if clause.key == "hint.pass.queen":
            spades = sum(card.suit == "S" for card in held)
            assert chosen == [DECK[QUEEN_OF_SPADES]] and spades <= SHORT_SPADES
            assert clause.values["count"] == f"number.{spades}" or clause.values["count"].key == f"number.{spades}"
        if clause.key == "hint.pass.queen_long":
            assert chosen == [DECK[QUEEN_OF_SPADES]] and sum(card.suit == "S" for card in held) > SHORT_SPADES
        if clause.key == "hint.pass.void":
            suit = chosen[0].suit
            assert all(card.suit == suit for card in chosen) and not any(card.suit == suit for card in kept)
        if clause.key == "hint.pass.high_spade":
            assert DECK[QUEEN_OF_SPADES] not in kept and all(
                card.suit == "S" and card > DECK[QUEEN_OF_SPADES] for card in chosen
            )
        if clause.key == "hint.pass.high_heart":
            assert all(card.suit == "H" and card.rank in "JQKA" for card in chosen)
        if clause.key == "hint.pass.high_cards":
            assert all(card.rank in "TJQKA" for card in chosen)
    assert sorted(named) == sorted(card.symbol for card in trio), f"{reason} does not name each card once"
    for language in LANGUAGES:
        said = reason.said_in(language)
        assert all(card.symbol in said for card in trio)
