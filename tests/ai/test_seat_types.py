"""The posterior chance that a seat plays Normal's way, from its plays so far."""

from __future__ import annotations

from random import Random

from hearts import Hand
from hearts.ai import bot
from hearts.ai.consistency import past_plays
from hearts.ai.inference import read_plays
from hearts.ai.knowledge import knowledge_of
from hearts.ai.seat_types import normal_shares
from hearts.game.deal import deal_hands


def shares_after(level: str, tricks: int, deal: int) -> list[float]:
    """Seat 0's posterior for each other seat after ``tricks`` tricks of a no-pass hand among ``level`` bots."""
    hand = Hand(deal_hands(deal), "none")
    players = [bot("normal")] + [bot(level, seed=deal * 4 + seat) for seat in range(1, 4)]
    while len(hand.tricks) < tricks:
        hand.play(players[hand.turn].choose_play(hand.view(hand.turn)))
    view = hand.view(0)
    readings = read_plays(view)
    shares = normal_shares(past_plays(view, readings.readable), knowledge_of(view), Random(deal))
    return [share for seat, share in enumerate(shares) if seat and readings.readable[seat]]


def test_no_play_to_judge_leaves_every_seat_normal() -> None:
    view = Hand(deal_hands(5), "none").view(0)
    assert normal_shares([], knowledge_of(view), Random(1)) == [1.0, 1.0, 1.0, 1.0]


def test_seats_that_play_normal_s_card_are_read_as_normal_and_careless_ones_less() -> None:
    normal = [share for deal in range(12) for share in shares_after("normal", 6, deal)]
    careless = [share for deal in range(12) for share in shares_after("easy", 6, deal)]
    assert sum(normal) / len(normal) > 0.8
    assert sum(careless) / max(1, len(careless)) < sum(normal) / len(normal) - 0.1


def test_the_same_view_and_seed_give_the_same_shares() -> None:
    assert shares_after("normal", 4, 3) == shares_after("normal", 4, 3)
