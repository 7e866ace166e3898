"""One hand played out by four computer players: the loop that the arena and the tests share,
instead of each writing its own (the engine benchmark times the bare engine calls instead).

A player is anything with ``choose_pass(view)`` and ``choose_play(view)`` (every
:class:`hearts.ai.Strategy` is one). The driver hands each seat its own :class:`hearts.View`
and nothing else, so no player can see a hidden card.

>>> import hearts, hearts.ai
>>> players = [hearts.ai.bot("normal", seed=seat) for seat in range(4)]
>>> hand = hearts.play_hand(hearts.deal_hands(7), "left", players)
>>> hand.phase, sum(hand.scores) in (26, 78)
('over', True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from .cards import Card, CardLike
from .hand import Hand
from .phase import HandPhase
from .view import View


class Player(Protocol):
    """What :func:`play_rest` asks of a seat."""

    def choose_pass(self, view: View) -> tuple[Card, Card, Card]: ...

    def choose_play(self, view: View) -> Card: ...


def play_hand(deal: Sequence[Iterable[CardLike]], direction: str, players: Sequence[Player]) -> Hand:
    """Play the hand dealt ``deal`` with pass ``direction``, ``players[seat]`` at each seat;
    return the finished :class:`hearts.Hand`."""
    hand = Hand(deal, direction)
    play_rest(hand, players)
    return hand


def play_rest(hand: Hand, players: Sequence[Player]) -> Hand:
    """Play ``hand`` from wherever it stands to its end (its passes first, if still due): for a
    hand begun elsewhere, such as a :class:`hearts.Match`'s. Returns ``hand``."""
    if hand.phase == HandPhase.PASS:
        for seat in range(4):
            if hand.passed[seat] is None:
                hand.pass_cards(seat, players[seat].choose_pass(hand.view(seat)))
    while hand.phase == HandPhase.PLAY:
        mover = hand.turn
        assert mover is not None
        hand.play(players[mover].choose_play(hand.view(mover)))
    return hand
