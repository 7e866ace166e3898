"""Playing a sampled hand to its end with the greedy policies, on the engine's fast path.

Every seat plays :func:`~hearts.ai.policy.duck_card` except a seat that looks like shooting
the moon and is let (``shooters``), which plays :func:`~hearts.ai.policy.shoot_card`, so that
the other seats' moon defence is exercised too. The voids shown so far (and those shown during
the playout) are fed to the policy as Normal is fed them from its view, so a playout's seats
lead exactly as Normal would: against Normal opponents the evaluation then models them card
for card. A seat whose plays have shown it is not Normal (``modelled``) plays
:func:`~hearts.ai.fitted.fitted_card` instead, a card drawn from a model fitted to such
players, each draw from the sample's own random numbers (``draws``) so that every candidate of a
sample meets the same opponents. The searching seat's own line (duck or shoot) is fixed by the
caller: that is the choice being evaluated.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..game.cards import QUEEN_MASK, QUEEN_OF_SPADES
from ..game.fastplay import PlayState
from ..game.view import View
from .fitted import fitted_card
from .knowledge import Knowledge, moon_threat
from .policy import duck_card, shoot_card

NO_VOIDS = (0, 0, 0, 0)
EVERY_SEAT = 0b1111


def shown_voids(view: View, knowledge: Knowledge) -> tuple[int, ...]:
    """Each seat's voids as a playout feeds them to Normal's policy: what the seat of ``view``
    knows of the others (``knowledge.void``, as Normal uses it) and its own shown voids."""
    void = list(knowledge.void)
    void[view.seat] = view.void_suits[view.seat]
    return tuple(void)


def play_out(
    state: PlayState,
    me: int,
    shooting: bool,
    void: tuple[int, ...] = NO_VOIDS,
    shooters: int = EVERY_SEAT,
    modelled: int = 0,
    draws: Sequence[float] = (),
) -> list[int]:
    """Finish ``state`` (modified in place); return the raw points per seat.

    ``shooting`` makes seat ``me`` play for the moon throughout; otherwise it ducks.
    ``void`` is each seat's suit mask of voids shown before ``state`` (as in
    :attr:`hearts.View.void_suits`); a seat that fails to follow suit in the playout adds one.
    ``modelled`` is a mask of the other seats that play the fitted model, with ``draws[k]``
    (uniform in [0, 1)) for the ``k``-th decision of the playout.
    ``shooters`` is a mask of the other seats that may play for the moon when they look like
    it (bit ``s`` for seat ``s``). Hard's play search passes only a seat that already looks
    like shooting and has stopped playing as Normal does (Normal never shoots): a moon line the
    other seats are not on only makes the playouts defend against nothing, and taking hearts to
    stop a moon that never comes is a steady loss.
    """
    holdings = state.holdings
    shown = list(void)
    threat = _threat(state)
    modelled &= ~(1 << me)
    step = -1
    while state.tricks_left:
        step += 1
        trick = state.trick
        if not trick:
            threat = _threat(state)
        seat = state.turn
        legal = state.legal()
        if legal & (legal - 1) == 0:
            card = legal.bit_length() - 1
        else:
            holding = holdings[seat]
            unseen = (holdings[0] | holdings[1] | holdings[2] | holdings[3]) ^ holding
            if (shooting and seat == me) or (seat == threat and seat != me and shooters >> seat & 1):
                card = shoot_card(holding, legal, trick, unseen)
            elif modelled >> seat & 1:
                card = fitted_card(seat, holding, legal, trick, state.leader, unseen, shown, threat, draws[step])
            else:
                card = duck_card(seat, holding, legal, trick, state.leader, unseen, shown, threat)
        if trick and card // 13 != trick[0] // 13:
            shown[seat] |= 1 << trick[0] // 13
        state.play(card)
    return state.points


def _threat(state: PlayState) -> int | None:
    """The would-be moon shooter; points change only between tricks, so once per trick."""
    holdings = state.holdings
    taken = not (holdings[0] | holdings[1] | holdings[2] | holdings[3]) & QUEEN_MASK
    if taken and QUEEN_OF_SPADES in state.trick:
        taken = False  # on the table, not yet taken
    return moon_threat(state.points, taken)
