"""The engine's fast path: a bare play-phase state on card bitmasks, for the AI's playouts.

:class:`hearts.Hand` validates every input and keeps a full record; a playout needs neither, so
:class:`PlayState` keeps only what decides the rest of the hand (four holdings, the trick so
far, hearts broken, points) and trusts its caller to play legal cards (use :meth:`legal`). The
rules themselves come from :mod:`hearts.game.rules`, so there is still one copy of each rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .cards import HEARTS_MASK
from .rules import NO_SUIT, complete_trick, legal_mask

if TYPE_CHECKING:
    from .hand import Hand


class PlayState:
    """The play phase reduced to integers. ``copy()`` is cheap; ``play()`` does not validate."""

    __slots__ = (
        "holdings",
        "leader",
        "turn",
        "trick",
        "led_suit",
        "first_trick",
        "hearts_broken",
        "points",
        "tricks_left",
    )

    def __init__(
        self,
        holdings: Sequence[int],
        leader: int,
        trick: Sequence[int],
        first_trick: bool,
        hearts_broken: bool,
        points: Sequence[int],
        tricks_left: int,
    ) -> None:
        self.holdings = list(holdings)
        self.leader = leader
        self.trick = list(trick)
        self.turn = (leader + len(self.trick)) % 4
        self.led_suit = self.trick[0] // 13 if self.trick else NO_SUIT
        self.first_trick = first_trick
        self.hearts_broken = hearts_broken
        self.points = list(points)
        self.tricks_left = tricks_left

    @classmethod
    def from_hand(cls, hand: Hand) -> PlayState:
        """The fast state of a :class:`hearts.Hand` in its play phase (uses hidden cards: not for bots)."""
        trick = hand.current_trick
        return cls(
            [sum(1 << c for c in cards) for cards in hand.hands],
            trick.leader,
            trick.cards,
            not hand.tricks,
            hand.hearts_broken,
            hand.points,
            13 - len(hand.tricks),
        )

    def copy(self) -> PlayState:
        clone = PlayState.__new__(PlayState)
        clone.holdings = self.holdings[:]
        clone.leader = self.leader
        clone.turn = self.turn
        clone.trick = self.trick[:]
        clone.led_suit = self.led_suit
        clone.first_trick = self.first_trick
        clone.hearts_broken = self.hearts_broken
        clone.points = self.points[:]
        clone.tricks_left = self.tricks_left
        return clone

    @property
    def over(self) -> bool:
        return self.tricks_left == 0

    def legal(self) -> int:
        """The bitmask of cards the seat to move may play."""
        return legal_mask(self.holdings[self.turn], self.led_suit, self.first_trick, self.hearts_broken)

    def play(self, card: int) -> None:
        """Play ``card`` (which must be legal) for the seat to move."""
        bit = 1 << card
        self.holdings[self.turn] ^= bit
        trick = self.trick
        trick.append(card)
        if bit & HEARTS_MASK:
            self.hearts_broken = True
        if len(trick) == 1:
            self.led_suit = card // 13
        if len(trick) < 4:
            self.turn = (self.turn + 1) & 3
            return
        offset, taken = complete_trick(trick)
        winner = (self.leader + offset) & 3
        self.points[winner] += taken
        self.leader = self.turn = winner
        self.trick = []
        self.led_suit = NO_SUIT
        self.first_trick = False
        self.tricks_left -= 1
