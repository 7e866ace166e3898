"""Easy: a newcomer's habits. Plays legally and mostly low, but does not count cards, does
not steer Q♠, does not watch for a moon and often plays a card at random.
"""

from __future__ import annotations

from random import Random

from ..game.cards import SUIT_MASKS, card_indices
from ..game.view import View

#: How often Easy plays a random legal card instead of its simple habit.
CARELESS = 0.35


def easy_pass(hand: int, rng: Random) -> tuple[int, int, int]:
    """Three of its five highest-ranked cards, whatever their suits."""
    cards = sorted(card_indices(hand), key=lambda card: (card % 13, card), reverse=True)
    first, second, third = sorted(rng.sample(cards[:5], 3))
    return first, second, third


def easy_play(view: View, rng: Random) -> int:
    """Lead the lowest card of a random suit; follow low or under the winner; throw away its
    highest card when void. A third of the time it simply plays any legal card."""
    legal = card_indices(view.legal_mask)
    if len(legal) == 1:
        return legal[0]
    if rng.random() < CARELESS:
        return rng.choice(legal)
    trick = view.current_trick.cards
    if not trick:
        suits = sorted({card // 13 for card in legal})
        suit = rng.choice(suits)
        return min(card for card in legal if card // 13 == suit)
    led = trick[0] // 13
    if view.legal_mask & SUIT_MASKS[led]:
        winning = max(card for card in trick if card // 13 == led)
        below = [card for card in legal if card < winning]
        return max(below) if below else min(legal)
    return max(legal, key=lambda card: (card % 13, rng.random()))
