"""Helpers to build hand-made positions for rule tests."""

from __future__ import annotations

from hearts import Hand
from hearts.game.cards import DECK, parse_card


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


#: A deal where seat 3 shoots the moon by playing :data:`MOON_PLAYS` (one trick a string).
MOON_DEAL = [
    "2C 3C 4C 5C 2D 3D 4D 5D 2S 3S 4S 2H 3H".split(),
    "6C 7C 8C 9C 6D 7D 8D 9D 5S 6S 7S 4H 5H".split(),
    "TC JC QC KC TD JD QD KD 8S 9S TS 6H 7H".split(),
    "AC AD JS QS KS AS 8H 9H TH JH QH KH AH".split(),
]
MOON_PLAYS = [
    "2C 6C TC AC",
    "AD 2D 6D TD",
    "JS 2S 5S 8S",
    "KS 3S 6S 9S",
    "AS 4S 7S TS",
    "QS 2H 4H 6H",
    "8H 3H 5H 7H",
    "9H 3C 7C JC",
    "TH 4C 8C QC",
    "JH 5C 9C KC",
    "QH 3D 7D JD",
    "KH 4D 8D QD",
    "AH 5D 9D KD",
]


def moon_hand(tricks: int) -> Hand:
    hand = Hand(MOON_DEAL, "none")
    play_all(hand, " ".join(MOON_PLAYS[:tricks]))
    return hand


def discard_hand(seat_2_hearts: str) -> Hand:
    """Seat 2 ducks ♣5 under ♣7 with ♣6 to its left (a reading soon confirmed), then, void in
    diamonds, throws ♣K rather than Q♠, A♠, K♠ or a high heart."""
    hand = Hand(
        [
            "2C 8C 9C TC 2D 4D 5D 6D 7D 8D 2S 3S 4S".split(),
            "7C 3D 9D TD JD 5S 6S 7S 8S 9S TS 2H 3H".split(),
            f"5C KC AC JC QC 3C 4C JS 4H 5H 6H 7H {seat_2_hearts}".split(),
            f"6C QD KD AD QS KS AS {'9H' if seat_2_hearts == '8H' else '8H'} TH JH QH KH AH".split(),
        ],
        "none",
    )
    play_all(hand, "2C 7C 5C 6C 3D KC AD 4D")
    return hand
