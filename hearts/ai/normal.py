"""Normal: the spec's strategy section played straight from the view, with no lookahead.

Passing follows :mod:`hearts.ai.passing`; play is :func:`hearts.ai.policy.duck_card` fed with
everything the view tells — the unseen cards, the voids other seats have shown and whether one
of them is on its way to the moon.
"""

from __future__ import annotations

from ..game.view import View
from .knowledge import knowledge_of, moon_threat, queen_taken
from .passing import best_pass
from .policy import duck_card


def normal_pass(view: View) -> tuple[int, int, int]:
    """The best pass by the static danger score (no sampling: that is Hard's refinement)."""
    return best_pass(view.hand_mask)


def normal_play(view: View) -> int:
    """The ducking heuristic's card; also Hard's tie-breaker among equally good candidates."""
    knowledge = knowledge_of(view)
    trick = view.current_trick
    threat = moon_threat(view.points, queen_taken(view))
    return duck_card(
        view.seat,
        view.hand_mask,
        view.legal_mask,
        list(trick.cards),
        trick.leader,
        knowledge.unseen,
        knowledge.void,
        threat,
    )
