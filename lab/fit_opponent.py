"""Fit the weights of :mod:`hearts.ai.fitted` to one bot's plays in arena hands logs.

    python -m lab.fit_opponent TRAIN.jsonl [--test TEST.jsonl] [--bot ismcts] [--deals N]

Every hand the bot played (``python -m lab.arena ... --hands FILE``) is replayed from its deal
and passes; at each of its plays with a choice, every legal card's facts are taken as the
model sees them (:func:`hearts.ai.fitted.card_facts`, with the voids shown so far and the moon
threat as a playout has them), and a conditional logit (softmax over the legal cards) is fitted
to the card it played, one weight vector per kind of decision (lead, follow, discard), by Adam
with a little L2. Printed: the weights, ready to paste into ``WEIGHTS``, and for each kind how
often the model's likeliest card is the bot's and the mean log-likelihood of its card, on
``--test`` (default: the training file), against the model that knows only "Normal's card".
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from hearts.ai.fitted import FACTS, KINDS, card_facts
from hearts.ai.knowledge import moon_threat, queen_taken
from hearts.game.cards import mask_of
from hearts.game.hand import Hand

from .where_points_go import hands_of

#: The most legal cards a decision can have: the width of the padded arrays.
MOST_CARDS = 13
#: Adam's steps, step size and the L2 weight: enough to converge on a few thousand decisions.
STEPS, RATE, L2 = 600, 0.1, 1e-3


@dataclass
class Decisions:
    """One kind's decisions: each decision's facts (legal cards × facts) and the card played."""

    facts: list[list[tuple[float, ...]]] = field(default_factory=list)
    played: list[int] = field(default_factory=list)

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Facts padded to :data:`MOST_CARDS` cards, the mask of real cards, and the indices played."""
        count = len(self.played)
        facts = np.zeros((count, MOST_CARDS, len(FACTS)))
        real = np.zeros((count, MOST_CARDS), dtype=bool)
        for row, cards in enumerate(self.facts):
            facts[row, : len(cards)] = cards
            real[row, : len(cards)] = True
        return facts, real, np.array(self.played, dtype=int)


def hand_decisions(hand: Hand, seat: int) -> Iterator[tuple[int, list[tuple[float, ...]], int]]:
    """(kind, each legal card's facts, index of the card played) at ``seat``'s plays with a choice."""
    replay = Hand(hand.dealt, hand.pass_direction)
    for giver, passed in enumerate(hand.passed):
        if passed is not None:
            replay.pass_cards(giver, passed)
    void = [0, 0, 0, 0]
    for card in hand.plays:
        trick = [int(played) for played in replay.current_trick.cards]
        player = replay.turn
        assert player is not None  # a card is still to be played
        legal = replay.legal_mask()
        if player == seat and legal & (legal - 1):
            holdings = [mask_of(held) for held in replay.hands]
            unseen = (holdings[0] | holdings[1] | holdings[2] | holdings[3]) ^ holdings[seat]
            threat = moon_threat(list(replay.points), queen_taken(replay.view(seat)))
            kind, cards, facts = card_facts(
                seat, holdings[seat], legal, trick, replay.current_trick.leader, unseen, void, threat
            )
            yield kind, facts, cards.index(card)
        if trick and card // 13 != trick[0] // 13:
            void[player] |= 1 << trick[0] // 13
        replay.play(card)


def decisions_of(lines: list[str], bot: str, deals: int | None = None) -> list[Decisions]:
    """Each kind's decisions of ``bot`` over an arena hands log (its first ``deals`` deals)."""
    found = [Decisions() for _ in KINDS]
    for hand, seat in hands_of(lines, bot, deals):
        for kind, facts, played in hand_decisions(hand, seat):
            found[kind].facts.append(facts)
            found[kind].played.append(played)
    if not any(kind.played for kind in found):
        raise ValueError(f"no play of {bot!r} with a choice in the file")
    return found


def probabilities(facts: np.ndarray, real: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """The model's probability of each legal card (0 for the padding)."""
    scores = facts @ weights
    scores[~real] = -np.inf
    scores -= scores.max(axis=1, keepdims=True)
    chances = np.exp(scores)
    normalised: np.ndarray = chances / chances.sum(axis=1, keepdims=True)
    return normalised


def fit(decisions: Decisions, columns: Sequence[int]) -> np.ndarray:
    """The weights (zero outside ``columns``) that maximise the likelihood of the cards played."""
    facts, real, played = decisions.arrays()
    weights = np.zeros(len(FACTS))
    if not len(played):
        return weights
    chosen = np.zeros(len(FACTS), dtype=bool)
    chosen[list(columns)] = True
    moment, square = np.zeros_like(weights), np.zeros_like(weights)
    rows = np.arange(len(played))
    for step in range(1, STEPS + 1):
        chances = probabilities(facts, real, weights)
        expected = (chances[:, :, None] * facts).sum(axis=1)
        gradient = (expected - facts[rows, played]).mean(axis=0) + L2 * weights
        gradient[~chosen] = 0.0
        moment = 0.9 * moment + 0.1 * gradient
        square = 0.999 * square + 0.001 * gradient * gradient
        weights -= RATE * (moment / (1 - 0.9**step)) / (np.sqrt(square / (1 - 0.999**step)) + 1e-8)
    return weights


def evaluate(decisions: Decisions, weights: np.ndarray) -> tuple[float, float]:
    """How often the likeliest card is the one played, and the mean log-likelihood of it."""
    facts, real, played = decisions.arrays()
    if not len(played):
        return 0.0, 0.0
    chances = probabilities(facts, real, weights)
    rows = np.arange(len(played))
    return float((chances.argmax(axis=1) == played).mean()), float(np.log(chances[rows, played]).mean())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m lab.fit_opponent", description=__doc__.split("\n")[0])
    parser.add_argument("train", type=Path, help="an arena hands log (--hands) to fit to")
    parser.add_argument("--test", type=Path, help="a second log to measure the fit on (default: the first)")
    parser.add_argument("--bot", default="ismcts", help="whose plays (default: ismcts)")
    parser.add_argument("--deals", type=int, help="only the first N deals of each log")
    args = parser.parse_args(argv)
    try:
        train = decisions_of(args.train.read_text().splitlines(), args.bot, args.deals)
        test = decisions_of(args.test.read_text().splitlines(), args.bot, args.deals) if args.test else train
    except (OSError, ValueError) as error:
        parser.exit(2, f"fit_opponent: {error}\n")
    fitted = [fit(kind, range(len(FACTS))) for kind in train]
    print("WEIGHTS = (")
    for weights in fitted:
        print("    (" + ", ".join(f"{weight:.2f}" for weight in weights) + "),")
    print(")")
    for name, kind, test_kind, weights in zip(KINDS, train, test, fitted):
        normal_only = fit(kind, [0])
        top, likelihood = evaluate(test_kind, weights)
        base_top, base_likelihood = evaluate(test_kind, normal_only)
        print(
            f"{name}: {len(kind.played)} decisions fitted, {len(test_kind.played)} measured; likeliest card "
            f"played {top:.3f} (Normal's card only: {base_top:.3f}); log-likelihood {likelihood:.3f} "
            f"({base_likelihood:.3f})"
        )


if __name__ == "__main__":
    main()
