"""The learned pass model: a linear score of facts about the three cards passed and the ten kept.

Hard's pass search can race only a shortlist of a hand's 286 passes, and the static heuristic's
(:func:`hearts.ai.passing.pass_shortlist`) rarely offers a low or middle card. This model ranks all
286: each gets ``sum(weight * fact)`` over :data:`FACTS` (what leaves: Q♠ with or without its
guards and to which side, A♠/K♠, hearts and minor cards by rank; what stays: suits emptied, Q♠'s
guards, high and low cards kept), and the search races the best (:func:`model_shortlist`). The
weights (:mod:`hearts.ai.pass_weights`) are a ridge fit to Hard's own pass playouts valuing every
pass of seeded hands, made by ``python -m lab.train_pass`` (docs/ai.md, "The learned pass model").
"""

from __future__ import annotations

from itertools import combinations

from ..game.cards import CLUBS, DIAMONDS, HEARTS, QUEEN_MASK, QUEEN_OF_SPADES, SPADES, SUIT_MASKS, card_indices
from .pass_weights import WEIGHTS
from .passing import danger, low_spades

_JACK = 9
_HIGH_SPADES = SUIT_MASKS[SPADES] & ~((QUEEN_MASK << 1) - 1)  # K♠, A♠

#: The version of :data:`FACTS` (and so of the weights fitted to them): a change of the facts
#: needs ``python -m lab.train_pass`` again.
VERSION = 1

#: The facts :func:`pass_facts` gives for each pass, in order.
FACTS = (
    "Q♠ passed, fewer than 4 low spades",
    "Q♠ passed, 4 or more low spades",
    "Q♠ passed left",
    "Q♠ passed right",
    "A♠/K♠ passed, Q♠ held",
    "A♠/K♠ passed, Q♠ not held, ≤ 2 low spades",
    "A♠/K♠ passed, Q♠ not held, ≥ 3 low spades",
    "spades below Q♠ passed",
    "hearts passed, J up",
    "hearts passed, 7 to 10",
    "hearts passed, 2 to 6",
    "minor cards passed, Q up",
    "minor cards passed, 7 to J",
    "minor cards passed, 2 to 6",
    "♣2 passed",
    "rank of the passed cards / 12",
    "static danger of the pass / 100",
    "clubs emptied",
    "diamonds emptied",
    "spades emptied",
    "hearts emptied",
    "minor suits left with one card",
    "Q♠ kept, low spades kept / 4 (at most 1)",
    "Q♠ kept, fewer than 3 low spades kept",
    "A♠/K♠ kept, Q♠ not kept, ≤ 2 low spades kept",
    "hearts kept, J up",
    "hearts kept, 2 to 6",
    "minor cards kept, Q up",
    "cards kept, 2 to 5",
    "hearts kept / 13",
    "longest suit kept / 13",
)


def _card_facts(card: int, hand: int, queen_held: bool, guards: int) -> list[float]:
    """The first facts (those a card adds by leaving) for one passed ``card`` of ``hand``."""
    suit, rank = divmod(card, 13)
    facts = [0.0] * 17
    if card == QUEEN_OF_SPADES:
        facts[0 if guards < 4 else 1] = 1.0
    elif suit == SPADES and rank > 10:
        facts[4 if queen_held else 5 if guards <= 2 else 6] = 1.0
    elif suit == SPADES:
        facts[7] = 1.0
    elif suit == HEARTS:
        facts[8 if rank >= _JACK else 9 if rank >= 5 else 10] = 1.0
    else:
        facts[11 if rank >= 10 else 12 if rank >= 5 else 13] = 1.0
    facts[14] = 1.0 if card == 0 else 0.0
    facts[15] = rank / 12
    facts[16] = danger(card, hand) / 100
    return facts


def leaving_facts(hand: int) -> dict[int, list[float]]:
    """Each card of ``hand``'s first facts, those it adds by leaving: the same in every pass."""
    queen_held = bool(hand & QUEEN_MASK)
    guards = low_spades(hand)
    return {card: _card_facts(card, hand, queen_held, guards) for card in card_indices(hand)}


def pass_facts(
    hand: int, trio: tuple[int, int, int], direction: str, leaving: dict[int, list[float]] | None = None
) -> list[float]:
    """:data:`FACTS` of passing ``trio`` (three cards of ``hand``) in ``direction``; ``leaving``
    is :func:`leaving_facts` of the hand, given when many passes of one hand are scored."""
    each = leaving_facts(hand) if leaving is None else leaving
    facts = [0.0] * len(FACTS)
    for card in trio:
        for index, value in enumerate(each[card]):
            facts[index] += value
    if QUEEN_OF_SPADES in trio:
        facts[2] = 1.0 if direction == "left" else 0.0
        facts[3] = 1.0 if direction == "right" else 0.0
    kept = hand & ~((1 << trio[0]) | (1 << trio[1]) | (1 << trio[2]))
    _kept_facts(hand, kept, facts)
    return facts


def _kept_facts(hand: int, kept: int, facts: list[float]) -> None:
    """Fill the facts of what stays (index 17 on) for ``kept``, what ``hand`` keeps."""
    for index, suit in zip((17, 18, 19, 20), (CLUBS, DIAMONDS, SPADES, HEARTS), strict=True):
        facts[index] = 1.0 if hand & SUIT_MASKS[suit] and not kept & SUIT_MASKS[suit] else 0.0
    facts[21] = float(sum((kept & SUIT_MASKS[suit]).bit_count() == 1 for suit in (CLUBS, DIAMONDS)))
    kept_guards = low_spades(kept)
    if kept & QUEEN_MASK:
        facts[22] = min(kept_guards, 4) / 4
        facts[23] = 1.0 if kept_guards < 3 else 0.0
    elif kept & _HIGH_SPADES and kept_guards <= 2:
        facts[24] = float((kept & _HIGH_SPADES).bit_count())
    hearts = kept & SUIT_MASKS[HEARTS]
    facts[25] = float((hearts >> (13 * HEARTS + _JACK)).bit_count())
    facts[26] = float((hearts & (((1 << 5) - 1) << (13 * HEARTS))).bit_count())
    facts[27] = float(sum(((kept & SUIT_MASKS[suit]) >> (13 * suit + 10)).bit_count() for suit in (CLUBS, DIAMONDS)))
    facts[28] = float(sum(((kept >> (13 * suit)) & 0b1111).bit_count() for suit in range(4)))
    facts[29] = hearts.bit_count() / 13
    facts[30] = max((kept & mask).bit_count() for mask in SUIT_MASKS) / 13


def all_passes(hand: int) -> list[tuple[int, int, int]]:
    """Every pass of ``hand``: its 286 trios of cards, ascending."""
    return list(combinations(card_indices(hand), 3))


def ranked_passes(
    hand: int, direction: str, weights: tuple[float, ...], count: int | None = None
) -> list[tuple[int, int, int]]:
    """``hand``'s passes best first by ``weights`` (the first ``count``; ties: the lower cards)."""
    scored = []
    leaving = leaving_facts(hand)
    for trio in all_passes(hand):
        facts = pass_facts(hand, trio, direction, leaving)
        scored.append((-sum(w * f for w, f in zip(weights, facts)), trio))
    scored.sort()
    return [trio for _, trio in scored[:count]]


def model_shortlist(hand: int, direction: str, count: int) -> list[tuple[int, int, int]]:
    """The ``count`` passes of ``hand`` the learned model values best."""
    return ranked_passes(hand, direction, WEIGHTS, count)
