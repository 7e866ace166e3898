"""Hard's fixed work (``tools/bench_hard.py --fixed-only``) on the vendored Pyodide in Debian's
Chromium, unthrottled and at CPU x4 (DevTools' CPU throttling, Lighthouse's phone).

A bare page loads ``node_modules/pyodide`` and this repository's ``hearts`` sources (no
PyScript, no table) and runs the script in one task. Printed per rate: the script's own JSON
(``fixed_work_s`` is wall time inside the page, and so is its ``fixed_cpu_s``: a page has no
CPU clock) and the task's wall and thread CPU time from a Chrome trace, since on a loaded
machine the wall time also counts other programs' turns. Throttling stretches the task's wall
time, not the CPU time it is given, so at x4 only the wall figures show the slowdown.

    .venv/bin/python tools/bench_hard_browser.py [--rates 1,4]
"""

from __future__ import annotations

import argparse
import json
import sys

from playwright.sync_api import sync_playwright

from browser_harness import ROOT, StaticServer, launch_chromium, slow_down

TIMEOUT = 600_000
PAGE = """<!doctype html><meta charset="utf-8"><title>bench</title><script type="module">
import { loadPyodide } from "/node_modules/pyodide/pyodide.mjs";
const pyodide = await loadPyodide({ indexURL: "/node_modules/pyodide/" });
for (const name of FILES) {
  const text = await (await fetch("/" + name)).text();
  pyodide.FS.mkdirTree("/lib/project/" + name.split("/").slice(0, -1).join("/"));
  pyodide.FS.writeFile("/lib/project/" + name, text);
}
const script = await (await fetch("/tools/bench_hard.py")).text();
pyodide.runPython("import sys; sys.path.insert(0, '/lib/project'); sys.argv = ['bench_hard.py', '--fixed-only']");
window.runBench = () => pyodide.runPython(script);
window.ready = true;
</script>"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rates", default="1,4", help="CPU throttling rates, comma-separated")
    rates = [float(rate) for rate in parser.parse_args().rates.split(",")]
    files = [str(path.relative_to(ROOT)) for path in sorted((ROOT / "hearts").rglob("*.py"))]
    page_html = PAGE.replace("FILES", json.dumps(files))
    with StaticServer(ROOT) as server, sync_playwright() as playwright:
        url = server.url
        browser = launch_chromium(playwright)
        for rate in rates:
            page = browser.new_page()
            page.route("**/bench.html", lambda route: route.fulfill(body=page_html, content_type="text/html"))
            page.goto(url + "bench.html")
            page.wait_for_function("() => window.ready === true", timeout=TIMEOUT)
            slow_down(page, rate)
            browser.start_tracing(page=page, categories=["toplevel"])
            result = json.loads(page.evaluate("window.runBench()"))
            trace = json.loads(browser.stop_tracing())["traceEvents"]
            longest = max(
                (event for event in trace if event.get("ph") == "X" and event.get("cat") == "toplevel"),
                key=lambda event: event.get("dur", 0),
            )
            cpu_s = longest.get("tdur", 0) / 1e6
            result.update(
                rate=rate,
                task_wall_s=round(longest["dur"] / 1e6, 2),
                task_cpu_s=round(cpu_s, 2),
                playouts_per_task_cpu_s=round(result["fixed_playouts"] / cpu_s) if cpu_s else None,
            )
            print(json.dumps(result), flush=True)
            page.close()
        browser.close()


if __name__ == "__main__":
    sys.exit(main())
