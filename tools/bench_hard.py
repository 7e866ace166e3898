"""Hard's decision times and slice lengths, the same script on CPython and on Pyodide.

    .venv/bin/python tools/bench_hard.py               # CPython
    node tools/pyodide_run.mjs tools/bench_hard.py     # Pyodide under Node (prints the last line)

Four Hard bots play ``HANDS`` whole hands (passes included); every decision is run through its
sliced steps, timing each slice and the whole decision with ``time.perf_counter`` (wall time: run
it on a quiet machine, or compare several runs). Then the same hands again with a fixed amount of
work (a sample cap, no effective time limit): ``fixed_work_s`` compares the two interpreters'
speed directly, since both then do exactly the same work. Prints one JSON line.
"""

import json
import statistics
import time

from hearts import Hand
from hearts.ai import Limits, bot
from hearts.deal import deal_hands

HANDS = 4
FIXED_WORK = Limits(budget=1000.0, pass_budget=1000.0, max_samples=30)
DIRECTIONS = ("left", "right", "across", "none")


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
    plays, passes, slices = [], [], []
    for number in range(HANDS):
        hand = Hand(deal_hands(1000 + number), DIRECTIONS[number % 4])
        bots = [bot("hard", seed=seat, limits=limits) for seat in range(4)]
        if hand.phase == "pass":
            for seat in range(4):
                start = time.perf_counter()
                trio = drive(bots[seat].choose_pass_steps(hand.view(seat)), slices)
                passes.append((time.perf_counter() - start) * 1000)
                hand.pass_cards(seat, trio)
        while hand.phase == "play":
            seat = hand.turn
            start = time.perf_counter()
            card = drive(bots[seat].choose_play_steps(hand.view(seat)), slices)
            plays.append((time.perf_counter() - start) * 1000)
            hand.play(card)
    plays.sort()
    return {
        "hands": HANDS, "plays": len(plays),
        "play_ms_median": round(statistics.median(plays), 1),
        "play_ms_p99": round(plays[min(len(plays) - 1, int(0.99 * len(plays)))], 1),
        "play_ms_max": round(plays[-1], 1),
        "pass_ms_median": round(statistics.median(passes), 1) if passes else None,
        "slice_ms_max": round(max(slices), 1),
        "slice_ms_median": round(statistics.median(slices), 1),
    }


result = bench()
started = time.perf_counter()
bench(FIXED_WORK)
result["fixed_work_s"] = round(time.perf_counter() - started, 2)
result = json.dumps(result)
print(result)
result
