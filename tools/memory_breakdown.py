"""Where the page's renderer memory goes (a script that prints figures, not a test).

One first visit and one return visit (same tab, as tools/bench_startup.py makes them) of each site
given, each in a fresh browser, at 360×740. Some seconds after each visit has settled (ready, and
on a first visit the next visit's snapshot stored or failed) it prints:

- the renderer's /proc smaps_rollup (resident, anonymous, file-backed);
- Chromium's memory-infra dump of that process (``Tracing.requestMemoryDump``): V8 per isolate
  (the page's and each worker's), PartitionAlloc, malloc, Oilpan (blink_gc) and the rest;
- per DevTools target, the page and every dedicated worker (nested ones too, auto-attached):
  ``Runtime.getHeapUsage`` (its ``backingStorageSize``: the ArrayBuffers' bytes) and the page's
  DOM counters. (``Runtime.queryObjects`` never answered where Pyodide runs, and crashed the
  renderer: not used.)

    .venv/bin/python tools/memory_breakdown.py --site ours=_site --site main=/tmp/main_site --bare

``--bare`` adds the bare PyScript page of tools/bench_startup.py (built beside the first site);
``--memory-pressure`` sends a critical memory-pressure notification first, as a phone short of
memory does (Chromium then collects garbage in every isolate): what a page still holds, not what
an idle worker has not collected yet.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import websocket
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).parent))
from bench_startup import VIEWPORT, write_bare_sites  # noqa: E402
from browser_harness import LINKS, StaticServer, descendants, launch_chromium, link_script  # noqa: E402

PORT = 9339
MB = 1e6
SETTLE_S = 4.0


class Cdp:
    """A raw, flattened DevTools connection to the whole browser: sessions by id, events kept."""

    def __init__(self, url: str) -> None:
        self.socket = websocket.create_connection(url, max_size=None)
        self.ids = itertools.count(1)
        self.answers: dict[int, dict[str, Any]] = {}
        self.events: list[dict[str, Any]] = []
        self.lock = threading.Condition()
        threading.Thread(target=self.pump, daemon=True).start()

    def pump(self) -> None:
        while True:
            try:
                message = json.loads(self.socket.recv())
            except Exception:
                return
            with self.lock:
                if "id" in message:
                    self.answers[message["id"]] = message
                else:
                    self.events.append(message)
                self.lock.notify_all()

    def send(self, method: str, params: dict[str, Any] | None = None, session: str | None = None) -> Any:
        number = next(self.ids)
        message: dict[str, Any] = {"id": number, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.socket.send(json.dumps(message))
        with self.lock:
            if not self.lock.wait_for(lambda: number in self.answers, timeout=30):
                raise RuntimeError(f"{method}: no answer in 30 s")
            answer = self.answers.pop(number)
        if "error" in answer:
            raise RuntimeError(f"{method}: {answer['error']}")
        return answer["result"]

    def take_events(self, method: str) -> list[dict[str, Any]]:
        with self.lock:
            taken = [event for event in self.events if event["method"] == method]
            self.events = [event for event in self.events if event["method"] != method]
        return taken


def renderer_processes() -> list[tuple[int, int]]:
    """(resident bytes, pid) of every renderer of the browsers this process launched, largest first."""
    found = []
    for pid in descendants(int(Path("/proc/self").resolve().name)):
        try:
            if b"--type=renderer" not in Path(f"/proc/{pid}/cmdline").read_bytes():
                continue
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        rss = next(int(line.split()[1]) * 1024 for line in status.splitlines() if line.startswith("VmRSS:"))
        found.append((rss, pid))
    return sorted(found, reverse=True)


def smaps(pid: int) -> dict[str, int]:
    fields = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, value = line.split(":", 1)
        fields[name] = int(value.split()[0]) * 1024
    return fields


def memory_dump(cdp: Cdp) -> dict[int, dict[str, float]]:
    """Chromium's memory-infra dump: {pid: {allocator: effective size}}."""
    cdp.take_events("Tracing.dataCollected")
    cdp.take_events("Tracing.tracingComplete")
    cdp.send(
        "Tracing.start",
        {
            "traceConfig": {
                "includedCategories": ["disabled-by-default-memory-infra"],
                "excludedCategories": ["*"],
                "memoryDumpConfig": {"triggers": []},
            },
            "transferMode": "ReportEvents",
        },
    )
    time.sleep(0.5)
    cdp.send("Tracing.requestMemoryDump", {"deterministic": True, "levelOfDetail": "detailed"})
    cdp.send("Tracing.end")
    deadline = time.time() + 60
    while not cdp.take_events("Tracing.tracingComplete") and time.time() < deadline:
        time.sleep(0.2)
    dumps: dict[int, dict[str, float]] = {}
    for event in cdp.take_events("Tracing.dataCollected"):
        for record in event["params"]["value"]:
            allocators = record.get("args", {}).get("dumps", {}).get("allocators")
            if record.get("ph") != "v" or not allocators:
                continue
            sizes = dumps.setdefault(record["pid"], {})
            for name, dump in allocators.items():
                attrs = dump.get("attrs", {})
                size = attrs.get("effective_size", attrs.get("size"))
                if size:
                    sizes[name] = int(size["value"], 16)
    return dumps


def attach_all(cdp: Cdp, page_target: str) -> dict[str, str]:
    """{session: what it is} for the page and every dedicated worker below it."""
    cdp.take_events("Target.attachedToTarget")  # a visit before's workers, gone
    sessions = {cdp.send("Target.attachToTarget", {"targetId": page_target, "flatten": True})["sessionId"]: "page"}
    todo = list(sessions)
    while todo:
        session = todo.pop()
        try:
            cdp.send(
                "Target.setAutoAttach",
                {"autoAttach": True, "waitForDebuggerOnStart": False, "flatten": True},
                session,
            )
        except RuntimeError:
            continue  # a worker that has ended
        time.sleep(0.3)
        for event in cdp.take_events("Target.attachedToTarget"):
            info = event["params"]["targetInfo"]
            child = event["params"]["sessionId"]
            if info["type"] == "worker" and child not in sessions:
                sessions[child] = f"worker {info['url'].rsplit('/', 1)[-1]}"
                todo.append(child)
    return sessions


def targets_report(cdp: Cdp, page_target: str) -> None:
    for session, what in attach_all(cdp, page_target).items():
        try:
            heap = cdp.send("Runtime.getHeapUsage", {}, session)
        except RuntimeError as error:
            print(f"    {what}: {error}")
            continue
        extra = {key: value for key, value in heap.items() if key not in ("usedSize", "totalSize")}
        print(
            f"    {what:34} JS heap {heap['usedSize'] / MB:5.1f} used / {heap['totalSize'] / MB:5.1f} total"
            f"  {' '.join(f'{key} {value / MB:.1f}' for key, value in extra.items())}"
        )
        if what == "page":
            print(f"      DOM: {cdp.send('Memory.getDOMCounters', {}, session)}")


def largest_mappings(pid: int, count: int = 12) -> list[tuple[int, int, str]]:
    """(resident, virtual size, name) of the ``count`` mappings of ``pid`` with the most resident bytes."""
    mappings, current = [], None
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
        head = line.split()
        if "-" in head[0] and not head[0].endswith(":"):
            start, end = (int(part, 16) for part in head[0].split("-"))
            current = [0, end - start, head[5] if len(head) > 5 else "[anon]", head[1]]
            mappings.append(current)
        elif head[0] == "Rss:" and current is not None:
            current[0] = int(head[1]) * 1024
    return [(rss, size, f"{name} {perms}") for rss, size, name, perms in sorted(mappings, reverse=True)[:count]]


def sizes(found: dict[str, float]) -> str:
    """``name size`` pairs, largest first, those of 0.5 MB or more, in MB."""
    ordered = sorted(found.items(), key=lambda item: -item[1])
    return ", ".join(f"{name} {size / MB:.1f}" for name, size in ordered if size >= 0.5 * MB)


def report(cdp: Cdp, label: str, page_target: str) -> None:
    renderers = renderer_processes()
    rss, pid = renderers[0]
    others = [round(other / MB) for other, _ in renderers[1:]]
    print(f"\n== {label}: renderer {pid}, resident {rss / MB:.0f} MB; the other renderers {others}")
    fields = smaps(pid)
    rollup = ("Rss", "Pss", "Anonymous", "Pss_Anon", "Pss_File", "Shared_Clean", "Private_Dirty")
    print("  smaps_rollup (MB): " + ", ".join(f"{name} {fields[name] / MB:.0f}" for name in rollup if name in fields))
    mappings = largest_mappings(pid)
    print(
        "  largest mappings (resident / virtual MB): "
        + "; ".join(f"{r / MB:.1f}/{v / MB:.0f} {n}" for r, v, n in mappings)
    )
    dump = memory_dump(cdp).get(pid, {})
    print("  memory-infra (MB): " + sizes({name: size for name, size in dump.items() if "/" not in name}))
    for prefix in ("v8", "v8/workers", "partition_alloc/partitions", "malloc", "blink_gc"):
        depth = prefix.count("/") + 1
        parts = {
            name[len(prefix) + 1 :]: size
            for name, size in dump.items()
            if name.startswith(prefix + "/") and name.count("/") == depth
        }
        if parts:
            print(f"    {prefix}: {sizes(parts)}")
    targets_report(cdp, page_target)


def wait_settled(page: Any) -> None:
    page.wait_for_function("document.documentElement.dataset.state === 'ready'", timeout=180_000, polling=200)
    page.wait_for_function(
        "!document.documentElement.dataset.start || document.documentElement.dataset.start === 'snapshot'"
        " || ['stored', 'failed'].includes(document.documentElement.dataset.snapshot)",
        timeout=180_000,
        polling=200,
    )
    time.sleep(SETTLE_S)


def page_target(cdp: Cdp, url: str) -> str:
    pages = cdp.send("Target.getTargets")["targetInfos"]
    return str(next(info["targetId"] for info in pages if info["type"] == "page" and info["url"].startswith(url)))


def started(page: Any) -> str:
    """How the page started (<html data-start>), or "-" for the bare page."""
    return str(page.evaluate("document.documentElement.dataset.start || '-'"))


def under_pressure(cdp: Cdp, target: str) -> None:
    """A critical memory-pressure notification, as a phone short of memory sends one: Chromium
    then collects garbage in every isolate, workers too, and purges its caches."""
    session = cdp.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    cdp.send("Memory.simulatePressureNotification", {"level": "critical"}, session)
    time.sleep(2.0)


def one_site(playwright: Any, label: str, url: str, link: str | None, pressure: bool) -> None:
    browser = launch_chromium(playwright, extra_args=(f"--remote-debugging-port={PORT}",))
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{PORT}/json/version") as answer:
            cdp = Cdp(json.load(answer)["webSocketDebuggerUrl"])
        context = browser.new_context(viewport=VIEWPORT)
        if link:
            context.add_init_script(link)
        page = context.new_page()
        for visit in ("first visit", "return visit"):
            page.goto(url, wait_until="commit")
            wait_settled(page)
            target = page_target(cdp, url)
            if pressure:
                under_pressure(cdp, target)
            report(cdp, f"{label}, {visit} ({started(page)}){', under memory pressure' if pressure else ''}", target)
    finally:
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--site", action="append", default=[], help="LABEL=DIR, a built site (repeatable)")
    parser.add_argument("--bare", action="store_true", help="the bare PyScript page too")
    parser.add_argument(
        "--link", choices=sorted(LINKS), help="what navigator.connection reports (default: Chromium's own)"
    )
    parser.add_argument(
        "--memory-pressure", action="store_true", help="a critical memory-pressure notification before measuring"
    )
    args = parser.parse_args()
    sites = {label: Path(folder) for label, folder in (item.split("=", 1) for item in args.site)}
    link = link_script(args.link) if args.link else None
    with tempfile.TemporaryDirectory(prefix="memory-breakdown-") as bare_dir, sync_playwright() as playwright:
        if args.bare:
            sites["bare PyScript"] = write_bare_sites(next(iter(sites.values())), Path(bare_dir))["pyscript"]
        for label, folder in sites.items():
            with StaticServer(folder) as server:
                one_site(playwright, label, server.url, link, args.memory_pressure)


if __name__ == "__main__":
    main()
