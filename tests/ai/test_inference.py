"""Reading the other seats' plays: what each of them cannot hold, trusted only once confirmed."""

from __future__ import annotations

from random import Random

from hearts import View
from hearts.ai.inference import UNCONFIRMED_SHARE, broke_readings, read_plays
from hearts.ai.knowledge import knowledge_of
from hearts.ai.sampling import sample_hidden
from hearts.game.cards import cards_of, mask_of, parse_card

from ..games import known_match, normal_decisions
from ..positions import discard_hand, play_all

QUEEN = 1 << parse_card("QS")


def confirmed_absent(view: View) -> tuple[int, ...]:
    """Per seat, the unseen cards its plays say it does not hold, for the seats whose readings
    are confirmed (0 for the others and for this seat): what every sample respects."""
    readings = read_plays(view)
    return tuple(absent if trusted else 0 for absent, trusted in zip(readings.absent, readings.trusted))


def test_readings_of_normal_players_are_never_wrong_and_often_useful() -> None:
    read = 0
    for view, holdings in normal_decisions(8):
        absent = confirmed_absent(view)
        assert absent[view.seat] == 0
        for seat in range(4):
            assert not absent[seat] & holdings[seat]
        read += sum(mask.bit_count() for mask in absent)
    assert read > 8 * 52 * 2  # a few cards per decision on average


def test_a_trusted_seat_that_throws_something_else_when_void_has_no_queen() -> None:
    view = discard_hand("8H").view(0)
    absent = confirmed_absent(view)
    assert {"QS", "KS", "AS", "9H", "AH"} <= {str(card) for card in cards_of(absent[2])}
    assert absent[1] == 0  # seat 1's reading (no club above ♣7) is not confirmed yet
    rng = Random(5)
    knowledge = knowledge_of(view)
    assert not any(sample_hidden(knowledge, rng, absent)[2] & QUEEN for _ in range(40))
    assert any(sample_hidden(knowledge, rng)[2] & QUEEN for _ in range(40))


def test_a_seat_that_plays_a_card_it_said_it_did_not_hold_is_no_longer_read() -> None:
    hand = discard_hand("9H")  # seat 2 kept ♥9 when it threw ♣K: not the way Normal plays
    assert confirmed_absent(hand.view(0))[2] & mask_of(["9H"])
    play_all(hand, "KD 5D 9D 9H")
    assert confirmed_absent(hand.view(0))[2] == 0


def test_normal_bots_never_break_a_reading_and_a_seat_that_plays_otherwise_does() -> None:
    match = known_match(6)
    assert [broke_readings(tuple(hand.tricks)) for hand in match.hands] == [0] * 6
    hand = discard_hand("9H")
    play_all(hand, "KD 5D 9D 9H")  # seat 2 throws ♥9, which its ♣K said it did not hold
    assert broke_readings(tuple(hand.tricks)) == 0b0101, "and seat 0 played ♦4 under ♦A, then ♦5"


def test_readings_that_cannot_all_hold_are_dropped_by_the_sampler() -> None:
    view = discard_hand("8H").view(0)
    knowledge = knowledge_of(view)
    impossible = (0, knowledge.unseen, knowledge.unseen, knowledge.unseen)
    holdings = sample_hidden(knowledge, Random(1), impossible)
    assert sum(mask.bit_count() for mask in holdings) == knowledge.unseen.bit_count()


def test_unconfirmed_readings_count_in_most_samples_and_confirmed_ones_in_all() -> None:
    view = discard_hand("8H").view(0)
    readings = read_plays(view)
    assert readings.trusted[2] and not readings.trusted[1]
    assert readings.absent[1] & mask_of(["JC", "QC", "AC"])  # it shed its highest club, ♣7, on ♣2
    assert readings.absent[2] == confirmed_absent(view)[2]
    rng = Random(3)
    draws = [readings.draw(rng) for _ in range(400)]
    assert all(draw[2] == readings.absent[2] and draw[0] == draw[3] == 0 for draw in draws)
    share = sum(draw[1] == readings.absent[1] for draw in draws) / len(draws)
    assert all(draw[1] in (0, readings.absent[1]) for draw in draws)
    assert abs(share - UNCONFIRMED_SHARE) < 0.08


def test_a_contradicted_seat_has_no_readings_at_all() -> None:
    hand = discard_hand("9H")
    play_all(hand, "KD 5D 9D 9H")
    readings = read_plays(hand.view(0))
    assert readings.absent[2] == 0
