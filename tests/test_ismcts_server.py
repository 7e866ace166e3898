"""The arena's ISMCTS answers a question the same way every time, whatever came before."""

from __future__ import annotations

import pytest

from hearts.deal import deal_hands
from hearts.hand import Hand

pytest.importorskip("pyspiel")

from hearts.ai.openspiel_seat import IsmctsSeat, server  # noqa: E402


def test_the_same_seat_and_seed_choose_the_same_cards_after_any_other_question() -> None:
    hand = Hand(deal_hands(12345), "left")
    first = IsmctsSeat(seed=77, simulations=200).choose_pass(hand, 0)
    IsmctsSeat(seed=5, simulations=200).choose_pass(hand, 1)  # a different question in between
    again = IsmctsSeat(seed=77, simulations=200).choose_pass(hand, 0)
    assert first == again


def test_plays_repeat_too_and_are_legal_in_the_replayed_hand() -> None:
    hand = Hand(deal_hands(99), "none")
    hand.play(IsmctsSeat(seed=3, simulations=100).choose_play(hand, hand.turn))
    answers = {IsmctsSeat(seed=4, simulations=100).choose_play(hand, hand.turn) for _ in range(3)}
    assert len(answers) == 1 and answers <= set(hand.legal())


def test_a_question_the_game_cannot_answer_is_a_clear_error_and_the_next_one_is_answered() -> None:
    with pytest.raises(RuntimeError, match="ISMCTS server stopped"):
        server().ask(1, 10, 1, [0])  # only the pass direction: the cards are not dealt yet
    hand = Hand(deal_hands(12345), "left")
    assert len(set(IsmctsSeat(seed=77, simulations=20).choose_pass(hand, 0))) == 3
