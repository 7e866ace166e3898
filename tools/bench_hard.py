"""Hard's decisions on CPython and on Pyodide: time, slices, and how much search each one gets.

    .venv/bin/python tools/bench_hard.py               # CPython
    node tools/pyodide_run.mjs tools/bench_hard.py     # Pyodide under Node (prints the last line)

Four Hard bots play ``HANDS`` whole hands (passes included); every decision is run through its
sliced steps, timing each slice and the whole decision with ``time.perf_counter`` (wall time: run
it on a quiet machine, or compare several runs). Three passes over the same hands:

- ``wall``: the default limits on the wall clock, as in the page: decision and slice times.
- ``cpu``: the default limits on this process's CPU clock, as in the arena's ``--clock cpu``
  (on Pyodide under Node, Node's own CPU time), so that a loaded machine does not change the
  answer: ``play_playouts_median`` / ``play_samples_median`` are the playouts (one candidate
  played to the end on one sample) and samples a play decision gets from a 0.2 s budget, the
  figure to set against the arena's.
- ``fixed``: a sample cap and no effective time limit, so both interpreters do exactly the
  same work: ``fixed_work_s`` (wall) and ``fixed_cpu_s`` compare their speed directly, and
  ``playouts_per_cpu_s`` is the throughput the budget buys.
- ``scaled`` (CPython only): the ``cpu`` pass again with the budgets divided by each of
  :data:`SLOWDOWNS`: what Hard gets where Python runs that many times slower (Pyodide in a
  desktop browser ~2x, a phone ~4x more), set against the arena's full budget.

Prints one JSON line. ``--fixed-only`` runs the last pass alone (what
``tools/bench_hard_browser.py`` runs in Chromium).
"""

import json
import statistics
import sys
import time

import hearts.ai.bots as bots_module
import hearts.ai.search as search_module
from hearts import Hand
from hearts.ai import Limits, bot
from hearts.game.deal import deal_hands

HANDS = 4
#: How many times slower than CPython the browser's Python runs: Pyodide on a desktop (measured
#: with this script, ``fixed_cpu_s``, 2026-12-01: 2.0-2.2x) and with CPU x4 (a phone, Lighthouse).
SLOWDOWNS = (2, 8)
DIRECTIONS = ("left", "right", "across", "none")


def cpu_clock():
    """This process's CPU seconds: ``time.process_time`` on CPython; Node's ``process.cpuUsage``
    on Pyodide, whose ``process_time`` follows the wall clock. A browser has no such clock: there
    it is the wall clock (``tools/bench_hard_browser.py`` reads the CPU time from a trace)."""
    if sys.platform != "emscripten":
        return time.process_time
    import js

    if not hasattr(js, "process"):
        return time.perf_counter

    def node_cpu():
        usage = js.process.cpuUsage()
        return (usage.user + usage.system) / 1e6

    return node_cpu


CPU = cpu_clock()
FIXED_WORK = Limits(budget=1000.0, pass_budget=1000.0, max_samples=30)


class Counter:
    """Counts the playouts of the search (``play_out`` calls) and the samples of each play."""

    def __init__(self):
        self.playouts = 0
        self.samples = []
        play_out, steps = search_module.play_out, search_module.search_play_steps

        def counted_play_out(*args, **kwargs):
            self.playouts += 1
            return play_out(*args, **kwargs)

        def counted_steps(*args, **kwargs):
            choice = yield from steps(*args, **kwargs)
            if choice.samples:  # 0: one candidate, nothing searched
                self.samples.append(choice.samples)
            return choice

        search_module.play_out = counted_play_out
        bots_module.search_play_steps = counted_steps


COUNTER = Counter()


def drive(steps, slices):
    """Run sliced steps to the end, appending each slice's milliseconds; return the answer."""
    while True:
        start = time.perf_counter()
        try:
            next(steps)
        except StopIteration as done:
            slices.append((time.perf_counter() - start) * 1000)
            return done.value
        slices.append((time.perf_counter() - start) * 1000)


def bench(limits=None):
    plays, passes, slices, play_playouts, pass_playouts, play_samples, play_cpu = [], [], [], [], [], [], []
    COUNTER.playouts = 0
    for number in range(HANDS):
        hand = Hand(deal_hands(1000 + number), DIRECTIONS[number % 4])
        bots = [bot("hard", seed=seat, limits=limits) for seat in range(4)]
        if hand.phase == "pass":
            for seat in range(4):
                start, before = time.perf_counter(), COUNTER.playouts
                trio = drive(bots[seat].choose_pass_steps(hand.view(seat)), slices)
                passes.append((time.perf_counter() - start) * 1000)
                pass_playouts.append(COUNTER.playouts - before)
                hand.pass_cards(seat, trio)
        while hand.phase == "play":
            seat = hand.turn
            start, cpu_start = time.perf_counter(), CPU()
            before, searched = COUNTER.playouts, len(COUNTER.samples)
            card = drive(bots[seat].choose_play_steps(hand.view(seat)), slices)
            plays.append((time.perf_counter() - start) * 1000)
            if len(COUNTER.samples) > searched:  # a forced or single-group card is not searched
                play_playouts.append(COUNTER.playouts - before)
                play_samples.append(COUNTER.samples[-1])
                play_cpu.append(CPU() - cpu_start)
            hand.play(card)
    plays.sort()
    return {
        "plays": len(plays),
        "searched_plays": len(play_playouts),
        "play_ms_median": round(statistics.median(plays), 1),
        "play_ms_p99": round(plays[min(len(plays) - 1, int(0.99 * len(plays)))], 1),
        "play_ms_max": round(plays[-1], 1),
        "pass_ms_median": round(statistics.median(passes), 1) if passes else None,
        "slice_ms_max": round(max(slices), 1),
        "slice_ms_median": round(statistics.median(slices), 1),
        "play_playouts_median": statistics.median(play_playouts),
        "play_playouts_mean": round(statistics.fmean(play_playouts), 1),
        "play_samples_median": statistics.median(play_samples),
        "play_samples_mean": round(statistics.fmean(play_samples), 1),
        "play_cpu_ms_mean": round(statistics.fmean(play_cpu) * 1000, 1),
        #: Searched plays that used 95% of the budget or more: cut short by it, not by the cap.
        "play_budget_cut": round(
            sum(spent >= 0.95 * (limits or Limits()).budget for spent in play_cpu) / len(play_cpu), 3
        ),
        "pass_playouts_median": statistics.median(pass_playouts) if pass_playouts else None,
        "playouts": COUNTER.playouts,
    }


def measure(fixed_only=False):
    result = {"python": sys.version.split()[0], "platform": sys.platform, "hands": HANDS}
    if not fixed_only:
        result["wall"] = bench()
        result["cpu"] = bench(Limits(clock=CPU))
    started, cpu_started = time.perf_counter(), CPU()
    fixed = bench(FIXED_WORK)
    cpu_spent = CPU() - cpu_started
    result["fixed_work_s"] = round(time.perf_counter() - started, 2)
    result["fixed_cpu_s"] = round(cpu_spent, 2)
    result["fixed_playouts"] = fixed["playouts"]
    result["playouts_per_cpu_s"] = round(fixed["playouts"] / cpu_spent)
    if sys.platform != "emscripten" and not fixed_only:
        full = Limits()
        result["scaled"] = {
            f"/{slowdown}": bench(Limits(full.budget / slowdown, full.pass_budget / slowdown, clock=CPU))
            for slowdown in SLOWDOWNS
        }
    return json.dumps(result)


output = measure("--fixed-only" in sys.argv)
print(output)
output  # noqa: B018 -- runPython returns the last expression: the figures, to tools/pyodide_run.mjs
