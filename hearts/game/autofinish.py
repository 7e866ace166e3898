"""「自动完成」: finish a hand at once when playing on cannot change its points.

Two situations decide the rest of a hand:

* ``"no_points"`` — no penalty card is left unplayed, and the trick in progress holds no points
  or its winner is already fixed (nobody has a higher card of the led suit left). Whatever is
  played from here, nobody takes another point.
* ``"all_winners"`` — the seat asking holds every remaining winner: each of its cards is higher
  than every unplayed card of that suit outside its hand, and it is on lead, or has already won
  the trick in progress beyond reach, or is still to play to it and every card it could follow
  with tops it. It then wins every remaining trick whatever anyone plays, itself included, and
  takes every point still out.

The *decision* is made from :meth:`hearts.Hand.view` alone — the seat's own cards and the public
record (every unplayed card it does not hold is known as a set, not where it sits) — so offering
auto-finish never reveals hidden cards. The *outcome* is then exact: :func:`autofinish` plays the
rest out legally through the public :class:`hearts.Hand` API, and :func:`predicted_points` says
beforehand what it ends with. In both situations *every* legal continuation ends with the same
points, so finishing at once is exactly what playing on gives, however anyone would play.

Nothing is offered during the first trick: too little has been played for either situation to
arise, and the first-trick rules would need their own case.

>>> from hearts.game.deal import deal_hands
>>> from hearts import Hand
>>> hand = Hand(deal_hands(1), "none")
>>> can_autofinish(hand, hand.turn)
False
"""

from __future__ import annotations

from .cards import FULL_DECK, POINTS_MASK, SUIT_MASKS, Card, highest, lowest, points_in
from .hand import Hand
from .phase import HandPhase
from .strings import DEFAULT_LANGUAGE, text
from .view import View

NO_POINTS = "no_points"
ALL_WINNERS = "all_winners"


def decision(view: View) -> str | None:
    """Why the rest of the hand is decided for ``view.seat`` (``"no_points"`` or
    ``"all_winners"``), or None if playing on may still change the points."""
    if view.phase != HandPhase.PLAY or not view.tricks:
        return None
    if _no_points_left(view):
        return NO_POINTS
    if _takes_every_trick(view):
        return ALL_WINNERS
    return None


def can_autofinish(hand: Hand, seat: int) -> bool:
    """True if ``seat`` may be offered 「自动完成」 now (decided from what that seat can know)."""
    return decision(hand.view(seat)) is not None


def offer_message(hand: Hand, seat: int, language: str = DEFAULT_LANGUAGE) -> str | None:
    """The sentence the table shows next to the 「自动完成」 button, or None if nothing is offered.
    Points lying in the trick in progress are not "left": the sentence names who must take them."""
    view = hand.view(seat)
    reason = decision(view)
    if reason is None:
        return None
    trick = view.current_trick
    if reason == NO_POINTS and trick.points:
        taker = _leading_seat(trick.leader, trick.cards)
        return text("autofinish.trick_settled", language, seat=text(f"seat.{taker}", language))
    return text(f"autofinish.{reason}", language)


def predicted_points(view: View) -> list[int] | None:
    """The raw points per seat at the end of the hand if it is decided (see :func:`decision`),
    else None. Public knowledge, so the offer can show it before the player accepts."""
    reason = decision(view)
    if reason is None:
        return None
    points = list(view.points)
    trick = view.current_trick
    if reason == ALL_WINNERS:
        points[view.seat] += points_in(FULL_DECK & ~view.played_mask) + trick.points
    elif trick.points:
        points[_leading_seat(trick.leader, trick.cards)] += trick.points
    return points


def autofinish(hand: Hand, seat: int) -> None:
    """Play ``hand`` to its end, legally, once the rest is decided for ``seat``.

    Raises ValueError (hand unchanged) if it is not. Every seat plays its lowest legal card:
    when the rest is decided, any legal card gives the same points.
    """
    if decision(hand.view(seat)) is None:
        raise ValueError(f"the rest of this hand is not decided for seat {seat}")
    while hand.phase == HandPhase.PLAY:
        hand.play(hand.legal()[0])


def _no_points_left(view: View) -> bool:
    if FULL_DECK & ~view.played_mask & POINTS_MASK:
        return False
    trick = view.current_trick
    return not trick.points or not _can_be_beaten(trick.cards, FULL_DECK & ~view.played_mask)


def _takes_every_trick(view: View) -> bool:
    """Whether ``view.seat`` wins every remaining trick, whatever anyone plays."""
    own = view.hand_mask
    outside = FULL_DECK & ~view.played_mask & ~own
    trick = view.current_trick
    if not trick.cards:
        if trick.leader != view.seat:
            return False
    elif view.seat in trick.seats:
        if _leading_seat(trick.leader, trick.cards) != view.seat or _can_be_beaten(trick.cards, outside):
            return False
    else:
        follow = own & SUIT_MASKS[trick.cards[0] // 13]
        if not follow or lowest(follow) < _top(trick.cards):
            return False
    return all(
        not own & suit or not outside & suit or lowest(own & suit) > highest(outside & suit) for suit in SUIT_MASKS
    )


def _top(cards: tuple[Card, ...]) -> Card:
    """The card currently winning a (partial) trick: the highest of the led suit."""
    led = cards[0] // 13
    return max(card for card in cards if card // 13 == led)


def _can_be_beaten(cards: tuple[Card, ...], unplayed: int) -> bool:
    """Whether a card in ``unplayed`` could still top a trick holding ``cards``."""
    top = _top(cards)
    return unplayed & SUIT_MASKS[top // 13] & ~((2 << top) - 1) != 0


def _leading_seat(leader: int, cards: tuple[Card, ...]) -> int:
    """The seat currently winning a (partial) trick."""
    return (leader + cards.index(_top(cards))) % 4
