"""Do 「提示」 and 复盘 agree? Whole games with seat 0 following the hint every time, judged.

    python -m lab.hint_agreement --hands 200 --seed 1 [--workers 2] [--page] [--judge hint|hand]
    python -m lab.hint_agreement --hands 200 --seed 1 --budget 0.2 --pass-budget 0.45   # the hint before issue 53
    python -m lab.hint_agreement --hands 30 --seed 1 --pyodide   # on Pyodide under Node, the page's clock
    python -m lab.hint_agreement --passes 200 --page --slowdown 8   # only passes, at a phone's budget

Seat 0 asks 「提示」 at every decision (the pass and each play, with the match totals, as the
page asks it: :meth:`hearts.Match.view`) and plays what it says; seats 1-3 are Hard. Games are
played whole, so the hands near 100, where the hint plays for the game, come up as often as in
play. After each hand 复盘 judges every one of seat 0's decisions as the page does
(:func:`hearts.ai.verdicts.review_hand` with the game's hands before it, as the hint had them;
``--judge hand`` judges by the hand's points alone, as 复盘 did before issue 53). Printed: the decisions
judged, how many 复盘 marks as costly (cost ≥ 1) and their share, by kind and by whether the
hand could end the game, and beside them how many a judge by the hand's points alone marks
(the hands near 100 judged a second time that way); ``--list`` adds each marked decision.

The hint's budget (:data:`hearts.ai.hints.HINT_LIMITS`, or ``--budget`` and ``--pass-budget``)
is CPU seconds here (a shared machine must not cut it short), as on a quiet desktop; ``--page``
divides it by ``--slowdown`` (2.2: Pyodide in a desktop browser against CPython, docs/ai.md) to
search as much as the page's hint does on a desktop. The bots'
budget is Hard's default, on the CPU clock too. Games are numbered from 0 and seeded by
``--seed``; the first games in that order whose hands reach ``--hands`` are counted, whatever
order the workers finish them in, so a run repeats.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from hearts.ai import Limits, hint_pass, hint_play
from hearts.ai.bots import Hard
from hearts.ai.hints import HINT_LIMITS
from hearts.ai.objective import game_may_end
from hearts.ai.verdicts import REVIEW_LIMITS, review_hand, verdict
from hearts.game.deal import deal_hands
from hearts.game.hand import Hand
from hearts.game.match import Match
from hearts.game.phase import HandPhase
from hearts.game.strings import DEFAULT_LANGUAGE
from hearts.game.view import View

#: Pyodide in a desktop browser is about this many times slower than CPython (2.0-2.3x, docs/ai.md).
PAGE_SLOWDOWN = 2.2
#: The clock of the bots' budgets and of the hint's timings. Pyodide has no CPU clock: its
#: ``time.process_time`` counts microseconds in a 32-bit ``clock_t`` and raises after 2**31 of
#: them (35.8 minutes into a run), so there the wall clock, which ``--pyodide`` measures by anyway.
CPU_CLOCK = time.perf_counter if sys.platform == "emscripten" else time.process_time
#: The directions ``--passes`` cycles through.
PASS_DIRECTIONS = ("left", "right", "across")
#: A game not over after this many hands is stopped (a safeguard: games end within about 30).
MAX_HANDS = 60


@dataclass(frozen=True)
class Setup:
    """One run's settings, as each game needs them."""

    seed: int
    hint_limits: Limits
    bot_limits: Limits
    judge_by_hint: bool
    review_limits: Limits = REVIEW_LIMITS


def hint_limits(page: bool, slowdown: float = PAGE_SLOWDOWN, base: Limits | None = None, wall: bool = False) -> Limits:
    """The hint's limits on the CPU clock (``wall``: the page's, the wall clock): the page's
    default, divided by ``slowdown`` for ``page``."""
    limits = replace(base or HINT_LIMITS, clock=time.perf_counter if wall else CPU_CLOCK)
    if not page:
        return limits
    return replace(limits, budget=limits.budget / slowdown, pass_budget=limits.pass_budget / slowdown)


def play_game(task: tuple[Setup, int]) -> list[dict[str, Any]]:
    """Game ``index`` of the run, seat 0 following the hint: one record per judged decision."""
    setup, index = task
    match = Match(setup.seed * 1_000_003 + index)
    records: list[dict[str, Any]] = []
    while True:
        hand = match.hand
        totals = tuple(match.totals)
        bots = {seat: Hard((match.seed * 100 + match.hand_number) * 4 + seat, setup.bot_limits) for seat in (1, 2, 3)}
        thought: list[float] = []  # the hint's CPU milliseconds, decision by decision

        if hand.phase == HandPhase.PASS:
            for seat in range(4):
                view = match.view(seat)
                hand.pass_cards(seat, _timed_hint(view, setup, thought) if seat == 0 else bots[seat].choose_pass(view))
        while hand.phase == HandPhase.PLAY:
            mover = hand.turn
            assert mover is not None
            view = match.view(mover)
            hand.play(_timed_hint(view, setup, thought) if mover == 0 else bots[mover].choose_play(view))
        near_end = game_may_end(totals)
        review = review_hand(hand, 0, setup.review_limits, match.hands[:-1] if setup.judge_by_hint else None)
        # The verdicts by the hand's points alone, as 复盘 gave them before issue 53.
        by_points = review_hand(hand, 0, setup.review_limits) if setup.judge_by_hint and near_end else review
        records.extend(
            {
                "game": index,
                "hand": match.hand_number,
                "totals": list(totals),
                "near_end": near_end,
                "kind": verdict.kind,
                "trick": verdict.trick,
                "cost": verdict.cost,
                "flagged": verdict.flagged,
                "for_game": verdict.for_game,
                "given_up": verdict.given_up,
                "flagged_by_points": old.flagged,
                "hint_ms": ms,
                "message": verdict.message().said_in(DEFAULT_LANGUAGE),
            }
            for verdict, old, ms in zip(review.verdicts, by_points.verdicts, thought)
        )
        if match.over or match.hand_number >= MAX_HANDS:
            return records
        match.next_hand()


def run(setup: Setup, hands: int, workers: int = 1) -> list[dict[str, Any]]:
    """The records of the first games (by index) whose hands add up to ``hands`` or more.

    Ctrl-C or SIGTERM stops the run early: the games finished by then, in order from game 0,
    are reported (fewer hands than asked)."""
    finished: dict[int, list[dict[str, Any]]] = {}

    def counted_games() -> list[int]:
        """The games counted: consecutive from 0, until their hands reach ``hands``."""
        chosen: list[int] = []
        counted = 0
        while len(chosen) in finished and counted < hands:
            counted += len({record["hand"] for record in finished[len(chosen)]})
            chosen.append(len(chosen))
        return chosen if counted >= hands else []

    with _stoppable():
        try:
            if workers == 1:
                while not counted_games():
                    finished[len(finished)] = play_game((setup, len(finished)))
            else:
                _play_in_pool(setup, workers, finished, lambda: bool(counted_games()))
        except KeyboardInterrupt:
            print("  interrupted: reporting the games finished in order", file=sys.stderr, flush=True)
    chosen = counted_games() or list(range(next(index for index in range(len(finished) + 1) if index not in finished)))
    return [record for index in chosen for record in finished[index]]


def judge_passes(setup: Setup, deals: int) -> list[dict[str, Any]]:
    """Only the passes: seat 0's hinted pass in each of ``deals`` fresh deals (the direction
    cycling left, right, across; no match totals), each judged by 复盘. The pass is the search a
    slow device's budget ends most often (CPython needs a median 0.2 s to reach the cap), and
    judging passes alone costs a fraction of whole games: a cheap look at that case."""
    records: list[dict[str, Any]] = []
    for number in range(deals):
        hand = Hand(deal_hands(setup.seed * 1_000_003 + number), PASS_DIRECTIONS[number % len(PASS_DIRECTIONS)])
        view, thought = hand.view(0), list[float]()
        judged = verdict(view, _timed_hint(view, setup, thought), setup.review_limits)
        records.append(
            {
                "game": number,
                "hand": 1,
                "totals": [0, 0, 0, 0],
                "near_end": False,
                "kind": "pass",
                "trick": 0,
                "cost": judged.cost,
                "flagged": judged.flagged,
                "for_game": False,
                "given_up": 0.0,
                "flagged_by_points": judged.flagged,
                "hint_ms": thought[0],
                "message": judged.message().said_in(DEFAULT_LANGUAGE),
            }
        )
    return records


def _timed_hint(view: View, setup: Setup, thought: list[float]) -> Any:
    """The hint's cards for ``view``, its CPU milliseconds appended to ``thought``."""
    started = CPU_CLOCK()
    if view.phase == HandPhase.PASS:
        cards: Any = hint_pass(view, setup.hint_limits)[0]
    else:
        cards = hint_play(view, setup.hint_limits)[0]
    thought.append(round(1000 * (CPU_CLOCK() - started), 1))
    return cards


def _stoppable() -> AbstractContextManager[None]:
    """Ctrl-C or SIGTERM as a KeyboardInterrupt (lab.arena's), except on Pyodide, which has no signals."""
    if sys.platform == "emscripten":
        return nullcontext()
    from lab.runs import stoppable

    return stoppable(None)


def _play_in_pool(
    setup: Setup, workers: int, finished: dict[int, list[dict[str, Any]]], enough: Callable[[], bool]
) -> None:
    """Games 0, 1, … in ``workers`` processes, into ``finished``, until ``enough()``."""
    from concurrent.futures import Future, ProcessPoolExecutor
    from multiprocessing import get_context

    from lab.runs import worker_signals

    pool = ProcessPoolExecutor(workers, mp_context=get_context("fork"), initializer=worker_signals)
    running: dict[int, Future[list[dict[str, Any]]]] = {}
    index = 0
    try:
        while not enough():
            while len(running) < workers:
                running[index] = pool.submit(play_game, (setup, index))
                index += 1
            done = [number for number in sorted(running) if running[number].done()]
            if not done:
                time.sleep(0.2)
                continue
            finished[done[0]] = running.pop(done[0]).result()
            print(f"  game {done[0]} done: {len(finished)} games", file=sys.stderr, flush=True)
    finally:
        for process in list(getattr(pool, "_processes", {}).values()):
            process.terminate()  # the games still running are not counted: end them now
        pool.shutdown(wait=False, cancel_futures=True)


def summary(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Decisions judged and marked, overall and by kind and by whether the hand could end the game."""

    def tally(chosen: list[dict[str, Any]]) -> dict[str, Any]:
        flagged = sum(record["flagged"] for record in chosen)
        by_points = sum(record["flagged_by_points"] for record in chosen)
        return {
            "decisions": len(chosen),
            "flagged": flagged,
            "share": round(flagged / len(chosen), 4) if chosen else None,
            "flagged_by_points": by_points,
            "share_by_points": round(by_points / len(chosen), 4) if chosen else None,
        }

    return {
        "hands": len({(record["game"], record["hand"]) for record in records}),
        "games": len({record["game"] for record in records}),
        "all": tally(records),
        "pass": tally([record for record in records if record["kind"] == "pass"]),
        "play": tally([record for record in records if record["kind"] == "play"]),
        "near_100": tally([record for record in records if record["near_end"]]),
        "earlier": tally([record for record in records if not record["near_end"]]),
        "gave_up_points_for_game": sum(record["given_up"] >= 1 and not record["flagged"] for record in records),
        "hint_cpu_ms": {
            kind: _spread([record["hint_ms"] for record in records if record["kind"] == kind])
            for kind in ("pass", "play")
        },
    }


def _spread(values: list[float]) -> dict[str, float]:
    """Median, 99th percentile and maximum of ``values`` (milliseconds)."""
    ordered = sorted(values) or [0.0]
    return {
        "median": ordered[len(ordered) // 2],
        "p99": ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))],
        "max": ordered[-1],
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=200, help="at least this many hands, as whole games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--page", action="store_true", help="the hint's budget divided by --slowdown")
    parser.add_argument("--budget", type=float, default=HINT_LIMITS.budget, help="the hint's seconds a play")
    parser.add_argument("--pass-budget", type=float, default=HINT_LIMITS.pass_budget, help="the hint's seconds a pass")
    parser.add_argument("--slowdown", type=float, default=PAGE_SLOWDOWN)
    parser.add_argument(
        "--judge",
        choices=("hint", "hand"),
        default="hint",
        help="复盘 judges by the hint's objective (the totals) or by the hand's points alone",
    )
    parser.add_argument("--wall", action="store_true", help="the hint's budget on the wall clock, as in the page")
    parser.add_argument(
        "--pyodide",
        action="store_true",
        help="run on the vendored Pyodide under Node (one process, the wall clock, no --page)",
    )
    parser.add_argument("--passes", type=int, default=0, help="judge only the passes of this many deals")
    parser.add_argument("--list", action="store_true", help="print each marked decision")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    options = parser.parse_args(argv)
    if options.hands < 1 or options.workers < 1 or options.slowdown <= 0:
        parser.error("--hands and --workers must be at least 1, --slowdown positive")
    if options.pyodide:
        run_on_pyodide(
            [argument for argument in (argv if argv is not None else sys.argv[1:]) if argument != "--pyodide"]
            + ["--wall"]
        )
        return
    base = replace(HINT_LIMITS, budget=options.budget, pass_budget=options.pass_budget)
    limits = hint_limits(options.page, options.slowdown, base, wall=options.wall)
    setup = Setup(options.seed, limits, Limits(clock=CPU_CLOCK), options.judge == "hint")
    started = time.perf_counter()
    records = judge_passes(setup, options.passes) if options.passes else run(setup, options.hands, options.workers)
    if not records:
        sys.exit("no game finished")
    result = summary(records)
    clock = "wall" if options.wall else "cpu"
    result["settings"] = {
        "seed": options.seed,
        "judge": options.judge,
        "hint_budget": round(limits.budget, 4),
        "hint_pass_budget": round(limits.pass_budget, 4),
        "clock": clock,
        "python": sys.platform,
        "seconds": round(time.perf_counter() - started),
    }
    if options.list:
        for record in records:
            if record["flagged"] or record["given_up"] >= 1:
                print(
                    f"game {record['game']} hand {record['hand']} totals {record['totals']} "
                    f"trick {record['trick']}: {record['message']}"
                )
    if options.json:
        print(json.dumps(result, ensure_ascii=False))
        return
    every = result["all"]
    print(
        f"{result['hands']} hands in {result['games']} games, seed {options.seed}, judged by the "
        f"{options.judge}'s objective; hint budget {limits.budget:.3g} s a play, {limits.pass_budget:.3g} s "
        f"a pass ({clock} clock, {sys.platform}); {result['settings']['seconds']} s"
    )
    print(f"marked costly: {every['flagged']} of {every['decisions']} hinted decisions ({100 * every['share']:.2f}%)")
    print(
        f"by the hand's points alone (复盘 before issue 53): {every['flagged_by_points']} "
        f"({100 * every['share_by_points']:.2f}%)"
    )
    print("              marked (share)   by points alone")
    for part in ("pass", "play", "near_100", "earlier"):
        tallied = result[part]
        if tallied["share"] is None:
            continue
        print(
            f"  {part:8s} {tallied['flagged']:4d} of {tallied['decisions']:5d} ({100 * tallied['share']:.2f}%)"
            f"   {tallied['flagged_by_points']:4d} ({100 * tallied['share_by_points']:.2f}%)"
        )
    print(f"sound but gave up ≥ 1 hand point for the game: {result['gave_up_points_for_game']}")
    for kind, spread in result["hint_cpu_ms"].items():
        print(f"hint CPU ms a {kind}: median {spread['median']:.0f}, p99 {spread['p99']:.0f}, max {spread['max']:.0f}")


def run_on_pyodide(arguments: list[str]) -> None:
    """This module's :func:`main` with ``arguments``, on the vendored Pyodide under Node
    (``tools/pyodide_run.mjs``, as ``tools/bench_review.py --pyodide``; ``npm ci`` first)."""
    root = Path(__file__).resolve().parent.parent
    program = f"{Path(__file__).read_text(encoding='utf-8')}\nmain({arguments!r})\n"
    subprocess.run(["node", str(root / "tools" / "pyodide_run.mjs"), "-"], input=program, text=True, check=True)


if __name__ == "__main__" and sys.platform != "emscripten":
    main()
