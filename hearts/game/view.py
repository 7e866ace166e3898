"""What one seat may know about a hand: the only input bots and hints ever receive.

A :class:`View` is built by :meth:`hearts.Hand.view`. It holds the seat's own cards, the cards it
passed and received, the public record of play, and the voids the other seats have shown. It
holds nothing about where the other unplayed cards are, so a strategy that is given a View
cannot peek, by construction.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, cards_of
from .phase import HandPhase
from .trick import Trick

#: A game's finished hands before this one as a seat saw them: each hand's tricks, oldest first.
EarlierHands = tuple[tuple[Trick, ...], ...]


@dataclass(frozen=True, slots=True)
class View:
    """One seat's knowledge of a hand at one moment.

    Masks (``*_mask``) are card bitmasks for fast strategies; the tuples hold the same cards as
    :class:`Card` objects for readable ones.
    """

    seat: int
    phase: HandPhase
    pass_direction: str
    #: The seat this seat passes to / receives from (None on a no-pass hand).
    pass_target: int | None
    pass_source: int | None
    hand_mask: int
    #: The 3 cards this seat gave (None before it has passed or on a no-pass hand).
    passed: tuple[Card, ...] | None
    #: The 3 cards it was given (None until the exchange).
    received: tuple[Card, ...] | None
    #: Every card played this hand, in order, with the seat that played it.
    plays: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    current_trick: Trick
    points: tuple[int, ...]
    hearts_broken: bool
    queen_played: bool
    #: Per seat, a 4-bit mask of suits (bit 0 = clubs … bit 3 = hearts) it has shown void in.
    void_suits: tuple[int, ...]
    turn: int | None
    #: The cards this seat may play now (empty unless it is this seat's turn).
    legal_mask: int
    played_mask: int
    #: Each seat's match total before this hand, when the view comes from a game
    #: (:meth:`hearts.Match.view`); None for a lone hand. Lets a bot play for the game near 100.
    totals: tuple[int, ...] | None = None
    #: The tricks of each finished hand of the game before this one, oldest first, when the view
    #: comes from a game; () otherwise. Public (every seat saw them played): a bot may learn from
    #: them how the other seats play (:func:`hearts.ai.inference.broke_readings`).
    earlier_hands: EarlierHands = ()

    @property
    def hand(self) -> tuple[Card, ...]:
        """This seat's cards, sorted by suit and rank."""
        return cards_of(self.hand_mask)

    @property
    def legal(self) -> tuple[Card, ...]:
        """The cards this seat may play now."""
        return cards_of(self.legal_mask)

    @property
    def voids(self) -> tuple[frozenset[str], ...]:
        """Per seat, the suit letters it has shown it does not hold."""
        return tuple(frozenset("CDSH"[s] for s in range(4) if bits >> s & 1) for bits in self.void_suits)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat still holds (public: everyone sees the cards played)."""
        played = [0, 0, 0, 0]
        for seat, _ in self.plays:
            played[seat] += 1
        return tuple(13 - n for n in played)
