"""Watched browser contexts for the browser tests: the three viewports, and a watch on every page
of a context for console errors, page errors, Content Security Policy violations and requests
that leave the origin, which each test then checks (``Watch.check``). The fixtures that share
contexts across a session are e2e/conftest.py's."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import Any

from crash_report import crash_note
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Route
from playwright.sync_api import Error as PlaywrightError
from table_page import ACTION_TIMEOUT

VIEWPORTS = {"portrait": (360, 740), "landscape": (740, 360), "desktop": (1280, 800)}

# Every page reports each Content Security Policy violation to Python (a binding call is not
# itself subject to the policy), so each test fails on one.
CSP_WATCH = """document.addEventListener('securitypolicyviolation', event => {
    window.heartsCspViolation([event.violatedDirective, event.blockedURI, event.sourceFile,
                               event.lineNumber, event.columnNumber].join(' '));
});"""


def let_through(route: Route) -> None:
    """Continue ``route``, unless Playwright already settled it when its document went (a reload
    while the page before it still fetched, for instance its wheel once it had settled): then
    there is nothing to let through. Any other error is raised."""
    try:
        route.continue_()
    except PlaywrightError as error:
        if "already handled" not in str(error):
            raise


def watch_csp(context: BrowserContext, violations: list[str]) -> None:
    """Collect the Content Security Policy violations of every page of ``context``."""
    context.expose_binding("heartsCspViolation", lambda source, text: violations.append(text))
    context.add_init_script(CSP_WATCH)


class Watch:
    """Console errors, page errors, Content Security Policy violations and requests outside the
    origin, seen by one context."""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.errors: list[str] = []
        self.outside: list[str] = []
        self.violations: list[str] = []

    def attach(self, page: Page) -> None:
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("crash", lambda _: print(crash_note(), file=sys.stderr))

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(message.text)

    def route(self, route: Route) -> None:
        url = route.request.url
        if url.startswith(self.origin) or url.startswith(("data:", "blob:")):
            let_through(route)
        else:
            self.outside.append(url)
            route.abort()

    def check(self) -> None:
        assert self.outside == [], f"requests left the origin: {self.outside}"
        assert self.violations == [], f"Content Security Policy violations: {self.violations}"
        assert self.errors == [], f"console errors: {self.errors}"


@contextlib.contextmanager
def table_context(
    browser: Browser, base_url: str, viewport: tuple[int, int], **options: Any
) -> Iterator[tuple[BrowserContext, Watch]]:
    """A watched context at ``viewport``; ``options`` go to ``new_context`` (for instance
    ``service_workers="block"``, without which the offline cache hides requests from routes).

    Motion reduced unless ``options`` say otherwise (the page's ``prefers-reduced-motion`` rule:
    transitions and animations of ~0 ms): drawn by the CPU here, the cards' and panels' motion
    was ~8% of the whole suite's time (302–309 s against 283 s, 2026-12-06), and a test that
    is about motion, or taps during it (the monkey), asks for it on its page."""
    width, height = viewport
    options.setdefault("reduced_motion", "reduce")
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=width < 800, **options)
    context.set_default_timeout(ACTION_TIMEOUT)
    watch = Watch(base_url)
    context.route("**/*", watch.route)
    watch_csp(context, watch.violations)
    try:
        yield context, watch
    finally:
        context.close()


@contextlib.contextmanager
def new_watched_page(context: BrowserContext, watch: Watch) -> Iterator[Page]:
    """A new page of a shared ``context``, watched from a clean slate (what earlier modules saw
    stays theirs), closed afterwards."""
    watch.errors.clear()
    watch.violations.clear()
    page = context.new_page()
    watch.attach(page)
    try:
        yield page
    finally:
        page.close()
