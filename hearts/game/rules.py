"""The rules as pure functions on card bitmasks: what may be played and why not, who wins a
trick, and what a hand and a match score.

These functions are the single source of truth for both the public :class:`hearts.Hand` and
the AI's fast playouts, so a rule is written once.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import (
    CARD_POINTS,
    HEARTS_MASK,
    POINTS_MASK,
    SUIT_MASKS,
    TWO_OF_CLUBS,
)

TWO_OF_CLUBS_MASK = 1 << TWO_OF_CLUBS
HAND_POINTS = 26
MOON_POINTS = 26
GAME_TARGET = 100
NO_SUIT = -1


def legal_mask(holding: int, led_suit: int, first_trick: bool, hearts_broken: int | bool) -> int:
    """The cards of ``holding`` that may be played.

    ``led_suit`` is the suit index of the trick's first card, or ``NO_SUIT`` when leading;
    ``hearts_broken`` is anything truthy once a heart has been played (a mask will do).
    Never empty for a non-empty holding: each restriction falls away when nothing else is left.
    """
    if led_suit == NO_SUIT:
        if first_trick:
            return holding & TWO_OF_CLUBS_MASK
        if hearts_broken:
            return holding
        return (holding & ~HEARTS_MASK) or holding
    follow = holding & SUIT_MASKS[led_suit]
    if follow:
        return follow
    if first_trick:
        return (holding & ~POINTS_MASK) or holding
    return holding


def illegal_reason(card: int, holding: int, led_suit: int, first_trick: bool, hearts_broken: bool) -> str | None:
    """Why ``card`` may not be played from ``holding`` (an :class:`IllegalPlay` code), or None."""
    bit = 1 << card
    if not holding & bit:
        return "not_in_hand"
    if led_suit == NO_SUIT:
        if first_trick and card != TWO_OF_CLUBS:
            return "must_lead_2c"
        if bit & HEARTS_MASK and not hearts_broken and holding & ~HEARTS_MASK:
            return "hearts_not_broken"
        return None
    if not bit & SUIT_MASKS[led_suit] and holding & SUIT_MASKS[led_suit]:
        return "must_follow"
    if first_trick and bit & POINTS_MASK and holding & ~POINTS_MASK:
        return "points_on_first_trick"
    return None


def trick_points(cards: Sequence[int]) -> int:
    """Penalty points in a trick, complete or not."""
    return sum(CARD_POINTS[card] for card in cards)


def complete_trick(cards: Sequence[int]) -> tuple[int, int]:
    """(winner's position in the trick, points in it) of a complete 4-card trick.

    This runs once per trick in every hand and playout, so it is written out: comparisons of
    small numbers and table lookups cost about half of building and testing a bitmask.
    """
    first, second, third, fourth = cards
    suit = first // 13
    best = first
    winner = 0
    if second // 13 == suit and second > best:
        best = second
        winner = 1
    if third // 13 == suit and third > best:
        best = third
        winner = 2
    if fourth // 13 == suit and fourth > best:
        winner = 3
    return winner, CARD_POINTS[first] + CARD_POINTS[second] + CARD_POINTS[third] + CARD_POINTS[fourth]


def moon_shooter(points: Sequence[int]) -> int | None:
    """The seat that took all 13 hearts and Q♠ this hand, if any."""
    for seat, taken in enumerate(points):
        if taken == HAND_POINTS:
            return seat
    return None


def hand_scores(points: Sequence[int]) -> list[int]:
    """Each seat's score for a finished hand: points taken, or 0 / 26 each after a moon."""
    shooter = moon_shooter(points)
    if shooter is None:
        return list(points)
    return [0 if seat == shooter else MOON_POINTS for seat in range(len(points))]


def game_is_over(totals: Sequence[int], target: int = GAME_TARGET) -> bool:
    """After a hand: someone has reached ``target`` and exactly one seat has the lowest total."""
    lowest = min(totals)
    return max(totals) >= target and list(totals).count(lowest) == 1


def ranks(totals: Sequence[int]) -> list[int]:
    """Rank per seat, 1 = lowest total; equal totals share a rank (1, 2, 2, 4)."""
    return [1 + sum(other < total for other in totals) for total in totals]
