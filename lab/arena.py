"""Duplicate-deal arena: the instrument for every AI change.

    python -m lab.arena --seats hard,normal,normal,normal --deals 500 --seed 1 [--json] [--workers 2]

Each deal (with its pass direction: left, right, across, none in turn) is played once for every
rotation of the seats, so every bot holds every hand and the luck of the cards cancels out.
Printed per bot: mean points per hand with a 95% confidence interval (over deals, the
independent unit), moons shot and suffered, and milliseconds per decision (mean, median, p99),
both wall-clock and CPU time of the deciding process.

Hard's limits: ``--budget``/``--pass-budget`` seconds (``--lead-budget`` for a play that leads a
trick, as the page gives its leaders more), ``--samples`` (and the pass's own ``--pass-samples``)
and ``--pass-candidates``.
On a shared machine use ``--clock cpu``: the budget then counts this process's CPU time, so other
programs slow the run down but do not weaken Hard; a slower machine still does, so
``--scale-to-reference`` multiplies the budgets by how much slower this machine is than the one
docs/ai.md's figures come from (:mod:`lab.machine_speed`, measured at the start; the JSON's
``budget_scale``). Two runs started side by side to be compared give both ``--slowdown X`` instead,
the figure a probe read on the quiet machine: a probe beside a running arena reads slower (2.18×
against 1.36× alone, docs/log/ai-2026-12-07.md, session 57), and would give one side more budget
than the other. A long run stopped with Ctrl-C or SIGTERM still reports the deals it completed
(``--progress`` prints running means every 10 deals).

``--first-deal K`` plays deals K to ``--deals`` − 1 only, the same deals and seeds a whole run
plays there: a run stopped after K deals is finished so, and the two ``--hands`` files joined
(``cat``) compare as one.

``--remember N`` plays each hand as a later hand of a game: the bots see the tricks of the last N
deals played in the same rotation as the game's earlier hands (``View.earlier_hands``, which the
page's bots get from :meth:`hearts.Match.view`), so Hard can tell from them which seats play
Normal's way. It needs one worker, each deal waiting for the one before.

``--hands FILE`` also writes every hand's result as a JSON line (deal and its 牌局编号, rotation,
seat, bot, score, whether the seat held the first bot named in ``--seats``, and the whole hand as
:meth:`hearts.Hand.to_dict` gives it). Two runs on the same deals, with different bots or code in
the first seat, are then compared hand by hand with ``lab/compare_hands.py``, and
``lab/where_points_go.py`` says how a bot came by its points (Q♠, and hearts by how the trick
was won). Every bot repeats its play for the same seed (Hard only where the sample cap, not the
clock, ends its search: ``--budget 30 --pass-budget 30``), ISMCTS too
(:mod:`lab.openspiel_seat`), so two runs differ only in the hands where a changed bot
played differently, and the paired difference is far less noisy than the two means.
``--no-pass-model`` makes Hard's pass search race the static heuristic's shortlist instead of
the learned pass model's (:mod:`hearts.ai.pass_model`), for a paired comparison.

``--games N`` plays whole games to 100 instead, each game's deals replayed with the seats
rotated, and reports game wins and mean place per bot (:mod:`lab.game_arena`); there bots see
the match totals, and ``--no-game-objective`` makes Hard ignore them (for a paired comparison).
``--fork-objective`` (with ``--hands``) plays each game once up to the first hand that can end
it and finishes it twice, with and without the game objective, and compares the finishes.

Seat names: ``easy``, ``normal``, ``hard``, ``ismcts`` (OpenSpiel's ISMCTS with random
rollouts and 1,000 simulations; needs ``pip install -r requirements-bench.txt``) and ``xinxin``
(Sturtevant's program, :mod:`lab.xinxin_seat`; ``make xinxin`` builds it; ``--xinxin-worlds``
and ``--xinxin-sims``, 30 and 10,000 by default; ``--xinxin-answers FILE`` keeps its answers);
and, for a ceiling rather than a player, ``peek``: Hard whose play search sees every hidden card
(:mod:`lab.peek`). ISMCTS thinks in a server process of its own, so its CPU milliseconds count
only the arena's side; its wall milliseconds are its time.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import deque
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, TextIO

from hearts.ai import Limits
from hearts.ai.search import DEFAULT_BUDGET, DEFAULT_MAX_SAMPLES, DEFAULT_PASS_BUDGET, PASS_SHORTLIST
from hearts.game.deal import deal_hands, hand_deal_number
from hearts.game.driver import play_rest
from hearts.game.hand import Hand
from hearts.game.match import pass_direction_for
from hearts.game.trick import Trick
from hearts.game.view import EarlierHands

from .machine_speed import add_scaling_options, chosen_scale, scaled
from .runs import play_tasks, stoppable
from .seats import Remembering, Timed, bot_seed, make_player
from .stats import mean_ci95, p99

SEAT_NAMES = ("easy", "normal", "hard", "ismcts", "xinxin", "peek")


@dataclass
class Tally:
    """One bot's results: per-deal mean points, moons and decision times."""

    deal_means: list[float] = field(default_factory=list)
    hands: int = 0
    points: int = 0
    moons_shot: int = 0
    moons_suffered: int = 0
    decision_ms: list[float] = field(default_factory=list)
    decision_cpu_ms: list[float] = field(default_factory=list)


def hand_seed(run_seed: int, deal: int, rotation: int) -> int:
    """The seed of one hand of a run: deal ``deal`` (from 0) in seating ``rotation``."""
    return run_seed * 1_000_003 + deal * 4 + rotation


def play_seated(
    names: list[str], deal_number: int, direction: str, seed: int, limits: Limits, earlier: EarlierHands = ()
) -> dict[str, Any]:
    """Play one hand with ``names[seat]`` at each seat, every bot shown ``earlier`` as the game's
    earlier hands; return scores, moon, timings and the hand itself (:meth:`hearts.Hand.to_dict`)."""
    hand = Hand(deal_hands(deal_number), direction)
    times: list[list[tuple[float, float]]] = [[] for _ in range(4)]
    players = [make_player(name, bot_seed(seed, seat), limits, hand) for seat, name in enumerate(names)]
    if earlier:
        players = [Remembering(player, earlier) for player in players]
    play_rest(hand, [Timed(player, times[seat]) for seat, player in enumerate(players)])
    return {"scores": hand.scores, "moon": hand.moon, "times": times, "hand": hand.to_dict()}


def play_deal(task: tuple[list[str], int, int, Limits, tuple[EarlierHands, ...]]) -> list[dict[str, Any]]:
    """All four rotations of deal ``index`` of the run, each shown its earlier hands
    (``memory[rotation]``, or none); one record per (rotation, seat)."""
    names, seed, index, limits, memory = task
    deal_number = hand_deal_number(seed, index + 1)
    direction = pass_direction_for(index + 1)
    records = []
    for rotation in range(4):
        seated = [names[(seat + rotation) % 4] for seat in range(4)]
        earlier = memory[rotation] if memory else ()
        result = play_seated(seated, deal_number, direction, hand_seed(seed, index, rotation), limits, earlier)
        for seat, name in enumerate(seated):
            moon = result["moon"]
            records.append(
                {
                    "deal": index,
                    "deal_number": deal_number,
                    "rotation": rotation,
                    "seat": seat,
                    "first": seat == -rotation % 4,
                    "name": name,
                    "score": result["scores"][seat],
                    "shot": moon == seat,
                    "suffered": moon is not None and moon != seat,
                    "times": result["times"][seat],
                    "hand": result["hand"],
                }
            )
    return records


def run(
    names: list[str],
    deals: int,
    seed: int,
    workers: int = 1,
    limits: Limits | None = None,
    progress: bool = False,
    hands: TextIO | None = None,
    first_deal: int = 0,
    remember: int = 0,
) -> dict[str, Tally]:
    """Play duplicate deals ``first_deal`` to ``deals - 1`` and tally them per bot name; write
    each seat's result in each hand as a JSON line to ``hands`` if given (the decision times
    left out). A deal and its seeds depend only on the run's seed and the deal's index, so a run
    from ``first_deal`` plays exactly the deals a whole run would have played there: a stopped
    run is finished by another from where it stopped, and the two hands logs joined.

    KeyboardInterrupt (Ctrl-C; ``main`` turns SIGTERM into one too) stops the run early and returns
    the deals completed so far, so a long run that cannot finish in time still reports.

    With ``remember`` (one worker only), each hand is played as a game's later hand: every bot's
    view carries, as ``earlier_hands``, the tricks of the last ``remember`` deals played in the
    same rotation (the same bots in the same seats), as the page's bots see their game's earlier
    hands; the run's first deal has none.
    """
    if remember and workers != 1:
        raise ValueError("remembering earlier hands needs one worker: each deal waits for the one before")
    memory: list[deque[tuple[Trick, ...]]] = [deque(maxlen=remember) for _ in range(4)]
    tasks = (
        (names, seed, index, limits or Limits(), tuple(tuple(earlier) for earlier in memory) if remember else ())
        for index in range(first_deal, deals)
    )
    tallies = {name: Tally() for name in names}
    started = time.perf_counter()
    try:
        for done, records in enumerate(play_tasks(play_deal, tasks, workers, hands), start=1):
            if remember:
                for record in records[::4]:  # each rotation's hand, once
                    memory[record["rotation"]].append(tuple(Hand.from_dict(record["hand"]).tricks))
            _add(tallies, records)
            _report_progress(tallies, progress, done, deals - first_deal, started)
    except KeyboardInterrupt:
        print("  interrupted: reporting the deals completed", file=sys.stderr, flush=True)
    return tallies


def _add(tallies: dict[str, Tally], records: list[dict[str, Any]]) -> None:
    per_name: dict[str, list[int]] = {}
    for record in records:
        tally = tallies[record["name"]]
        tally.hands += 1
        tally.points += record["score"]
        tally.moons_shot += record["shot"]
        tally.moons_suffered += record["suffered"]
        tally.decision_ms.extend(wall for wall, _ in record["times"])
        tally.decision_cpu_ms.extend(cpu for _, cpu in record["times"])
        per_name.setdefault(record["name"], []).append(record["score"])
    for name, scores in per_name.items():
        tallies[name].deal_means.append(sum(scores) / len(scores))


def _report_progress(tallies: dict[str, Tally], enabled: bool, done: int, total: int, started: float) -> None:
    """Every 10 deals, the running means: a long run cut short still says how it was going."""
    if enabled and (done % 10 == 0 or done == total):
        means = ", ".join(f"{name} {tally.points / tally.hands:.3f}" for name, tally in tallies.items())
        print(f"  {done}/{total} deals, {time.perf_counter() - started:.0f} s: {means}", file=sys.stderr, flush=True)


def summary(tallies: dict[str, Tally]) -> dict[str, dict[str, float]]:
    """Per bot: mean points per hand, 95% CI half-width, moons, decision times."""
    result = {}
    for name, tally in tallies.items():
        mean, half = mean_ci95(tally.deal_means)
        times = sorted(tally.decision_ms)
        cpu = sorted(tally.decision_cpu_ms)
        result[name] = {
            "hands": tally.hands,
            "mean_points": round(mean, 3),
            "ci95": round(half, 3),
            "moons_shot": tally.moons_shot,
            "moons_suffered": tally.moons_suffered,
            "ms_mean": round(statistics.fmean(times), 3),
            "ms_median": round(statistics.median(times), 3),
            "ms_p99": round(p99(times), 3),
            "cpu_ms_mean": round(statistics.fmean(cpu), 3),
            "cpu_ms_median": round(statistics.median(cpu), 3),
            "cpu_ms_p99": round(p99(cpu), 3),
            "decisions": len(times),
        }
    return result


def _run_settings(options: argparse.Namespace, scale: float) -> dict[str, Any]:
    """What a run searched with, as its --json report gives it (deals and games alike)."""
    return {
        "seed": options.seed,
        "budget": options.budget,
        "pass_budget": options.pass_budget,
        "lead_budget": options.lead_budget,
        "samples": options.samples,
        "pass_samples": options.pass_samples,
        "pass_candidates": options.pass_candidates,
        "pass_model": not options.no_pass_model,
        "clock": options.clock,
        "budget_scale": round(scale, 3),
        "xinxin_worlds": options.xinxin_worlds,
        "xinxin_sims": options.xinxin_sims,
    }


def _add_xinxin_arguments(parser: argparse.ArgumentParser) -> None:
    """The xinxin seats' settings (:mod:`lab.xinxin_seat`): Sturtevant's strongest by default."""
    from .xinxin_seat import SIMULATIONS, WORLDS

    parser.add_argument("--xinxin-worlds", type=int, default=WORLDS, help="xinxin's sampled worlds a move")
    parser.add_argument(
        "--xinxin-sims", type=int, default=SIMULATIONS, help="xinxin's simulations a move, shared by its worlds"
    )
    parser.add_argument(
        "--xinxin-answers",
        metavar="FILE",
        help="keep xinxin's answers in this SQLite file and reuse those already there (as --ismcts-answers)",
    )


def _set_up_xinxin(parser: argparse.ArgumentParser, options: argparse.Namespace, names: list[str]) -> None:
    """Give the xinxin seats their settings and kept answers, or refuse bad ones before any play."""
    from . import xinxin_seat

    if options.xinxin_answers and "xinxin" not in names:
        parser.error("--xinxin-answers needs a xinxin seat")
    try:
        xinxin_seat.configure(options.xinxin_worlds, options.xinxin_sims)
        if options.xinxin_answers:
            xinxin_seat.keep_answers(options.xinxin_answers)
    except (ValueError, OSError) as error:
        parser.error(f"--xinxin-*: {error}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seats", default="hard,normal,normal,normal", help="four bot names, comma-separated")
    parser.add_argument("--deals", type=int, default=20, help="duplicate deals (each played 4 times)")
    parser.add_argument(
        "--games", type=int, help="play this many duplicate whole games (to 100) instead of single deals"
    )
    parser.add_argument(
        "--no-game-objective",
        action="store_true",
        help="Hard values every hand by its points, even near the end of a game",
    )
    parser.add_argument(
        "--no-pass-model",
        action="store_true",
        help="Hard's pass search races the static heuristic's shortlist, not the learned model's",
    )
    parser.add_argument(
        "--fork-objective",
        action="store_true",
        help="with --games and --hands: finish each game twice from the first hand that can "
        "end it, with and without the game objective, and compare the two",
    )
    parser.add_argument(
        "--first-deal",
        type=int,
        default=0,
        help="start at this deal (from 0), to finish a stopped run: the same deals and seeds",
    )
    parser.add_argument(
        "--remember",
        type=int,
        default=0,
        metavar="N",
        help="play each hand as a game's later hand: the bots see the last N deals played in the "
        "same rotation as the game's earlier hands, as in the page (one worker; not with --games)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="processes playing deals in parallel")
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET, help="Hard's seconds per decision")
    parser.add_argument("--pass-budget", type=float, default=DEFAULT_PASS_BUDGET, help="Hard's seconds per pass")
    parser.add_argument(
        "--lead-budget",
        type=float,
        help="Hard's seconds for a play that leads a trick (default: --budget); the page's "
        "leader also searches while the finished trick is shown",
    )
    parser.add_argument("--samples", type=int, default=DEFAULT_MAX_SAMPLES, help="Hard's sample cap")
    parser.add_argument("--pass-samples", type=int, help="Hard's sample cap for the pass (default: --samples)")
    parser.add_argument(
        "--pass-candidates",
        type=int,
        default=PASS_SHORTLIST,
        help="how many passes of the heuristic's shortlist Hard's pass search races",
    )
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="what Hard's budget counts: wall time (as a player waits) or this process's CPU "
        "time (so that other programs on a shared machine do not weaken it)",
    )
    add_scaling_options(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--progress", action="store_true", help="report progress on stderr")
    parser.add_argument(
        "--hands",
        metavar="FILE",
        help="also write each hand's result to this file, one JSON line per seat (for lab/compare_hands.py)",
    )
    parser.add_argument(
        "--ismcts-answers",
        metavar="FILE",
        help="keep ISMCTS's answers in this SQLite file and reuse those already there: a "
        "run on the same deals then asks ISMCTS only where the hand went differently",
    )
    _add_xinxin_arguments(parser)
    options = parser.parse_args(argv)
    names = [name.strip() for name in options.seats.split(",")]
    if len(names) != 4 or any(name not in SEAT_NAMES for name in names):
        parser.error(f"--seats needs four of {', '.join(SEAT_NAMES)}, got {options.seats!r}")
    if options.deals < 1 or options.workers < 1 or (options.games is not None and options.games < 1):
        parser.error("--deals, --games and --workers must be at least 1")
    if not 0 <= options.first_deal < options.deals or (options.first_deal and options.games is not None):
        parser.error("--first-deal must be below --deals, and is for single deals, not --games")
    if options.remember < 0 or (options.remember and (options.workers != 1 or options.games is not None)):
        parser.error("--remember needs a count of at least 0, --workers 1 and single deals, not --games")
    if options.fork_objective and (options.games is None or not options.hands or options.no_game_objective):
        parser.error("--fork-objective needs --games and --hands, and not --no-game-objective")
    if options.ismcts_answers:
        if "ismcts" not in names:
            parser.error("--ismcts-answers needs an ismcts seat")
        from .openspiel_seat import keep_answers

        try:
            keep_answers(options.ismcts_answers)
        except (ValueError, OSError, ImportError) as error:
            parser.error(f"--ismcts-answers: {error}")
    _set_up_xinxin(parser, options, names)
    try:
        hands = open(options.hands, "w", encoding="utf-8") if options.hands else None  # only once the rest is valid
    except OSError as error:
        parser.error(f"--hands: {error}")
    started = time.perf_counter()
    clock = time.process_time if options.clock == "cpu" else time.perf_counter
    scale = chosen_scale(options)
    limits = scaled(
        Limits(
            options.budget,
            options.pass_budget,
            options.samples,
            clock,
            play_for_game=not options.no_game_objective,
            pass_candidates=options.pass_candidates,
            pass_samples=options.pass_samples,
            pass_model=not options.no_pass_model,
            lead_budget=options.lead_budget,
        ),
        scale,
    )
    if options.games is not None:
        _main_games(names, options, limits, hands, started, scale)
        return
    with stoppable(hands):
        tallies = run(
            names,
            options.deals,
            options.seed,
            options.workers,
            limits,
            options.progress,
            hands,
            options.first_deal,
            options.remember,
        )
    played = len(next(iter(tallies.values())).deal_means)
    if not played:
        sys.exit("no deal was completed")
    table = summary(tallies)
    if options.json:
        print(
            json.dumps(
                {
                    "seats": names,
                    "deals": played,
                    "deals_asked": options.deals - options.first_deal,
                    "first_deal": options.first_deal,
                    "remember": options.remember,
                    **_run_settings(options, scale),
                    "seconds": round(time.perf_counter() - started, 1),
                    "bots": table,
                }
            )
        )
        return
    start = f" from deal {options.first_deal}" if options.first_deal else ""
    print(
        f"{played} duplicate deals{start} (of {options.deals - options.first_deal} asked) x 4 rotations, "
        f"seats {','.join(names)}, seed {options.seed}, "
        f"Hard budget {limits.budget:.3g} s ({options.clock} clock), lead {limits.play_budget(True):.3g} s, "
        f"pass {limits.pass_budget:.3g} s, {options.samples} samples"
        + ("" if limits.pass_model else ", the static pass shortlist (--no-pass-model)")
    )
    print(
        f"{'bot':8s} {'hands':>6s} {'pts/hand':>9s} {'95% CI':>8s} {'moons':>6s} {'suffered':>8s} "
        f"{'ms mean':>8s} {'median':>8s} {'p99':>8s} {'cpu mean':>9s} {'median':>8s} {'p99':>8s}"
    )
    for name, row in table.items():
        print(
            f"{name:8s} {row['hands']:6d} {row['mean_points']:9.3f} {'±' + format(row['ci95'], '.3f'):>8s} "
            f"{row['moons_shot']:6d} {row['moons_suffered']:8d} {row['ms_mean']:8.2f} {row['ms_median']:8.2f} "
            f"{row['ms_p99']:8.2f} {row['cpu_ms_mean']:9.2f} {row['cpu_ms_median']:8.2f} {row['cpu_ms_p99']:8.2f}"
        )


def _main_games(
    names: list[str], options: argparse.Namespace, limits: Limits, log: TextIO | None, started: float, scale: float
) -> None:
    from .compare_games import compare_forked, describe
    from .game_arena import games_summary, run_games

    forked = options.fork_objective
    with stoppable(log):
        tallies = run_games(names, options.games, options.seed, options.workers, limits, options.progress, log, forked)
    played = len(next(iter(tallies.values())).game_means) if tallies else 0
    if not played:
        sys.exit("no game was completed")
    table = games_summary(tallies)
    paired = compare_forked(Path(options.hands)) if forked else None
    objective = "off, then on (forked)" if forked else "on" if limits.play_for_game else "off"
    if options.json:
        print(
            json.dumps(
                {
                    "seats": names,
                    "games": played,
                    "games_asked": options.games,
                    **_run_settings(options, scale),
                    "game_objective": limits.play_for_game,
                    "forked": forked,
                    "seconds": round(time.perf_counter() - started, 1),
                    "bots": table,
                    "paired": paired and asdict(paired),
                }
            )
        )
        return
    print(
        f"{played} duplicate games (of {options.games} asked) x 4 rotations, seats {','.join(names)}, "
        f"seed {options.seed}, Hard budget {limits.budget:.3g} s ({options.clock} clock), "
        f"game objective {objective}"
    )
    print(
        f"{'bot':8s} {'games':>6s} {'wins':>5s} {'share':>6s} {'place':>6s} {'95% CI':>8s} {'pts/hand':>9s} "
        f"{'cpu median':>11s} {'p99':>8s}"
    )
    for name, row in table.items():
        print(
            f"{name:8s} {row['games']:6d} {row['wins']:5d} {row['win_share']:6.3f} {row['mean_place']:6.3f} "
            f"{'±' + format(row['ci95'], '.3f'):>8s} {row['points_per_hand']:9.3f} {row['cpu_ms_median']:11.2f} "
            f"{row['cpu_ms_p99']:8.2f}"
        )
    if paired:
        print(f"{names[0]} without the game objective (A) and with it (B): {describe(paired)}")


if __name__ == "__main__":
    main()
