"""One trick: who led, the cards in play order, and (once complete) who took it."""

from __future__ import annotations

from .cards import Card


class Trick:
    """A trick, complete (``winner`` set) or in progress (``winner`` is None).

    >>> from hearts.game.cards import parse_card
    >>> t = Trick(3, tuple(parse_card(c) for c in ("2C", "KC", "5C", "AD")), 0, 0)
    >>> t.seats
    (3, 0, 1, 2)
    """

    __slots__ = ("leader", "cards", "winner", "points")

    def __init__(self, leader: int, cards: tuple[Card, ...], winner: int | None, points: int) -> None:
        self.leader = leader
        self.cards = cards
        self.winner = winner
        self.points = points

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat that played each card, in play order."""
        return tuple((self.leader + offset) % 4 for offset in range(len(self.cards)))

    @property
    def plays(self) -> tuple[tuple[int, Card], ...]:
        """(seat, card) pairs in play order."""
        return tuple(zip(self.seats, self.cards))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Trick):
            return NotImplemented
        return (self.leader, self.cards, self.winner, self.points) == (
            other.leader,
            other.cards,
            other.winner,
            other.points,
        )

    def __hash__(self) -> int:
        return hash((self.leader, self.cards, self.winner))

    def __repr__(self) -> str:
        shown = " ".join(str(card) for card in self.cards)
        return f"Trick(leader={self.leader}, cards=[{shown}], winner={self.winner}, points={self.points})"
