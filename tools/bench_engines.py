"""Start-up on Firefox and WebKit (``tools/bench_startup.py --engine firefox|webkit``): navigation
-> ready of our page and of the bare PyScript page on the same engine, on a first visit (a fresh
browser: fresh profile, nothing cached) and a return visit (the same tab: ours from its service
worker and memory snapshot, the bare page from the HTTP cache). Chromium's figures, with its
DevTools extras (CPU throttling, long tasks, bytes), stay tools/bench_startup.py's own.

Neither engine offers Playwright's init scripts everywhere (WebKitWebDriver has none), so the
time of ready is the page's own mark, ``performance.mark("hearts:ready")`` (web/page.js; the bare
page here makes the same), read once the page is ready: milliseconds since navigation start, as
Chromium's probe measures.

``--link fast`` (Firefox only: a BiDi preload script; WebKitWebDriver has no way to run a script
before the page's) has ``navigator.connection`` report a fast link, which neither engine has, so
that a first visit fetches the build's snapshot: what a first visit there would gain from
detecting a fast link some other way (docs/e2e.md). ``--baseline DIR`` adds another build of the
site (main's, say) beside ours, and ``--network 4g|slow-4g`` serves every page over that link
(tools/bench_network.py): where the link probe (web/snapshot.mjs ``linkProbe``) fetches the
build's snapshot or gives it up.
"""

from __future__ import annotations

import contextlib
import statistics
from pathlib import Path
from typing import Any

from bench_network import server_for
from browser_harness import link_script, wait_ready
from engines import ENGINES, EngineDriver, FirefoxDriver

VIEWPORT = (360, 740)
#: How long a load, or the making of the snapshot after it, may take (ms): WebKitGTK's first visit
#: takes ~11 s on a quiet machine, several times that on a loaded one.
TIMEOUT = 300_000
READY_AT = "() => performance.getEntriesByName('hearts:ready')[0].startTime"
# Ours: once its service worker controls it and the snapshot for the next visit is stored (or
# it started from one); the bare page has neither.
RETURN_READY = """() => !document.querySelector('script[data-update]')
    || (navigator.serviceWorker.controller !== null && (document.documentElement.dataset.start === 'snapshot'
        || ['stored', 'failed'].includes(document.documentElement.dataset.snapshot)))"""
START = "() => document.documentElement.dataset.start || '-'"
BARE_READY = 'document.documentElement.dataset.state = "ready"'
BARE_MARKED = 'from js import performance\nperformance.mark("hearts:ready")\n' + BARE_READY


def mark_bare_page(folder: Path) -> None:
    """The bare PyScript page (bench_startup.write_bare_sites) marking its ready as ours does."""
    index = folder / "index.html"
    index.write_text(index.read_text(encoding="utf-8").replace(BARE_READY, BARE_MARKED), encoding="utf-8")


def load(driver: EngineDriver, url: str) -> tuple[float, str]:
    """Navigate to ``url``: (navigation -> ready in ms, how Python started)."""
    driver.goto(url)
    wait_ready(driver, TIMEOUT)
    driver.wait_until(f"() => ({READY_AT})() !== undefined", timeout_ms=TIMEOUT)
    ready: float = driver.call(f"() => ({READY_AT})()")
    return ready, driver.call(START)


def visit_and_return(engine: str, url: str, link: str | None) -> tuple[tuple[float, str], tuple[float, str]]:
    """A first visit in a freshly launched ``engine``, then a return visit in the same tab."""
    with ENGINES[engine](VIEWPORT) as driver:
        if link:
            if not isinstance(driver, FirefoxDriver):
                raise SystemExit("--link needs a script run before the page's: Firefox only")
            driver.preload(link_script(link))
        first = load(driver, url)
        driver.wait_until(RETURN_READY, timeout_ms=TIMEOUT)
        return first, load(driver, url)


def run(engine: str, sites: dict[str, Path], rounds: int, link: str | None, network: str | None = None) -> None:
    """Print, for ``sites`` (name: folder; ``pyscript``, the bare page, marked here), each round's
    figures, then the medians and ours against the bare page; ``network``: every page served over
    that link of tools/bench_network.py (else localhost as it is)."""
    mark_bare_page(sites["pyscript"])
    times: dict[str, dict[str, list[Any]]] = {name: {"first": [], "again": [], "start": []} for name in sites}
    with contextlib.ExitStack() as stack:
        urls = {name: stack.enter_context(server_for(folder, network)).url for name, folder in sites.items()}
        names = list(sites)
        for round_number in range(rounds):
            shift = round_number % len(names)
            for name in names[shift:] + names[:shift]:
                (first, first_start), (again, again_start) = visit_and_return(engine, urls[name], link)
                times[name]["first"].append(first)
                times[name]["again"].append(again)
                times[name]["start"].append(f"{first_start}/{again_start}")
            print(
                f"round {round_number + 1}: "
                + "  ".join(f"{name} {times[name]['first'][-1]:.0f}/{times[name]['again'][-1]:.0f}" for name in names),
                flush=True,
            )
    print(
        f"\n{engine}, median of {rounds} rounds, {VIEWPORT[0]}x{VIEWPORT[1]}, link {link or 'as the engine says'}, "
        f"served {f'over {network}' if network else 'from localhost'} (ms)"
    )
    print(f"  {'page':9} {'first: ready':>12} {'return: ready':>14}  start")
    for name, row in times.items():
        first, again = statistics.median(row["first"]), statistics.median(row["again"])
        print(f"  {name:9} {first:12.0f} {again:14.0f}  {row['start'][-1]}")
        print(f"            all: first {[round(t) for t in row['first']]}  return {[round(t) for t in row['again']]}")
    if "baseline" in times:
        ratio = statistics.median(times["ours"]["first"]) / statistics.median(times["baseline"]["first"])
        print(f"  first visit: ours / baseline {ratio:.2f}x")
    ours, bare = times["ours"], times["pyscript"]
    for label, kind in (("first visit", "first"), ("return visit", "again")):
        ratio = statistics.median(ours[kind]) / statistics.median(bare[kind])
        target = " (target <= 0.40x)" if kind == "again" else ""
        print(f"  {label}: ours / bare PyScript on {engine} {ratio:.2f}x{target}")
