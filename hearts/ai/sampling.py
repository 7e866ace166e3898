"""Deal the cards a seat cannot see to the other seats, consistently with what it knows.

A sample (a "determinization") is one possible placement of the hidden cards: every seat gets
exactly as many cards as it holds, no seat gets a suit it has shown void in, and the cards this
seat passed stay with the receiver until played. Optionally, cards a seat's plays say it does
not hold (:mod:`hearts.ai.inference`) are kept away from it too. Hard search plays its
candidates out on many such samples.
"""

from __future__ import annotations

from random import Random

from .knowledge import Knowledge

_ATTEMPTS = 20


NO_ABSENT = (0, 0, 0, 0)


def sample_hidden(knowledge: Knowledge, rng: Random, absent: tuple[int, ...] = NO_ABSENT) -> list[int]:
    """One placement of the unseen cards: a holding mask per seat (this seat's entry is 0).

    ``absent[s]`` are cards to keep away from seat ``s`` as well as its voids. Cards are placed
    most-constrained first, each to a seat drawn in proportion to its free room among the seats
    that may hold it. A dead end (rare: tight voids late in a hand) starts over; if every
    attempt fails the ``absent`` cards, then the voids, are dropped, so a sample is always
    returned.
    """
    holdings = try_sample(knowledge, rng, absent)
    if holdings is None and absent != NO_ABSENT:
        holdings = try_sample(knowledge, rng, NO_ABSENT)
    if holdings is None:
        holdings = _try_sample(knowledge, rng, False, NO_ABSENT)
        assert holdings is not None
    return holdings


def try_sample(knowledge: Knowledge, rng: Random, absent: tuple[int, ...] = NO_ABSENT) -> list[int] | None:
    """A placement respecting voids and ``absent``, or None if a few attempts all fail."""
    for _ in range(_ATTEMPTS):
        holdings = _try_sample(knowledge, rng, True, absent)
        if holdings is not None:
            return holdings
    return None


def _try_sample(knowledge: Knowledge, rng: Random, respect_voids: bool, absent: tuple[int, ...]) -> list[int] | None:
    seat = knowledge.seat
    others = [s for s in range(4) if s != seat]
    holdings = [0, 0, 0, 0]
    room = [0, 0, 0, 0]
    free = knowledge.unseen
    for other in others:
        holdings[other] = knowledge.known[other]
        free &= ~knowledge.known[other]
        room[other] = knowledge.sizes[other] - knowledge.known[other].bit_count()
    cards = []
    while free:
        low = free & -free
        cards.append(low.bit_length() - 1)
        free ^= low
    rng.shuffle(cards)
    if respect_voids:
        allowed_by_suit = [[s for s in others if not knowledge.void[s] >> suit & 1] for suit in range(4)]
    else:
        allowed_by_suit = [others] * 4
    if absent == NO_ABSENT:
        allowed_of = [allowed_by_suit[card // 13] for card in cards]
    else:
        allowed_of = [[s for s in allowed_by_suit[card // 13] if not absent[s] >> card & 1] for card in cards]
    # Fewest possible holders first, so constrained cards are placed while there is room.
    order = sorted(range(len(cards)), key=lambda index: len(allowed_of[index]))
    for index in order:
        card = cards[index]
        allowed = allowed_of[index]
        total = 0
        for s in allowed:
            total += room[s]
        if total <= 0:
            return None
        pick = rng.random() * total
        for s in allowed:
            if room[s] > 0:
                pick -= room[s]
                if pick < 0:
                    break
        else:
            s = next(s for s in reversed(allowed) if room[s] > 0)
        holdings[s] |= 1 << card
        room[s] -= 1
    return holdings
