"""Bots cannot peek: hidden cards dealt differently, with the same view, give the same choice."""

from __future__ import annotations

from dataclasses import replace
from random import Random

import pytest

from hearts import Hand
from hearts.ai import LEVELS, Limits, bot
from hearts.ai.knowledge import knowledge_of
from hearts.ai.sampling import sample_hidden
from hearts.game.cards import cards_of
from hearts.game.deal import deal_hands

from .fairness import positions, redealt

#: A sample cap far below what the budget allows, so Hard's work does not depend on the clock.
LIMITS = Limits(budget=30.0, pass_budget=30.0, max_samples=12)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("number, direction", [(11, "left"), (12, "across"), (13, "none")])
def test_play_ignores_how_hidden_cards_lie(level: str, number: int, direction: str) -> None:
    rng = Random(number)
    for hand, seat in positions(number, direction):
        other = redealt(hand, seat, rng)
        assert other.view(seat) == hand.view(seat)
        assert [other.hands[s] for s in range(4) if s != seat] != [hand.hands[s] for s in range(4) if s != seat]
        first = bot(level, seed=99, limits=LIMITS).choose_play(hand.view(seat))
        second = bot(level, seed=99, limits=LIMITS).choose_play(other.view(seat))
        assert first == second


@pytest.mark.parametrize("level", LEVELS)
def test_play_for_the_game_ignores_how_hidden_cards_lie(level: str) -> None:
    """The match totals are public; near 100 Hard's objective changes, its fairness must not."""
    rng = Random(7)
    totals = (70, 95, 60, 88)
    for hand, seat in positions(11, "left"):
        other = redealt(hand, seat, rng)
        mine, theirs = (replace(h.view(seat), totals=totals) for h in (hand, other))
        assert mine == theirs
        assert bot(level, seed=99, limits=LIMITS).choose_play(mine) == bot(level, seed=99, limits=LIMITS).choose_play(
            theirs
        )


@pytest.mark.parametrize("level", LEVELS)
def test_pass_ignores_how_hidden_cards_lie(level: str) -> None:
    hand = Hand(deal_hands(21), "right")
    mine = hand.dealt[0]
    others = [card for seat in (1, 2, 3) for card in hand.dealt[seat]]
    Random(4).shuffle(others)
    other = Hand([mine, others[:13], others[13:26], others[26:]], "right")
    assert other.view(0) == hand.view(0)
    first = bot(level, seed=5, limits=LIMITS).choose_pass(hand.view(0))
    assert bot(level, seed=5, limits=LIMITS).choose_pass(other.view(0)) == first


def test_sampled_hidden_cards_respect_what_the_seat_knows() -> None:
    for hand, seat in positions(31, "left"):
        view = hand.view(seat)
        knowledge = knowledge_of(view)
        for attempt in range(20):
            hidden = sample_hidden(knowledge, Random(attempt))
            assert hidden[seat] == 0
            union = 0
            for other in range(4):
                if other == seat:
                    continue
                assert not union & hidden[other]
                union |= hidden[other]
                assert hidden[other].bit_count() == view.hand_sizes[other]
                assert hidden[other] & knowledge.known[other] == knowledge.known[other]
                for suit in range(4):
                    if view.void_suits[other] >> suit & 1:
                        assert not any(card // 13 == suit for card in cards_of(hidden[other]))
            assert union == knowledge.unseen


def test_a_passed_card_is_known_to_sit_with_the_receiver_until_played() -> None:
    hand, seat = positions(31, "left")[0]
    view = hand.view(seat)
    knowledge = knowledge_of(view)
    unplayed_passed = {card for card in view.passed if not view.played_mask >> card & 1}
    assert unplayed_passed
    assert set(cards_of(knowledge.known[view.pass_target])) == unplayed_passed


def test_same_seed_same_choice_and_seeds_matter() -> None:
    view = next(hand.view(seat) for hand, seat in positions(41, "none") if len(hand.legal()) >= 3)
    first = bot("hard", seed=7, limits=LIMITS).choose_play(view)
    assert all(bot("hard", seed=7, limits=LIMITS).choose_play(view) == first for _ in range(3))
    easy_choices = {bot("easy", seed=s).choose_play(view) for s in range(40)}
    assert len(easy_choices) > 1  # Easy's randomness does come from the seed
