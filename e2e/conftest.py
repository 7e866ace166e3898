"""Browser fixtures: the built site on a localhost port, Debian's Chromium through Playwright
(tools/browser_harness.py, shared with the benchmarks), one watched context per viewport shared by
the whole session (``shared_context``: after its first page, pages start from the memory snapshot
and the runtime comes from its cache), and the ``game`` a module's tests share (the page object,
e2e/table_page.py). ``make test`` runs two pytest workers, each with its own browser, server and
shared contexts, a module at a time. See docs/e2e.md.

Tests import what they use from the helper modules (table_page, contexts, states, and the
harness), never from here or from another test module."""

from __future__ import annotations

import contextlib
import functools

import pytest
from contexts import VIEWPORTS, table_context
from crash_report import allow_core_dumps
from playwright.sync_api import Keyboard, Locator, Page, expect, sync_playwright
from table_page import ACTION_TIMEOUT, Game

from browser_harness import ANSWERED, SITE, StaticServer, launch_chromium

# The flows every engine runs are a helper's (e2e/engine_flows.py): pytest explains their asserts too.
pytest.register_assert_rewrite("engine_flows")

# The game's Python runs in a worker (index.html): a tap or a key is answered a few milliseconds
# after Playwright's action returns. Every action on a page therefore waits until Python has
# answered all it was sent (web/page.js's heartsBusy), so a test reads the table as the player
# next sees it.


def _then_answered(action, page_of):
    @functools.wraps(action)
    def acting(self, *args, **kwargs):
        result = action(self, *args, **kwargs)
        page = page_of(self)
        if page is not None and not page.is_closed():
            with contextlib.suppress(Exception):  # a navigation away, a page that closed meanwhile
                page.wait_for_function(ANSWERED, polling=10, timeout=ACTION_TIMEOUT)
        return result

    return acting


for _name in ("click", "dblclick", "tap", "press", "fill", "dispatch_event", "check", "set_input_files"):
    setattr(Locator, _name, _then_answered(getattr(Locator, _name), lambda locator: locator.page))
for _name in ("press", "type", "insert_text"):
    setattr(
        Keyboard,
        _name,
        _then_answered(getattr(Keyboard, _name), lambda keyboard: getattr(keyboard, "hearts_page", None)),
    )
_keyboard_of = Page.keyboard.fget


def _keyboard(page: Page) -> Keyboard:
    keyboard = _keyboard_of(page)
    keyboard.hearts_page = page
    return keyboard


Page.keyboard = property(_keyboard)  # type: ignore[method-assign, assignment]
expect.set_options(timeout=20_000)


@pytest.fixture(scope="session")
def base_url():
    if not (SITE / "index.html").exists():
        pytest.fail("_site/ is not built: run `make site` (make e2e does)")
    with StaticServer(SITE) as server:
        yield server.url


@pytest.fixture(scope="session")
def browser():
    allow_core_dumps()
    with sync_playwright() as playwright:
        launched = launch_chromium(playwright)
        yield launched
        launched.close()


@pytest.fixture(scope="session")
def shared_context(browser, base_url):
    """The watched context at a viewport (a name of ``VIEWPORTS``) that every module's tests
    share, opened when first asked for: only its first page starts Python from nothing (seconds
    of CPU, then the snapshot worker's as much again); later pages start from the snapshot it
    made (web/interpreter.mjs), as a player's return visits do. Tests of first visits, of storage
    or of the start itself make their own contexts (``contexts.table_context``)."""
    with contextlib.ExitStack() as stack:
        opened: dict[str, tuple] = {}

        def at(viewport: str) -> tuple:
            if viewport not in opened:
                opened[viewport] = stack.enter_context(table_context(browser, base_url, VIEWPORTS[viewport]))
            return opened[viewport]

        yield at


@pytest.fixture(scope="session")
def desktop(shared_context):
    return shared_context("desktop")


# The modules over ~10 s, longest first (seconds of a worker, 2026-12-06), then the short ones:
# with two workers taking a module at a time (`make test`), a long one that starts late keeps its
# worker going alone at the end. xdist's own order is by test count, which put the one-test
# monkey last; with only the three longest first, a 25–40 s module could still come last.
LONGEST_FIRST = (
    "test_snapshot.py",  # 105
    "test_engine_webkit.py",  # 57
    "test_layout_audit.py",  # 40
    "test_engine_firefox.py",  # 38
    "test_hardening.py",  # 36
    "test_monkey.py",  # 30
    "test_play.py",  # 28
    "test_offline.py",  # 26
    "test_slow_link.py",  # 24
    "test_backup.py",  # 24
    "test_layout.py",  # 20
    "test_access.py",  # 18
    "test_axe.py",  # 11
)


def pytest_collection_modifyitems(items):
    def rank(item) -> int:
        name = item.path.name
        return LONGEST_FIRST.index(name) if name in LONGEST_FIRST else len(LONGEST_FIRST)

    items.sort(key=rank)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the test, so a fixture knows whether its test failed."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


class SharedPage:
    """The page a module's tests share (e2e/table_page.py); a new one after a test that failed,
    closed it or added a script to it."""

    def __init__(self, context, watch):
        self.context, self.watch = context, watch
        self.page: Page | None = None

    def get(self) -> Page:
        if self.page is None or self.page.is_closed():
            self.page = self.context.new_page()
            self.watch.attach(self.page)
        return self.page

    def release(self, game: Game, failed: bool) -> None:
        if game.page is not self.page and not game.page.is_closed():
            game.page.close()
        if failed or game.spoilt:
            self.close()

    def close(self) -> None:
        if self.page is not None and not self.page.is_closed():
            self.page.close()
        self.page = None


@pytest.fixture(scope="module")
def desktop_page(desktop):
    shared = SharedPage(*desktop)
    yield shared
    shared.close()


@pytest.fixture
def game(request, desktop, desktop_page, base_url):
    _, watch = desktop
    watch.errors.clear()
    watch.violations.clear()
    played = Game(desktop_page.get(), base_url)
    yield played
    call = getattr(request.node, "report_call", None)
    desktop_page.release(played, failed=call is None or call.failed)
    watch.check()
