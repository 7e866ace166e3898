"""A game of many hands: seeded deals, the pass cycle, running totals and the end rule.

>>> match = Match(seed=1)
>>> match.hand_number, match.hand.pass_direction, match.totals
(1, 'left', [0, 0, 0, 0])
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from .deal import DEAL_NUMBER_LIMIT, check_deal_number, deal_hands, hand_deal_number
from .document import Document, check_document, check_fields, reading
from .errors import HeartsError, SaveError
from .hand import Hand
from .phase import HandPhase
from .rules import GAME_TARGET, game_is_over, ranks
from .view import EarlierHands, View

PASS_CYCLE = ("left", "right", "across", "none")
MATCH_FORMAT = "hearts.match"
MATCH_VERSION = 1
MATCH_FIELDS = frozenset({"format", "version", "seed", "deal_numbers", "hands"})
_SEED_LIMIT = 1 << 63


def pass_direction_for(hand_number: int) -> str:
    """Hand 1 passes left, 2 right, 3 across, 4 keeps; then the cycle repeats."""
    return PASS_CYCLE[(hand_number - 1) % 4]


def game_before(hands: Sequence[Hand]) -> tuple[tuple[int, ...], EarlierHands]:
    """What a game's finished ``hands`` (in order) show the next hand's views: each seat's total
    and each hand's tricks (:attr:`View.totals`, :attr:`View.earlier_hands`). Shared by
    :meth:`Match.view` and 复盘, which rebuilds the views the hint had.

    >>> game_before([])
    ((0, 0, 0, 0), ())
    """
    totals = [0, 0, 0, 0]
    for hand in hands:
        for seat, score in enumerate(hand.scores or (0, 0, 0, 0)):
            totals[seat] += score
    return tuple(totals), tuple(tuple(hand.tricks) for hand in hands)


class Match(Document):
    """A game: hands are dealt and played until, after a hand, someone has reached 100 and one
    seat alone has the lowest total.

    ``seed`` fixes every deal of the game; the same seed deals the same cards everywhere.
    """

    def __init__(self, seed: int | None = None, *, deal_number: int | None = None) -> None:
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "big") % _SEED_LIMIT  # not `secrets`: its import is slow in Pyodide
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < _SEED_LIMIT:
            raise ValueError(f"seed must be an integer from 0 to 2**63-1, got {seed!r}")
        self.seed = seed
        self.deal_numbers: list[int] = []
        self.hands: list[Hand] = []
        self._deal(deal_number)

    def _deal(self, deal_number: int | None) -> None:
        number = len(self.hands) + 1
        chosen = hand_deal_number(self.seed, number) if deal_number is None else check_deal_number(deal_number)
        self.hands.append(Hand(deal_hands(chosen), pass_direction_for(number)))
        self.deal_numbers.append(chosen)

    @property
    def hand(self) -> Hand:
        """The hand being played (or the last one, once the match is over)."""
        return self.hands[-1]

    def view(self, seat: int) -> View:
        """The current hand's view for ``seat``, with the match totals and the earlier hands'
        tricks (what bots are given)."""
        _, earlier = game_before(self.hands[:-1])
        return replace(self.hand.view(seat), totals=tuple(self.totals), earlier_hands=earlier)

    @property
    def hand_number(self) -> int:
        """1-based number of the current hand."""
        return len(self.hands)

    @property
    def deal_number(self) -> int:
        """The deal number of the current hand: :func:`hearts.game.deal.deal_hands` of it gives its cards."""
        return self.deal_numbers[-1]

    @property
    def history(self) -> list[list[int]]:
        """The scores of every finished hand, in order."""
        return [hand.scores for hand in self.hands if hand.scores is not None]

    @property
    def totals(self) -> list[int]:
        """Each seat's running total over the finished hands."""
        totals = [0, 0, 0, 0]
        for scores in self.history:
            for seat in range(4):
                totals[seat] += scores[seat]
        return totals

    @property
    def over(self) -> bool:
        """True once the current hand is over and the end rule holds."""
        return self.hand.phase == HandPhase.OVER and game_is_over(self.totals, GAME_TARGET)

    @property
    def winner(self) -> int | None:
        """The seat with the unique lowest total once the match is over, else None."""
        if not self.over:
            return None
        totals = self.totals
        return totals.index(min(totals))

    def standings(self) -> list[dict[str, int]]:
        """Seats ordered by total (lowest first) with their rank; equal totals share a rank."""
        totals = self.totals
        seat_ranks = ranks(totals)
        order = sorted(range(4), key=lambda seat: (totals[seat], seat))
        return [{"seat": seat, "rank": seat_ranks[seat], "total": totals[seat]} for seat in order]

    def next_hand(self, deal_number: int | None = None) -> Hand:
        """Deal the next hand (optionally a chosen deal number) once the current one is over."""
        if self.hand.phase != HandPhase.OVER:
            raise HeartsError("the current hand is not over yet")
        if self.over:
            raise HeartsError("the match is over; start a new Match")
        self._deal(deal_number)
        return self.hand

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": MATCH_FORMAT,
            "version": MATCH_VERSION,
            "seed": self.seed,
            "deal_numbers": list(self.deal_numbers),
            "hands": [hand.to_dict() for hand in self.hands],
        }

    @classmethod
    def from_dict(cls, data: Any) -> Match:
        """Rebuild a match, checking that every hand is the deal its number says and that
        every hand but the last was finished."""
        check_document(data, MATCH_FORMAT, MATCH_VERSION, "a saved match")
        check_fields(data, MATCH_FIELDS, "a saved match")
        with reading("a saved match"):
            seed, numbers, hands = data["seed"], data["deal_numbers"], data["hands"]
        if not isinstance(hands, list) or not isinstance(numbers, list) or not hands or len(hands) != len(numbers):
            raise SaveError("saved match needs as many deal numbers as hands, and at least one hand")
        try:
            match = cls(seed, deal_number=numbers[0])
        except (ValueError, HeartsError) as problem:
            raise SaveError(f"saved match is invalid: {problem}") from problem
        match.hands = []
        match.deal_numbers = []
        for index, (number, saved) in enumerate(zip(numbers, hands), start=1):
            if match.hands and match.over:
                raise SaveError(f"saved match continues after it was over (hand {index})")
            if match.hands and match.hand.phase != HandPhase.OVER:
                raise SaveError(f"saved hand {index - 1} is not finished but another hand follows it")
            hand = Hand.from_dict(saved)
            if not isinstance(number, int) or not 0 <= number < DEAL_NUMBER_LIMIT:
                raise SaveError(f"hand {index} has an invalid deal number {number!r}")
            if hand.dealt != deal_hands(number) or hand.pass_direction != pass_direction_for(index):
                raise SaveError(f"hand {index} does not match its deal number {number} and pass direction")
            match.hands.append(hand)
            match.deal_numbers.append(number)
        return match

    def __repr__(self) -> str:
        return f"<Match seed={self.seed} hand={self.hand_number} totals={self.totals} over={self.over}>"
