"""The three levels behind one interface, :class:`Strategy`: ``choose_pass(view)`` and
``choose_play(view)``.

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
from typing import Protocol

from ..game.cards import DECK, Card
from ..game.levels import LEVELS, check_level
from ..game.view import View
from .easy import easy_pass, easy_play
from .normal import normal_pass, normal_play
from .search import Limits, search_pass_steps, search_play_steps
from .steps import Steps, run_steps

__all__ = ["LEVELS", "Strategy", "Bot", "Easy", "Normal", "Hard", "bot"]


class Strategy(Protocol):
    """A computer player: given one seat's view, the cards it passes and plays, whole or in slices.

    :func:`hearts.play_hand` needs only the first two; the page uses the sliced forms.
    """

    def choose_pass(self, view: View) -> tuple[Card, Card, Card]: ...

    def choose_play(self, view: View) -> Card: ...

    def choose_pass_steps(self, view: View) -> Steps[tuple[Card, Card, Card]]: ...

    def choose_play_steps(self, view: View) -> Steps[Card]: ...


class Bot:
    """What the levels share: the seed, each decision's random numbers, and ``choose_*`` as the
    sliced forms run to the end. A level defines ``choose_pass_steps`` and ``choose_play_steps``."""

    level = ""

    def __init__(self, seed: int | None = None) -> None:
        # os.urandom, not `secrets`: importing secrets costs tens of ms at page start in Pyodide.
        self.seed = int.from_bytes(os.urandom(8), "big") if seed is None else seed

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
        raise NotImplementedError

    def choose_play_steps(self, view: View) -> Steps[Card]:
        """:meth:`choose_play` in slices: yields None between slices, returns the card."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


def _trio(cards: tuple[int, int, int]) -> tuple[Card, Card, Card]:
    return DECK[cards[0]], DECK[cards[1]], DECK[cards[2]]


class Easy(Bot):
    """Random passes and random legal plays, with a little sense (:mod:`hearts.ai.easy`)."""

    level = "easy"

    def choose_pass_steps(self, view: View) -> Steps[tuple[Card, Card, Card]]:
        return _trio(easy_pass(view.hand_mask, self.rng_for(view)))
        yield  # a generator that never pauses

    def choose_play_steps(self, view: View) -> Steps[Card]:
        return DECK[easy_play(view, self.rng_for(view))]
        yield


class Normal(Bot):
    """Rules of thumb, no search (:mod:`hearts.ai.normal`); the seed is not used."""

    level = "normal"

    def choose_pass_steps(self, view: View) -> Steps[tuple[Card, Card, Card]]:
        return _trio(normal_pass(view))
        yield

    def choose_play_steps(self, view: View) -> Steps[Card]:
        return DECK[normal_play(view)]
        yield


class Hard(Bot):
    """Sampling search (:mod:`hearts.ai.search`) bounded by ``limits``."""

    level = "hard"

    def __init__(self, seed: int | None = None, limits: Limits | None = None) -> None:
        super().__init__(seed)
        self.limits = limits or Limits()

    def choose_pass_steps(self, view: View) -> Steps[tuple[Card, Card, Card]]:
        return _trio((yield from search_pass_steps(view, self.rng_for(view), self.limits)))

    def choose_play_steps(self, view: View) -> Steps[Card]:
        return DECK[(yield from search_play_steps(view, self.rng_for(view), self.limits)).card]


def bot(level: str, seed: int | None = None, limits: Limits | None = None) -> Bot:
    """A bot of ``level`` (``"easy"``, ``"normal"`` or ``"hard"``); the same seed, the same play.
    ``limits`` bounds Hard's search (the others ignore it)."""
    check_level(level)
    if level == "hard":
        return Hard(seed, limits)
    return (Easy if level == "easy" else Normal)(seed)
