"""Helpers to build hand-made positions for rule tests."""

from __future__ import annotations

from hearts import Hand
from hearts.cards import DECK, parse_card


def deal(*seats: str, fill_order: tuple[int, ...] = (0, 1, 2, 3)) -> list[list[str]]:
    """Four hands from partial hands (space-separated codes); the remaining cards go, in deck
    order, to the seats in ``fill_order`` until each holds 13."""
    hands = [[str(parse_card(code)) for code in seat.split()] for seat in seats]
    hands += [[] for _ in range(4 - len(hands))]
    used = {code for hand in hands for code in hand}
    rest = [str(card) for card in DECK if str(card) not in used]
    for seat in fill_order:
        while len(hands[seat]) < 13:
            hands[seat].append(rest.pop(0))
    assert not rest, "partial hands hold more than 52 cards"
    return hands


def no_pass_hand(*seats: str, fill_order: tuple[int, ...] = (0, 1, 2, 3)) -> Hand:
    """A hand that starts in the play phase with the given partial hands."""
    return Hand(deal(*seats, fill_order=fill_order), "none")


def play_all(hand: Hand, codes: str) -> None:
    """Play space-separated cards in order (each by the seat to move)."""
    for code in codes.split():
        hand.play(code)
