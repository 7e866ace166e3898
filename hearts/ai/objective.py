"""What Hard minimises in a playout: its points, or its game when the game may end this hand.

Over a whole game a point is a point, so the hand's score is the measure — until the totals
near 100: then the hand that ends the game decides it, and 3 points that let someone else cross
100 while this seat is lowest are worth more than none with the game going on. When the view
carries the match totals (:attr:`hearts.View.totals`) and the highest total plus 26 reaches the
target, a playout is valued as a win (0) or a loss (:data:`GAME_LOSS`) if the game ends with
it, and by the hand's points otherwise.
"""

from __future__ import annotations

from typing import Callable, Sequence

from ..rules import GAME_TARGET, MOON_POINTS, game_is_over, hand_scores

#: A lost game, in points: more than any single hand can cost (26).
GAME_LOSS = 2.0 * MOON_POINTS

Objective = Callable[[Sequence[int]], float]


def objective_for(seat: int, totals: Sequence[int] | None) -> Objective:
    """The function from a finished hand's raw points to what ``seat`` wants low."""
    if totals is None or max(totals) + MOON_POINTS < GAME_TARGET:
        return lambda points: hand_scores(points)[seat]
    start = tuple(totals)

    def game_value(points: Sequence[int]) -> float:
        scores = hand_scores(points)
        final = [start[other] + scores[other] for other in range(4)]
        if not game_is_over(final):
            return scores[seat]
        return 0.0 if final[seat] == min(final) else GAME_LOSS

    return game_value
