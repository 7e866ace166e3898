"""The arenas' seats: a player by its seat name, each bot's seed, and every decision timed.

Shared by the deal arena (:mod:`lab.arena`) and the game arena (:mod:`lab.game_arena`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from hearts.ai import Limits, bot
from hearts.game.cards import Card
from hearts.game.driver import Player
from hearts.game.hand import Hand
from hearts.game.view import EarlierHands, View

T = TypeVar("T")


class Timed:
    """A player whose every decision is timed: (wall ms, CPU ms of this process) into ``times``."""

    def __init__(self, player: Player, times: list[tuple[float, float]]) -> None:
        self.player, self.times = player, times

    def choose_pass(self, view: View) -> tuple[Card, Card, Card]:
        return self._timed(self.player.choose_pass, view)

    def choose_play(self, view: View) -> Card:
        return self._timed(self.player.choose_play, view)

    def _timed(self, choose: Callable[[View], T], view: View) -> T:
        wall, cpu = time.perf_counter(), time.process_time()
        answer = choose(view)
        self.times.append(((time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000))
        return answer


class Remembering:
    """A player shown ``earlier`` as its game's earlier hands (:attr:`hearts.View.earlier_hands`),
    as :meth:`hearts.Match.view` shows the bots of a game."""

    def __init__(self, player: Player, earlier: EarlierHands) -> None:
        self.player, self.earlier = player, earlier

    def choose_pass(self, view: View) -> tuple[Card, Card, Card]:
        return self.player.choose_pass(replace(view, earlier_hands=self.earlier))

    def choose_play(self, view: View) -> Card:
        return self.player.choose_play(replace(view, earlier_hands=self.earlier))


def make_player(name: str, seed: int, limits: Limits, hand: Hand) -> Player:
    """The player ``name`` for ``hand`` (an ISMCTS or xinxin seat replays the hand's record; our bots see
    only their view, except the lab's ``peek``, which is dealt the hand's true cards)."""
    if name == "ismcts":
        from .openspiel_seat import IsmctsSeat

        return IsmctsSeat(seed, hand)
    if name == "xinxin":
        from .xinxin_seat import XinxinSeat

        return XinxinSeat(seed, hand)
    if name == "peek":
        from .peek import Peek

        return Peek(hand, seed, limits)
    return bot(name, seed=seed, limits=limits)


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in the hand or game seeded ``seed``: what a replay of a
    logged hand needs to repeat the bot's choices (``lab.moon_lines``)."""
    return seed * 4 + seat
