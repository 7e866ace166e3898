"""Reproducible deals: a deal number gives the same four hands on every Python.

The shuffle is fully specified here instead of using :mod:`random`, whose algorithms may change
between Python versions: a deal number shown to a player must deal the same cards in CPython
today and in Pyodide next year. SHAKE-256 of the number gives one 32-bit key per card and the
deck is sorted by key (a tie, about one deal in three million, keeps deck order for those two
cards). One hash and one C-level sort are also far cheaper than a Python-level shuffle loop,
and dealing is part of every hand the engine plays.
"""

from __future__ import annotations

import struct

try:  # the built-in module directly: importing hashlib costs ~40 ms of every page start in Pyodide
    from _sha3 import shake_256
except ImportError:  # a Python built without it; hashlib gives the same SHAKE-256
    from hashlib import shake_256

from .cards import DECK, Card

DEAL_NUMBER_LIMIT = 1 << 32
_KEYS = struct.Struct("<52I")  # little-endian everywhere, so every platform deals alike


def check_deal_number(number: object) -> int:
    """Return ``number`` if it is a valid deal number (0 <= n < 2**32), else raise ValueError."""
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < DEAL_NUMBER_LIMIT:
        raise ValueError(f"deal number must be an integer from 0 to {DEAL_NUMBER_LIMIT - 1}, got {number!r}")
    return number


def deal_hands(number: int) -> tuple[tuple[Card, ...], ...]:
    """The four 13-card hands (seats 0..3, each sorted) of deal ``number``."""
    check_deal_number(number)
    # A list, not the tuple unpack() gives: a list's bound __getitem__ is a cheap C method, a
    # tuple's a slot wrapper costing about three times as much per call, 52 calls per deal.
    keys = list(_KEYS.unpack(shake_256(b"hearts-deal:%d" % number).digest(_KEYS.size)))
    order = sorted(DECK, key=keys.__getitem__)
    return (tuple(sorted(order[0::4])), tuple(sorted(order[1::4])),
            tuple(sorted(order[2::4])), tuple(sorted(order[3::4])))


def hand_deal_number(seed: int, hand_number: int) -> int:
    """The deal number of hand ``hand_number`` (1-based) of the match with ``seed``."""
    return int.from_bytes(shake_256(b"hearts-match:%d:%d" % (seed, hand_number)).digest(4), "big")
