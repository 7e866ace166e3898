"""Helpers that play whole hands and matches with random legal cards, for tests that need
finished games (statistics, score sheet, records)."""

from __future__ import annotations

import random

from hearts import Match


def finish_hand(match: Match, rng: random.Random) -> None:
    """Play the current hand of ``match`` to its end: random passes, random legal plays."""
    hand = match.hand
    if hand.phase == "pass":
        for seat in range(4):
            hand.pass_cards(seat, rng.sample(hand.hands[seat], 3))
    while hand.phase == "play":
        hand.play(rng.choice(hand.legal()))


def played_hands(seed: int, hands: int) -> Match:
    """The match with ``seed`` after ``hands`` finished hands (fewer if it ends sooner)."""
    match, rng = Match(seed=seed), random.Random(seed)
    finish_hand(match, rng)
    while match.hand_number < hands and not match.over:
        match.next_hand()
        finish_hand(match, rng)
    return match


def finished_match(seed: int) -> Match:
    """The match with ``seed`` played to its end."""
    return played_hands(seed, 10_000)
