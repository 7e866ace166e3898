"""The three levels behind one interface: ``choose_pass(view)`` and ``choose_play(view)``.

Each also comes sliced, for a page that must stay responsive while Hard thinks:
``choose_pass_steps(view)`` and ``choose_play_steps(view)`` are generators that yield ``None``
between slices of about 30 ms of work and return the choice (``StopIteration.value``); see
:mod:`hearts.ai.steps`. ``choose_*`` is exactly those steps run to the end, so both give the
same card. Easy and Normal answer in a single step (they never yield).

A bot keeps no state between decisions: each choice is a function of the seed and the view
alone (its random numbers are drawn from a generator seeded by both). That makes a bot
repeatable, lets the page build a fresh bot for every move, and is what the fairness test
checks: hidden cards that do not change the view cannot change the choice.
"""

from __future__ import annotations

import os
from random import Random

from ..cards import DECK, Card
from ..view import View
from .easy import easy_pass, easy_play
from .normal import normal_pass, normal_play
from .search import Limits, search_pass_steps, search_play_steps
from .steps import Steps, run_steps

LEVELS = ("easy", "normal", "hard")


class Bot:
    """A computer player of one level. ``limits`` bounds Hard's search (ignored by the others)."""

    def __init__(self, level: str, seed: int | None = None, limits: Limits | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(LEVELS)}, got {level!r}")
        self.level = level
        # os.urandom, not `secrets`: importing secrets costs tens of ms at page start in Pyodide.
        self.seed = int.from_bytes(os.urandom(8), "big") if seed is None else seed
        self.limits = limits or Limits()

    def rng_for(self, view: View) -> Random:
        """The random numbers of one decision: fixed by the seed and what the seat knows."""
        mixed = (self.seed << 192) ^ (view.hand_mask << 128) ^ (view.played_mask << 64)
        return Random(mixed ^ (len(view.plays) << 8) ^ view.seat)

    def choose_pass(self, view: View) -> tuple[Card, Card, Card]:
        """The 3 cards to pass (only asked on a hand that passes)."""
        return run_steps(self.choose_pass_steps(view))

    def choose_play(self, view: View) -> Card:
        """One legal card (asked only when it is this seat's turn)."""
        return run_steps(self.choose_play_steps(view))

    def choose_pass_steps(self, view: View) -> Steps[tuple[Card, Card, Card]]:
        """:meth:`choose_pass` in slices: yields None between slices, returns the 3 cards."""
        if self.level == "easy":
            trio = easy_pass(view.hand_mask, self.rng_for(view))
        elif self.level == "normal":
            trio = normal_pass(view)
        else:
            trio = yield from search_pass_steps(view, self.rng_for(view), self.limits)
        return DECK[trio[0]], DECK[trio[1]], DECK[trio[2]]

    def choose_play_steps(self, view: View) -> Steps[Card]:
        """:meth:`choose_play` in slices: yields None between slices, returns the card."""
        if self.level == "easy":
            card = easy_play(view, self.rng_for(view))
        elif self.level == "normal":
            card = normal_play(view)
        else:
            card = (yield from search_play_steps(view, self.rng_for(view), self.limits)).card
        return DECK[card]

    def __repr__(self) -> str:
        return f"Bot({self.level!r}, seed={self.seed})"


def bot(level: str, seed: int | None = None, limits: Limits | None = None) -> Bot:
    """A bot of ``level`` (``"easy"``, ``"normal"`` or ``"hard"``); the same seed, the same play."""
    return Bot(level, seed, limits)
