"""Hard's sampled worlds: a seat taken for Normal in a sample keeps its readings there and plays
Normal's card in the playouts, one not taken for Normal does neither, and each sample draws from
its own stream."""

from __future__ import annotations

from dataclasses import replace
from random import Random

import pytest

from hearts.ai import play_samples
from hearts.ai.consistency import PastPlay, past_plays
from hearts.ai.inference import read_plays
from hearts.ai.knowledge import knowledge_of
from hearts.ai.play_samples import Sample, sample_maker
from hearts.game.cards import parse_cards
from hearts.game.view import EarlierHands

from ..games import known_match
from ..positions import discard_hand, play_all

#: Seat 1 followed ♦9 under ♦K: read as holding neither ♦10 nor ♦J (it holds both).
READ_AWAY = sum(1 << card for card in parse_cards(["TD", "JD"]))


def drawn(
    monkeypatch: pytest.MonkeyPatch, shares: list[float], count: int = 40, earlier: EarlierHands = ()
) -> list[Sample]:
    """``count`` samples of seat 3's search after ♦K ♦5 ♦9 ♥8 of :func:`discard_hand`, seat 1's
    reading taken as confirmed (so a sample that takes seat 1 for Normal always keeps it), the
    game's ``earlier`` hands shown; a seat's share is ``shares``' where any of its plays is judged."""
    hand = discard_hand("8H")
    play_all(hand, "KD 5D 9D 8H")
    view = replace(hand.view(3), earlier_hands=earlier)
    readings = replace(read_plays(view), trusted=(False, True, False, False))
    assert readings.readable == (False, True, True, False) and readings.absent[1] & READ_AWAY == READ_AWAY

    def judged_shares(history: list[PastPlay], *_: object) -> list[float]:
        return [shares[seat] if any(past.seat == seat for past in history) else 1.0 for seat in range(4)]

    monkeypatch.setattr(play_samples, "normal_shares", judged_shares)
    make = sample_maker(view, knowledge_of(view), readings, past_plays(view, readings.readable), Random(7))
    return [make() for _ in range(count)]


def test_a_seat_taken_for_normal_keeps_its_readings_and_plays_normal_s_card(monkeypatch: pytest.MonkeyPatch) -> None:
    samples = drawn(monkeypatch, [1.0] * 4)
    assert {modelled for _, _, modelled in samples} == {0b0001}, "only seat 0, whose plays proved false"
    assert not any(state.holdings[1] & READ_AWAY for state, _, _ in samples)


def test_a_seat_not_taken_for_normal_loses_its_readings_and_plays_the_fitted_model(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    samples = drawn(monkeypatch, [1.0, 0.0, 1.0, 1.0])
    assert {modelled for _, _, modelled in samples} == {0b0011}
    assert any(state.holdings[1] & READ_AWAY for state, _, _ in samples)
    assert all(len(draws) == 4 * 10 for _, draws, _ in samples), "the modelled seats' draws, one a decision left"


def test_a_seat_that_kept_its_readings_through_the_game_s_earlier_hands_is_taken_for_normal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Normal bots' earlier hands broke no reading, so every seat is taken for Normal whatever its
    plays in this hand would earn; a seat that broke one in an earlier hand is judged again."""
    normal_hands = tuple(tuple(hand.tricks) for hand in known_match(2).hands)
    samples = drawn(monkeypatch, [0.0] * 4, earlier=normal_hands)
    assert {modelled for _, _, modelled in samples} == {0b0001}, "only seat 0, whose plays in this hand proved false"
    breaking = discard_hand("9H")
    play_all(breaking, "KD 5D 9D 9H")
    samples = drawn(monkeypatch, [0.0] * 4, earlier=(*normal_hands, tuple(breaking.tricks)))
    assert {modelled for _, _, modelled in samples} == {0b0101}, "seat 2 broke a reading in the last hand"


def test_a_sample_whose_seats_are_taken_alike_is_drawn_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each sample has its own stream: where a share of one half takes every seat as a share
    of one does, the two draw the very same sample, whatever the other samples drew."""
    certain = drawn(monkeypatch, [1.0] * 4)
    halved = drawn(monkeypatch, [1.0, 0.5, 1.0, 1.0])
    alike = [index for index, sample in enumerate(halved) if sample[2] == 0b0001]
    assert 0 < len(alike) < len(halved)
    for index in alike:
        assert certain[index][0].holdings == halved[index][0].holdings
        assert certain[index][1] == halved[index][1]
