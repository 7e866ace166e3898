"""Responsiveness benchmark (a script that prints figures, not a test): the main thread's long
tasks while you play a whole hand against three Hard bots, using 「提示」 for every decision.

Each round loads the built page (``_site/``) in Debian's Chromium with a fresh game at 困难,
waits for the bots' code to load, then passes and plays the hand by hints and taps to the end
while a PerformanceObserver records every 'longtask' entry (a task of the page's main thread
over 50 ms). Prints, per round and over all rounds, the longest task and how many were over
200 ms (the target: none) during the hand, and for reference the longest task of start-up.

``--variant worker`` measures the alternative: the same page with the AI in a PyScript worker
(tools/worker_variant.py), and also prints how long that worker takes to be ready.

    .venv/bin/python tools/bench_longtasks.py --rounds 3      # make bench-longtasks
    .venv/bin/python tools/bench_longtasks.py --rounds 3 --variant worker
"""

from __future__ import annotations

import argparse
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
# Shorter pauses between the bots' plays (hearts.pace): they are idle time, not tasks.
PACE = "?pace=0.3"
OBSERVE = """window.__longtasks = [];
new PerformanceObserver(list => {
  for (const entry of list.getEntries()) window.__longtasks.push([entry.startTime, entry.duration]);
}).observe({type: 'longtask', buffered: true});"""
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


def one_round(browser, url: str, seed: int, worker: bool) -> dict:
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
        start = page.evaluate("performance.now()")
        began = time.monotonic()
        hints = play_hand(page)
        seconds = time.monotonic() - began
        tasks = page.evaluate("window.__longtasks")

        worker_ready = page.evaluate("window.__workerReadyMs") if worker else None
    finally:
        context.close()
    during = [duration for at, duration in tasks if at >= start]
    before = [duration for at, duration in tasks if at < start]
    return {"during": during, "startup_longest": max(before, default=0.0), "hints": hints, "seconds": seconds,
            "worker_ready": worker_ready}


def summary(durations: list[float]) -> str:
    over = sum(duration > LIMIT_MS for duration in durations)
    top = ", ".join(f"{duration:.0f}" for duration in sorted(durations, reverse=True)[:5])
    return (f"longest {max(durations, default=0):4.0f} ms, {over} over {LIMIT_MS} ms, "
            f"{len(durations)} over 50 ms (blocking {sum(max(d - 50, 0) for d in durations):.0f} ms; "
            f"top 5: {top})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="hands to play, one per fresh page")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--site", type=Path, default=SITE, help="the built site (default _site/)")
    parser.add_argument("--variant", choices=("main", "worker"), default="main",
                        help="the page as built (AI sliced on the main thread) or the AI in a worker")
    args = parser.parse_args()
    if not (args.site / "index.html").exists():
        raise SystemExit("_site/ is not built: run `make site`")
    everything: list[float] = []
    worker = args.variant == "worker"
    with tempfile.TemporaryDirectory(prefix="bench-longtasks-") as scratch:
        site = worker_variant.write(args.site, Path(scratch)) if worker else args.site
        with serve(site) as url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for number in range(args.rounds):
                result = one_round(browser, url, args.seed + number, worker)
                everything += result["during"]
                ready = f"; worker ready {result['worker_ready']:.0f} ms after navigation" if worker else ""
                print(f"hand {number + 1} (seed {args.seed + number}, {result['hints']} hints, "
                      f"{result['seconds']:.0f} s): {summary(result['during'])}; "
                      f"start-up's longest {result['startup_longest']:.0f} ms{ready}", flush=True)
            browser.close()
    print(f"\n{args.variant}: all {args.rounds} hands against three Hard bots: {summary(everything)}")
    print(f"target: no task over {LIMIT_MS} ms -> "
          f"{'met' if max(everything, default=0) <= LIMIT_MS else 'MISSED'}")


if __name__ == "__main__":
    main()
