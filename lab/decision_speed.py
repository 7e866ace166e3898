"""What :mod:`lab.xinxin_speed` and :mod:`lab.ismcts_speed` share: the positions whose decisions
they time, and how they print the times.

The positions are those of hands played with random legal cards: each seat's pass in turn, then
every play of the hand. Each program writes its own questions from them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from hearts.game.deal import deal_hands
from hearts.game.hand import Hand


def random_positions(hands: int, seed: int) -> Iterator[tuple[str, Hand, int, random.Random]]:
    """("pass" or "play", the hand as it stands, the seat to decide, the generator for the
    question's own seed) for every decision of ``hands`` randomly played hands."""
    rng = random.Random(seed)
    for number in range(hands):
        hand = Hand(deal_hands(rng.randrange(1 << 30)), ("left", "right", "across")[number % 3])
        for seat in range(4):
            yield "pass", hand, seat, rng
            hand.pass_cards(seat, rng.sample(hand.dealt[seat], 3))
        while hand.turn is not None:
            yield "play", hand, hand.turn, rng
            hand.play(rng.choice(hand.legal()))


def print_per_decision(
    passes: list[str], plays: list[str], seconds: Callable[[list[str]], tuple[float, float]]
) -> None:
    """A line for the passes and one for the plays: how many, and the (wall, CPU) ``seconds``
    their questions took, as milliseconds a decision."""
    for name, lines in (("pass", passes), ("play", plays)):
        wall, cpu = (taken / len(lines) * 1000 for taken in seconds(lines))
        print(f"{name}: {len(lines)} decisions, {cpu:.1f} ms CPU, {wall:.1f} ms wall each")
