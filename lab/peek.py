"""A seat that peeks, for the lab only: Hard whose play search is dealt the true hidden cards.

The arena's ``peek`` seat measures a ceiling, not a player: every sample of its play search is
the real deal (the other seats' hands as they are), so it plays Hard's search with perfect
knowledge of where the cards lie, and the gap between it and Hard bounds what any better reading
of the other seats' plays could win. Its pass is Hard's own (the cards it will receive are not
in any hand yet). Everything else is Hard's: the budget, the race, the playouts, the fitted
model for seats whose plays are not Normal's.

It is never a level (:data:`hearts.game.levels.LEVELS`) and the wheel never imports it: the page's
bots see only their view, which ``tests/test_ai_fairness.py`` holds them to.

How: for the length of one play search, :func:`hearts.ai.search.knowledge_of` (what the search
samples from) is swapped for one whose ``known`` cards are every other seat's true holding, so
the sampler has nothing left to place at random. The swap lasts from the search's first step to
its last, so a search that pauses (the page's slices) would lend it to others: the arena runs
each to its end.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from hearts.ai import Limits, search
from hearts.ai.bots import Hard
from hearts.ai.knowledge import Knowledge, knowledge_of
from hearts.ai.steps import Steps
from hearts.game.cards import Card
from hearts.game.fastplay import PlayState
from hearts.game.hand import Hand
from hearts.game.view import View


@contextmanager
def dealt_truly(hand: Hand) -> Iterator[None]:
    """While open, Hard's play search knows where every card of ``hand`` lies."""

    def true_knowledge(view: View) -> Knowledge:
        knowledge = knowledge_of(view)
        holdings = PlayState.from_hand(hand).holdings
        known = tuple(0 if seat == view.seat else holdings[seat] & knowledge.unseen for seat in range(4))
        return Knowledge(knowledge.seat, knowledge.unseen, known, knowledge.void, knowledge.sizes)

    # setattr: the search imports knowledge_of without exporting it, and mypy rightly refuses to assign it.
    setattr(search, "knowledge_of", true_knowledge)  # noqa: B010
    try:
        yield
    finally:
        setattr(search, "knowledge_of", knowledge_of)  # noqa: B010


class Peek(Hard):
    """Hard that plays ``hand`` knowing every seat's cards (the arena's ``peek`` seat)."""

    level = "peek"

    def __init__(self, hand: Hand, seed: int | None = None, limits: Limits | None = None) -> None:
        super().__init__(seed, limits)
        self.hand = hand

    def choose_play_steps(self, view: View) -> Steps[Card]:
        with dealt_truly(self.hand):
            return (yield from super().choose_play_steps(view))
