"""A first visit over a phone's link: the loading screen shows the download by bytes
(web/download-progress.mjs, web/boot.js), and a first visit that loses the network half-way
leaves nothing broken behind: the next visit starts, then keeps the site for offline use and
makes its snapshot, as any first visit does.

The site is served over tools/bench_network.py's shaped link (gzipped, a shared budget of bytes
per second), the same the start-up bench uses."""

from __future__ import annotations

import json
import re
import time

import pytest

import pwa
from bench_network import Link, ShapedHandler, ShapedServer
from browser_harness import BOOT_TIMEOUT, SITE, link_script

# Fast enough for a test (5 MB in ~3 s), slow enough that the bar is seen moving.
LINK = Link(16e6, 16e6, 0.02)
# Every text the loading screen shows and every width of its bar, as they change.
WATCH_LOADING = """
window.__loading = [];
new MutationObserver(() => {
  const text = document.getElementById('loading-text'), bar = document.getElementById('loading-bar');
  if (text && bar) window.__loading.push([text.textContent, parseFloat(bar.style.width) || 0]);
}).observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
"""
# What navigator.connection says (headless Chromium's own estimate is 1.45 Mbit/s): not fast.
SLOW_LINK = link_script("slow")
MARKS = "({...document.documentElement.dataset})"
DOWNLOAD_TEXT = re.compile(r"^正在下载… (\d+\.\d) / (\d+\.\d) MB$")
READY = "document.documentElement.dataset.state === 'ready'"
KEPT_RUNTIME = "async (name) => (await (await caches.open(name)).keys()).map(r => new URL(r.url).pathname.slice(1))"
CACHED_FILES = """async () => {
    const name = (await caches.keys()).find(key => key.startsWith('hearts-'));
    if (!name) return [];
    const cache = await caches.open(name);
    return (await cache.keys()).map(request => new URL(request.url).pathname.slice(1)); }"""


# Whether the service worker controlled the page when the worker began making the snapshot.
WATCH_SNAPSHOT_START = """
new MutationObserver(() => {
  if (document.documentElement?.dataset.snapshot === 'making' && window.__controlledAtSnapshot === undefined)
    window.__controlledAtSnapshot = navigator.serviceWorker.controller !== null;
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-snapshot']});
"""


class SlowInstall(ShapedHandler):
    """The service worker's install takes seconds, as its round trips make it on a phone's link: it
    takes control of a first visit well after the page has settled. Its requests are the only
    ones of a first visit that revalidate (web/sw.js: ``cache: "no-cache"``); the wheel's is held."""

    def do_GET(self) -> None:
        if self.headers.get("If-Modified-Since") and self.path.endswith(".whl"):
            time.sleep(3)
        super().do_GET()


def build_info() -> dict:
    first_line = (SITE / pwa.WORKER).read_text(encoding="utf-8").split("\n", 1)[0]
    return json.loads(first_line.removeprefix("self.BUILD = ").removesuffix(";"))


@pytest.fixture(scope="module")
def server():
    if not (SITE / pwa.WORKER).exists():
        pytest.fail("_site/ is not built: run `make site`")
    with ShapedServer(SITE, LINK) as served:
        yield served


def visit_until_kept(page, url: str) -> None:
    """A visit of ``url`` until the service worker controls the page and the snapshot is stored."""
    page.goto(url)
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT)
    page.wait_for_function(
        "['stored', 'failed'].includes(document.documentElement.dataset.snapshot)", timeout=BOOT_TIMEOUT
    )
    assert page.evaluate("document.documentElement.dataset.snapshot") == "stored"


def test_the_loading_screen_counts_the_megabytes_of_a_first_visit(browser, server):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    try:
        context.add_init_script(WATCH_LOADING)
        page = context.new_page()
        page.goto(server.url)
        page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
        seen = page.evaluate("window.__loading")
        runtime = page.evaluate("document.documentElement.dataset.runtime")
    finally:
        context.close()
    assert runtime == "xz", "over a link this slow the runtime files come as .xz (web/runtime-files.mjs)"
    matched = [(DOWNLOAD_TEXT.match(text), width) for text, width in seen]
    downloads = [(float(match.group(1)), float(match.group(2)), width) for match, width in matched if match]
    done = [megabytes for megabytes, _, _ in downloads]
    assert len(set(done)) >= 3, f"the download's text moved too little: {seen}"
    assert done == sorted(done) and {total for _, total, _ in downloads} == {downloads[0][1]}
    assert 3 < downloads[0][1] < 4.5, "the runtime as .xz and the wheel, as the link carries them (MB)"
    widths = [width for _, width in seen]
    assert widths == sorted(widths), "the bar never goes back"
    assert any(30 < width < 85 for _, _, width in downloads), "the bar moves with the bytes"


def test_a_first_visit_cut_off_half_way_leaves_the_next_visit_whole(browser, server):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    cut = {"after": False}

    def half_way(route) -> None:
        # The network goes once the runtime's wasm has been asked for (as .xz over this link:
        # web/runtime-files.mjs): the stdlib, the wheel, the service worker's precache and
        # everything after them fail.
        if cut["after"]:
            route.abort("internetdisconnected")
            return
        if route.request.url.endswith(("pyodide.asm.wasm", "pyodide.asm.wasm.xz")):
            cut["after"] = True
        route.continue_()

    try:
        context.route("**/*", half_way)
        page = context.new_page()
        page.goto(server.url)
        page.wait_for_function("document.documentElement.dataset.state === 'error'", timeout=BOOT_TIMEOUT)
        assert cut["after"]
        context.unroute("**/*", half_way)
        visit_until_kept(page, server.url)
        assert sorted(page.evaluate(CACHED_FILES)) == pwa.precache_list(SITE)
        page.reload()
        page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
        assert page.evaluate("document.documentElement.dataset.start") == "snapshot"
        runtime = page.evaluate(KEPT_RUNTIME, build_info()["runtime"]["cache"] + " /")
        assert sorted(runtime) == sorted(build_info()["runtime"]["files"])
    finally:
        context.close()


def test_no_file_crosses_the_link_twice_on_a_first_visit_which_downloads_the_runtime_ahead(browser, server):
    # The runtime files as .xz, each once: not again as they are, neither by the service
    # worker's install nor by the worker that makes the snapshot (web/runtime-files.mjs).
    # web/boot.js starts web/runtime-ahead.mjs as the page's head runs: the wasm's .xz is asked for
    # before Pyodide's factory (the worker that runs Python would ask for it only after that) and
    # before the stdlib, the page's worker compiles it, and the worker that runs Python
    # instantiates that module.
    # And the snapshot is made once the service worker controls the page, its install held up as
    # a phone's round trips hold it (SlowInstall): its worker imports Pyodide's glue through the
    # service worker, and V8 keeps that code, compiled while a whole start runs, for every return
    # visit (web/sw-register.js).
    context = browser.new_context(viewport={"width": 360, "height": 740})
    try:
        context.add_init_script(SLOW_LINK)
        context.add_init_script(WATCH_SNAPSHOT_START)
        page = context.new_page()
        server.httpd.sent.clear()
        server.httpd.RequestHandlerClass = SlowInstall
        visit_until_kept(page, server.url)
        marks = page.evaluate(MARKS)
        controlled_at_snapshot = page.evaluate("window.__controlledAtSnapshot")
        sent = [path for path, _ in server.httpd.sent]
        runtime = build_info()["runtime"]["files"]
        assert not [path for path in sent if path.lstrip("/") in runtime], "a runtime file downloaded as it is"
        assert sorted(path for path in sent if path.endswith(".xz")) == sorted(f"/{name}.xz" for name in runtime)
        assert len(sent) == len(set(sent)), f"downloaded twice: {sent}"
    finally:
        server.httpd.RequestHandlerClass = ShapedHandler
        context.close()
    assert controlled_at_snapshot is True
    assert (marks["start"], marks["runtime"], marks["wasm"]) == ("normal", "xz", "compiled-ahead")
    wasm = sent.index("/vendor/pyodide/pyodide.asm.wasm.xz")
    assert wasm < sent.index("/vendor/pyodide/pyodide.asm.mjs")
    assert wasm < sent.index("/vendor/pyodide/python_stdlib.zip.xz")


def test_a_failed_download_ahead_leaves_the_runtime_to_the_worker_that_runs_python(browser, server):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    failed = []

    def first_fails(route) -> None:
        if failed:
            route.continue_()
        else:
            failed.append(route.request.url)
            route.abort("connectionreset")

    try:
        context.add_init_script(SLOW_LINK)
        context.route("**/pyodide.asm.wasm.xz", first_fails)
        page = context.new_page()
        page.goto(server.url)
        page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
        marks = page.evaluate(MARKS)
    finally:
        context.close()
    assert failed, "the download ahead was not made"
    assert (marks["start"], marks["runtime"]) == ("normal", "xz") and "wasm" not in marks
