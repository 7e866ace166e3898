"""What Hard minimises in a playout: its points, or its game when the game may end this hand.

Over a whole game a point is a point, so the hand's score is the measure — until the totals
near 100: then the hand that ends the game decides it, and 3 points that let someone else cross
100 while this seat is lowest are worth more than none with the game going on. When the view
carries the match totals (:attr:`hearts.View.totals`) and the highest total plus 26 reaches the
target, every playout is valued in lost games (:data:`GAME_LOSS`): one that ends the game by
the seat's final place (a win costs nothing, second most of a loss, last place all of it), one
that does not by the place the totals after it promise (:func:`expected_cost`). The latter
matters as much as the former: valuing a game that goes on by the hand's points alone made
Hard take points to keep the game going until it was the one at 100. A moon counts as the
rules score it (26 to each other seat), so a moon that ends the game in this seat's favour is
worth shooting, and one that ends it in another's is worth blocking even at a cost in points.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from ..game.rules import GAME_TARGET, MOON_POINTS, game_is_over, hand_scores, ranks

#: A lost game, in points: more than any single hand can cost (26), so that no saving in the
#: hand's points makes it worth ending the game in someone else's favour.
GAME_LOSS = 2.0 * MOON_POINTS
#: Share of :data:`GAME_LOSS` by final place (1st to 4th; equal totals share a place). Second
#: is still a lost game; the steps below it only break ties between losses, so that a seat that
#: cannot win the game still keeps out of last place.
PLACE_COST = (0.0, 0.8, 0.9, 1.0)
#: How two seats' totals drift apart over one more hand: the spread (standard deviation) of the
#: difference of their scores in a hand, in points (each seat's score has a spread of about 7).
HAND_SPREAD = 10.0
#: Points the highest total gains in a typical hand, to guess how many hands are left.
POINTS_PER_HAND = 8.0

Objective = Callable[[Sequence[int]], float]


def objective_for(seat: int, totals: Sequence[int] | None) -> Objective:
    """The function from a finished hand's raw points to what ``seat`` wants low: the hand's
    score for ``seat`` (``totals`` None, or every total too far from the target for this hand to
    end the game), else the game's cost in points (see the module docstring)."""
    if totals is None or not game_may_end(totals):
        return lambda points: hand_scores(points)[seat]
    start = tuple(totals)

    def game_value(points: Sequence[int]) -> float:
        scores = hand_scores(points)
        final = [start[other] + scores[other] for other in range(4)]
        if not game_is_over(final):
            return expected_cost(seat, final)
        return GAME_LOSS * PLACE_COST[ranks(final)[seat] - 1]

    return game_value


def game_may_end(totals: Sequence[int]) -> bool:
    """Whether a hand played from ``totals`` can end the game: the highest total plus a moon's
    26 reaches the target. Before that hand the objective is the hand's points, so a seat
    playing for the game plays exactly as one that does not.

    >>> game_may_end([73, 40, 20, 10]), game_may_end([74, 40, 20, 10])
    (False, True)
    """
    return max(totals) + MOON_POINTS >= GAME_TARGET


def expected_cost(seat: int, totals: Sequence[int]) -> float:
    """What a game going on from ``totals`` is worth to ``seat``, in the units of a finished one.

    The totals drift apart by :data:`HAND_SPREAD` per hand for about as many hands as the
    highest total needs to reach the target; ``seat`` stays below another seat with the normal
    probability of that drift, independently of the others (a rough model: it only has to rank
    the totals a playout can leave the way the rest of the game would). The cost is then a loss
    unless it ends lowest, plus the place steps of :data:`PLACE_COST` for the seats expected
    below it."""
    hands_left = 1.0 + max(0, GAME_TARGET - max(totals)) / POINTS_PER_HAND
    spread = HAND_SPREAD * math.sqrt(hands_left)
    below = [_normal_cdf((totals[other] - totals[seat]) / spread) for other in range(4) if other != seat]
    win = below[0] * below[1] * below[2]
    place = 1.0 + sum(1.0 - chance for chance in below)
    return GAME_LOSS * ((1.0 - win) * PLACE_COST[1] + (PLACE_COST[2] - PLACE_COST[1]) * max(0.0, place - 2.0))


def _normal_cdf(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))
