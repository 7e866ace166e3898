"""The card-play heuristics on bitmasks: Normal's whole play, and the playout policy of Hard.

Two policies share one signature-style: the usual *ducking* policy (:func:`duck_card`) that
avoids points, and the *shooting* policy (:func:`shoot_card`) of a seat going for the moon.
Both are single, cheap decisions (no lookahead) because Hard calls them thousands of times per
move; they take the facts as plain ints so a playout never builds an object.

Arguments common to both: ``holding`` the seat's cards, ``legal`` the playable subset,
``trick`` the cards of the trick so far in play order, ``unseen`` the unplayed cards held by
the *other* seats.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..game.cards import CARD_POINTS, HEARTS, QUEEN_MASK, QUEEN_OF_SPADES, SPADES, SUIT_MASKS

_SPADES_MASK = SUIT_MASKS[SPADES]
_HEARTS_MASK = SUIT_MASKS[HEARTS]
_SPADES_ABOVE_QUEEN = _SPADES_MASK & ~((QUEEN_MASK << 1) - 1)
#: Lead-choice weights (see :func:`_lead`), in "outside cards above my lead" units.
_VOID_SEAT_PENALTY = 2.0
_QUEEN_FLUSH_BONUS = 3.0
_SURE_WIN_PENALTY = 10.0


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _high(mask: int) -> int:
    return mask.bit_length() - 1


def duck_card(
    seat: int,
    holding: int,
    legal: int,
    trick: list[int],
    leader: int,
    unseen: int,
    void: Sequence[int] | None,
    threat: int | None,
) -> int:
    """The ducking heuristic: lead low and safe, follow with the highest card that still loses,
    dump Q♠, then high spades, then high hearts when void; stop a moon in progress.

    ``void`` is each seat's shown-void suit mask (None: nothing known);
    ``threat`` is the seat that looks like shooting the moon, if any.
    """
    if legal & (legal - 1) == 0:
        return _low(legal)
    if not trick:
        return _lead(seat, holding, legal, unseen, void, threat)
    led = trick[0] // 13
    suit_mask = SUIT_MASKS[led]
    winning = trick[0]
    winner_offset = 0
    for offset in range(1, len(trick)):
        card = trick[offset]
        if card > winning and card // 13 == led:
            winning = card
            winner_offset = offset
    winner = (leader + winner_offset) & 3
    if legal & suit_mask:
        return _follow(legal, trick, led, winning, winner, unseen, threat)
    return _discard(holding, legal, winner, unseen, threat)


def _follow(legal: int, trick: list[int], led: int, winning: int, winner: int, unseen: int, threat: int | None) -> int:
    below = legal & ((1 << winning) - 1)
    above = legal ^ below
    points_in_trick = any(CARD_POINTS[card] for card in trick)
    if threat is not None and winner == threat and above and (points_in_trick or led == HEARTS):
        # Taking one heart costs a point; letting the moon through costs 26.
        safe = above & ~QUEEN_MASK
        return _low(safe or above)
    if below:
        return _high(below)
    # Every card wins for now: shed the highest one, unless a later seat may still overtake
    # (then the lowest gives it the chance) or the trick may yet collect Q♠.
    non_queen = legal & ~QUEEN_MASK or legal
    last = len(trick) == 3
    if last or not (points_in_trick or led == HEARTS or (led == SPADES and unseen & QUEEN_MASK)):
        return _high(non_queen)
    return _low(non_queen)


def _discard(holding: int, legal: int, winner: int, unseen: int, threat: int | None) -> int:
    if threat is not None and winner == threat:
        # Keep points away from the would-be shooter: give it the highest harmless card.
        harmless = legal & ~_HEARTS_MASK & ~QUEEN_MASK
        if harmless:
            return _best_shed(holding, harmless)
    if legal & QUEEN_MASK:
        return QUEEN_OF_SPADES
    if unseen & QUEEN_MASK and legal & _SPADES_ABOVE_QUEEN:
        return _high(legal & _SPADES_ABOVE_QUEEN)
    hearts = legal & _HEARTS_MASK
    if hearts:
        top = _high(hearts)
        others = legal & ~_HEARTS_MASK
        # A high heart goes first; a low heart is worth keeping over a lone high card elsewhere.
        if top % 13 >= 7 or not others or _high_rank(others) <= top % 13 + 3:
            return top
    return _best_shed(holding, legal)


def _high_rank(mask: int) -> int:
    best = -1
    for suit in range(4):
        part = mask & SUIT_MASKS[suit]
        if part:
            rank = _high(part) % 13
            if rank > best:
                best = rank
    return best


def _best_shed(holding: int, candidates: int) -> int:
    """The card to throw away: the highest rank, preferring short suits (to make a void)."""
    best = -1
    best_score = -1000
    for suit in range(4):
        part = candidates & SUIT_MASKS[suit]
        if part:
            card = _high(part)
            score = card % 13 * 2 - (holding & SUIT_MASKS[suit]).bit_count()
            if score > best_score:
                best, best_score = card, score
    return best


def _lead(seat: int, holding: int, legal: int, unseen: int, void: Sequence[int] | None, threat: int | None) -> int:
    """Lead the lowest card of the safest suit: one where others hold many higher cards, no
    one is known void, and short suits are preferred (to get void)."""
    best = -1
    best_score = -1000.0
    queen_out = unseen & QUEEN_MASK
    for suit in range(4):
        mine = legal & SUIT_MASKS[suit]
        if not mine:
            continue
        card = _low(mine)
        outside = unseen & SUIT_MASKS[suit]
        higher = (outside >> card).bit_count()
        score = float(higher)
        if not higher:
            score -= _SURE_WIN_PENALTY + (outside.bit_count() == 0) * _SURE_WIN_PENALTY
        if suit == SPADES:
            if holding & QUEEN_MASK:
                score -= _QUEEN_FLUSH_BONUS
            elif queen_out:
                if card < QUEEN_OF_SPADES and not holding & _SPADES_ABOVE_QUEEN:
                    score += _QUEEN_FLUSH_BONUS
                elif card > QUEEN_OF_SPADES:
                    score -= _SURE_WIN_PENALTY
        if void is not None:
            for other in range(4):
                if other != seat and void[other] >> suit & 1:
                    score -= _VOID_SEAT_PENALTY
        score -= (holding & SUIT_MASKS[suit]).bit_count() * 0.25
        if threat is not None and threat != seat and suit == HEARTS:
            score += 2.0  # a heart lead lets someone other than the shooter take points
        if score > best_score:
            best, best_score = card, score
    return best


def shoot_card(holding: int, legal: int, trick: list[int], unseen: int) -> int:
    """The moon shooter's policy: take every trick it can with its highest cards, and throw
    away low harmless cards when it cannot."""
    if legal & (legal - 1) == 0:
        return _low(legal)
    if not trick:
        return _shoot_lead(legal, unseen)
    led = trick[0] // 13
    suit_mask = SUIT_MASKS[led]
    if legal & suit_mask:
        winning = max(card for card in trick if card // 13 == led)
        above = legal & ~((1 << winning) - 1)
        return _high(above) if above else _low(legal)
    harmless = legal & ~_HEARTS_MASK & ~QUEEN_MASK
    return _low_shed(harmless or legal)


def _shoot_lead(legal: int, unseen: int) -> int:
    """Lead a card nobody can beat (hearts first, to collect them), else the highest card."""
    for suit in (HEARTS, SPADES, 1, 0):
        mine = legal & SUIT_MASKS[suit]
        if mine:
            top = _high(mine)
            if not (unseen & SUIT_MASKS[suit]) >> top:
                return top
    return _high(legal & ~_HEARTS_MASK or legal)


def _low_shed(candidates: int) -> int:
    best = -1
    best_rank = 99
    for suit in range(4):
        part = candidates & SUIT_MASKS[suit]
        if part:
            card = _low(part)
            if card % 13 < best_rank:
                best, best_rank = card, card % 13
    return best
