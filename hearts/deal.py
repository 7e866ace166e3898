"""Reproducible deals: a deal number gives the same four hands on every Python.

The shuffle is fully specified here instead of using :mod:`random`, whose algorithms may change
between Python versions: a deal number shown to a player must deal the same cards in CPython
today and in Pyodide next year. SHAKE-256 of the number gives 51 32-bit words; word ``i`` picks
one of the ``52 - i`` cards left by multiply-and-shift (bias below one in ten million). One hash
call and 51 small multiplications are also much cheaper than a Python-level generator, and
dealing is part of every hand the engine plays.
"""

from __future__ import annotations

import hashlib
import struct

from .cards import Card, cards_of

DEAL_NUMBER_LIMIT = 1 << 32
_WORDS = struct.Struct("<51I")  # little-endian everywhere, so every platform deals alike


def check_deal_number(number: object) -> int:
    """Return ``number`` if it is a valid deal number (0 <= n < 2**32), else raise ValueError."""
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < DEAL_NUMBER_LIMIT:
        raise ValueError(f"deal number must be an integer from 0 to {DEAL_NUMBER_LIMIT - 1}, got {number!r}")
    return number


def deal_hands(number: int) -> tuple[tuple[Card, ...], ...]:
    """The four 13-card hands (seats 0..3, each sorted) of deal ``number``."""
    check_deal_number(number)
    words = _WORDS.unpack(hashlib.shake_256(b"hearts-deal:%d" % number).digest(_WORDS.size))
    remaining = list(range(52))
    masks = [0, 0, 0, 0]
    for position in range(51):
        masks[position & 3] |= 1 << remaining.pop((words[position] * (52 - position)) >> 32)
    masks[3] |= 1 << remaining[0]
    return tuple(cards_of(mask) for mask in masks)


def hand_deal_number(seed: int, hand_number: int) -> int:
    """The deal number of hand ``hand_number`` (1-based) of the match with ``seed``."""
    digest = hashlib.sha256(b"hearts-match:%d:%d" % (seed, hand_number)).digest()
    return int.from_bytes(digest[:4], "big")
