"""Start-up benchmark (a script that prints figures, not a test): navigation -> ready.

Pages, on the same vendored runtime, each served from its own port:
  ours      the built site (``_site/``), ready when ``<html data-state="ready">``;
  baseline  another build of the site (``--baseline DIR``, e.g. main's), the same way;
  pyscript  a bare PyScript page that only prints "hello";
  pyodide   a bare page that only calls the vendored ``loadPyodide()`` and runs one line.
The bare pages are generated into a temporary directory, never into the site.

Each round, in rotating order, each page is loaded on a first visit (a fresh browser context:
empty HTTP cache, no service worker, no snapshot) and then on a return visit in the same
context (ours from its service worker and, once the first visit has made it, its memory
snapshot; the bare pages from the HTTP cache). Prints the medians of: navigation -> ready,
navigation -> first paint of the table (cards on screen, live or the saved copy), the longest
main-thread task, and ratios against the issue's targets; then the bytes of a first visit.
``--cpu-throttle 4`` slows each page's main thread fourfold (DevTools' "mid-range phone"), but
not workers, and the game's Python runs in one (PyScript's); ``--cpu-quota 4`` slows every thread
of the browser fourfold instead (tools/phone_cpu.py: a cgroup per thread; needs root).
``--link fast`` / ``slow`` has every page's ``navigator.connection`` report a fast
(4g, 10 Mbit/s) or a slow (3g) link, so that our first visit fetches the build's snapshot or
not (web/snapshot.mjs's fastLink); without it the page sees what headless Chromium estimates
(4g, ~1.4 Mbit/s here: slow). The server is localhost either way: the bytes cost no time, so
the bytes a first visit fetches are printed apart, as a static host that gzips would send them.

    .venv/bin/python tools/bench_startup.py --rounds 5     # make bench-startup
    .venv/bin/python tools/bench_startup.py --rounds 3 --cpu-throttle 4 --baseline /tmp/base/_site
    .venv/bin/python tools/bench_startup.py --rounds 3 --cpu-throttle 4 --link fast --baseline /tmp/base/_site
    .venv/bin/python tools/bench_startup.py --rounds 3 --cpu-quota 4 --link slow --baseline /tmp/base/_site
    .venv/bin/python tools/bench_startup.py --rounds 4 --returns 3 --cpu-throttle 4 --link slow \
        --baseline /tmp/base/_site

``--returns 3`` times three return visits a round: one a round could not show a 200 ms
difference on a noisy 2-core machine (docs/log/startup-2026-12-03.md). They are navigations in the
same tab, so from the second on the renderer's memory cache and its compiled wasm serve them;
``--new-tab`` opens each in a new tab instead, with the one before closed, as a player who comes
back later does (docs/log/startup-2026-12-03.md, third session).

    .venv/bin/python tools/bench_startup.py --rounds 3 --returns 2 --new-tab --cpu-throttle 4 --link slow

``--network slow-4g|4g`` serves every page over a phone's link, gzipped, and ``--memory`` adds the
renderer's resident memory, peak and steady, of each visit (tools/bench_network.py):

    sudo .venv/bin/python tools/bench_startup.py --rounds 2 --cpu-quota 4 --network slow-4g --memory --baseline DIR
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import json
import shutil
import statistics
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

import bench_engines
from bench_network import LINKS as NETWORKS
from bench_network import MemoryWatch, connection_script, memory_report, server_for
from browser_harness import CHROMIUM, LINKS, ROOT, SITE, launch_chromium, link_script, slow_down
from build_site import PLUGINS_CONFIG
from phone_cpu import chromium_slowed_by

#: The stdlib zip as the npm package ships it, for the bare pages (write_bare_sites).
STOCK_STDLIB = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
TIMEOUT = 300_000
VIEWPORT = {"width": 360, "height": 740}
# Said on the console when the page is ready: the bench waits for that message, not with
# Playwright's wait_for_function, whose 330 kB injected script was parsed on the page's main thread
# while the page started, and whose polling then ran there every 20 ms (a 188 ms task of a return
# visit at CPU x4: docs/log/startup-2026-12-03.md, third session).
READY_SIGNAL = "bench-startup: ready"
# Records, in ms since navigation start: <html data-state> turning "ready", the first time cards
# of your hand are on screen, and PyScript's "interpreter loaded"; and the longest task.
PROBE = """
window.__longest = 0;
new PerformanceObserver(list => {
  for (const entry of list.getEntries()) window.__longest = Math.max(window.__longest, entry.duration);
}).observe({type: 'longtask', buffered: true});
window.__steps = {};
addEventListener('py:progress', event => {
  window.__steps[event.detail] = performance.now();
  if (event.detail === 'Loaded interpreter') window.__interpreterAt = performance.now();
});
new MutationObserver((_, observer) => {
  const root = document.documentElement;
  if (window.__tableAt === undefined && document.querySelector('#app:not([hidden]) .hand [data-code]')) {
    window.__tableAt = performance.now();
  }
  if (root.dataset.state === 'ready') {
    window.__readyAt = performance.now();
    if (window.__tableAt === undefined) window.__tableAt = window.__readyAt;
    observer.disconnect();
    console.debug('%s');
  }
}).observe(document, {attributes: true, childList: true, subtree: true});
""".replace("%s", READY_SIGNAL)
BARE_PYSCRIPT = """<!doctype html>
<html data-state="loading">
<head><meta charset="utf-8"><title>hello</title>
<script type="module" src="./vendor/pyscript/core.js"></script></head>
<body>
<script type="py" config="./pyscript.json">
from pyscript import document
print("hello")
document.documentElement.dataset.state = "ready"
</script>
</body>
</html>
"""
BARE_PYODIDE = """<!doctype html>
<html data-state="loading">
<head><meta charset="utf-8"><title>hello</title>
<script type="module" src="./start.mjs"></script></head>
<body></body>
</html>
"""
BARE_PYODIDE_MODULE = """import {loadPyodide} from "./vendor/pyodide/pyodide.mjs";
const pyodide = await loadPyodide();
pyodide.runPython("print('hello')");
document.documentElement.dataset.state = "ready";
"""


def write_bare_sites(site: Path, directory: Path) -> dict[str, Path]:
    """The two bare pages, each next to a copy of our vendored runtime and our plugin list, with
    the stdlib as the npm package ships it: sources only, not the zip our build gives bytecode
    (tools/bytecode.py), so that they stay the floor an out-of-the-box page sets."""
    pages = {}
    for name in ("pyscript", "pyodide"):
        folder = directory / name
        shutil.copytree(site / "vendor", folder / "vendor")
        shutil.copy2(STOCK_STDLIB, folder / "vendor" / "pyodide" / STOCK_STDLIB.name)
        pages[name] = folder
    config = {"interpreter": "./vendor/pyodide/pyodide.mjs", **PLUGINS_CONFIG}
    (pages["pyscript"] / "pyscript.json").write_text(json.dumps(config), encoding="utf-8")
    (pages["pyscript"] / "index.html").write_text(BARE_PYSCRIPT, encoding="utf-8")
    (pages["pyodide"] / "index.html").write_text(BARE_PYODIDE, encoding="utf-8")
    (pages["pyodide"] / "start.mjs").write_text(BARE_PYODIDE_MODULE, encoding="utf-8")
    return pages


def transferred(request) -> tuple[int, str, bool]:
    """(bytes over the network, url, served by a service worker) of one finished request."""
    response = request.response()
    if response and response.from_service_worker:
        return 0, request.url, True
    sizes = request.sizes()
    return max(sizes["responseBodySize"] + sizes["responseHeadersSize"], 0), request.url, False


class Load:
    """One navigation: times to ready and to the table, the longest task, every request."""

    def __init__(self, page, url: str):
        finished: list = []

        def listener(request):
            finished.append(request)

        page.on("requestfinished", listener)
        with page.expect_console_message(lambda message: message.text == READY_SIGNAL, timeout=TIMEOUT):
            page.goto(url, wait_until="commit", timeout=TIMEOUT)
        self.ready_ms = page.evaluate("window.__readyAt")
        self.table_ms = page.evaluate("window.__tableAt")
        interpreter = page.evaluate("window.__interpreterAt")
        self.after_interpreter_ms = None if interpreter is None else self.ready_ms - interpreter
        self.start = page.evaluate("document.documentElement.dataset.start || '-'")
        self.steps = {**page.evaluate("window.__steps"), "ready": self.ready_ms}
        ready_count = len(finished)
        page.wait_for_timeout(1500)
        self.longest_ms = page.evaluate("window.__longest")
        page.remove_listener("requestfinished", listener)
        self.rows = [transferred(request) for request in finished[:ready_count]]
        self.memory = (0, 0)


def throttled_page(context, throttle: float):
    """A new tab of ``context`` whose main thread DevTools slows ``throttle`` times."""
    page = context.new_page()
    slow_down(page, throttle)
    return page


def visit_and_return(
    browser,
    url: str,
    throttle: float,
    link: str | None,
    returns: int,
    new_tab: bool = False,
    watch: MemoryWatch | None = None,
) -> tuple[Load, list[Load]]:
    """A first visit in a fresh context, then ``returns`` return visits in it, one after another:
    in the same tab, or each in a new tab with the one before closed (``new_tab``). ``link``: an
    init script for ``navigator.connection``; ``watch``: each visit's renderer memory, as
    ``Load.memory`` (peak, steady)."""
    context = browser.new_context(viewport=VIEWPORT)
    context.add_init_script(PROBE)
    if link:
        context.add_init_script(link)
    try:
        page = throttled_page(context, throttle)
        if watch:
            watch.reset()
        first = Load(page, url)
        # A site with a service worker and a snapshot: the return visit is the one they serve.
        page.wait_for_function(
            "!document.querySelector('script[data-update]') || navigator.serviceWorker.controller !== null",
            timeout=TIMEOUT,
        )
        page.wait_for_function(
            "!document.documentElement.dataset.start"
            " || document.documentElement.dataset.start === 'snapshot'"
            " || ['stored', 'failed'].includes(document.documentElement.dataset.snapshot)",
            timeout=TIMEOUT,
        )
        if watch:
            first.memory = (watch.peak(), watch.steady())
        return_loads = []
        for _ in range(returns):
            if new_tab:
                page.close()
                page = throttled_page(context, throttle)
            if watch:
                watch.reset()
            return_loads.append(Load(page, url))
            if watch:
                return_loads[-1].memory = (watch.peak(), watch.steady())
        return first, return_loads
    finally:
        context.close()


def median(values: list[float | None]) -> float | None:
    known = [value for value in values if value is not None]
    return statistics.median(known) if known else None


def show(value: float | None) -> str:
    return "      -" if value is None else f"{value:7.0f}"


def host_bytes(site: Path, base_url: str, urls: list[str]) -> int:
    """The bytes of the files at ``urls`` as a static host that gzips (level 6) would send them:
    each file's gzip size when smaller (the wasm, the scripts), else its own (the stdlib zip, the
    wheel, the build's snapshot, already compressed). Headers not counted."""
    total = 0
    for url in set(urls):
        path = site / (url.split("?")[0].removeprefix(base_url) or "index.html")
        if path.is_file():
            data = path.read_bytes()
            total += min(len(data), len(gzip.compress(data, compresslevel=6, mtime=0)))
    return total


def report(
    times: dict[str, dict[str, list]],
    steps: dict[str, dict[str, list[float]]],
    first_load: Load,
    rounds: int,
    returns: int,
    cpu: str,
    site: Path,
    base_url: str,
) -> None:
    print(
        f"\nmedian of {rounds} rounds ({returns} return visits each), CPU {cpu}, "
        f"{VIEWPORT['width']}x{VIEWPORT['height']} (ms)"
    )
    print(
        f"  {'page':9} {'first: ready':>12} {'table':>7} {'longest':>7}   {'return: ready':>13} {'table':>7} "
        f"{'longest':>7}  start"
    )
    for page, row in times.items():
        print(
            f"  {page:9} {show(median(row['first']))}      {show(median(row['first_table']))} "
            f"{show(median(row['first_longest']))}   {show(median(row['again']))}       "
            f"{show(median(row['again_table']))} {show(median(row['again_longest']))}  {row['start'][-1]}"
        )
        print(f"            all: first {[round(t) for t in row['first']]}  return {[round(t) for t in row['again']]}")
    ours, bare = times["ours"], times["pyscript"]
    for label, mine, theirs, target in (
        ("first visit", "first", "first", 1.05),
        ("return visit", "again", "again", 0.30),
    ):
        ratio = median(ours[mine]) / median(bare[theirs])
        paired = statistics.median(o / b for o, b in zip(ours[mine], bare[theirs]))
        verdict = "ok" if ratio <= target else "MISSED"
        print(
            f"  {label}: ours / bare PyScript {ratio:.2f}x (target <= {target:.2f}x unthrottled: {verdict}; "
            f"median of per-round ratios {paired:.2f}x)"
        )
    if "baseline" in times:
        for kind, label in (("first", "first visit"), ("again", "return visit")):
            print(f"  {label}: ours / baseline {median(ours[kind]) / median(times['baseline'][kind]):.2f}x")
    after = median(ours["after"])
    if after is not None:
        print(f"  ours, interpreter loaded -> ready (wheel, imports, first render): {after:.0f}")
    for kind in ("first", "again"):
        if steps[kind]:
            print(
                f"  ours, {'first' if kind == 'first' else 'return'} visit, PyScript's steps (ms since navigation): "
                + ", ".join(f"{name} {statistics.median(times):.0f}" for name, times in steps[kind].items())
            )
    rows = first_load.rows
    total = sum(size for size, _, _ in rows)
    print(f"\nfirst visit of our page: {len(rows)} requests, {total / 1e6:.2f} MB transferred (uncompressed)")
    for size, url, _ in sorted(rows, reverse=True)[:6]:
        print(f"  {size / 1e3:9.1f} kB  {url.split('/', 3)[-1]}")
    urls = [url for _, url, _ in rows]
    snapshot = [url for url in urls if "/snapshot/" in url]
    print(
        f"  as a static host that gzips would send them: {host_bytes(site, base_url, urls) / 1e6:.2f} MB"
        + (
            f" ({host_bytes(site, base_url, snapshot) / 1e6:.2f} MB of it the build's snapshot)"
            if snapshot
            else " (no build snapshot fetched)"
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--site", type=Path, default=SITE, help="the built site (default _site/)")
    parser.add_argument("--baseline", type=Path, help="another built site to compare, e.g. main's")
    parser.add_argument(
        "--cpu-throttle",
        type=float,
        default=1.0,
        metavar="RATE",
        help="slow each page's main thread RATE times (4: Lighthouse's mobile)",
    )
    parser.add_argument(
        "--cpu-quota",
        type=float,
        metavar="RATE",
        help="slow every thread of the browser RATE times (tools/phone_cpu.py; needs root)",
    )
    parser.add_argument(
        "--returns",
        type=int,
        default=1,
        metavar="N",
        help="return visits per round, each counted (default 1; in the same tab, the first one is "
        "the only one all of whose files the service worker serves: see --new-tab)",
    )
    parser.add_argument(
        "--new-tab",
        action="store_true",
        help="each return visit in a new tab, the one before closed: as a player who comes back "
        "later (a same-tab return reuses the renderer's memory cache from the second on)",
    )
    parser.add_argument(
        "--link", choices=sorted(LINKS), help="the link navigator.connection reports (default: Chromium's own estimate)"
    )
    parser.add_argument(
        "--network",
        choices=sorted(NETWORKS),
        help="serve every page over this mobile link, gzipped (tools/bench_network.py); navigator.connection "
        "reports it unless --link says otherwise",
    )
    parser.add_argument(
        "--memory", action="store_true", help="the renderer's resident memory, peak and steady, of every visit"
    )
    parser.add_argument(
        "--engine", choices=("chromium", *bench_engines.ENGINES), default="chromium", help="the browser engine"
    )
    args = parser.parse_args()
    if args.engine != "chromium":  # first and return visits beside the bare PyScript page (tools/bench_engines.py)
        with tempfile.TemporaryDirectory(prefix="bench-startup-") as bare_dir:
            bare = write_bare_sites(args.site, Path(bare_dir))["pyscript"]
            sites = {"ours": args.site, **({"baseline": args.baseline} if args.baseline else {}), "pyscript": bare}
            bench_engines.run(args.engine, sites, args.rounds, args.link, args.network)
        return
    for site in filter(None, (args.site, args.baseline)):
        if not (site / "sw.js").exists():
            raise SystemExit(f"{site} is not built with its service worker: run `make site`")
    sites = {"ours": args.site}
    if args.baseline:
        sites["baseline"] = args.baseline
    keys = ("first", "again", "first_table", "again_table", "first_longest", "again_longest", "after", "start")
    keys += ("first_memory", "again_memory")
    link = link_script(args.link) if args.link else connection_script(args.network) if args.network else None
    with (
        tempfile.TemporaryDirectory(prefix="bench-startup-") as bare_dir,
        contextlib.ExitStack() as stack,
        sync_playwright() as playwright,
    ):
        sites.update(write_bare_sites(args.site, Path(bare_dir)))
        urls = {page: stack.enter_context(server_for(directory, args.network)).url for page, directory in sites.items()}
        times = {page: {key: [] for key in keys} for page in sites}
        executable = stack.enter_context(chromium_slowed_by(CHROMIUM, args.cpu_quota))
        browser = launch_chromium(playwright, executable)
        watch = MemoryWatch() if args.memory else None
        names = list(sites)
        first_of_ours = None
        steps: dict[str, dict[str, list[float]]] = {"first": {}, "again": {}}
        for round_number in range(args.rounds):
            shift = round_number % len(names)
            for page in names[shift:] + names[:shift]:
                first, return_loads = visit_and_return(
                    browser, urls[page], args.cpu_throttle, link, args.returns, args.new_tab, watch
                )
                ours_or_baseline = page in ("ours", "baseline")
                row = times[page]
                row["first"].append(first.ready_ms)
                row["first_table"].append(first.table_ms if ours_or_baseline else None)
                row["first_longest"].append(first.longest_ms)
                row["after"].append(first.after_interpreter_ms)
                for again in return_loads:
                    row["again"].append(again.ready_ms)
                    row["again_table"].append(again.table_ms if ours_or_baseline else None)
                    row["again_longest"].append(again.longest_ms)
                    row["after"].append(again.after_interpreter_ms)
                row["start"].append(f"{first.start}/{return_loads[-1].start}")
                row["first_memory"].append(first.memory)
                row["again_memory"] += [again.memory for again in return_loads]
                if page == "ours":
                    first_of_ours = first
                    for kind, load in [("first", first)] + [("again", again) for again in return_loads]:
                        for name, at in sorted(load.steps.items(), key=lambda item: item[1]):
                            steps[kind].setdefault(name, []).append(at)
            print(
                f"round {round_number + 1}: "
                + "  ".join(f"{page} {times[page]['first'][-1]:.0f}/{times[page]['again'][-1]:.0f}" for page in names),
                flush=True,
            )
        if watch:
            watch.close()
        browser.close()
    cpu = f"throttled {args.cpu_throttle:g}x (DevTools, page thread)"
    if args.cpu_quota:
        cpu += f", every thread of the browser on 1/{args.cpu_quota:g} of a core"
    if args.network:
        cpu += f", over {args.network} (tools/bench_network.py)"
    report(times, steps, first_of_ours, args.rounds, args.returns, cpu, args.site, urls["ours"])
    if args.memory:
        memory_report(times)


if __name__ == "__main__":
    main()
