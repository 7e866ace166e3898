"""Responsiveness benchmark (a script that prints figures, not a test): the main thread's long
tasks while you play a whole hand against three Hard bots, using 「提示」 for every decision.

Each round loads the built page (``_site/``) in Debian's Chromium with a fresh game at 困难,
waits for the bots' code to load, then passes and plays the hand by hints and taps to the end
while a PerformanceObserver records every 'longtask' entry (a task of the page's main thread
over 50 ms). Prints, per round and over all rounds, the longest task and how many were over
200 ms (the target: none) during the hand, and for reference the longest task of start-up.

Long tasks are wall-clock time, and on a shared machine a task also lasts while the operating
system runs other programs instead of the browser. So a Chrome trace of the hand gives every
main-thread task's *thread CPU time* as well: the work the page itself did in it. Each summary
gives the longest task's CPU time and the most CPU time any one task used; the machine's load
average is printed before and after. ``--cpu-throttle 4`` slows the page's CPU fourfold
(Chrome DevTools' CPU throttling, as for a slow phone).

``--variant worker`` measures the alternative: the same page with the AI in a PyScript worker
(tools/worker_variant.py), and also prints how long that worker takes to be ready.

    .venv/bin/python tools/bench_longtasks.py --rounds 3      # make bench-longtasks
    .venv/bin/python tools/bench_longtasks.py --rounds 3 --cpu-throttle 4
    .venv/bin/python tools/bench_longtasks.py --rounds 3 --variant worker
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

import worker_variant
from bench_startup import CHROMIUM, CHROMIUM_ARGS, serve

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_site"
sys.path.insert(0, str(ROOT))
from hearts.table import SAVE_KEY, Table  # noqa: E402

TIMEOUT = 180_000
LIMIT_MS = 200
LONG_MS = 50
# "toplevel" holds one complete event per task of every thread, with its wall (dur) and thread
# CPU (tdur) time in microseconds.
TRACE_CATEGORIES = ["toplevel"]
# Shorter pauses between the bots' plays (hearts.pace): they are idle time, not tasks.
PACE = "?pace=0.3"
OBSERVE = """window.__longtasks = [];
new PerformanceObserver(list => {
  for (const entry of list.getEntries()) window.__longtasks.push([entry.startTime, entry.duration]);
}).observe({type: 'longtask', buffered: true});
window.__redraws = [];
new PerformanceObserver(list => {
  for (const entry of list.getEntries())
    if (entry.name === 'hearts:redraw') window.__redraws.push([entry.startTime, entry.duration]);
}).observe({type: 'measure'});"""
# One poll of the table: what the player can do now.
STATE = """() => { const app = document.querySelector('#app');
  return {state: document.documentElement.dataset.state, phase: app.dataset.phase, turn: app.dataset.turn,
          collecting: app.dataset.collecting, panel: !document.querySelector('.panel-layer').hidden,
          selected: [...document.querySelectorAll('.hand [aria-pressed="true"]')].map(e => e.dataset.code)}; }"""


def wait_until(page, predicate, what: str, timeout_s: float = 180):
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        state = page.evaluate(STATE)
        if state["state"] == "error":
            raise SystemExit(f"the page failed: {page.text_content('#error-text')}")
        if predicate(state):
            return state
        page.wait_for_timeout(50)
    raise SystemExit(f"timed out waiting for {what}")


def hint_and_take(page, count: int) -> int:
    """Press 「提示」, wait for its cards to be selected, then pass or play them."""
    page.click('[data-action="hint"]')
    state = wait_until(page, lambda s: len(s["selected"]) == count, "the hint")
    if count == 3:
        page.click('[data-action="pass"]')
    else:
        page.click(f'.hand [data-code="{state["selected"][0]}"]', position={"x": 9, "y": 18})
    return 1


def play_hand(page) -> int:
    """Pass and play one hand by hints; returns the number of hints used."""
    hints = 0
    state = page.evaluate(STATE)
    if state["phase"] == "pass":
        hints += hint_and_take(page, 3)
    while True:
        state = wait_until(page, lambda s: s["panel"] or (s["turn"] == "0" and s["collecting"] == "false"
                                                          and s["phase"] == "play"), "your turn")
        if state["panel"]:
            return hints
        hints += hint_and_take(page, 1)


def one_round(browser, url: str, seed: int, worker: bool, throttle: float) -> dict:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    context.add_init_script(OBSERVE)
    try:
        page = context.new_page()
        page.goto(url + "__blank__.html")  # the origin, for its localStorage (a 404 page will do)
        save = Table(seed=seed, level="hard").save_document()
        page.evaluate("([key, save]) => { localStorage.clear(); localStorage.setItem(key, save); }",
                      [SAVE_KEY, save])
        page.goto(url + PACE)
        page.wait_for_function("() => document.documentElement.dataset.state === 'ready'", timeout=TIMEOUT)
        page.wait_for_timeout(2000)  # the bots' code is imported by a timer once the table shows
        if worker:
            page.wait_for_function("() => window.__workerReadyMs !== undefined", timeout=TIMEOUT)
        if throttle != 1:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
        start = page.evaluate("performance.now()")
        began = time.monotonic()
        hints = play_hand(page)
        seconds = time.monotonic() - began
        tasks = page.evaluate("window.__longtasks")
        redraws = page.evaluate("window.__redraws")
        trace = browser.stop_tracing()
        worker_ready = page.evaluate("window.__workerReadyMs") if worker else None
    finally:
        context.close()
    during = [duration for at, duration in tasks if at >= start]
    before = [duration for at, duration in tasks if at < start]
    return {"during": during, "startup_longest": max(before, default=0.0), "hints": hints, "seconds": seconds,
            "redraws": [duration for at, duration in redraws if at >= start],
            "worker_ready": worker_ready, "traced": main_thread_tasks(trace)}


def main_thread_tasks(trace: bytes) -> list[tuple[float, float]]:
    """(wall ms, thread CPU ms) of every task over 50 ms on a page's main thread in ``trace``."""
    events = json.loads(trace)["traceEvents"]
    mains = {(event["pid"], event["tid"]) for event in events
             if event.get("name") == "thread_name" and event["args"].get("name") == "CrRendererMain"}
    return [(event["dur"] / 1000, event.get("tdur", 0) / 1000) for event in events
            if event.get("ph") == "X" and event.get("cat") == "toplevel" and (event["pid"], event["tid"]) in mains
            and event.get("dur", 0) > LONG_MS * 1000]


def summary(durations: list[float], traced: list[tuple[float, float]]) -> str:
    """The long tasks seen by the observer; the CPU time of the longest is that of the traced
    task of the same length (the trace and the observer time the same tasks)."""
    over = sum(duration > LIMIT_MS for duration in durations)
    top = ", ".join(f"{duration:.0f}" for duration in sorted(durations, reverse=True)[:5])
    longest = max(durations, default=0.0)
    same = min(traced, key=lambda task: abs(task[0] - longest), default=(0.0, 0.0))
    cpu = f"{same[1]:.0f} ms of it thread CPU" if abs(same[0] - longest) < 2 else "not in the trace"
    return (f"longest {longest:4.0f} ms ({cpu}), {over} over {LIMIT_MS} ms, "
            f"{len(durations)} over {LONG_MS} ms (blocking {sum(max(d - LONG_MS, 0) for d in durations):.0f} ms; "
            f"top 5: {top}); most thread CPU in one task {max((c for _, c in traced), default=0):.0f} ms")


def redraw_summary(durations: list[float]) -> str:
    """The page's redraws (web/main.py measures each as 'hearts:redraw'): part of most long tasks."""
    if not durations:
        return "redraws: none measured (a page built before they were)"
    ordered = sorted(durations)
    return (f"{len(ordered)} redraws: median {statistics.median(ordered):.1f} ms, "
            f"p90 {ordered[int(len(ordered) * 0.9)]:.1f} ms, longest {ordered[-1]:.0f} ms, "
            f"total {sum(ordered) / 1000:.1f} s")


def load() -> str:
    """The machine's load average (1, 5, 15 minutes): long tasks include others' CPU time."""
    return "load average " + " ".join(f"{value:.2f}" for value in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="hands to play, one per fresh page")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--site", type=Path, default=SITE, help="the built site (default _site/)")
    parser.add_argument("--variant", choices=("main", "worker"), default="main",
                        help="the page as built (AI sliced on the main thread) or the AI in a worker")
    parser.add_argument("--cpu-throttle", type=float, default=1.0, metavar="RATE",
                        help="slow the page's CPU down RATE times during the hand (4: a slow phone)")
    args = parser.parse_args()
    if not (args.site / "index.html").exists():
        raise SystemExit("_site/ is not built: run `make site`")
    everything: list[float] = []
    traced: list[tuple[float, float]] = []
    redraws: list[float] = []
    worker = args.variant == "worker"
    print(f"{args.variant}, CPU throttling {args.cpu_throttle:g}x; before: {load()}", flush=True)
    with tempfile.TemporaryDirectory(prefix="bench-longtasks-") as scratch:
        site = worker_variant.write(args.site, Path(scratch)) if worker else args.site
        with serve(site) as url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for number in range(args.rounds):
                result = one_round(browser, url, args.seed + number, worker, args.cpu_throttle)
                everything += result["during"]
                redraws += result["redraws"]
                traced += result["traced"]
                ready = f"; worker ready {result['worker_ready']:.0f} ms after navigation" if worker else ""
                print(f"hand {number + 1} (seed {args.seed + number}, {result['hints']} hints, "
                      f"{result['seconds']:.0f} s): {summary(result['during'], result['traced'])}; "
                      f"start-up's longest {result['startup_longest']:.0f} ms{ready}", flush=True)
            browser.close()
    print(f"\n{args.variant}: all {args.rounds} hands against three Hard bots: {summary(everything, traced)}")
    print(redraw_summary(redraws))
    print(f"after: {load()}")
    print(f"target: no task over {LIMIT_MS} ms -> "
          f"{'met' if max(everything, default=0) <= LIMIT_MS else 'MISSED'}")


if __name__ == "__main__":
    main()
