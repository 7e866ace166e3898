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

Each hand is played at 360x740 (``--viewport``) and also reports *tap → next paint*: the Event
Timing API's 'event' entries grouped by ``interactionId`` as INP groups them (an interaction's
latency is its longest entry: input delay, handlers and the next paint), median, p98 and max
over every tap of the hand. The API reports entries of 16 ms or more only; a tap with none
counts as 16 ms (an upper bound), and the number of such taps is printed.
Each interaction is also split into the wait for the main thread, the page's handlers and the
rest (style, layout, paint), medians by what was tapped. And the page's own measures: every
redraw ('hearts:redraw'), every bot's turn from the end of its pause to its card drawn
('hearts:bot': the wait beyond the pause, which thinking ahead during the pause shortens), and
each 「提示」 and pass from the tap to its answer drawn ('hearts:hint', 'hearts:pass').
``--pace 1`` plays at the pauses players see (the default 0.3 makes hands shorter). ``--touch``
taps by touch as a phone does (touch events before each click) instead of mouse clicks.
``--pass-after 12`` takes twelve seconds over the pass, as a player who thinks it over, while
the bots' passes search (the default asks 「提示」 at once); ``--think 1.5`` waits that long on
each turn before asking, as a player looks at the table first (the page searches the hints of a
player who has asked for one ahead, in that time: hearts.table.hint_ahead). ``--hands 2`` plays
two hands of the game a round (「下一手」 between them): the second hand's pass hint is one the
page searched ahead.

``--site label=DIR`` (repeatable) measures several builds side by side, their rounds
interleaved so the machine's load falls on each alike; say whether the machine was loaded.

The game's Python runs in PyScript's worker, which DevTools' CPU throttling does not slow
(Chromium: "Operation is only supported for pages, not workers"): at ``--cpu-throttle`` the
page's thread is a phone's, the worker a desktop's, so the tap -> answer figures are a floor.
``--cpu-quota 4`` slows every thread of the browser fourfold, the worker's too
(tools/phone_cpu.py; needs root).

    .venv/bin/python tools/bench_longtasks.py --rounds 3      # make bench-longtasks
    .venv/bin/python tools/bench_longtasks.py --rounds 3 --cpu-throttle 4
    .venv/bin/python tools/bench_longtasks.py --rounds 3 --cpu-throttle 4 --site main=/tmp/main-site --site this=_site
    .venv/bin/python tools/bench_longtasks.py --rounds 2 --cpu-quota 4 --pace 1
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from browser_harness import (
    ANSWERED,
    CHROMIUM,
    SITE,
    PlaywrightDriver,
    StaticServer,
    launch_chromium,
    open_position,
    slow_down,
    wait_bots_loaded,
)
from hearts.table import Table
from page_timing import LIMIT_MS, OBSERVE, TRACE_CATEGORIES, interactions, load, main_thread_tasks, summary, tap_summary
from phone_cpu import chromium_slowed_by

TIMEOUT = 180_000
# Shorter pauses between the bots' plays (hearts.table.delay_factor): they are idle time, not tasks.
PACE = 0.3
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


def hint_and_take(page, count: int, touch: bool = False) -> int:
    """Press 「提示」, wait for its cards to be selected, then pass or play them: two taps, by
    touch (``touch``: as on a phone) or by mouse clicks, each answered before the next look."""
    tap = page.tap if touch else page.click

    def press(*args, **kwargs) -> None:
        tap(*args, **kwargs)
        page.wait_for_function(ANSWERED, polling=10)

    press('[data-action="hint"]')
    state = wait_until(page, lambda s: len(s["selected"]) == count, "the hint")
    if count == 3:
        press('[data-action="pass"]')
    else:
        press(f'.hand [data-code="{state["selected"][0]}"]', position={"x": 9, "y": 18})
    return 2


def play_hand(page, touch: bool = False, pass_after: float = 0.0, think: float = 0.0) -> int:
    """Pass and play one hand by hints, the pass after ``pass_after`` seconds of choosing and
    each play ``think`` seconds into your turn; returns the number of taps."""
    taps = 0
    state = page.evaluate(STATE)
    if state["phase"] == "pass":
        page.wait_for_timeout(pass_after * 1000)
        taps += hint_and_take(page, 3, touch)
    while True:
        state = wait_until(
            page,
            lambda s: s["panel"] or (s["turn"] == "0" and s["collecting"] == "false" and s["phase"] == "play"),
            "your turn",
        )
        if state["panel"]:
            return taps
        page.wait_for_timeout(think * 1000)
        taps += hint_and_take(page, 1, touch)


def one_round(
    browser,
    url: str,
    seed: int,
    throttle: float,
    viewport: tuple[int, int],
    pace: float = PACE,
    touch: bool = False,
    pass_after: float = 0.0,
    think: float = 0.0,
    hands: int = 1,
) -> dict:
    context = browser.new_context(
        viewport={"width": viewport[0], "height": viewport[1]}, service_workers="block", has_touch=touch
    )
    context.add_init_script(OBSERVE)
    try:
        page = context.new_page()
        driver = PlaywrightDriver(page)
        open_position(
            driver, f"{url}?pace={pace:g}", Table(seed=seed, level="hard").save_document(), timeout_ms=TIMEOUT
        )
        wait_bots_loaded(driver, TIMEOUT)
        slow_down(page, throttle)
        browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
        start = page.evaluate("performance.now()")
        began = time.monotonic()
        taps = play_hand(page, touch, pass_after, think)
        for _ in range(hands - 1):
            page.click('[data-action="next-hand"]')
            page.wait_for_function(ANSWERED, polling=10)
            taps += 1 + play_hand(page, touch, pass_after, think)
        seconds = time.monotonic() - began
        page.wait_for_timeout(500)  # the last tap's entry is reported after its paint
        tasks = page.evaluate("window.__longtasks")
        measures = [(name, duration) for name, at, duration in page.evaluate("window.__measures") if at >= start]
        events = page.evaluate("window.__events")
        trace = browser.stop_tracing()
    finally:
        context.close()
    during = [duration for at, duration in tasks if at >= start]
    before = [duration for at, duration in tasks if at < start]
    return {
        "during": during,
        "startup_longest": max(before, default=0.0),
        "hints": taps // 2,  # two taps a hint, and 「下一手」 (odd)
        "seconds": seconds,
        "taps": taps,
        "interactions": interactions(events, start),
        "redraws": [duration for name, duration in measures if name == "hearts:redraw"],
        "bots": [duration for name, duration in measures if name == "hearts:bot"],
        "answers": answer_kinds(measures),
        "answered": [duration for name, duration in measures if name == "hearts:answer"],
        "traced": main_thread_tasks(trace),
    }


def tap_parts(seen: list[tuple[float, float, float, str]]) -> str:
    """Where the taps' time went, by what was tapped: medians of the whole, of the wait for the
    main thread (input delay), of the page's handlers, and of the rest (style, layout, paint)."""
    by_action: dict[str, list[tuple[float, float, float]]] = {}
    for latency, delay, handlers, action in seen:
        kind = "card played" if action.startswith("card") or not action else action  # "": tapped where no button is
        by_action.setdefault(kind, []).append((latency, delay, handlers))
    parts = []
    for action, entries in sorted(by_action.items()):
        whole, delay, handlers = (statistics.median(part) for part in zip(*entries))
        parts.append(
            f"{action} x{len(entries)}: {whole:.0f} = wait {delay:.0f} + handlers {handlers:.0f} "
            f"+ paint {whole - delay - handlers:.0f}"
        )
    return "taps by kind (medians, ms): " + "; ".join(parts)


def slowest_taps(seen: list[tuple[float, float, float, str]], count: int = 5) -> str:
    """The slowest taps, each split as :func:`tap_parts` splits them: the tail (p98) is made of
    these, and which part dominates says where to look."""
    slowest = sorted(seen, reverse=True)[:count]
    return "slowest taps (ms): " + "; ".join(
        f"{action or 'card'} {latency:.0f} = {delay:.0f} + {handlers:.0f} + {latency - delay - handlers:.0f}"
        for latency, delay, handlers, action in slowest
    )


def redraw_summary(durations: list[float]) -> str:
    """The page's redraws (web/main.py measures each as 'hearts:redraw'): part of most long tasks."""
    if not durations:
        return "redraws: none measured (a page built before they were)"
    ordered = sorted(durations)
    return (
        f"{len(ordered)} redraws: median {statistics.median(ordered):.1f} ms, "
        f"p90 {ordered[int(len(ordered) * 0.9)]:.1f} ms, longest {ordered[-1]:.0f} ms, "
        f"total {sum(ordered) / 1000:.1f} s"
    )


def bot_summary(durations: list[float]) -> str:
    """The bots' turns, from the end of a bot's pause to its card drawn (the page's 'hearts:bot'
    measure): the part of a turn the player waits for beyond the pause the speed setting sets."""
    if not durations:
        return "bot turns: none measured (a page built before they were)"
    ordered = sorted(durations)
    return (
        f"{len(ordered)} bot turns after their pause: median {statistics.median(ordered):.0f} ms, "
        f"p90 {ordered[int(len(ordered) * 0.9)]:.0f} ms, longest {ordered[-1]:.0f} ms"
    )


def answered_summary(durations: list[float]) -> str:
    """Every tap and key, from the event to Python's answer applied (the page's 'hearts:answer'
    measure): with Python in a worker the next paint can come before the answer, so this, not
    Event Timing's tap -> next paint, is the wait for the card to move."""
    if not durations:
        return "tap -> Python's answer applied: none measured (Python on the main thread: see tap -> next paint)"
    ordered = sorted(durations)
    return (
        f"tap -> Python's answer applied over {len(ordered)} taps: median {statistics.median(ordered):.0f} ms, "
        f"p98 {ordered[min(len(ordered) - 1, int(len(ordered) * 0.98))]:.0f} ms, longest {ordered[-1]:.0f} ms"
    )


def answer_kinds(measures: list[tuple[str, float]]) -> list[tuple[str, float]]:
    """The taps answered by a search, in order: "pass" (the exchange), "pass hint" (a hint the
    pass tap follows: the bench passes by the hint's three) and "hint" (a play's)."""
    kept = [
        (name.removeprefix("hearts:"), duration)
        for name, duration in measures
        if name in ("hearts:hint", "hearts:pass")
    ]
    return [
        ("pass hint" if kind == "hint" and following[0] == "pass" else kind, duration)
        for (kind, duration), following in zip(kept, kept[1:] + [("", 0.0)])
    ]


def answer_summary(answers: list[tuple[str, float]]) -> str:
    """Taps that start a search, from the tap to its answer drawn (the page's 'hearts:hint' and
    'hearts:pass' measures): 「提示」, and the pass, whose end waits for the bots' passes."""
    if not answers:
        return "taps answered by a search: none measured (a page built before they were)"
    parts = []
    for name in ("hint", "pass hint", "pass"):
        ordered = sorted(duration for kind, duration in answers if kind == name)
        if ordered:
            parts.append(
                f"{name} x{len(ordered)} median {statistics.median(ordered):.0f} ms, "
                f"p90 {ordered[int(len(ordered) * 0.9)]:.0f} ms, longest {ordered[-1]:.0f} ms"
            )
    return "tap -> its answer drawn: " + "; ".join(parts)


def site_arguments(values: list[str] | None) -> list[tuple[str, Path]]:
    """``label=DIR`` pairs (a bare DIR is labelled by its name); the default is _site/."""
    if not values:
        return [("this", SITE)]
    sites = []
    for value in values:
        label, _, path = value.rpartition("=")
        sites.append((label or Path(path).name, Path(path)))
    return sites


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="hands to play per site, one per fresh page")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--site",
        action="append",
        metavar="[LABEL=]DIR",
        help="a built site (default _site/); repeat to measure builds side by side",
    )
    parser.add_argument(
        "--cpu-throttle",
        type=float,
        default=1.0,
        metavar="RATE",
        help="slow the page's CPU down RATE times during the hand (4: a slow phone)",
    )
    parser.add_argument(
        "--cpu-quota",
        type=float,
        metavar="RATE",
        help="slow every thread of the browser RATE times, workers too (tools/phone_cpu.py; needs root)",
    )
    parser.add_argument(
        "--pace",
        type=float,
        default=PACE,
        help=f"the page's ?pace= (default {PACE:g}; 1 is the pauses players see, longer hands)",
    )
    parser.add_argument("--viewport", default="360x740", help="WIDTHxHEIGHT (default 360x740, a phone)")
    parser.add_argument(
        "--touch",
        action="store_true",
        help="tap by touch, as on a phone (touch events, then the click), not by mouse clicks",
    )
    parser.add_argument(
        "--pass-after",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="choose the pass this long before asking 「提示」 for it (the bots' passes search "
        "while you choose, up to the page's pass budget each)",
    )
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="wait this long on each of your turns before asking 「提示」 (default 0: at once)",
    )
    parser.add_argument("--hands", type=int, default=1, help="hands of the game played a round (default 1)")
    args = parser.parse_args()
    sites = site_arguments(args.site)
    for _, site in sites:
        if not (site / "index.html").exists():
            raise SystemExit(f"{site} is not built: run `make site`")
    width, height = (int(part) for part in args.viewport.split("x"))
    results: dict[str, dict[str, list]] = {
        label: {
            "during": [],
            "traced": [],
            "redraws": [],
            "taps": [],
            "latency": [],
            "bots": [],
            "answers": [],
            "answered": [],
        }
        for label, _ in sites
    }
    cpu = f"; every thread on 1/{args.cpu_quota:g} of a core" if args.cpu_quota else ""
    print(
        f"CPU throttling {args.cpu_throttle:g}x{cpu}, {width}x{height}, pace {args.pace:g}, "
        f"the pass after {args.pass_after:g} s, each play {args.think:g} s into your turn, "
        f"{args.hands} hand(s) a round, "
        f"{'touch' if args.touch else 'mouse'}; "
        f"before: {load()}",
        flush=True,
    )
    with sync_playwright() as playwright:
        served = []
        with contextlib.ExitStack() as stack:
            for label, site in sites:
                served.append((label, stack.enter_context(StaticServer(site)).url))
            executable = stack.enter_context(chromium_slowed_by(CHROMIUM, args.cpu_quota))
            browser = launch_chromium(playwright, executable)
            for number in range(args.rounds):
                for label, url in served:  # interleaved: the machine's load falls on each site alike
                    result = one_round(
                        browser,
                        url,
                        args.seed + number,
                        args.cpu_throttle,
                        (width, height),
                        args.pace,
                        args.touch,
                        args.pass_after,
                        args.think,
                        args.hands,
                    )
                    kept = results[label]
                    kept["during"] += result["during"]
                    kept["redraws"] += result["redraws"]
                    kept["bots"] += result["bots"]
                    kept["answers"] += result["answers"]
                    kept["answered"] += result["answered"]
                    kept["traced"] += result["traced"]
                    kept["latency"] += result["interactions"]
                    kept["taps"].append(result["taps"])
                    print(
                        f"{label} hand {number + 1} (seed {args.seed + number}, {result['hints']} hints, "
                        f"{result['seconds']:.0f} s): {summary(result['during'], result['traced'])}; "
                        f"{tap_summary(result['interactions'], result['taps'])}; "
                        f"start-up's longest {result['startup_longest']:.0f} ms",
                        flush=True,
                    )
            browser.close()
    for label, kept in results.items():
        print(f"\n{label}: all {args.rounds} hands against three Hard bots: {summary(kept['during'], kept['traced'])}")
        print(f"{label}: {tap_summary(kept['latency'], sum(kept['taps']))}")
        print(f"{label}: {answered_summary(kept['answered'])}")
        print(f"{label}: {tap_parts(kept['latency'])}")
        print(f"{label}: {slowest_taps(kept['latency'])}")
        print(f"{label}: {redraw_summary(kept['redraws'])}")
        print(f"{label}: {bot_summary(kept['bots'])}")
        print(f"{label}: {answer_summary(kept['answers'])}")
        print(
            f"{label}: target: no task over {LIMIT_MS} ms -> "
            f"{'met' if max(kept['during'], default=0) <= LIMIT_MS else 'MISSED'}"
        )
    print(f"\nafter: {load()} (2 cores: a load over 2 means other programs shared the CPU: timings are inflated)")


if __name__ == "__main__":
    main()
