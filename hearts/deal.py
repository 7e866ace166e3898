"""Reproducible deals: a deal number gives the same four hands on every Python.

The shuffle is fully specified here instead of using :mod:`random`, whose algorithms may change
between Python versions: a deal number shown to a player must deal the same cards in CPython
today and in Pyodide next year. SHA-256 of the number gives 256 bits; read as a number in the
factorial base they pick one of the 52! orders (2**256 is far larger than 52!, so the bias is
below one in a billion). One hash and 51 divisions are also much faster than 51 steps of a
Python-level generator, and dealing is part of every hand the engine plays.
"""

from __future__ import annotations

import hashlib

from .cards import Card, cards_of

DEAL_NUMBER_LIMIT = 1 << 32


def check_deal_number(number: object) -> int:
    """Return ``number`` if it is a valid deal number (0 <= n < 2**32), else raise ValueError."""
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < DEAL_NUMBER_LIMIT:
        raise ValueError(f"deal number must be an integer from 0 to {DEAL_NUMBER_LIMIT - 1}, got {number!r}")
    return number


def deal_hands(number: int) -> tuple[tuple[Card, ...], ...]:
    """The four 13-card hands (seats 0..3, each sorted) of deal ``number``."""
    check_deal_number(number)
    entropy = int.from_bytes(hashlib.sha256(b"hearts-deal:%d" % number).digest(), "big")
    remaining = list(range(52))
    masks = [0, 0, 0, 0]
    for position, size in enumerate(range(52, 0, -1)):
        entropy, pick = divmod(entropy, size)
        masks[position & 3] |= 1 << remaining.pop(pick)
    return tuple(cards_of(mask) for mask in masks)


def hand_deal_number(seed: int, hand_number: int) -> int:
    """The deal number of hand ``hand_number`` (1-based) of the match with ``seed``."""
    digest = hashlib.sha256(b"hearts-match:%d:%d" % (seed, hand_number)).digest()
    return int.from_bytes(digest[:4], "big")
