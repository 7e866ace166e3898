"""A fitted model of how a seat that does not play Normal's way chooses its card.

Hard's playouts give every other seat Normal's policy: exact against Normal, and wrong at more
than half the decisions of other players. For a seat whose plays have shown it is not Normal
(:mod:`hearts.ai.inference` no longer reads it), the playouts use this model instead: each
legal card gets a linear score of a few facts about it (is it Normal's card, its rank, does it
win the trick, how many unseen cards outrank it, ...), with one weight vector for leads, one
for follows and one for discards, and the seat plays a card drawn from the softmax of the
scores, so a playout carries such a seat's spread of cards rather than one guess. The weights
are a conditional-logit fit to OpenSpiel ISMCTS seats' plays (``python -m lab.fit_opponent``).
"""

from __future__ import annotations

from collections.abc import Sequence
from math import exp

from ..game.cards import CARD_POINTS, QUEEN_MASK, QUEEN_OF_SPADES, SUIT_MASKS
from .policy import duck_card

_HEARTS = 3
_ABOVE_QUEEN = SUIT_MASKS[2] & ~((QUEEN_MASK << 1) - 1)

#: The facts :func:`card_facts` gives for each card, in order.
FACTS = (
    "Normal's card",
    "rank / 12",
    "lowest of its suit",
    "highest of its suit",
    "suit length / 13",
    "singleton",
    "heart",
    "Q♠",
    "A♠ or K♠ with Q♠ unseen",
    "unseen higher / 13",
    "no unseen card of its suit",
    "none higher, some unseen",
    "seats void in its suit / 3",
    "wins the trick so far",
    "wins it in last place",
    "wins a trick with points",
    "lowest above the winner",
    "second lowest of its suit",
)
#: The decision kinds, each with its own weights.
KINDS = ("lead", "follow", "discard")
LEAD, FOLLOW, DISCARD = range(3)
#: The weights of :data:`FACTS` for each of :data:`KINDS`: a fit to the ISMCTS(1000) seats' plays
#: beside Hard in 500 duplicate deals (seed 1, docs/log/ai-2026-12-04.md, session 32), made with one
#: more follow fact ("highest below the winner", weight 0.07) than :data:`FACTS` has;
#: ``python -m lab.fit_opponent`` on that log gives these lead and discard weights and follow
#: weights within 0.04 of these. These are the weights the arena measured.
WEIGHTS = (
    (0.31, 0.37, 0.23, 0.19, -1.21, 0.21, 0.46, -0.33, -0.63, -0.87, -1.59, -0.81, -0.07, 0.0, 0.0, 0.0, 0.0, 0.19),
    (0.25, 0.50, 0.06, -0.08, 0.0, 0.0, 0.0, -0.56, 0.45, -1.24, 0.0, 0.41, 0.0, -0.41, 0.30, -2.21, 0.20, -0.01),
    (0.31, 0.72, 0.06, 0.11, -1.67, 0.19, 1.25, 2.41, 1.95, -3.60, -1.16, 0.90, -0.48, 0.0, 0.0, 0.0, 0.0, -0.15),
)


def fitted_card(
    seat: int,
    holding: int,
    legal: int,
    trick: list[int],
    leader: int,
    unseen: int,
    void: Sequence[int],
    threat: int | None,
    draw: float,
) -> int:
    """The card the model draws with ``draw`` (uniform in [0, 1)); arguments as for
    :func:`~hearts.ai.policy.duck_card`, with ``void`` required."""
    if legal & (legal - 1) == 0:
        return (legal & -legal).bit_length() - 1
    cards, scores = card_scores(seat, holding, legal, trick, leader, unseen, void, threat)
    target = draw * sum(scores)
    for card, score in zip(cards, scores):
        target -= score
        if target < 0:
            return card
    return cards[-1]


# card_scores is the playouts' hot path (a modelled seat decides there at every turn of every
# playout), so it does not build the facts' rows: per card it lists only the terms that are not
# zero, in FACTS order, and ``sum`` of those is the very sum of all the weights times the facts,
# to the last bit: a zero term changes neither ``sum``'s running total nor, from Python 3.12, its
# compensation. What depends only on the suit is worked out once per suit (_suit_facts).
def card_scores(
    seat: int,
    holding: int,
    legal: int,
    trick: list[int],
    leader: int,
    unseen: int,
    void: Sequence[int],
    threat: int | None,
) -> tuple[list[int], list[float]]:
    """The legal cards lowest first and each one's score: e to its weights times its :func:`card_facts`."""
    kind, normal, led, winning, points = _decision(seat, holding, legal, trick, leader, unseen, void, threat)
    (
        normal_w,
        rank_w,
        lowest_w,
        highest_w,
        length_w,
        single_w,
        heart_w,
        queen_w,
        guard_w,
        higher_w,
        no_unseen_w,
        top_w,
        void_w,
        wins_w,
        last_w,
        points_w,
        lowest_above_w,
        second_w,
    ) = WEIGHTS[kind]
    queen_unseen, last = bool(unseen & QUEEN_MASK), len(trick) == 3
    cards: list[int] = []
    scores: list[float] = []
    for suit in range(4):
        mine = legal & SUIT_MASKS[suit]
        if not mine:
            continue
        length, outside, void_seats, lowest_above = _suit_facts(suit, mine, holding, unseen, void, seat, led, winning)
        rest = mine
        while rest:
            lowest = rest & -rest
            rest ^= lowest
            card = lowest.bit_length() - 1
            higher = (outside >> card).bit_count()
            lower_mine = (mine & (lowest - 1)).bit_count()
            terms = []
            if card == normal:
                terms.append(normal_w)
            if card % 13:
                terms.append(rank_w * (card % 13 / 12))
            if lower_mine == 0:
                terms.append(lowest_w)
            if mine >> (card + 1) == 0:
                terms.append(highest_w)
            terms.append(length_w * (length / 13))  # never 0: the card is in the hand
            if length == 1:
                terms.append(single_w)
            if suit == _HEARTS:
                terms.append(heart_w)
            if card == QUEEN_OF_SPADES:
                terms.append(queen_w)
            if queen_unseen and lowest & _ABOVE_QUEEN:
                terms.append(guard_w)
            if higher:
                terms.append(higher_w * (higher / 13))
            if not outside:
                terms.append(no_unseen_w)
            elif not higher:
                terms.append(top_w)
            if void_seats:
                terms.append(void_w * (void_seats / 3))
            if suit == led and card > winning:
                terms.append(wins_w)
                if last:
                    terms.append(last_w)
                if points:
                    terms.append(points_w)
            if card == lowest_above:
                terms.append(lowest_above_w)
            if lower_mine == 1:
                terms.append(second_w)
            cards.append(card)
            scores.append(exp(sum(terms)))
    return cards, scores


def _suit_facts(
    suit: int, mine: int, holding: int, unseen: int, void: Sequence[int], seat: int, led: int, winning: int
) -> tuple[int, int, int, int]:
    """What :func:`card_scores` needs of the suit of the legal cards ``mine``: its length in the
    hand, its unseen cards, the seats shown void in it, and the lowest of ``mine`` that would win
    the trick (-1 if none does)."""
    suit_mask = SUIT_MASKS[suit]
    above = mine & ~((1 << winning) - 1) if suit == led else 0
    return (
        (holding & suit_mask).bit_count(),
        unseen & suit_mask,
        _void_seats(void, seat, suit),
        (above & -above).bit_length() - 1 if above else -1,
    )


def _decision(
    seat: int,
    holding: int,
    legal: int,
    trick: list[int],
    leader: int,
    unseen: int,
    void: Sequence[int],
    threat: int | None,
) -> tuple[int, int, int, int, bool]:
    """What the facts of every card share: the decision's kind, Normal's card, the suit led
    (-1 on a lead), the card winning the trick so far (-1) and whether the trick holds points."""
    normal = duck_card(seat, holding, legal, trick, leader, unseen, void, threat)
    if not trick:
        return LEAD, normal, -1, -1, False
    led = trick[0] // 13
    return (
        FOLLOW if legal & SUIT_MASKS[led] else DISCARD,
        normal,
        led,
        max(card for card in trick if card // 13 == led),
        any(CARD_POINTS[card] for card in trick),
    )


def _void_seats(void: Sequence[int], seat: int, suit: int) -> int:
    """How many seats other than ``seat`` have shown a void in ``suit``."""
    return (
        (void[0] >> suit & 1)
        + (void[1] >> suit & 1)
        + (void[2] >> suit & 1)
        + (void[3] >> suit & 1)
        - (void[seat] >> suit & 1)
    )


def card_facts(
    seat: int,
    holding: int,
    legal: int,
    trick: list[int],
    leader: int,
    unseen: int,
    void: Sequence[int],
    threat: int | None,
) -> tuple[int, list[int], list[tuple[float, ...]]]:
    """The decision's kind (:data:`LEAD`, :data:`FOLLOW` or :data:`DISCARD`), the legal cards
    lowest first, and each card's :data:`FACTS`: the model's definition, which
    ``lab.fit_opponent`` fits and :func:`card_scores` computes without the rows."""
    kind, normal, _, winning, points = _decision(seat, holding, legal, trick, leader, unseen, void, threat)
    cards: list[int] = []
    facts: list[tuple[float, ...]] = []
    rest = legal
    while rest:
        lowest = rest & -rest
        rest ^= lowest
        card = lowest.bit_length() - 1
        cards.append(card)
        facts.append(
            _facts(card, holding, legal, trick, unseen, _void_seats(void, seat, card // 13), normal, winning, points)
        )
    return kind, cards, facts


def _facts(
    card: int,
    holding: int,
    legal: int,
    trick: list[int],
    unseen: int,
    void_seats: int,
    normal: int,
    winning: int,
    points: bool,
) -> tuple[float, ...]:
    suit = card // 13
    suit_mask = SUIT_MASKS[suit]
    mine = legal & suit_mask
    length = (holding & suit_mask).bit_count()
    outside = unseen & suit_mask
    higher = (outside >> card).bit_count()
    lower_mine = (mine & ((1 << card) - 1)).bit_count()
    wins = bool(trick) and suit == trick[0] // 13 and card > winning
    above = mine & ~((1 << winning) - 1) if trick and suit == trick[0] // 13 else 0
    return (
        card == normal,
        card % 13 / 12,
        lower_mine == 0,
        mine >> (card + 1) == 0,
        length / 13,
        length == 1,
        suit == _HEARTS,
        card == QUEEN_OF_SPADES,
        bool(unseen & QUEEN_MASK) and bool(1 << card & _ABOVE_QUEEN),
        higher / 13,
        outside == 0,
        higher == 0 and outside != 0,
        void_seats / 3,
        wins,
        wins and len(trick) == 3,
        wins and points,
        bool(above) and card == (above & -above).bit_length() - 1,
        lower_mine == 1,
    )
