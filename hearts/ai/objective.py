"""What Hard minimises in a playout: its points, or its game when the game may end this hand.

Over a whole game a point is a point, so the hand's score is the measure — until the totals
near 100: then the hand that ends the game decides it, and 3 points that let someone else cross
100 while this seat is lowest are worth more than none with the game going on. When the view
carries the match totals (:attr:`hearts.View.totals`) and the highest total plus 26 reaches the
target, a playout that ends the game is valued by the seat's final place (a win costs nothing, a
loss most of :data:`GAME_LOSS`, last place all of it), and one that does not by the hand's
points, as before. A moon counts as the rules score it (26 to each other seat), so a moon that
ends the game in this seat's favour is worth shooting, and one that ends it in another's is
worth blocking even at a cost in points.
"""

from __future__ import annotations

from typing import Callable, Sequence

from ..rules import GAME_TARGET, MOON_POINTS, game_is_over, hand_scores, ranks

#: A lost game, in points: more than any single hand can cost (26), so that no saving in the
#: hand's points makes it worth ending the game in someone else's favour.
GAME_LOSS = 2.0 * MOON_POINTS
#: Share of :data:`GAME_LOSS` by final place (1st to 4th; equal totals share a place). Second
#: is still a lost game; the steps below it only break ties between losses, so that a seat that
#: cannot win the game still keeps out of last place.
PLACE_COST = (0.0, 0.8, 0.9, 1.0)

Objective = Callable[[Sequence[int]], float]


def objective_for(seat: int, totals: Sequence[int] | None) -> Objective:
    """The function from a finished hand's raw points to what ``seat`` wants low: the hand's
    score for ``seat`` (``totals`` None, or every total too far from the target for this hand to
    end the game), else the game's result where the hand ends it."""
    if totals is None or max(totals) + MOON_POINTS < GAME_TARGET:
        return lambda points: hand_scores(points)[seat]
    start = tuple(totals)

    def game_value(points: Sequence[int]) -> float:
        scores = hand_scores(points)
        final = [start[other] + scores[other] for other in range(4)]
        if not game_is_over(final):
            return scores[seat]
        return GAME_LOSS * PLACE_COST[ranks(final)[seat] - 1]

    return game_value
