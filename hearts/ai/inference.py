"""Reading the other seats' plays: which unseen cards each of them probably does not hold.

Shown voids are certain; this is the softer knowledge a card counter draws from *how* someone
played. A seat that plays sensibly leads the lowest card of the suit it leads, follows with the
highest card that still loses, and, when void, throws Q♠ at the first chance, then A♠/K♠ while
Q♠ is out, then a high heart. So a seat that followed ♦9 under ♦K has no ♦T–♦Q; a seat that
threw ♣A on a spade lead while Q♠ was out does not hold Q♠. Each rule here mirrors one of
:mod:`hearts.ai.policy`'s choices and is applied only where that choice did not depend on
anything the onlookers cannot see (nor on moon defence, which changes the choices).

Not everybody plays this way (people, other programs), and a wrong reading misplaces cards
in every sample. So a seat's readings are dropped for good once one proves false (the seat
played a card it supposedly did not hold), and until one has come true — every card it said
the seat did not hold has since turned up elsewhere — they are only *probable*: the search
applies them in most samples, not all (:data:`UNCONFIRMED_SHARE`), so a misreading is hedged
while the readings of a seat that does play this way count from its first trick (waiting for
a confirmation threw away what, against such players, was already certain). The sampler keeps
the cards away from the seat when it can; when the deductions cannot all hold, it drops them
rather than fail.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from random import Random

from ..game.cards import CARD_POINTS, FULL_DECK, HEARTS, QUEEN_MASK, QUEEN_OF_SPADES, SPADES, SUIT_MASKS
from ..game.trick import Trick
from ..game.view import View
from .knowledge import moon_threat

_HEARTS_MASK = SUIT_MASKS[HEARTS]
_SPADES_ABOVE_QUEEN = SUIT_MASKS[SPADES] & ~((QUEEN_MASK << 1) - 1)
#: A seat's plays are trusted once readings naming this many cards in all have come true.
TRUST_AFTER = 1
#: The share of samples in which a seat's not yet confirmed (nor contradicted) readings hold.
UNCONFIRMED_SHARE = 0.75
#: Hearts at or above this rank (9♥) are thrown before anything but Q♠, A♠ and K♠.
_HIGH_HEART_RANK = 7


def _between(low: int, high: int) -> int:
    """The cards strictly between two cards of one suit."""
    return ((1 << high) - 1) & ~((2 << low) - 1)


def _below(card: int) -> int:
    """The cards of ``card``'s suit below it."""
    return ((1 << card) - 1) & SUIT_MASKS[card // 13]


def _above(card: int) -> int:
    """The cards of ``card``'s suit above it."""
    return SUIT_MASKS[card // 13] & ~((2 << card) - 1)


@dataclass(frozen=True)
class Readings:
    """Per seat, the unseen cards its plays say it does not hold (0 for this seat and for a
    seat whose plays proved unreadable), whether a reading of it has come true, and whether
    its plays are still readable (none proved false; False for this seat)."""

    absent: tuple[int, ...]
    trusted: tuple[bool, ...]
    readable: tuple[bool, ...]

    def draw(self, rng: Random, seats: int = 0b1111) -> tuple[int, ...]:
        """The readings one sample respects, of the seats in the mask ``seats`` only: a trusted
        seat's always, the others' in :data:`UNCONFIRMED_SHARE` of the samples (each seat drawn
        on its own)."""
        return tuple(
            absent if seats >> seat & 1 and (self.trusted[seat] or rng.random() < UNCONFIRMED_SHARE) else 0
            for seat, absent in enumerate(self.absent)
        )


def read_plays(view: View) -> Readings:
    """What every other seat's plays so far say it does not hold (see :class:`Readings`)."""
    mine = view.hand_mask
    for seat, card in view.plays:
        if seat == view.seat:
            mine |= 1 << card
    tricks = list(view.tricks)
    if view.current_trick.cards:
        tricks.append(view.current_trick)
    absent, unreadable, readings = _walk(tricks, view.seat, mine)
    unseen = FULL_DECK ^ view.hand_mask ^ view.played_mask
    confirmed = [0, 0, 0, 0]
    for seat, reading in readings:
        if not reading & unseen:
            confirmed[seat] += reading.bit_count()
    return Readings(
        tuple(0 if unreadable[seat] else absent[seat] & unseen for seat in range(4)),
        tuple(confirmed[seat] >= TRUST_AFTER for seat in range(4)),
        tuple(seat != view.seat and not unreadable[seat] for seat in range(4)),
    )


@lru_cache(maxsize=64)
def broke_readings(tricks: tuple[Trick, ...]) -> int:
    """The mask of the seats whose plays in a finished hand's ``tricks`` broke a reading (played
    a card an earlier play of theirs said they did not hold). It depends on the cards played
    alone, so every seat at the table finds the same; Normal's way of playing never breaks one.
    Cached: a game's earlier hands are asked about at every decision of its later ones."""
    _, unreadable, _ = _walk(tricks, -1, 0)
    return sum(1 << seat for seat in range(4) if unreadable[seat])


def _walk(tricks: Sequence[Trick], reader: int, mine: int) -> tuple[list[int], list[bool], list[tuple[int, int]]]:
    """Read the plays of ``tricks`` as ``reader`` (holding or having held ``mine``) sees them: per
    seat the cards read as absent and whether a reading proved false, and every reading made
    (seat, cards) in order."""
    absent = [0, 0, 0, 0]
    unreadable = [False, False, False, False]
    readings: list[tuple[int, int]] = []  # (seat, cards it said the seat did not hold)
    played = 0
    points = [0, 0, 0, 0]
    queen_taken = False
    for number, trick in enumerate(tricks):
        threat = moon_threat(points, queen_taken)
        cards = trick.cards
        led = cards[0] // 13
        winning = cards[0]
        winner = trick.leader
        for offset, card in enumerate(cards):
            seat = (trick.leader + offset) % 4
            if absent[seat] >> card & 1:
                unreadable[seat] = True
            if seat != reader and not unreadable[seat]:
                if offset == 0:
                    reading = _below(card)
                elif card // 13 == led:
                    reading = _follow_absent(card, cards[:offset], winning, winner, threat, played)
                elif number > 0 and not (threat is not None and threat == winner):
                    reading = _discard_absent(card, played)
                else:
                    reading = 0
                reading &= ~played & ~mine  # only cards that might have been in its hand
                if reading:
                    absent[seat] |= reading
                    readings.append((seat, reading))
            played |= 1 << card
            if card // 13 == led and card > winning:
                winning, winner = card, seat
        if trick.winner is not None:
            points[trick.winner] += trick.points
            queen_taken = queen_taken or QUEEN_OF_SPADES in cards
    return absent, unreadable, readings


def _follow_absent(
    card: int, before: tuple[int, ...], winning: int, winner: int, threat: int | None, played: int
) -> int:
    """Following suit: the highest card under the winner, or else a choice among the cards above."""
    if card < winning:
        return _between(card, winning)  # the highest card that still loses
    led = before[0] // 13
    points_in_trick = any(CARD_POINTS[c] for c in before)
    if threat is not None and winner == threat and (points_in_trick or led == HEARTS):
        return 0  # moon defence: it may have overtaken on purpose
    absent = _below(winning)  # it could not duck
    if card == QUEEN_OF_SPADES:
        return absent | SUIT_MASKS[SPADES] & ~QUEEN_MASK  # Q♠ over the winner only when it is all it has
    last = len(before) == 3
    queen_out = not played & QUEEN_MASK
    if led == SPADES and queen_out and not last and not points_in_trick:
        return absent  # whether it shed high or low depended on whether it holds Q♠
    if last or not (points_in_trick or led == HEARTS or (led == SPADES and queen_out)):
        return absent | _above(card) & ~QUEEN_MASK  # it shed its highest
    return absent | _between(winning, card) & ~QUEEN_MASK  # it played its lowest winner


def _discard_absent(card: int, played: int) -> int:
    """Void in the suit led: Q♠ first, then A♠/K♠ while Q♠ is out, then a high heart."""
    if card == QUEEN_OF_SPADES:
        return 0
    absent = QUEEN_MASK
    if not played & QUEEN_MASK:
        if card in (QUEEN_OF_SPADES + 1, QUEEN_OF_SPADES + 2):
            return absent | _above(card)
        absent |= _SPADES_ABOVE_QUEEN
    if card // 13 == HEARTS:
        return absent | _above(card)
    return absent | _HEARTS_MASK & ~((1 << (HEARTS * 13 + _HIGH_HEART_RANK)) - 1)
