"""How far Hard's play or pass search stands from its own converged answer, in points of the hand.

    python -m lab.search_regret --hands 24 --seed 7000 --setting budget=0.06 --setting samples=400
    python -m lab.search_regret --passes --hands 24 --seed 7000 --setting candidates=16

Hard (seat 0, the default limits) plays ``--hands`` hands among three Normal; at each of its
plays with a choice of cards, a *reference* search with no budget, ``--reference-samples``
samples and no pruning (every candidate on every sample) scores every candidate. A setting's
*regret* there is the reference's mean for the card the setting's search chose, minus its mean
for the card the reference chose: the points of that hand the setting's shorter search gives
up. The default limits are always the first setting; the others are paired against them, or
against the setting named by ``--baseline``.

Against Normal, Hard's playouts model the opponents card for card, so the regret is the cost of
sampling and pruning alone (the reference's own noise included): a screen for search settings
(budgets, sample caps) that reads in minutes, paired play by play, what the arena reads in hours
(a paired 500-deal run there is good to about ±0.15 points a hand). It cannot judge a change of
the playout policy or the sampling model, which change the reference too. Budgets count this
process's CPU time; ``--scale-to-reference`` scales them to this machine's speed, as the arena's
flag does, and ``--slowdown X`` by a given factor (runs side by side give the same X).

``--passes`` scores the pass search instead, at every seat's pass of the hands that pass (the
deals alone decide those views): the reference races the first ``--reference-candidates``
passes of the learned model's shortlist and of the heuristic's (twice Hard's by default), unpruned,
on the same ``--reference-samples`` sampled deals; a setting may race no more candidates than
that, so that its choice always has a reference mean (``model=0`` races the heuristic's).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from random import Random
from typing import TypeVar

from hearts.ai import Limits, bot, racing
from hearts.ai.bots import Hard
from hearts.ai.search import PASS_SHORTLIST, PassChoice, PlayChoice, pass_choice_steps, search_play
from hearts.ai.steps import Steps, run_steps
from hearts.game.cards import Card
from hearts.game.deal import deal_hands, hand_deal_number
from hearts.game.driver import play_rest
from hearts.game.hand import Hand, pass_target
from hearts.game.match import pass_direction_for
from hearts.game.view import View
from lab.machine_speed import add_scaling_options, chosen_scale, scaled
from lab.stats import mean_ci95

DEFAULT_SETTING = "default"
#: The keys a ``--setting`` may give, and the :class:`Limits` field each sets.
SETTING_KEYS = {
    "budget": "budget",
    "lead_budget": "lead_budget",
    "samples": "max_samples",
    "pass_budget": "pass_budget",
    "pass_samples": "pass_samples",
    "candidates": "pass_candidates",
    "model": "pass_model",
}
_INTEGER_KEYS = {"samples", "pass_samples", "candidates", "model"}
Choice = TypeVar("Choice", PlayChoice, PassChoice)


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


def deal_passes(hands: int, seed: int) -> list[View]:
    """Every seat's view at its pass in the hands of match ``seed`` that pass: nothing but the
    deal decides them, so they hold for any bots."""
    views: list[View] = []
    for number in range(1, hands + 1):
        direction = pass_direction_for(number)
        if pass_target(0, direction) is not None:
            hand = Hand(deal_hands(hand_deal_number(seed, number)), direction)
            views.extend(hand.view(seat) for seat in range(4))
    return views


def parse_setting(text: str) -> tuple[str, dict[str, float]]:
    """``budget=0.06,samples=400`` → its name and the :class:`Limits` fields it sets."""
    fields: dict[str, float] = {}
    for part in text.split(","):
        key, _, value = part.partition("=")
        if key not in SETTING_KEYS or not value:
            raise argparse.ArgumentTypeError(f"{text!r}: give key=value pairs, keys {sorted(SETTING_KEYS)}")
        try:
            number = int(value) if key in _INTEGER_KEYS else float(value)
            fields[SETTING_KEYS[key]] = bool(number) if key == "model" else number
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r}: {value!r} is not a number") from None
    return text, fields


@dataclass
class Outcome:
    """One setting at one play: the regret, and the CPU seconds its search took."""

    regret: float
    seconds: float


def unpruned(search: Callable[[], Choice]) -> Choice:
    """Run ``search`` with :data:`hearts.ai.racing.PRUNE_Z` out of reach, so that every candidate
    gets every sample (only cards that score the same on every sample still merge): the search
    has no parameter for it, so the module's threshold is set for that search only."""
    pruning = racing.PRUNE_Z
    racing.PRUNE_Z = float("inf")
    try:
        return search()
    finally:
        racing.PRUNE_Z = pruning


def regrets(
    view: View, settings: dict[str, Limits], reference_samples: int, reference_seed: int, seed: int
) -> dict[str, Outcome] | None:
    """Every setting's regret at the play of ``view`` (None if it had one candidate)."""
    unlimited = Limits(budget=float("inf"), max_samples=reference_samples)
    reference = unpruned(lambda: search_play(view, Random(reference_seed), unlimited))
    if not reference.entries:
        return None
    means = {key: entry.mean for key, entry in reference.entries.items()}

    def chosen(limits: Limits) -> float:
        choice = search_play(view, Random(seed), limits)
        return means[(choice.shooting, choice.card)]

    return _score(settings, means[(reference.shooting, reference.card)], chosen)


def pass_regrets(
    view: View,
    settings: dict[str, Limits],
    reference_samples: int,
    reference_candidates: int,
    reference_seed: int,
    seed: int,
) -> dict[str, Outcome]:
    """Every setting's regret at the pass of ``view``: the reference races the learned model's
    shortlist and the heuristic's, each on the same samples (the same seed, every sample drawn)."""
    means: dict[tuple[int, int, int], float] = {}
    samples_behind: dict[tuple[int, int, int], int] = {}
    chosen_by_reference = []
    for model in (True, False):
        unlimited = Limits(
            pass_budget=float("inf"),
            pass_samples=reference_samples,
            pass_candidates=reference_candidates,
            pass_model=model,
        )
        reference = unpruned(partial(run_pass_search, view, Random(reference_seed), unlimited))
        for key, entry in reference.entries.items():
            if len(entry.scores) > samples_behind.get(key, 0):  # a pass merged early keeps a short mean
                means[key], samples_behind[key] = entry.mean, len(entry.scores)
        chosen_by_reference.append(reference.cards)

    def chosen(limits: Limits) -> float:
        return means[run_steps(pass_choice_steps(view, Random(seed), limits)).cards]

    return _score(settings, min(means[cards] for cards in chosen_by_reference), chosen)


def run_pass_search(view: View, rng: Random, limits: Limits) -> PassChoice:
    return run_steps(pass_choice_steps(view, rng, limits))


def _score(settings: dict[str, Limits], best: float, chosen_mean: Callable[[Limits], float]) -> dict[str, Outcome]:
    """Each setting's search run once, timed: its choice's reference mean minus the best one's."""
    outcomes = {}
    for name, limits in settings.items():
        started = time.process_time()
        mean = chosen_mean(limits)
        outcomes[name] = Outcome(mean - best, time.process_time() - started)
    return outcomes


def report(table: list[dict[str, Outcome]], hands: int, baseline: str = DEFAULT_SETTING) -> dict[str, dict[str, float]]:
    """Per setting: mean regret per searched decision (95% half-width), per hand of a seat
    (``hands`` seat-hands in all), the paired difference from ``baseline`` (the default unless
    another setting is named), and the search's CPU milliseconds (median)."""
    result = {}
    for name in table[0]:
        mean, half = mean_ci95([row[name].regret for row in table])
        paired, paired_half = mean_ci95([row[name].regret - row[baseline].regret for row in table])
        result[name] = {
            "decisions": len(table),
            "regret": mean,
            "ci95": half,
            "per_hand": mean * len(table) / hands,
            "minus_baseline": paired,
            "minus_baseline_ci95": paired_half,
            "cpu_ms_median": 1000 * statistics.median(row[name].seconds for row in table),
        }
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=24)
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--reference-samples", type=int, default=2000)
    parser.add_argument("--passes", action="store_true", help="score the pass search, not the play search")
    parser.add_argument(
        "--reference-candidates",
        type=int,
        default=2 * PASS_SHORTLIST,
        help="passes of the shortlist the reference races (with --passes)",
    )
    parser.add_argument(
        "--setting",
        type=parse_setting,
        action="append",
        default=[],
        help="search limits to score besides the default, e.g. budget=0.06,samples=400",
    )
    parser.add_argument(
        "--baseline",
        metavar="SETTING",
        default=DEFAULT_SETTING,
        help="pair every setting against this one (as given to --setting) instead of the default",
    )
    add_scaling_options(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    options = parser.parse_args(argv)
    base = Limits(clock=time.process_time)
    unscaled = {DEFAULT_SETTING: base, **{name: replace(base, **fields) for name, fields in options.setting}}
    if options.baseline not in unscaled:
        parser.error(f"--baseline {options.baseline!r} is not one of the settings: {', '.join(unscaled)}")
    scale = chosen_scale(options)
    settings = {name: scaled(limits, scale) for name, limits in unscaled.items()}
    default = settings[DEFAULT_SETTING]
    if options.passes:
        too_many = [name for name, limits in settings.items() if limits.pass_candidates > options.reference_candidates]
        if too_many:
            parser.error(
                f"{', '.join(too_many)}: more pass candidates than the reference's "
                f"{options.reference_candidates} (--reference-candidates)"
            )
        views = deal_passes(options.hands, options.seed)
        table = [
            pass_regrets(
                view,
                settings,
                options.reference_samples,
                options.reference_candidates,
                options.seed + 1_000_003 * index,
                index,
            )
            for index, view in enumerate(views)
        ]
        seat_hands, what = 4 * options.hands, "passes"
    else:
        table = []
        for index, view in enumerate(hard_plays(options.hands, options.seed, default)):
            outcomes = regrets(view, settings, options.reference_samples, options.seed + 1_000_003 * index, index)
            if outcomes is not None:
                table.append(outcomes)
        seat_hands, what = options.hands, "plays with a choice"
    if not table:
        parser.exit(1, f"no {what} in these hands\n")
    figures = report(table, seat_hands, options.baseline)
    if options.json:
        print(json.dumps(figures))
        return
    print(
        f"{len(table)} {what} in {options.hands} hands (seed {options.seed}), reference "
        f"{options.reference_samples} samples unpruned; regret in points of the hand:"
    )
    for name, row in figures.items():
        print(
            f"  {name:24} {row['regret']:.4f} ± {row['ci95']:.4f} a decision, {row['per_hand']:.3f} a hand; "
            f"minus {options.baseline} {row['minus_baseline']:+.4f} ± {row['minus_baseline_ci95']:.4f}; "
            f"CPU ms median {row['cpu_ms_median']:.1f}"
        )


if __name__ == "__main__":
    main()
