"""Near 100, Hard plays for the game: the objective, and the totals that reach the bots."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from hearts import Hand
from hearts.ai import Limits
from hearts.ai.objective import GAME_LOSS, PLACE_COST, expected_cost, objective_for
from hearts.ai.search import search_play
from hearts.game.cards import parse_card
from hearts.game.view import View

from ..games import played_hands
from ..positions import play_all

LIMITS = Limits(budget=30.0, pass_budget=30.0, max_samples=40)
CARD = {code: int(parse_card(code)) for code in ("4C", "6C")}


def test_without_totals_or_far_from_100_a_hand_is_its_points() -> None:
    assert objective_for(0, None)([5, 3, 10, 8]) == 5
    assert objective_for(2, (50, 60, 60, 70))([5, 3, 10, 8]) == 10  # 70 + 26 < 100
    assert objective_for(1, None)([26, 0, 0, 0]) == 26  # a moon by seat 0


def test_near_100_a_hand_that_ends_the_game_is_a_win_or_a_loss() -> None:
    value = objective_for(0, (50, 98, 60, 70))
    assert value([5, 3, 10, 8]) == 0.0  # seat 1 crosses 100 and seat 0 is lowest: won
    assert value([5, 0, 13, 8]) == expected_cost(0, [55, 98, 73, 78])  # nobody reaches 100: the game goes on
    assert value([2, 0, 16, 8]) < value([5, 0, 13, 8]) < GAME_LOSS * PLACE_COST[1]  # points still count
    losing = objective_for(0, (80, 98, 60, 70))
    assert losing([5, 3, 10, 8]) == GAME_LOSS * PLACE_COST[2]  # 85, 101, 70, 78: seat 2 wins, seat 0 third
    assert objective_for(0, (50, 80, 60, 70))([26, 0, 0, 0]) == 0.0  # the moon ends it, seat 0 wins


def test_a_tie_for_lowest_keeps_the_game_going() -> None:
    value = objective_for(0, (50, 98, 52, 70))
    assert value([2, 3, 0, 21]) == expected_cost(0, [52, 101, 52, 91])  # tied lowest, no winner yet
    assert 0 < value([2, 3, 0, 21]) < GAME_LOSS * PLACE_COST[1] / 2 + 1


def test_a_game_going_on_costs_by_the_place_its_totals_promise() -> None:
    """Valuing a game that goes on by the hand's points made Hard take points to keep the game
    going until it was the one at 100 and last; its totals now count."""
    assert expected_cost(0, [40, 90, 85, 95]) < 1  # far lowest: as good as won
    assert expected_cost(0, [99, 40, 45, 60]) > GAME_LOSS * PLACE_COST[2]  # far highest: last
    assert expected_cost(0, [70, 99, 60, 85]) < expected_cost(0, [80, 99, 60, 85])  # fewer points, better
    far = expected_cost(0, [30, 40, 20, 80])  # many hands left: the same gap matters less
    assert expected_cost(0, [80, 90, 70, 99]) > far


def test_bots_in_a_match_see_the_totals() -> None:
    match = played_hands(seed=3, hands=2)
    assert match.view(2).totals == tuple(match.totals) and sum(match.totals) >= 26
    assert match.hand.view(2).totals is None


def test_a_game_ending_in_last_place_costs_more_than_in_second() -> None:
    value = objective_for(0, (90, 98, 60, 95))
    second = value([1, 3, 12, 10])  # 91, 101, 72, 105: seat 2 wins, seat 0 second
    assert second == GAME_LOSS * PLACE_COST[1]
    last = value([15, 3, 0, 8])  # 105, 101, 60, 103: seat 0 last
    assert last == GAME_LOSS > second


#: Seat 0 to play the 12th trick's last card; every point but ♥3 is already taken (seat 3 has
#: 25), and the cards still hidden (♣A ♠J ♣K) carry none. Seat 1 led ♣5, seat 2 threw ♥3 on it.
NEAR_END_DEAL = [
    "4C 6C 7C TC JC QC 3S 5S 8S 2H 4H 7H TH",
    "8C 5C AC 4S 6S 9S 2D 5D 4D 7D JD 5H 8H",
    "9C 2S 7S TS JS 3D 6D 8D TD 3H 6H 9H JH",
    "2C 3C KC AS KS QS AD KD QD 9D AH KH QH",
]
NEAR_END_PLAYS = (
    "2C 7C 8C 9C  2S AS 3S 4S  KS 5S 6S 7S  QS 8S 9S TS  AD 2H 2D 3D  AH 4H 5H 6H"
    "  KH 7H 8H 9H  QH TH 5D JH  KD TC 4D 6D  QD JC 7D 8D  9D QC JD TD  5C 3H 3C"
)


def near_end_view(totals: tuple[int, ...]) -> View:
    hand = Hand([code.split() for code in NEAR_END_DEAL], "none")
    play_all(hand, NEAR_END_PLAYS)
    assert hand.turn == 0 and hand.points == [0, 0, 0, 25]
    return replace(hand.view(0), totals=totals)


def test_near_100_hard_takes_a_point_rather_than_end_the_game_in_another_seats_favour() -> None:
    """Seat 0 holds ♣4 and ♣6 on seat 1's ♣5 with ♥3 in the trick. Ducking (♣4) costs nothing
    this hand, so the hand's objective ducks; but then seat 1 (99) takes ♥3, reaches 100 and
    ends the game, and seat 2 (60) wins it. Winning the trick with ♣6 costs seat 0 a point
    (70 → 71) and keeps the game going (seat 3 ends at 85), so the game's objective takes it.
    With seat 0 lowest instead (40), the same ending wins it the game, and it ducks."""
    losing = near_end_view((70, 99, 60, 60))
    assert search_play(losing, Random(1), LIMITS).card == CARD["6C"]
    off = Limits(budget=30.0, pass_budget=30.0, max_samples=40, play_for_game=False)
    assert search_play(losing, Random(1), off).card == CARD["4C"]
    assert search_play(replace(losing, totals=None), Random(1), LIMITS).card == CARD["4C"]
    winning = near_end_view((40, 99, 60, 60))
    assert search_play(winning, Random(1), LIMITS).card == CARD["4C"]


def test_sliced_and_unsliced_game_searches_agree() -> None:
    view = near_end_view((70, 99, 60, 60))
    sliced = Limits(budget=30.0, pass_budget=30.0, max_samples=40, slice_seconds=0.0)
    assert search_play(view, Random(2), sliced) == search_play(view, Random(2), LIMITS)
