"""Near 100, Hard plays for the game: the objective, and the totals that reach the bots."""

from __future__ import annotations

from hearts.ai.objective import GAME_LOSS, objective_for

from .games import played_hands


def test_without_totals_or_far_from_100_a_hand_is_its_points() -> None:
    assert objective_for(0, None)([5, 3, 10, 8]) == 5
    assert objective_for(2, (50, 60, 60, 70))([5, 3, 10, 8]) == 10  # 70 + 26 < 100
    assert objective_for(1, None)([26, 0, 0, 0]) == 26  # a moon by seat 0


def test_near_100_a_hand_that_ends_the_game_is_a_win_or_a_loss() -> None:
    value = objective_for(0, (50, 98, 60, 70))
    assert value([5, 3, 10, 8]) == 0.0  # seat 1 crosses 100 and seat 0 is lowest: won
    assert value([5, 0, 13, 8]) == 5  # nobody reaches 100: the points still count
    losing = objective_for(0, (80, 98, 60, 70))
    assert losing([5, 3, 10, 8]) == GAME_LOSS  # seat 2 ends lowest
    assert objective_for(0, (50, 80, 60, 70))([26, 0, 0, 0]) == 0.0  # the moon ends it, seat 0 wins


def test_a_tie_for_lowest_keeps_the_game_going() -> None:
    value = objective_for(0, (50, 98, 52, 70))
    assert value([2, 3, 0, 21]) == 2  # 52, 101, 52, 91: tied lowest, no winner yet


def test_bots_in_a_match_see_the_totals() -> None:
    match = played_hands(seed=3, hands=2)
    assert match.view(2).totals == tuple(match.totals) and sum(match.totals) >= 26
    assert match.hand.view(2).totals is None
