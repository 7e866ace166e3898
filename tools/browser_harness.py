"""The browser harness of the e2e tests (``e2e/``) and the page's benchmarks (``tools/bench_*.py``):
the built site on a quiet static server of its own port, Debian's Chromium launched through
Playwright with the flags every run uses, and the game's page opened at a position (a save, and
settings, seeded in localStorage, then the page loaded) and waited for through the attributes
the page sets on ``<html>``, never by sleeping:

- ``data-state``: ``loading``, then ``ready`` (web/page.js: the live table is up) or ``error``
  (web/boot.js: the page's readable error screen);
- ``data-bots="loaded"``: the bots' code imported, just after the table shows (web/main.py);
- ``data-start``, ``data-wasm``, ``data-snapshot``: how Python started, and how making the
  snapshot for the next visit went; ``data-settled="true"``: the page has settled, its service worker
  controls it (or none will, or 15 s went by), and what waits for those has begun (that
  snapshot, when one is made) (web/interpreter.mjs);
- and ``window.heartsBusy()``: whether Python has yet to answer a tap or a key (web/page.js).

The sequence is written against :class:`Driver`, the few things it needs of a browser, so that
another engine can be put behind it (issue 57: Firefox over WebDriver BiDi, WebKitGTK over
WebKitWebDriver); :class:`PlaywrightDriver` is Chromium's, through Playwright. Chromium's own
extras (DevTools' CPU throttling) take a Playwright page.

Neither the wheel (``hearts/`` only) nor the site (tools/build_site.py) ships this file.
"""

from __future__ import annotations

import functools
import http.server
import os
import sys
import threading
from collections.abc import Mapping
from pathlib import Path
from types import TracebackType
from typing import Any, Protocol
from urllib.parse import urljoin

from playwright.sync_api import Browser, Page, Playwright

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_site"
# This checkout's hearts, not the one the virtualenv installed (tools run as scripts).
sys.path.insert(0, str(ROOT))
from hearts.table.settings import SETTINGS_KEY  # noqa: E402
from hearts.table.storage import SAVE_KEY  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: Features of desktop Chromium's window switched off as well: the omnibox's two popups, which
#: Chromium 156 loads as WebUI pages in a renderer of their own for every new window, headless
#: too. Each new tab cost ~0.8 s of CPU (of the browser's thread and that renderer's) beside the
#: page under test: a tenth of the browser suite's time, and work a phone's browser never does
#: beside our page, in every start-up figure of a new tab (docs/log/e2e-2026-12-07.md).
DESKTOP_FEATURES_OFF = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")
DISABLE_FEATURES = "--disable-features="
#: How long a page may take to become ready (ms): seconds on a quiet machine, far more on a
#: loaded 2-core one.
BOOT_TIMEOUT = 90_000
#: A page of the site's origin that the server answers itself, empty: where localStorage is
#: written before the game's page loads (a path the service worker does not list, so it always
#: comes from the server), with an icon of its own (a browser asking for /favicon.ico would get a
#: 404, which Chromium reports as a console error).
BLANK = "__blank__.html"
BLANK_PAGE = b'<!doctype html><title>-</title><link rel="icon" href="data:,">'

# ----- what the harness asks of the page (JavaScript functions, as source) ----------------------

READY_OR_ERROR = "() => ['ready', 'error'].includes(document.documentElement.dataset.state)"
STATE = "() => document.documentElement.dataset.state"
ERROR_TEXT = "() => document.querySelector('#error-text').textContent"
BOTS_LOADED = "() => document.documentElement.dataset.bots === 'loaded'"
#: The page has settled (its table live a while, then idle) and its service worker controls it (or
#: none will), and what waits for those has begun.
PAGE_SETTLED = "() => document.documentElement.dataset.settled === 'true'"
# Python has answered every tap and key so far: the table shows the answer, and it is saved.
ANSWERED = "() => !('heartsBusy' in window) || !window.heartsBusy()"
#: Every animation that ends has ended (or was cancelled): panels and cards have moved into place.
SETTLED = """() => Promise.allSettled(document.getAnimations()
  .filter(a => a.effect.getComputedTiming().iterations !== Infinity).map(a => a.finished))"""
# localStorage holding ``items`` alone (a null value: the key left out).
STORE = """items => { localStorage.clear();
    for (const [key, value] of Object.entries(items)) if (value !== null) localStorage.setItem(key, value); }"""

#: What ``navigator.connection`` reports on a fast or a slow link (web/snapshot.mjs's fastLink
#: decides from it whether a first visit fetches the build's snapshot): effectiveType, downlink.
LINKS = {"fast": ("4g", 10), "slow": ("3g", 1.2)}


def link_script(link: str) -> str:
    """An init script that has every page's ``navigator.connection`` report ``link`` (a name of
    :data:`LINKS`): headless Chromium's own estimate is not ours to choose."""
    effective_type, downlink = LINKS[link]
    return f"""Object.defineProperty(Navigator.prototype, 'connection', {{configurable: true,
    get: () => ({{effectiveType: '{effective_type}', downlink: {downlink}, saveData: false}})}});"""


class PageFailed(RuntimeError):
    """The page showed its error screen instead of the table; the message is its error text."""


# ----- the server --------------------------------------------------------------------------------


class _SiteServer(http.server.ThreadingHTTPServer):
    """The HTTP server of a :class:`StaticServer`, which says what directory to serve."""

    site: StaticServer


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Files of the server's directory as it is at each request, and the blank page; no log lines."""

    def __init__(self, request: Any, client_address: Any, server: _SiteServer) -> None:
        super().__init__(request, client_address, server, directory=str(server.site.directory))

    def do_GET(self) -> None:
        if self.path.split("?", 1)[0] == "/" + BLANK:
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(BLANK_PAGE)))
            self.end_headers()
            self.wfile.write(BLANK_PAGE)
            return
        super().do_GET()

    def log_message(self, format: str, *args: Any) -> None:
        pass


class StaticServer:
    """A static server of ``directory`` on a free localhost port, in a thread, until closed (or
    the ``with`` block ends). ``directory`` can be swapped while it runs, as a deploy on the
    same origin replaces the files."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.httpd = _SiteServer(("127.0.0.1", 0), _QuietHandler)
        self.httpd.site = self
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def __enter__(self) -> StaticServer:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()


# ----- the browser -------------------------------------------------------------------------------


def launch_chromium(playwright: Playwright, executable: str = CHROMIUM, extra_args: tuple[str, ...] = ()) -> Browser:
    """Debian's Chromium (Playwright cannot download browsers here), headless, with the flags every
    run uses (:func:`chromium_args`) and ``extra_args``; ``executable``: a wrapper of it
    (tools/phone_cpu.py)."""
    playwrights, ours = chromium_args(playwright)
    return playwright.chromium.launch(
        executable_path=executable, args=[*ours, *extra_args], ignore_default_args=[playwrights]
    )


def chromium_args(playwright: Playwright) -> tuple[str, list[str]]:
    """(Playwright's own ``--disable-features`` switch, the flags every run passes instead):
    :data:`CHROMIUM_ARGS`, and Playwright's disabled features with :data:`DESKTOP_FEATURES_OFF`
    added. Chromium keeps only the last of two such switches, so ours must repeat Playwright's
    list (PaintHolding, ThirdPartyStoragePartitioning…), which is read, not copied, from the
    switch it gives a browser it launches (:func:`_playwrights_disabled_features`)."""
    playwrights = _playwrights_disabled_features(playwright)
    features = ",".join(filter(None, [playwrights.removeprefix(DISABLE_FEATURES), *DESKTOP_FEATURES_OFF]))
    return playwrights, [*CHROMIUM_ARGS, DISABLE_FEATURES + features]


@functools.cache
def _playwrights_disabled_features(playwright: Playwright) -> str:
    """The ``--disable-features`` switch Playwright gives Chromium, from the command line of one it
    launches (the browser process's, below this process: Playwright's driver runs it)."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        launched = chromium_command_lines()
    finally:
        browser.close()
    if not launched:
        raise RuntimeError("the Chromium Playwright launched was not found among this process's descendants")
    return next((arg for arg in launched[0] if arg.startswith(DISABLE_FEATURES)), DISABLE_FEATURES)


def chromium_command_lines() -> list[list[str]]:
    """The arguments of every browser process Playwright launched below this process (the one
    it talks to over ``--remote-debugging-pipe``; its renderers and helpers are left out)."""
    found = []
    for pid in descendants(os.getpid()):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as file:
                argv = file.read().decode(errors="replace").split("\0")
        except OSError:
            continue
        if "--remote-debugging-pipe" in argv:
            found.append(argv)
    return found


def descendants(root: int) -> list[int]:
    """Every process below ``root`` (from /proc's parent links)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    parent = int(stat.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry))
    found, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def slow_down(page: Page, rate: float) -> None:
    """Slow ``page``'s main thread ``rate`` times with DevTools' CPU throttling, as Lighthouse's
    mobile profile does (1: full speed). PyScript's worker is not slowed: Chromium throttles
    pages only."""
    if rate != 1:
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})


class Driver(Protocol):
    """What opening a position and reading the table need of a browser tab: one engine's way to
    navigate, run a JavaScript function in the page, wait until one returns something truthy,
    and click. ``function`` is a JavaScript function's source, called with ``arg`` (JSON); a
    promise it returns is awaited."""

    @property
    def url(self) -> str: ...

    def goto(self, url: str) -> None: ...

    def reload(self) -> None: ...

    def call(self, function: str, arg: Any = None) -> Any: ...

    def wait_until(
        self, function: str, arg: Any = None, *, timeout_ms: float, polling_ms: float | None = None
    ) -> None: ...

    def click(self, selector: str, *, x: float, y: float, force: bool = False) -> None: ...


class PlaywrightDriver:
    """:class:`Driver` over a Playwright page (Chromium)."""

    def __init__(self, page: Page) -> None:
        self.page = page

    @property
    def url(self) -> str:
        return self.page.url

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def reload(self) -> None:
        self.page.reload()

    def call(self, function: str, arg: Any = None) -> Any:
        return self.page.evaluate(function, arg)

    def wait_until(self, function: str, arg: Any = None, *, timeout_ms: float, polling_ms: float | None = None) -> None:
        self.page.wait_for_function(function, arg=arg, timeout=timeout_ms, polling=polling_ms)

    def click(self, selector: str, *, x: float, y: float, force: bool = False) -> None:
        """Click ``selector`` at (``x``, ``y``) of its box; ``force``: even if it says it is
        disabled (aria-disabled), as a player can still tap it."""
        self.page.locator(selector).click(position={"x": x, "y": y}, force=force)


# ----- the game's page ---------------------------------------------------------------------------


def seed_storage(driver: Driver, url: str, items: Mapping[str, str | None]) -> None:
    """localStorage of ``url``'s origin holding ``items`` alone (None: left out), written from the
    origin's blank page before the game's page loads."""
    driver.goto(urljoin(url, "/" + BLANK))
    driver.call(STORE, dict(items))


def wait_ready(driver: Driver, timeout_ms: float = BOOT_TIMEOUT) -> None:
    """Wait until the page is ready; :class:`PageFailed` with its error text if it failed."""
    driver.wait_until(READY_OR_ERROR, timeout_ms=timeout_ms)
    if driver.call(STATE) != "ready":
        raise PageFailed(driver.call(ERROR_TEXT))


def open_position(
    driver: Driver, url: str, save: str | None, settings: str | None = None, timeout_ms: float = BOOT_TIMEOUT
) -> None:
    """Load the game's page at ``url`` with ``save`` (a table's save document; None: nothing
    saved, a first visit) and ``settings`` (a settings document) in localStorage, as a player's
    return visit finds them, and wait until it is ready."""
    seed_storage(driver, url, {SAVE_KEY: save, SETTINGS_KEY: settings})
    driver.goto(url)
    wait_ready(driver, timeout_ms)


def wait_bots_loaded(driver: Driver, timeout_ms: float = BOOT_TIMEOUT) -> None:
    """Wait until the bots' code is loaded: web/main.py imports it by a timer once the table
    shows, so until then the first bot's turn or hint also pays for the import."""
    driver.wait_until(BOTS_LOADED, timeout_ms=timeout_ms)


def wait_settled(driver: Driver, timeout_ms: float = BOOT_TIMEOUT) -> None:
    """Wait until the page has settled: its table live a while, then the page idle (web/page.js),
    and its service worker in control (or none will), and what waits for those begun
    (web/interpreter.mjs: the snapshot for the next visit)."""
    driver.wait_until(PAGE_SETTLED, timeout_ms=timeout_ms)


def wait_answered(driver: Driver, timeout_ms: float) -> None:
    """Wait until Python has answered every tap and key sent so far (web/page.js's heartsBusy)."""
    driver.wait_until(ANSWERED, timeout_ms=timeout_ms, polling_ms=10)
