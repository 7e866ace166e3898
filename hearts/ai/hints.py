"""The 「提示」 button: Hard's choice for the player, with one sentence saying why.

The cards come from Hard's search (with a fixed seed, so asking twice gives the same hint), run
as 复盘 judges it (:mod:`hearts.ai.verdicts`): the same seed and sample cap, and near 100 the same
objective, so that a player who follows the hint is not told afterwards that it was a mistake.
Its clock budget (:data:`HINT_LIMITS`) is only a backstop for a slow device: on CPython and a
desktop browser the search reaches the sample cap first (docs/review.md). The
reason is read off the position afterwards — what the recommended cards do there — and its
words live in :mod:`hearts.game.strings`. ``hint_pass_steps`` and ``hint_play_steps`` are the same
hints in slices (generators yielding None between slices, returning the hint; see
:mod:`hearts.ai.steps`), for a page that must stay responsive meanwhile.
"""

from __future__ import annotations

from dataclasses import replace

from ..game.cards import DECK, HEARTS, POINTS_MASK, QUEEN_MASK, QUEEN_OF_SPADES, SPADES, SUIT_MASKS, SUITS, Card
from ..game.strings import Phrase, phrase
from ..game.view import View
from .bots import Bot
from .knowledge import knowledge_of, moon_threat, queen_taken
from .search import Limits, search_pass_steps, search_play_steps
from .steps import Steps, run_steps
from .verdicts import COST_THRESHOLD, REVIEW_SAMPLES, REVIEW_SEED, judged_steps, judges_for_game

#: 复盘's seed and sample cap, so that the hint's search is 复盘's.
HINT_SEED = REVIEW_SEED
HINT_SAMPLES = REVIEW_SAMPLES
#: Seconds a hint may search a play and a pass, on the clock the page waits by: a backstop, not
#: the search's usual end. A hint cut short may differ from 复盘's verdict (at 0.6 s and 1 s, a
#: phone's page, about 8x slower than CPython, cut most passes and the longest plays). CPython's
#: longest searches to the cap took 0.35 s a play and 0.38 s a pass, so 3 s and 3.5 s let a phone
#: reach the cap too; on CPython and a desktop page they never come into play
#: (docs/log/hints-2026-12-06.md).
HINT_BUDGET = 3.0
HINT_PASS_BUDGET = 3.5
HINT_LIMITS = Limits(budget=HINT_BUDGET, pass_budget=HINT_PASS_BUDGET, max_samples=HINT_SAMPLES)
_CLUBS_AND_DIAMONDS = (0, 1)
_HIGH_HEART_RANK = 9  # J
_HIGH_RANK = 8  # 10
#: The pass reason says the queen is short of guards up to this many spades (itself included).
SHORT_SPADES = 4


def hint_pass(view: View, limits: Limits | None = None) -> tuple[tuple[Card, Card, Card], Phrase]:
    """The 3 cards to pass and why (call in the pass phase of a hand that passes)."""
    return run_steps(hint_pass_steps(view, limits))


def hint_play(view: View, limits: Limits | None = None) -> tuple[Card, Phrase]:
    """One legal card to play and why (call when it is the seat's turn)."""
    return run_steps(hint_play_steps(view, limits))


def hint_pass_steps(view: View, limits: Limits | None = None) -> Steps[tuple[tuple[Card, Card, Card], Phrase]]:
    """:func:`hint_pass` in slices: yields None between slices, returns (cards, reason)."""
    limits = limits or HINT_LIMITS
    trio = yield from search_pass_steps(view, Bot(HINT_SEED).rng_for(view), limits)
    cards = (DECK[trio[0]], DECK[trio[1]], DECK[trio[2]])
    reason = yield from _for_the_game_steps(view, cards, limits, pass_reason(view.hand_mask, cards))
    return cards, reason


def hint_play_steps(view: View, limits: Limits | None = None) -> Steps[tuple[Card, Phrase]]:
    """:func:`hint_play` in slices: yields None between slices, returns (card, reason)."""
    limits = limits or HINT_LIMITS
    choice = yield from search_play_steps(view, Bot(HINT_SEED).rng_for(view), limits)
    card = DECK[choice.card]
    reason = yield from _for_the_game_steps(view, (card,), limits, play_reason(view, card, choice.shooting))
    return card, reason


def _for_the_game_steps(view: View, cards: tuple[Card, ...], limits: Limits, reason: Phrase) -> Steps[Phrase]:
    """``reason``, and near 100, where the hint plays for the game, what its cards give up for it:
    the hand points they cost against the best decision for points alone, searched as 复盘 then
    reckons them, so that the hint says what 复盘 will say (「本手预计多失 N 分，但…整局更有利」)."""
    if not judges_for_game(view, limits):
        return reason
    by_points = yield from judged_steps(view, cards, replace(limits, play_for_game=False))
    if by_points.cost < COST_THRESHOLD:
        return reason
    return phrase("hint.for_game", reason=reason, cost=f"{by_points.cost:.1f}")


def pass_reason(hand: int, cards: tuple[Card, ...]) -> Phrase:
    """Why passing ``cards`` from ``hand``: what each card's going does, every card named once
    (the cards grouped by the first of these that is true of them)."""
    passed = sum(1 << card for card in cards)
    left = sorted(cards)
    clauses: list[Phrase] = []

    def explain(chosen: list[Card], clause: Phrase) -> None:
        for card in chosen:
            left.remove(card)
        clauses.append(clause)

    if passed & QUEEN_MASK:
        spades = (hand & SUIT_MASKS[SPADES]).bit_count()
        queen = DECK[QUEEN_OF_SPADES]
        explain(
            [queen],
            phrase("hint.pass.queen", card=queen.symbol, count=phrase(f"number.{spades}"))
            if spades <= SHORT_SPADES
            else phrase("hint.pass.queen_long", card=queen.symbol),
        )
    for suit in _CLUBS_AND_DIAMONDS:
        if hand & SUIT_MASKS[suit] and not hand & ~passed & SUIT_MASKS[suit]:
            emptied = [card for card in left if card // 13 == suit]
            explain(emptied, phrase("hint.pass.void", cards=_listed(emptied), suit=phrase(f"suit.{SUITS[suit]}")))
    high_spades = [card for card in left if card // 13 == SPADES and card > QUEEN_OF_SPADES]
    if high_spades and not hand & ~passed & QUEEN_MASK:
        explain(high_spades, phrase("hint.pass.high_spade", cards=_listed(high_spades)))
    high_hearts = [card for card in left if card // 13 == HEARTS and card % 13 >= _HIGH_HEART_RANK]
    if high_hearts:
        explain(high_hearts, phrase("hint.pass.high_heart", cards=_listed(high_hearts)))
    high = [card for card in left if card % 13 >= _HIGH_RANK]
    if high:
        explain(high, phrase("hint.pass.high_cards", cards=_listed(high)))
    if left:
        explain(list(left), phrase("hint.pass.spare", cards=_listed(left)))
    return phrase(f"hint.pass.reasons.{len(clauses)}", **dict(zip(("first", "second", "third"), clauses)))


def play_reason(view: View, card: Card, shooting: bool = False) -> Phrase:
    """Why playing ``card`` now: what it does in the trick. Each reason is true of the position
    (tests/ai/test_hint_reasons.py checks each against the hand)."""
    if view.legal_mask.bit_count() == 1:
        return phrase("hint.play.only", card=card.symbol)
    if shooting:
        return phrase("hint.play.shoot", card=card.symbol)
    trick = view.current_trick
    if not trick.cards:
        return _lead_reason(view, card)
    led = trick.cards[0] // 13
    winning = max(played for played in trick.cards if played // 13 == led)
    winner = trick.seats[trick.cards.index(winning)]
    threat = moon_threat(view.points, queen_taken(view))
    suit = phrase(f"suit.{SUITS[led]}")
    if card // 13 != led:
        if threat is not None and threat == winner and threat != view.seat and not POINTS_MASK >> card & 1:
            return phrase("hint.play.discard_shooter", card=card.symbol, seat=_seat_name(view, threat))
        return phrase("hint.play.discard", card=card.symbol, suit=suit)
    winner_symbol = DECK[winning].symbol
    if card < winning:
        key = "hint.play.duck_queen" if card == QUEEN_OF_SPADES else "hint.play.duck"
        return phrase(key, card=card.symbol, winner=winner_symbol)
    if threat is not None and threat == winner and threat != view.seat:
        return phrase("hint.play.stop_moon", card=card.symbol, seat=_seat_name(view, threat))
    if len(trick.cards) == 3 and not trick.points and card != QUEEN_OF_SPADES:
        return phrase("hint.play.win_clean", card=card.symbol)
    if view.legal_mask & ((1 << winning) - 1) & SUIT_MASKS[led]:
        return phrase("hint.play.beat", card=card.symbol, suit=suit, winner=winner_symbol)
    return phrase("hint.play.forced", card=card.symbol, suit=suit, winner=winner_symbol)


def _lead_reason(view: View, card: Card) -> Phrase:
    unseen = knowledge_of(view).unseen
    suit = card // 13
    if suit == SPADES and card < QUEEN_OF_SPADES and unseen & QUEEN_MASK:
        return phrase("hint.play.flush_queen", card=card.symbol)
    if unseen & SUIT_MASKS[suit] & ~((2 << card) - 1):
        return phrase("hint.play.lead_low", card=card.symbol, suit=phrase(f"suit.{SUITS[suit]}"))
    return phrase("hint.play.lead_top", card=card.symbol, suit=phrase(f"suit.{SUITS[suit]}"))


def _seat_name(view: View, seat: int) -> Phrase:
    """A seat as the asking player sees it (左家, 对家, 右家)."""
    return phrase(f"seat.{(seat - view.seat) % 4}")


def _listed(cards: list[Card] | tuple[Card, ...]) -> tuple[str, ...]:
    """The cards' symbols, which a phrase joins the way its language joins a list."""
    return tuple(card.symbol for card in sorted(cards))
