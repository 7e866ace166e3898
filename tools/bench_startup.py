"""Start-up benchmark (a script that prints figures, not a test): navigation -> ready.

Our page (``_site/``, ready when ``<html data-state="ready">``) against a bare page that boots
the same vendored PyScript + Pyodide and only prints "hello" (generated into a temporary
directory, never into the site). Each round, in alternating order, each page is loaded cold (a
fresh browser context: empty HTTP cache, no service worker) and then warm (a second visit in
the same context: ours from its service worker, the bare page from the HTTP cache). Prints the
medians, the ratios against the targets (<= 1.15x cold, <= 1.10x warm), the bytes a cold load
of our page transfers, its largest files, and what it requests after it is ready.

    .venv/bin/python tools/bench_startup.py --rounds 5     # make bench-startup
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import json
import shutil
import socket
import statistics
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_site"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
TIMEOUT = 180_000
TARGETS = {"cold": 1.15, "warm": 1.10}
# Records when <html data-state> turns "ready" and when PyScript has loaded the interpreter,
# in ms since navigation start.
READY_PROBE = """
addEventListener('py:progress', event => {
  if (event.detail === 'Loaded interpreter') window.__interpreterAt = performance.now();
});
new MutationObserver((_, observer) => {
  if (document.documentElement.dataset.state === 'ready') {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-state']});
"""
BARE_PAGE = """<!doctype html>
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


def write_bare_site(site: Path, directory: Path) -> None:
    """The bare page next to a copy of our vendored runtime and the same plugin list."""
    shutil.copytree(site / "vendor", directory / "vendor")
    ours = json.loads((site / "pyscript.json").read_text(encoding="utf-8"))
    config = {"interpreter": ours["interpreter"], "plugins": ours.get("plugins", [])}
    (directory / "pyscript.json").write_text(json.dumps(config), encoding="utf-8")
    (directory / "index.html").write_text(BARE_PAGE, encoding="utf-8")


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


@contextlib.contextmanager
def serve(directory: Path):
    handler = functools.partial(QuietHandler, directory=str(directory))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.shutdown()
        server.server_close()


def transferred(request) -> tuple[int, str, bool]:
    """(bytes over the network, url, served by a service worker) of one finished request."""
    response = request.response()
    if response and response.from_service_worker:
        return 0, request.url, True
    sizes = request.sizes()
    return max(sizes["responseBodySize"] + sizes["responseHeadersSize"], 0), request.url, False


class Load:
    """One navigation: time to ready and every request the page made, with its sizes."""

    def __init__(self, page, url: str):
        finished: list = []
        def listener(request):
            finished.append(request)
        page.on("requestfinished", listener)
        page.goto(url, wait_until="commit", timeout=TIMEOUT)
        page.wait_for_function("window.__readyAt !== undefined", timeout=TIMEOUT, polling=20)
        self.ready_ms = page.evaluate("window.__readyAt")
        self.after_interpreter_ms = self.ready_ms - page.evaluate("window.__interpreterAt")
        ready_count = len(finished)
        page.wait_for_timeout(1500)
        page.remove_listener("requestfinished", listener)
        self.rows = [transferred(request) for request in finished[:ready_count]]
        self.after_ready = [request.url for request in finished[ready_count:]]


def visit_twice(browser, url: str, ours: bool) -> tuple[Load, Load]:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    context.add_init_script(READY_PROBE)
    worker_requests: list = []
    context.on("requestfinished",
               lambda request: request.service_worker and worker_requests.append(request))
    try:
        page = context.new_page()
        cold = Load(page, url)
        if ours:  # the warm visit is the one the service worker serves
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT)
            cold.install_rows = [transferred(request) for request in worker_requests]
        warm = Load(page, url)
        return cold, warm
    finally:
        context.close()


def report(times: dict[str, dict[str, list[float]]], cold_load: Load, warm_load: Load) -> None:
    print(f"\nnavigation -> ready, median of {len(times['ours']['cold'])} (ms; all runs in brackets)")
    for kind in ("cold", "warm"):
        ours = statistics.median(times["ours"][kind])
        bare = statistics.median(times["bare"][kind])
        paired = statistics.median(o / b for o, b in zip(times["ours"][kind], times["bare"][kind]))
        verdict = "ok" if ours / bare <= TARGETS[kind] else "MISSED"
        print(f"  {kind}: ours {ours:7.0f}  bare {bare:7.0f}  ratio {ours / bare:.2f}x "
              f"(target <= {TARGETS[kind]:.2f}x: {verdict}; median of per-round ratios {paired:.2f}x)")
        print(f"        ours {[round(t) for t in times['ours'][kind]]}  "
              f"bare {[round(t) for t in times['bare'][kind]]}")
    after = {page: statistics.median(times[page]["after"]) for page in ("ours", "bare")}
    print(f"  interpreter loaded -> ready (the page's own start: wheel, imports, first render): "
          f"ours {after['ours']:.0f}  bare {after['bare']:.0f}")
    rows = cold_load.rows
    total = sum(size for size, _, _ in rows)
    print(f"\ncold load of our page: {len(rows)} requests, {total / 1e6:.2f} MB transferred")
    for size, url, _ in sorted(rows, reverse=True)[:6]:
        print(f"  {size / 1e3:9.1f} kB  {url.split('/', 3)[-1]}")
    install = cold_load.install_rows
    print(f"service worker install after ready: {len(install)} requests, "
          f"{sum(size for size, _, _ in install) / 1e6:.2f} MB over the network (revalidations)")
    served = sum(from_worker for _, _, from_worker in warm_load.rows)
    network = sum(size for size, _, _ in warm_load.rows)
    print(f"warm load: {served}/{len(warm_load.rows)} requests from the service worker, "
          f"{network / 1e3:.1f} kB over the network")
    late = cold_load.after_ready
    print(f"requested after ready (cold, page only): {late if late else 'nothing'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--site", type=Path, default=SITE, help="the built site (default _site/)")
    args = parser.parse_args()
    if not (args.site / "sw.js").exists():
        raise SystemExit("_site/ is not built with its service worker: run `make site`")
    times = {page: {"cold": [], "warm": [], "after": []} for page in ("ours", "bare")}
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as bare_dir, \
            serve(args.site) as ours_url, serve(Path(bare_dir)) as bare_url, sync_playwright() as playwright:
        write_bare_site(args.site, Path(bare_dir))
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        urls = {"ours": ours_url, "bare": bare_url}
        last = {}
        for round_number in range(args.rounds):
            order = ("ours", "bare") if round_number % 2 == 0 else ("bare", "ours")
            for page in order:
                cold, warm = visit_twice(browser, urls[page], ours=page == "ours")
                times[page]["cold"].append(cold.ready_ms)
                times[page]["warm"].append(warm.ready_ms)
                times[page]["after"] += [cold.after_interpreter_ms, warm.after_interpreter_ms]
                last[page] = (cold, warm)
            print(f"round {round_number + 1}: " + "  ".join(
                f"{page} cold {times[page]['cold'][-1]:.0f} warm {times[page]['warm'][-1]:.0f}"
                for page in ("ours", "bare")), flush=True)
        browser.close()
    report(times, *last["ours"])


if __name__ == "__main__":
    main()
