"""What a seat can infer from its :class:`hearts.View` about the cards it cannot see.

Everything here is a pure function of the view, which is what keeps every bot fair: two deals
that give the same view give the same knowledge, so the same choice.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..game.cards import FULL_DECK, HEARTS, QUEEN_MASK
from ..game.phase import HandPhase
from ..game.view import View

#: A seat is treated as shooting the moon once it alone holds every point taken so far and
#: this many hearts; fewer is too common in ordinary play to justify giving up points.
MOON_ALERT_HEARTS = 5
#: With Q♠ taken, fewer hearts already make a moon likely.
MOON_ALERT_HEARTS_WITH_QUEEN = 2


@dataclass(frozen=True)
class Knowledge:
    """The constraints on the hidden cards, as seen by ``seat``.

    ``unseen`` is every card neither in the seat's hand nor played. ``known[s]`` are unseen
    cards certainly held by seat ``s`` (the cards this seat passed to it, until played);
    ``void[s]`` is a 4-bit suit mask of suits ``s`` cannot hold; ``sizes[s]`` how many cards
    ``s`` holds.
    """

    seat: int
    unseen: int
    known: tuple[int, ...]
    void: tuple[int, ...]
    sizes: tuple[int, ...]


def knowledge_of(view: View) -> Knowledge:
    """The seat's knowledge of where the unseen cards are."""
    unseen = FULL_DECK ^ view.hand_mask ^ view.played_mask
    known = [0, 0, 0, 0]
    if view.passed and view.pass_target is not None and view.phase != HandPhase.PASS:
        passed = 0
        for card in view.passed:
            passed |= 1 << card
        known[view.pass_target] = passed & unseen
    void = list(view.void_suits)
    for seat in _forced_heart_leaders(view):
        void[seat] |= 0b0111  # led hearts before they were broken: held nothing else
    void[view.seat] = 0
    return Knowledge(view.seat, unseen, tuple(known), tuple(void), view.hand_sizes)


def _forced_heart_leaders(view: View) -> list[int]:
    """Seats that led a heart while hearts were unbroken, which the rules allow only to a hand
    of nothing but hearts."""
    leaders = []
    broken = False
    for trick in view.tricks:
        if trick.cards[0] // 13 == HEARTS and not broken:
            leaders.append(trick.leader)
        broken = broken or any(card // 13 == HEARTS for card in trick.cards)
    trick = view.current_trick
    if trick.cards and trick.cards[0] // 13 == HEARTS and not broken:
        leaders.append(trick.leader)
    return leaders


def moon_threat(points: list[int] | tuple[int, ...], queen_taken: bool) -> int | None:
    """The seat that looks like it is shooting the moon: it alone has taken every point so
    far, and enough of them (see :data:`MOON_ALERT_HEARTS`). None if nobody does."""
    total = points[0] + points[1] + points[2] + points[3]
    if total == 0:
        return None
    for seat in range(4):
        taken = points[seat]
        if taken == total:
            hearts = taken - 13 if queen_taken else taken
            needed = MOON_ALERT_HEARTS_WITH_QUEEN if queen_taken else MOON_ALERT_HEARTS
            return seat if hearts >= needed else None
    return None


def queen_taken(view: View) -> bool:
    """Whether Q♠ is in a completed trick (taken by someone), not merely on the table."""
    return any(QUEEN_MASK >> card & 1 for trick in view.tricks for card in trick.cards)
