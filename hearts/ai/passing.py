"""Which 3 cards to pass: a danger score per card and a shortlist of whole passes.

After the spec's strategy section: pass Q♠ (and A♠/K♠) when spades are short, keep Q♠ behind
four or more low spades, empty a short suit so that points can be thrown later, pass high
hearts, and never pass the low cards that protect a hand.
"""

from __future__ import annotations

from itertools import combinations

from ..game.cards import CLUBS, DIAMONDS, HEARTS, QUEEN_MASK, QUEEN_OF_SPADES, SPADES, SUIT_MASKS, card_indices

#: Q♠ is kept behind at least this many lower spades (the spec: 「四五张以上的小黑桃」).
QUEEN_GUARD = 4
_VOID_BONUS = 14.0
_SHORTLIST = 5


def low_spades(hand: int) -> int:
    """Spades below Q♠ in a hand: the guards that let it keep Q♠ safely."""
    return (hand & SUIT_MASKS[SPADES] & (QUEEN_MASK - 1)).bit_count()


def keeps_queen(hand: int) -> bool:
    """Whether a hand holding Q♠ should keep it (enough low spades to hide it)."""
    return low_spades(hand) >= QUEEN_GUARD


def danger(card: int, hand: int) -> float:
    """How much passing ``card`` away helps ``hand``: high for cards that take points."""
    suit, rank = divmod(card, 13)
    length = (hand & SUIT_MASKS[suit]).bit_count()
    if card == QUEEN_OF_SPADES:
        return -20.0 if keeps_queen(hand) else 100.0
    if suit == SPADES and rank > 10:  # A♠, K♠: they catch Q♠
        guards = low_spades(hand)
        if hand & QUEEN_MASK and keeps_queen(hand):
            return 10.0 + rank
        return (60.0 if guards <= 2 else 30.0 if guards <= 3 else 5.0) + rank
    if suit == HEARTS:
        return 20.0 + 3 * rank if rank >= 9 else rank - 4.0
    if rank <= 3:
        return -10.0 + rank
    return 2.0 * rank + (8.0 - 2 * length if length <= 3 else 0.0)


def pass_shortlist(hand: int, size: int = _SHORTLIST) -> list[tuple[int, int, int]]:
    """The best few passes by the static score, best first.

    A pass scores the danger of its cards plus a bonus when it empties clubs or diamonds; the
    list mixes the highest-danger passes with the suit-emptying ones, which is where the choice
    is really made.
    """
    cards = card_indices(hand)
    scores = {card: danger(card, hand) for card in cards}
    ranked = sorted(cards, key=lambda c: (-scores[c], c))
    pool = set(ranked[:6])
    for suit in (CLUBS, DIAMONDS):
        suit_cards = [c for c in cards if c // 13 == suit]
        if 0 < len(suit_cards) <= 3:
            pool.update(suit_cards)
    options = []
    for trio in combinations(sorted(pool), 3):
        passed = (1 << trio[0]) | (1 << trio[1]) | (1 << trio[2])
        value = sum(scores[c] for c in trio)
        left = hand & ~passed
        for suit in (CLUBS, DIAMONDS):
            if hand & SUIT_MASKS[suit] and not left & SUIT_MASKS[suit]:
                value += _VOID_BONUS
        options.append((value, trio))
    options.sort(key=lambda item: (-item[0], item[1]))
    return [trio for _, trio in options[:size]]


def best_pass(hand: int) -> tuple[int, int, int]:
    """Normal's pass: the top of the shortlist."""
    return pass_shortlist(hand, 1)[0]
