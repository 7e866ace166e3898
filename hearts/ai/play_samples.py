"""The worlds Hard's play search samples: where the hidden cards lie, and how each other seat
plays in the playouts.

Hard's readings of the other seats (:mod:`hearts.ai.inference`) are exact against a seat that
plays Normal's way and carry nothing against other players. So each readable seat is taken to
play Normal's way only in its posterior share of the samples (:mod:`hearts.ai.seat_types`):
there its readings hold, the sample must explain its plays, and it plays Normal's card in the
playouts; in the other samples its readings are dropped and it plays the fitted model
(:mod:`hearts.ai.fitted`), as a seat whose plays proved unreadable always does. A seat whose
plays kept their readings through every earlier hand of the game is taken for Normal in every
sample (:func:`known_normal`).

Each sample draws from its own random stream, seeded from the search's, so a change to how one
sample is drawn leaves every other sample's draws alone: a variant of the search and its control
then differ only where the variant acts (docs/ai.md, "How to measure").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random

from ..game.fastplay import PlayState
from ..game.view import EarlierHands, View
from .consistency import PastPlay, best_explained
from .inference import Readings, broke_readings
from .knowledge import Knowledge
from .sampling import NO_ABSENT, sample_hidden, try_sample
from .seat_types import normal_shares


def known_normal(earlier_hands: EarlierHands) -> int:
    """The mask of the seats whose plays kept their readings through every earlier hand of the
    game (at least one). Normal's way never breaks a reading, and an OpenSpiel ISMCTS seat broke
    one in 99.4% of its hands (docs/log/ai-2026-12-04.md, session 34), so such a seat is taken
    for Normal in every sample, with no posterior to earn from its first plays: an even prior
    spent the first tricks doubting seats that were Normal all along (docs/ai.md)."""
    if not earlier_hands:
        return 0
    broke = 0
    for tricks in earlier_hands:
        broke |= broke_readings(tricks)
    return 0b1111 & ~broke


#: One sampled world: the state to play out, the modelled seats' random draws there, and the
#: mask of the seats that play the fitted model in it.
Sample = tuple[PlayState, list[float], int]


def sample_maker(
    view: View, knowledge: Knowledge, readings: Readings, history: Sequence[PastPlay], rng: Random
) -> Callable[[], Sample]:
    """A function that draws the next sample of the search at ``view`` (``history``: the readable
    seats' past plays with a choice; ``rng``: the search's stream)."""
    me, trick = view.seat, view.current_trick
    known = known_normal(view.earlier_hands)
    doubted = [past for past in history if not known >> past.seat & 1]
    shares = normal_shares(doubted, knowledge, Random(rng.getrandbits(64)))
    others = 0b1111 & ~(1 << me)
    decisions_left = 4 * (13 - len(view.tricks))
    use_readings = any(readings.absent)

    def new_sample() -> Sample:
        stream = Random(rng.getrandbits(64))
        coins = [rng.random() for _ in range(4)]
        normal = sum(1 << seat for seat in range(4) if readings.readable[seat] and coins[seat] < shares[seat])
        modelled = others & ~normal

        def draw() -> list[int]:
            nonlocal use_readings
            absent = readings.draw(stream, normal) if use_readings else NO_ABSENT
            hidden = try_sample(knowledge, stream, absent) if absent != NO_ABSENT else None
            if hidden is None:
                use_readings = use_readings and absent == NO_ABSENT  # they cannot all hold: drop them
                hidden = sample_hidden(knowledge, stream)
            return hidden

        hidden = best_explained(draw, [past for past in history if normal >> past.seat & 1])
        hidden[me] = view.hand_mask
        draws = [stream.random() for _ in range(decisions_left)] if modelled else []
        state = PlayState(
            hidden, trick.leader, trick.cards, not view.tricks, view.hearts_broken, view.points, 13 - len(view.tricks)
        )
        return state, draws, modelled

    return new_sample
