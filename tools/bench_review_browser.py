"""复盘's background analysis timed in the browser (a script that prints figures, not a test):
how long the page takes to judge a whole hand's decisions (your pass and 13 plays), and the
main thread's longest task meanwhile, while the player steps through the viewer; and the tap
that opens the viewer.

Each round loads the built page (``_site/``) in Debian's Chromium at 360x740 with a save at the
end of hand 1 of seed N (played by Normal bots, as ``tools/bench_review.py`` plays it), opens
「复盘」 and taps 「下一步」 every 400 ms (back to the deal from the last step) while the page judges
the hand in the background. The
analysis starts 1 s after the page is ready (web/main.py ``REVIEW_START_MS``) and ends when the
save holds all 14 verdicts (polled every 50 ms). A PerformanceObserver records every 'longtask'
(over 50 ms) and the Event Timing API each tap's latency to the next paint; a Chrome trace gives
each long task's thread CPU time, the page's own work in it (on a loaded machine a task's wall
time also counts the time the operating system ran other programs: see bench_longtasks.py).
``--cpu-throttle 4`` slows the page's CPU fourfold (Chrome DevTools' CPU throttling).

    .venv/bin/python tools/bench_review_browser.py --rounds 3
    .venv/bin/python tools/bench_review_browser.py --rounds 3 --cpu-throttle 4
"""

from __future__ import annotations

import argparse
import json
import time

from playwright.sync_api import sync_playwright

from browser_harness import SITE, PlaywrightDriver, StaticServer, launch_chromium, open_position, slow_down
from hearts import Match
from hearts.ai import bot
from hearts.game.driver import play_rest
from hearts.table import Table
from hearts.table.saved_verdicts import decision_count
from page_timing import LIMIT_MS, OBSERVE, TRACE_CATEGORIES, interactions, load, main_thread_tasks, summary, tap_summary

TIMEOUT = 180_000
START_MS = 1000
VERDICTS = """() => { const saved = JSON.parse(localStorage.getItem('hearts.save'));
  const review = saved.reviews['1']; return review ? review.verdicts.length : 0; }"""


def finished_hand(seed: int) -> tuple[str, int]:
    """The save at the end of hand 1 of ``seed``, Normal-played, and your decisions in it."""
    match = Match(seed=seed)
    play_rest(match.hand, [bot("normal", seat) for seat in range(4)])
    return Table(match).save_document(), decision_count(match.hand)


def one_round(browser, url: str, seed: int, throttle: float) -> dict:
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, service_workers="block")
    context.add_init_script(OBSERVE)
    save, decisions = finished_hand(seed)
    try:
        page = context.new_page()
        open_position(PlaywrightDriver(page), url, save, timeout_ms=TIMEOUT)
        ready = page.evaluate("performance.now()")
        slow_down(page, throttle)
        page.click('.panel-hand [data-action="review"]')
        page.wait_for_selector(".panel-review")
        opened = interactions(page.evaluate("window.__events"), ready)
        # Traced from here: the analysis and the steps, not the tap that opened the viewer (its
        # modules may not be loaded yet when it comes this soon after a reload).
        browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
        taps, done = 1, None
        deadline = time.monotonic() + TIMEOUT / 1000
        last_tap = time.monotonic()
        while time.monotonic() < deadline:
            if page.evaluate(VERDICTS) >= decisions:
                done = page.evaluate("performance.now()")
                break
            if time.monotonic() - last_tap > 0.4:
                at_end = page.get_attribute('[data-action="review-next"]', "aria-disabled") == "true"
                page.click('[data-action="review-step"][data-step="0"]' if at_end else '[data-action="review-next"]')
                taps, last_tap = taps + 1, time.monotonic()
            page.wait_for_timeout(50)
        if done is None:
            raise SystemExit(f"seed {seed}: the analysis did not finish")
        page.wait_for_timeout(300)
        tasks = page.evaluate("window.__longtasks")
        events = page.evaluate("window.__events")
        trace = browser.stop_tracing()
    finally:
        context.close()
    start = ready + START_MS
    return {
        "seconds": (done - start) / 1000,
        "during": [d for at, d in tasks if start <= at <= done],
        "startup": max((d for at, d in tasks if at < ready), default=0.0),
        "latency": interactions(events, ready)[len(opened[:1]) :],
        "taps": taps - 1,
        "open": opened[0][0] if opened else None,
        "traced": main_thread_tasks(trace),
        "cpu": main_thread_cpu(trace),
    }


def main_thread_cpu(trace: bytes) -> float:
    """The thread CPU time (s) of every task of the page's main thread in ``trace`` (from the
    tap on 「复盘」 to the last verdict, the analysis and the viewer's redraws): the work itself,
    which a loaded machine does not inflate as it does wall times."""
    events = json.loads(trace)["traceEvents"]
    mains = {
        (event["pid"], event["tid"])
        for event in events
        if event.get("name") == "thread_name" and event["args"].get("name") == "CrRendererMain"
    }
    tasks = [
        event
        for event in events
        if event.get("ph") == "X" and event.get("cat") == "toplevel" and (event["pid"], event["tid"]) in mains
    ]
    return float(sum(task.get("tdur", 0) for task in tasks)) / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="hands, seeds 1 … N, one fresh page each")
    parser.add_argument("--cpu-throttle", type=float, default=1.0, metavar="RATE")
    args = parser.parse_args()
    if not (SITE / "index.html").exists():
        raise SystemExit("_site/ is not built: run `make site`")
    print(f"CPU throttling {args.cpu_throttle:g}x, 360x740; before: {load()}", flush=True)
    during_all: list[float] = []
    traced_all: list[tuple[float, float]] = []
    seconds: list[float] = []
    latency: list[float] = []
    taps = 0
    with StaticServer(SITE) as server, sync_playwright() as playwright:
        url = server.url
        browser = launch_chromium(playwright)
        for seed in range(1, args.rounds + 1):
            result = one_round(browser, url, seed, args.cpu_throttle)
            during = result["during"]
            during_all += during
            traced_all += result["traced"]
            seconds.append(result["seconds"])
            latency += result["latency"]
            taps += result["taps"]
            print(
                f"seed {seed}: the tap on 「复盘」 -> next paint {result['open'] or 0:.0f} ms; "
                f"whole hand judged in {result['seconds']:.1f} s "
                f"({result['cpu']:.1f} s of main-thread CPU); meanwhile "
                f"{summary(during, result['traced'])}; {tap_summary(result['latency'], result['taps'])}",
                flush=True,
            )
        browser.close()
    longest = max(during_all, default=0.0)
    print(
        f"\nmean {sum(seconds) / len(seconds):.1f} s per hand; {summary(during_all, traced_all)} "
        f"(target: none over {LIMIT_MS} ms -> {'met' if longest <= LIMIT_MS else 'MISSED'}); "
        f"{tap_summary(latency, taps)}"
    )
    print(f"after: {load()}")


if __name__ == "__main__":
    main()
