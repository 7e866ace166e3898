"""Helpers that play whole hands and matches with random legal cards, for tests that need
finished games (statistics, score sheet, records), and the decisions of hands Normal bots play."""

from __future__ import annotations

import random
from collections.abc import Iterator

from hearts import Card, Hand, Match, View, play_rest
from hearts.ai import bot
from hearts.game.cards import mask_of
from hearts.game.deal import deal_hands


class RandomPlayer:
    """Random passes and random legal plays, drawn from ``rng`` (a :class:`hearts.Player`)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose_pass(self, view: View) -> tuple[Card, Card, Card]:
        first, second, third = self.rng.sample(view.hand, 3)
        return first, second, third

    def choose_play(self, view: View) -> Card:
        return self.rng.choice(view.legal)


def play_randomly(hand: Hand, rng: random.Random) -> Hand:
    """Play ``hand`` to its end with random passes and random legal plays; return it."""
    return play_rest(hand, [RandomPlayer(rng)] * 4)


def finish_hand(match: Match, rng: random.Random) -> None:
    """Play the current hand of ``match`` to its end: random passes, random legal plays."""
    play_randomly(match.hand, rng)


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


def normal_decisions(count: int) -> Iterator[tuple[View, list[int]]]:
    """Every decision in ``count`` hands of four Normal bots: the view and the true holdings."""
    for number in range(count):
        hand = Hand(deal_hands(number), ("left", "right", "across", "none")[number % 4])
        bots = [bot("normal", seed) for seed in range(4)]
        if hand.phase == "pass":
            for seat in range(4):
                hand.pass_cards(seat, bots[seat].choose_pass(hand.view(seat)))
        while hand.phase == "play":
            view = hand.view(hand.turn)
            yield view, [mask_of(cards) for cards in hand.hands]
            hand.play(bots[hand.turn].choose_play(view))


def known_match(hands: int = 2) -> Match:
    """Seed 3's first ``hands`` hands, played by Normal bots: the same record every run."""
    match = Match(seed=3)
    for index in range(hands):
        if index:
            match.next_hand()
        play_rest(match.hand, [bot("normal", seed) for seed in range(4)])
    return match
