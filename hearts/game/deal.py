"""Reproducible deals: a deal number gives the same four hands on every Python.

The shuffle is fully specified here instead of using :mod:`random`, whose algorithms may change
between Python versions: a deal number shown to a player must deal the same cards in CPython
today and in Pyodide next year. SHAKE-256 of the number gives one 32-bit key per card (read
little-endian, card ``i`` taking bytes ``4i .. 4i+3``) and the deck is sorted by key, a tie
(about one deal in three million) keeping deck order for those two cards; seat ``s`` gets the
cards at places ``s, s+4, s+8, ...`` of that order. One hash and one C-level sort are also far
cheaper than a Python-level shuffle loop, and dealing is part of every hand the engine plays.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Sequence
from operator import itemgetter

try:  # the built-in module directly: importing hashlib costs ~40 ms of every page start in Pyodide
    from _sha3 import shake_256
except ImportError:  # a Python built without it; hashlib gives the same SHAKE-256
    from hashlib import shake_256

from .cards import BIT_OF, DECK, FULL_DECK, Card, CardLike, InvalidCard, cards_of, distinct_cards, repeated_codes
from .errors import InvalidDeal

DEAL_NUMBER_LIMIT = 1 << 32
KEY_BYTES = 52 * 4

# How the sort is done cheaply. Sorting cards by a key function costs a Python-level call per
# card and a comparison of two ints of more than 30 bits per step, the dearest kind for
# CPython's sort. Instead each card becomes one float whose order is (key, card index): the
# double 2**52 + key * 256 + index, built byte by byte (little-endian IEEE 754, the layout of
# struct's "<d" on every platform): byte 0 the card index, bytes 1..4 the key as the digest
# gives it, then the fixed bytes of the exponent of 2**52. Floats are the cheapest thing to
# sort, every step stays in C, and packing the sorted floats back gives the card indices in
# dealt order as every eighth byte.
_FLOATS = struct.Struct("<52d")
_TEMPLATE = bytes(byte for index in range(52) for byte in (index, 0, 0, 0, 0, 0, 0x30, 0x43))


class Deal(tuple[tuple[Card, ...], ...]):
    """The four hands of a deal (seats 0..3): each a sorted tuple of 13 :class:`Card`, together
    holding every card once.

    ``Deal(hands)`` checks four sequences of codes or cards and raises :class:`InvalidDeal`
    naming the problem. :func:`deal_hands` builds its deals directly, valid by construction,
    and :class:`hearts.Hand` takes a Deal's cards as checked: so the engine's own deals are not
    checked card by card again at the start of every hand.
    """

    __slots__ = ()

    def __new__(cls, hands: Sequence[Iterable[CardLike]]) -> Deal:
        if isinstance(hands, (str, bytes)) or not hasattr(hands, "__len__") or len(hands) != 4:
            raise InvalidDeal("a deal is four hands of 13 cards")
        masks = []
        ordered = []
        for seat, cards in enumerate(hands):
            try:
                mask, cards = distinct_cards(cards)
            except InvalidCard as problem:
                raise InvalidDeal(f"seat {seat}: {problem}") from None
            if mask.bit_count() != 13:
                raise InvalidDeal(f"seat {seat} has {mask.bit_count()} cards, expected 13")
            masks.append(mask)
            ordered.append(cards)
        if masks[0] | masks[1] | masks[2] | masks[3] != FULL_DECK:
            everything = [card for seat_mask in masks for card in cards_of(seat_mask)]
            raise InvalidDeal(
                f"the four hands must hold each card exactly once; repeated: {repeated_codes(everything)}"
            )
        return _new_deal(cls, ordered)

    def masks(self) -> list[int]:
        """Each seat's cards as a bitmask (a new list: a :class:`hearts.Hand` keeps it as its holdings)."""
        bit = BIT_OF.__getitem__
        first, second, third, fourth = self
        return [sum(map(bit, first)), sum(map(bit, second)), sum(map(bit, third)), sum(map(bit, fourth))]


#: Makes a Deal without the check, for :func:`deal_from_keys`, whose hands are valid by construction.
_new_deal = tuple.__new__


def check_deal_number(number: object) -> int:
    """Return ``number`` if it is a valid deal number (0 <= n < 2**32), else raise ValueError."""
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < DEAL_NUMBER_LIMIT:
        raise ValueError(f"deal number must be an integer from 0 to {DEAL_NUMBER_LIMIT - 1}, got {number!r}")
    return number


def deal_hands(number: int) -> Deal:
    """The four 13-card hands (seats 0..3, each sorted) of deal ``number``."""
    check_deal_number(number)
    return deal_from_keys(shake_256(b"hearts-deal:%d" % number).digest(KEY_BYTES))


def deal_from_keys(keys: bytes) -> Deal:
    """The four hands dealt by sorting the deck on ``keys`` (52 little-endian 32-bit keys)."""
    records = bytearray(_TEMPLATE)
    records[1::8] = keys[0::4]  # byte i of every key into byte i + 1 of its card's record
    records[2::8] = keys[1::4]
    records[3::8] = keys[2::4]
    records[4::8] = keys[3::4]
    order = _FLOATS.pack(*sorted(_FLOATS.unpack(records)))[::8]  # the card indices in dealt order
    # itemgetter(*indices)(DECK) builds each hand's tuple in C at its exact size.
    return _new_deal(
        Deal,
        (
            itemgetter(*sorted(order[0::4]))(DECK),
            itemgetter(*sorted(order[1::4]))(DECK),
            itemgetter(*sorted(order[2::4]))(DECK),
            itemgetter(*sorted(order[3::4]))(DECK),
        ),
    )


def hand_deal_number(seed: int, hand_number: int) -> int:
    """The deal number of hand ``hand_number`` (1-based) of the match with ``seed``."""
    return int.from_bytes(shake_256(b"hearts-match:%d:%d" % (seed, hand_number)).digest(4), "big")
