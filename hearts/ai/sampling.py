"""Deal the cards a seat cannot see to the other seats, consistently with what it knows.

A sample (a "determinization") is one possible placement of the hidden cards: every seat gets
exactly as many cards as it holds, no seat gets a suit it has shown void in, and the cards this
seat passed stay with the receiver until played. Hard search plays its candidates out on many
such samples.
"""

from __future__ import annotations

from random import Random

from .knowledge import Knowledge

_ATTEMPTS = 20


def sample_hidden(knowledge: Knowledge, rng: Random) -> list[int]:
    """One placement of the unseen cards: a holding mask per seat (this seat's entry is 0).

    Cards are placed most-constrained first, each to a seat drawn in proportion to its free
    room among the seats that may hold it. A dead end (rare: tight voids late in a hand) starts
    over; if every attempt fails the voids are dropped, so a sample is always returned.
    """
    for _ in range(_ATTEMPTS):
        holdings = _try_sample(knowledge, rng, respect_voids=True)
        if holdings is not None:
            return holdings
    holdings = _try_sample(knowledge, rng, respect_voids=False)
    assert holdings is not None
    return holdings


def _try_sample(knowledge: Knowledge, rng: Random, respect_voids: bool) -> list[int] | None:
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
        # Fewest possible holders first, so constrained cards are placed while there is room.
        cards.sort(key=lambda card: len(allowed_by_suit[card // 13]))
    else:
        allowed_by_suit = [others] * 4
    for card in cards:
        allowed = allowed_by_suit[card // 13]
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

