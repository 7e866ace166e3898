"""复盘's analysis timed: a whole hand's verdicts (seat 0's pass and 13 plays), and its longest slice.

    python tools/bench_review.py [--hands 4] [--pyodide]

Hands are seeds 1…N of a match, played out by Normal bots, each reviewed with
:func:`hearts.ai.verdicts.review_steps` as the page runs it: one slice per ``next()``. Printed per
hand: the wall time, the CPU time of this process, the number of slices and the longest slice
(wall and CPU: on a loaded machine a slice's wall time includes the time the process waited).
``--pyodide`` runs the same code on the vendored Pyodide under Node (``tools/pyodide_run.mjs``;
``make site`` or ``npm ci`` first); Pyodide has no separate CPU clock there, so its CPU column
repeats the wall time. Speed is printed, never asserted.
"""

from __future__ import annotations

import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

from hearts import Match
from hearts.ai import bot
from hearts.ai.verdicts import REVIEW_LIMITS, review_steps
from hearts.game.driver import play_rest


def measure(hands: int) -> str:
    """One line per hand: wall s, CPU s, slices, longest slice ms; then the means and the worst;
    last, the longest work between two points where the analysis can pause (slices of 0 s)."""
    lines = []
    walls, longest_all = [], 0.0
    for seed in range(1, hands + 1):
        match = Match(seed=seed)
        play_rest(match.hand, [bot("normal", seat) for seat in range(4)])
        steps = review_steps(match.hand, 0)
        wall, cpu, slices, longest, longest_cpu = time.perf_counter(), time.process_time(), 0, 0.0, 0.0
        while True:
            started, started_cpu = time.perf_counter(), time.process_time()
            try:
                next(steps)
            except StopIteration:
                break
            finally:
                longest = max(longest, time.perf_counter() - started)
                longest_cpu = max(longest_cpu, time.process_time() - started_cpu)
            slices += 1
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        walls.append(wall)
        longest_all = max(longest_all, longest)
        lines.append(
            f"hand {seed}: {wall:.2f} s wall, {cpu:.2f} s CPU, {slices} slices, "
            f"longest {longest * 1000:.0f} ms wall, {longest_cpu * 1000:.0f} ms CPU"
        )
    lines.append(f"mean {sum(walls) / len(walls):.2f} s per hand, longest slice {longest_all * 1000:.0f} ms")
    lines.append(f"longest work between two possible pauses: {_stretch(hands) * 1000:.1f} ms CPU")
    return "\n".join(lines)


def _stretch(hands: int) -> float:
    """The longest CPU time of one ``next()`` when the analysis pauses at every chance: the
    floor under any slice, whatever the clock says."""
    eager = replace(REVIEW_LIMITS, slice_seconds=0.0)
    longest = 0.0
    for seed in range(1, hands + 1):
        match = Match(seed=seed)
        play_rest(match.hand, [bot("normal", seat) for seat in range(4)])
        steps = review_steps(match.hand, 0, eager)
        while True:
            started = time.process_time()
            try:
                next(steps)
            except StopIteration:
                break
            finally:
                longest = max(longest, time.process_time() - started)
    return longest


def main() -> None:
    hands = int(sys.argv[sys.argv.index("--hands") + 1]) if "--hands" in sys.argv else 4
    if "--pyodide" not in sys.argv:
        print(measure(hands))
        return
    root = Path(__file__).resolve().parent.parent
    program = Path(__file__).read_text(encoding="utf-8") + f"\nmeasure({hands})\n"
    subprocess.run(["node", str(root / "tools" / "pyodide_run.mjs"), "-"], input=program, text=True, check=True)


if __name__ == "__main__" and sys.platform != "emscripten":
    main()
