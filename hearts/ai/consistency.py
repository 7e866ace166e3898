"""How well a sample explains the other seats' plays, judged by Normal's habits.

:mod:`hearts.ai.inference` reads a few sure signs from the plays (a seat that ducked under a
high card has nothing between). This goes all the way: in a sample, every past play of another
seat is replayed from the cards that seat held at the time (its cards in the sample plus those
it has played since) and compared with the card Normal's policy would have played there, with
what that seat could see then (the trick, the cards still out, the voids shown, a moon threat).
Hard draws a few samples and keeps the one with the fewest disagreements, so its samples lean
towards the hands that explain the play — a filter that is exact against Normal and merely a
mild preference (the best of a few) against anyone else.

Only seats whose plays :mod:`hearts.ai.inference` still finds readable are checked: once a seat
has played a card it supposedly did not hold, it is not playing this way and its plays say
nothing here either.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from ..game.cards import FULL_DECK, HEARTS_MASK, QUEEN_OF_SPADES
from ..game.rules import NO_SUIT, legal_mask
from ..game.view import View
from .knowledge import moon_threat
from .policy import duck_card

#: How many samples compete for each sample kept.
CANDIDATES = 3


@dataclass(frozen=True)
class PastPlay:
    """One past play of another seat, with everything public about the moment it was made."""

    seat: int
    card: int
    before: tuple[int, ...]  # the trick's cards before it
    leader: int
    led_suit: int
    first_trick: bool
    hearts_broken: bool
    void: tuple[int, ...]
    threat: int | None
    played_before: int
    #: The cards this seat played from this play on: added back to its holding in a sample.
    since: int


def past_plays(view: View, readable: Sequence[bool]) -> list[PastPlay]:
    """The other seats' plays that Normal's policy has a choice over, oldest first, for the
    seats in ``readable``."""
    records: list[PastPlay] = []
    played = 0
    points = [0, 0, 0, 0]
    queen_taken = False
    void = [0, 0, 0, 0]
    tricks = list(view.tricks)
    if view.current_trick.cards:
        tricks.append(view.current_trick)
    for number, trick in enumerate(tricks):
        threat = moon_threat(points, queen_taken)
        led = trick.cards[0] // 13
        for offset, card in enumerate(trick.cards):
            seat = (trick.leader + offset) % 4
            if seat != view.seat and readable[seat]:
                records.append(
                    PastPlay(
                        seat,
                        card,
                        trick.cards[:offset],
                        trick.leader,
                        led if offset else NO_SUIT,
                        number == 0,
                        bool(played & HEARTS_MASK),
                        tuple(void),
                        threat,
                        played,
                        0,
                    )
                )
            if offset and card // 13 != led:
                void[seat] |= 1 << led
            played |= 1 << card
        if trick.winner is not None:
            points[trick.winner] += trick.points
            queen_taken = queen_taken or QUEEN_OF_SPADES in trick.cards
    since = [0, 0, 0, 0]
    for index in range(len(records) - 1, -1, -1):
        record = records[index]
        since[record.seat] |= 1 << record.card
        records[index] = replace(record, since=since[record.seat])
    return records


def disagreements(history: Sequence[PastPlay], holdings: Sequence[int], enough: int = 1 << 30) -> int:
    """How many of the past plays Normal's policy would have made differently had the seats
    held ``holdings`` (the sample's cards now); counting stops at ``enough``."""
    count = 0
    for past in history:
        if count >= enough:
            break
        holding = holdings[past.seat] | past.since
        legal = legal_mask(holding, past.led_suit, past.first_trick, past.hearts_broken)
        if legal & (legal - 1) == 0:
            continue
        unseen = FULL_DECK ^ holding ^ past.played_before
        if (
            duck_card(past.seat, holding, legal, list(past.before), past.leader, unseen, past.void, past.threat)
            != past.card
        ):
            count += 1
    return count


def best_explained(draw: Callable[[], list[int]], history: Sequence[PastPlay], tries: int = CANDIDATES) -> list[int]:
    """Of up to ``tries`` samples from ``draw``, the first with the fewest disagreements (one
    that explains every play ends the search)."""
    best = draw()
    if not history:
        return best
    fewest = disagreements(history, best)
    for _ in range(tries - 1):
        if not fewest:
            break
        holdings = draw()
        count = disagreements(history, holdings, fewest)
        if count < fewest:
            best, fewest = holdings, count
    return best
