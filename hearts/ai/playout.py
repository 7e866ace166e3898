"""Playing a sampled hand to its end with the greedy policies, on the engine's fast path.

Every seat plays :func:`~hearts.ai.policy.duck_card` except a seat that looks like shooting
the moon, which plays :func:`~hearts.ai.policy.shoot_card`, so that the other seats' moon
defence is exercised too. The searching seat's own line (duck or shoot) is fixed by the
caller: that is the choice being evaluated.
"""

from __future__ import annotations

from ..cards import QUEEN_MASK, QUEEN_OF_SPADES
from ..fastplay import PlayState
from .knowledge import moon_threat
from .policy import duck_card, shoot_card


def play_out(state: PlayState, me: int, shooting: bool) -> list[int]:
    """Finish ``state`` (modified in place); return the raw points per seat.

    ``shooting`` makes seat ``me`` play for the moon throughout; otherwise it ducks.
    """
    holdings = state.holdings
    threat = _threat(state)
    while state.tricks_left:
        trick = state.trick
        if not trick:
            threat = _threat(state)
        seat = state.turn
        legal = state.legal()
        if legal & (legal - 1) == 0:
            state.play(legal.bit_length() - 1)
            continue
        holding = holdings[seat]
        unseen = (holdings[0] | holdings[1] | holdings[2] | holdings[3]) ^ holding
        if (shooting and seat == me) or (seat == threat and seat != me):
            card = shoot_card(holding, legal, trick, unseen)
        else:
            card = duck_card(seat, holding, legal, trick, state.leader, unseen, None, threat)
        state.play(card)
    return state.points


def _threat(state: PlayState) -> int | None:
    """The would-be moon shooter; points change only between tricks, so once per trick."""
    holdings = state.holdings
    taken = not (holdings[0] | holdings[1] | holdings[2] | holdings[3]) & QUEEN_MASK
    if taken and QUEEN_OF_SPADES in state.trick:
        taken = False  # on the table, not yet taken
    return moon_threat(state.points, taken)
