"""How far Hard's play search stands from its own converged answer, in points of the hand.

    python -m lab.search_regret --hands 24 --seed 7000 --setting budget=0.06 --setting samples=400

Hard (seat 0, the default limits) plays ``--hands`` hands among three Normal; at each of its
plays with a choice of cards, a *reference* search with no budget, ``--reference-samples``
samples and no pruning (every candidate on every sample) scores every candidate. A setting's
*regret* there is the reference's mean for the card the setting's search chose, minus its mean
for the card the reference chose: the points of that hand the setting's shorter search gives
up. The default limits are always the first setting; the others are paired against them.

Against Normal, Hard's playouts model the opponents card for card, so the regret is the cost of
sampling and pruning alone (the reference's own noise included): a screen for search settings
(budgets, sample caps) that reads in minutes, paired play by play, what the arena reads in hours
(a paired 500-deal run there is good to about ±0.15 points a hand). It cannot judge a change of
the playout policy or the sampling model, which change the reference too. Budgets count this
process's CPU time.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from dataclasses import dataclass, replace
from random import Random

from hearts.ai import Limits, bot, racing
from hearts.ai.bots import Hard
from hearts.ai.search import search_play
from hearts.ai.steps import Steps
from hearts.cards import Card
from hearts.deal import deal_hands, hand_deal_number
from hearts.driver import play_rest
from hearts.hand import Hand
from hearts.match import pass_direction_for
from hearts.view import View
from lab.arena import mean_ci95

DEFAULT_SETTING = "default"
#: The keys a ``--setting`` may give, and the :class:`Limits` field each sets.
SETTING_KEYS = {"budget": "budget", "samples": "max_samples"}


class Recording(Hard):
    """Hard that keeps the view of each of its plays."""

    def __init__(self, seed: int, limits: Limits, views: list[View]) -> None:
        super().__init__(seed, limits)
        self.views = views

    def choose_play_steps(self, view: View) -> Steps[Card]:
        self.views.append(view)
        return (yield from super().choose_play_steps(view))


def hard_plays(hands: int, seed: int, limits: Limits) -> list[View]:
    """Seat 0's views at its plays in ``hands`` hands of match ``seed``, Hard there among three
    Normal (passes and all, as in the arena)."""
    views: list[View] = []
    for number in range(1, hands + 1):
        hand = Hand(deal_hands(hand_deal_number(seed, number)), pass_direction_for(number))
        play_rest(hand, [Recording(seed * 4 + number, limits, views)] + [bot("normal") for _ in range(3)])
    return views


def parse_setting(text: str) -> tuple[str, dict[str, float]]:
    """``budget=0.06,samples=400`` → its name and the :class:`Limits` fields it sets."""
    fields: dict[str, float] = {}
    for part in text.split(","):
        key, _, value = part.partition("=")
        if key not in SETTING_KEYS or not value:
            raise argparse.ArgumentTypeError(f"{text!r}: give key=value pairs, keys {sorted(SETTING_KEYS)}")
        try:
            fields[SETTING_KEYS[key]] = int(value) if key == "samples" else float(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r}: {value!r} is not a number") from None
    return text, fields


@dataclass
class Outcome:
    """One setting at one play: the regret, and the CPU seconds its search took."""

    regret: float
    seconds: float


def regrets(view: View, settings: dict[str, Limits], reference_samples: int,
            reference_seed: int, seed: int) -> dict[str, Outcome] | None:
    """Every setting's regret at ``view`` (None if the play had one candidate).

    The reference races with :data:`hearts.ai.racing.PRUNE_Z` out of reach, so that every
    candidate gets every sample (only cards that score the same on every sample still merge);
    the search has no parameter for it, so the module's threshold is set for that search only.
    """
    unpruned = racing.PRUNE_Z
    racing.PRUNE_Z = float("inf")
    try:
        unlimited = Limits(budget=float("inf"), max_samples=reference_samples)
        reference = search_play(view, Random(reference_seed), unlimited)
    finally:
        racing.PRUNE_Z = unpruned
    if not reference.entries:
        return None
    means = {key: entry.mean for key, entry in reference.entries.items()}
    best = means[(reference.shooting, reference.card)]
    outcomes = {}
    for name, limits in settings.items():
        started = time.process_time()
        choice = search_play(view, Random(seed), limits)
        outcomes[name] = Outcome(means[(choice.shooting, choice.card)] - best, time.process_time() - started)
    return outcomes


def report(table: list[dict[str, Outcome]], hands: int) -> dict[str, dict[str, float]]:
    """Per setting: mean regret per searched play (95% half-width), per hand, the paired
    difference from the default, and the search's CPU milliseconds (median)."""
    result = {}
    for name in table[0]:
        mean, half = mean_ci95([row[name].regret for row in table])
        paired, paired_half = mean_ci95([row[name].regret - row[DEFAULT_SETTING].regret for row in table])
        result[name] = {"plays": len(table), "regret": mean, "ci95": half,
                        "per_hand": mean * len(table) / hands,
                        "minus_default": paired, "minus_default_ci95": paired_half,
                        "cpu_ms_median": 1000 * statistics.median(row[name].seconds for row in table)}
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=24)
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--reference-samples", type=int, default=2000)
    parser.add_argument("--setting", type=parse_setting, action="append", default=[],
                        help="search limits to score besides the default, e.g. budget=0.06,samples=400")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    options = parser.parse_args(argv)
    default = Limits(clock=time.process_time)
    settings = {DEFAULT_SETTING: default}
    settings.update((name, replace(default, **fields)) for name, fields in options.setting)
    table = []
    for index, view in enumerate(hard_plays(options.hands, options.seed, default)):
        outcomes = regrets(view, settings, options.reference_samples, options.seed + 1_000_003 * index, index)
        if outcomes is not None:
            table.append(outcomes)
    if not table:
        parser.exit(1, "no play with a choice of cards in these hands\n")
    figures = report(table, options.hands)
    if options.json:
        print(json.dumps(figures))
        return
    print(f"{len(table)} plays with a choice in {options.hands} hands (seed {options.seed}), "
          f"reference {options.reference_samples} samples unpruned; regret in points of the hand:")
    for name, row in figures.items():
        print(f"  {name:24} {row['regret']:.4f} ± {row['ci95']:.4f} a play, {row['per_hand']:.3f} a hand; "
              f"minus default {row['minus_default']:+.4f} ± {row['minus_default_ci95']:.4f}; "
              f"CPU ms median {row['cpu_ms_median']:.1f}")


if __name__ == "__main__":
    main()
