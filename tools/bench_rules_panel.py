"""Benchmark (a script that prints figures, not a test): how long opening 「玩法」 keeps the main
thread busy, the first time in a page's life, on a slow phone.

Each round loads the built page (``_site/``) at 360x740 with a game in progress, waits until the
bots' code has loaded and the page has settled (``<html data-bots>``, ``data-settled``), slows
the page's CPU fourfold (Chrome DevTools' CPU throttling, as Lighthouse's mobile profile does),
then taps 「菜单」, 「玩法」 and each section of its contents, one after the other. A
PerformanceObserver records every 'longtask' (a task over 50 ms) and every redraw (the page's
``hearts:redraw`` measure) in the 1.5 s after each tap. Prints, per tap, the longest task and
the redraw; the target is no task over 200 ms. On a shared machine a task also lasts while other
programs run, so a Chrome trace of each tap also gives the thread CPU time of its longest task
(the page's own work, before the fourfold slowdown, which Chrome applies by pausing the thread);
say whether the machine was loaded when quoting the figures.

    .venv/bin/python tools/bench_rules_panel.py --rounds 3
"""

from __future__ import annotations

import argparse
import time
from contextlib import ExitStack

from playwright.sync_api import sync_playwright

from browser_harness import (
    SITE,
    PlaywrightDriver,
    StaticServer,
    launch_chromium,
    open_position,
    slow_down,
    wait_bots_loaded,
    wait_settled,
)
from hearts.table import Table
from hearts.table.settings import Settings
from page_timing import TRACE_CATEGORIES, main_thread_tasks

TIMEOUT = 180_000
OBSERVE = """window.__tasks = []; window.__redraws = [];
new PerformanceObserver(list => { for (const e of list.getEntries()) window.__tasks.push([e.startTime, e.duration]); })
  .observe({type: 'longtask', buffered: true});
new PerformanceObserver(list => { for (const e of list.getEntries())
    if (e.name === 'hearts:redraw') window.__redraws.push([e.startTime, e.duration]); })
  .observe({type: 'measure'});"""
SINCE = (
    "since => [window.__tasks.filter(t => t[0] >= since).map(t => t[1]), "
    "window.__redraws.filter(t => t[0] >= since).map(t => t[1])]"
)
TAPS = [("菜单", ".menu-button"), ("玩法", '.menu [data-action="rules"]')] + [
    (name, f'.contents [data-section="{section}"]')
    for name, section in (("操作", "play"), ("技巧", "strategy"), ("公平", "fair"), ("规则", "rules"))
]


def one_round(browser, url: str, throttle: float) -> list[tuple[str, float, float, float]]:
    """(tap, longest task in ms or 0 if none over 50 ms, its thread CPU ms, redraw ms) for each tap."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True)
    try:
        page = context.new_page()
        page.add_init_script(OBSERVE)
        driver = PlaywrightDriver(page)
        open_position(driver, url, Table(seed=12).save_document(), Settings(tips=False).to_json(), timeout_ms=TIMEOUT)
        wait_bots_loaded(driver, TIMEOUT)
        wait_settled(driver, TIMEOUT)
        slow_down(page, throttle)
        figures = []
        for name, selector in TAPS:
            since = page.evaluate("performance.now()")
            browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
            page.locator(selector).tap()
            page.wait_for_timeout(1500)
            traced = main_thread_tasks(browser.stop_tracing())
            tasks, redraws = page.evaluate(SINCE, since)
            longest = max(tasks, default=0.0)
            cpu = min(traced, key=lambda task: abs(task[0] - longest), default=(0.0, 0.0))[1] if longest else 0.0
            figures.append((name, longest, cpu, max(redraws, default=0.0)))
        return figures
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--cpu-throttle", type=float, default=4)
    options = parser.parse_args()
    with ExitStack() as stack:
        url = stack.enter_context(StaticServer(SITE)).url
        playwright = stack.enter_context(sync_playwright())
        browser = launch_chromium(playwright)
        stack.callback(browser.close)
        with open("/proc/loadavg") as load:
            print(f"load average before: {load.read().split()[:3]}")
        worst = 0.0
        for number in range(1, options.rounds + 1):
            began = time.monotonic()
            figures = one_round(browser, url, options.cpu_throttle)
            worst = max([worst] + [task for _, task, _, _ in figures])
            shown = ", ".join(
                f"{name}: task {task:.0f} ms (CPU {cpu:.0f}) / redraw {redraw:.0f} ms"
                for name, task, cpu, redraw in figures
            )
            print(f"round {number} (CPU x{options.cpu_throttle:g}, {time.monotonic() - began:.0f} s): {shown}")
        with open("/proc/loadavg") as load:
            print(f"load average after: {load.read().split()[:3]}")
        print(
            f"longest task over all taps and rounds: {worst:.0f} ms (target: none over 200 ms; "
            "0 means no task reached 50 ms)"
        )


if __name__ == "__main__":
    main()
