"""Deals: the same number deals the same cards forever, and the engine's fast sort is exactly
the specified shuffle (sort the deck by 32-bit keys, ties in deck order)."""

from __future__ import annotations

import copy
import hashlib
import pickle
import random
import struct

import pytest

from hearts import Card, Hand, InvalidDeal
from hearts.game.cards import DECK, sort_cards
from hearts.game.deal import KEY_BYTES, Deal, deal_from_keys, deal_hands

from ..positions import MOON_DEAL


def specified_deal(keys: bytes) -> tuple[tuple[Card, ...], ...]:
    """The shuffle as the module docstring states it, written the plain way."""
    key_of = struct.unpack("<52I", keys)
    order = sorted(DECK, key=lambda card: key_of[card])  # sorted() is stable: ties keep deck order
    return tuple(tuple(sorted(order[seat::4])) for seat in range(4))


def codes(deal: tuple[tuple[Card, ...], ...]) -> list[str]:
    return [" ".join(map(str, hand)) for hand in deal]


def test_deal_numbers_deal_fixed_cards() -> None:
    # Fixed expectations, recorded from the first implementation (a key-function sort): the same
    # number must deal the same cards on every Python, forever.
    assert codes(deal_hands(1)) == [
        "3C JC AC 2D 3D 4D TD QD AD 5S KS AS TH",
        "5C 8C 9C TC KC 5D 6D 2S 3S QS 2H JH QH",
        "2C 7D JD KD 4S 8S JS 3H 6H 7H 9H KH AH",
        "4C 6C 7C QC 8D 9D 6S 7S 9S TS 4H 5H 8H",
    ]
    assert codes(deal_hands(2**32 - 1)) == [
        "9C TC JC AC 2D 4D 5D QD 6S TS JS KS 2H",
        "2C 4C 5C KC 6D 8D 9D 3S 8S 3H 4H 8H AH",
        "6C 8C 3D JD KD AD 4S QS AS 5H 9H TH JH",
        "3C 7C QC 7D TD 2S 5S 7S 9S 6H 7H QH KH",
    ]
    digest = hashlib.sha256()
    for number in [*range(2000), 2**32 - 1, 2**31, 123456789]:
        digest.update(" ".join(codes(deal_hands(number))).encode() + b"\n")
    assert digest.hexdigest() == "2affd7aad617e569835ecee8e7580e234ee661b85cd5568acd99716e385ad086"


def test_fast_sort_is_the_specified_shuffle_ties_included() -> None:
    rng = random.Random(5)
    few_keys = [bytes(rng.choice(b"\x00\x01\xff") for _ in range(KEY_BYTES)) for _ in range(50)]
    any_keys = [rng.randbytes(KEY_BYTES) for _ in range(200)]
    for keys in [bytes(KEY_BYTES), b"\xff" * KEY_BYTES, *few_keys, *any_keys]:
        assert deal_from_keys(keys) == specified_deal(keys)
    assert codes(deal_from_keys(bytes(KEY_BYTES)))[0] == "2C 6C TC AC 5D 9D KD 4S 8S QS 3H 7H JH"


def test_deals_are_deal_objects_of_sorted_cards() -> None:
    deal = deal_hands(77)
    assert type(deal) is Deal and deal == tuple(deal) and len(deal) == 4
    assert all(type(card) is Card for hand in deal for card in hand)
    assert all(list(hand) == sorted(hand) for hand in deal)
    assert sorted(card for hand in deal for card in hand) == list(DECK)
    assert deal.masks() == [sum(1 << card for card in hand) for hand in deal]
    assert copy.deepcopy(deal) == deal and pickle.loads(pickle.dumps(deal)) == deal


def test_deal_checks_hands_given_as_codes() -> None:
    shuffled = [list(reversed(hand)) for hand in MOON_DEAL]
    deal = Deal(shuffled)
    assert type(deal) is Deal and list(deal) == [sort_cards(hand) for hand in MOON_DEAL]
    assert Hand(shuffled, "left").dealt == deal
    with pytest.raises(InvalidDeal, match="four hands"):
        Deal(MOON_DEAL[:3])
    with pytest.raises(InvalidDeal, match="seat 1 has 12 cards"):
        Deal([MOON_DEAL[0], MOON_DEAL[1][:12], *MOON_DEAL[2:]])
    with pytest.raises(InvalidDeal, match="exactly once; repeated: 2C"):
        Deal([MOON_DEAL[0], ["2C", *MOON_DEAL[0][1:]], *MOON_DEAL[2:]])


def test_a_hand_keeps_a_deal_it_is_given() -> None:
    deal = deal_hands(3)
    hand = Hand(deal, "left")
    assert hand.dealt is deal and hand.hands == tuple(deal)
