"""Browser fixtures: the built site on a localhost port, Debian's Chromium through Playwright,
one context per viewport shared by the whole session (``shared_context``: after its first page,
pages start from the memory snapshot and the runtime comes from its cache), and a watch on every
page for console errors and requests that leave the origin. ``make test`` runs two pytest
workers, each with its own browser, server and shared contexts, a module at a time.

Booting Python takes seconds, so the tests of a module share one page: ``Game.open`` loads the
page once (at ``?test=1&pace=0``: the bots play at once, hearts.table.pace) and then opens each
position through the page's ``?test=1`` hook (web/page.js ``heartsReopen``), which reads localStorage
and draws the table as a reload does, without starting Python again. A test of start-up uses
``Game.reload`` or ``open(..., fresh=True)``; one of what a reload keeps, ``Game.reopen``; one
of the pacing, ``pace=None`` (the real pace); one that needs a script before the page's own,
``Game.add_init_script``. A test that changes the page for good sets ``game.spoilt``: the next
test gets a new page, as after a failed test. See docs/e2e.md."""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import socket
import sys
import threading
import time
from pathlib import Path

import pytest
from crash_report import allow_core_dumps, crash_note
from playwright.sync_api import Keyboard, Locator, Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_site"
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
BOOT_TIMEOUT = 90_000
VIEWPORTS = {"portrait": (360, 740), "landscape": (740, 360), "desktop": (1280, 800)}
SAVE_KEY = "hearts.save"
# Generous waits: Python starts in a worker and answers every tap there, and a loaded 2-core CI machine is slow.
ACTION_TIMEOUT = 60_000


# The game's Python runs in a worker (index.html): a tap or a key is answered a few milliseconds
# after Playwright's action returns, where it used to be answered within it. Every action on a
# page with the ``?test=1`` hook therefore waits until Python has answered all it was sent
# (web/page.js's heartsBusy), so a test reads the table as the player next sees it.
ANSWERED = "() => !('heartsBusy' in window) || !window.heartsBusy()"


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
    setattr(Keyboard, _name, _then_answered(getattr(Keyboard, _name), lambda keyboard: getattr(keyboard, "hearts_page", None)))
_keyboard_of = Page.keyboard.fget


def _keyboard(page: Page) -> Keyboard:
    keyboard = _keyboard_of(page)
    keyboard.hearts_page = page
    return keyboard


Page.keyboard = property(_keyboard)  # type: ignore[method-assign, assignment]
expect.set_options(timeout=20_000)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


@pytest.fixture(scope="session")
def base_url():
    if not (SITE / "index.html").exists():
        pytest.fail("_site/ is not built: run `make site` (make e2e does)")
    handler = functools.partial(QuietHandler, directory=str(SITE))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{port}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser():
    allow_core_dumps()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


# Every page reports each Content Security Policy violation to Python (a binding call is not
# itself subject to the policy), so each test fails on one.
CSP_WATCH = """document.addEventListener('securitypolicyviolation', event => {
    window.heartsCspViolation([event.violatedDirective, event.blockedURI, event.sourceFile,
                               event.lineNumber, event.columnNumber].join(' '));
});"""


def watch_csp(context, violations: list[str]) -> None:
    """Collect the Content Security Policy violations of every page of ``context``."""
    context.expose_binding("heartsCspViolation", lambda source, text: violations.append(text))
    context.add_init_script(CSP_WATCH)


class Watch:
    """Console errors, page errors, Content Security Policy violations and requests outside the
    origin, seen by one context."""

    def __init__(self, origin: str):
        self.origin = origin
        self.errors: list[str] = []
        self.outside: list[str] = []
        self.violations: list[str] = []

    def attach(self, page: Page) -> None:
        page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("crash", lambda _: print(crash_note(), file=sys.stderr))

    def route(self, route) -> None:
        url = route.request.url
        if url.startswith(self.origin) or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            self.outside.append(url)
            route.abort()

    def check(self) -> None:
        assert self.outside == [], f"requests left the origin: {self.outside}"
        assert self.violations == [], f"Content Security Policy violations: {self.violations}"
        assert self.errors == [], f"console errors: {self.errors}"


@contextlib.contextmanager
def table_context(browser, base_url, viewport, **options):
    """A watched context at ``viewport``; ``options`` go to ``new_context`` (for instance
    ``service_workers="block"``, without which the offline cache hides requests from routes)."""
    width, height = viewport
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=width < 800,
                                  **options)
    context.set_default_timeout(ACTION_TIMEOUT)
    watch = Watch(base_url)
    context.route("**/*", watch.route)
    watch_csp(context, watch.violations)
    try:
        yield context, watch
    finally:
        context.close()


# What a visit finds in localStorage: only ``save`` and ``settings`` (either may be null).
STORE = """([save, settings]) => { localStorage.clear();
    if (save !== null) localStorage.setItem('hearts.save', save);
    if (settings !== null) localStorage.setItem('hearts.settings', settings); }"""
# The same, then the table opened from it by the page's ``?test=1`` hook, in one task (no timer
# of the table being replaced can write in between).
REOPEN = "([save, settings]) => { (" + STORE + ")([save, settings]); return window.heartsReopen(); }"


class Game:
    """One page of the game, with helpers that read it the way a player would."""

    def __init__(self, page: Page, base_url: str):
        self.page = page
        self.base_url = base_url
        #: Whether this test changed the page in a way later tests must not inherit (a script
        #: added, an element injected): the shared page is then replaced after the test.
        self.spoilt = False

    def address(self, pace: float | None = 0) -> str:
        """The page with its test hook, at ``pace`` (hearts.table.pace; None: the real pace)."""
        return self.base_url + "?test=1" + ("" if pace is None else f"&pace={pace}")

    def open(self, save: str | None = None, settings: str | None = None, *, pace: float | None = 0,
             fresh: bool = False) -> "Game":
        """Show the game with ``save`` in localStorage (None: a fresh game, nothing saved), and
        ``settings`` (a settings document, see e2e/states.py) if given.

        When the page is already up at this ``pace`` the position is opened by the page's test
        hook (no new start of Python); ``fresh`` loads the page anew all the same."""
        url = self.address(pace)
        if not fresh and self.page.url == url and self.page.evaluate(
                "document.documentElement.dataset.state === 'ready' && 'heartsReopen' in window"):
            self.page.evaluate(REOPEN, [save, settings])
            self.wait_ready()
            return self
        blank = self.base_url + "__blank__.html"
        self.page.route(blank, lambda route: route.fulfill(body="<!doctype html><title>-</title>",
                                                           content_type="text/html"))
        self.page.goto(blank)
        self.page.evaluate(STORE, [save, settings])
        self.page.goto(url)
        self.wait_ready()
        return self

    def python(self):
        """The worker that runs the game's Python (PyScript's, started from a blob: URL)."""
        (worker,) = [worker for worker in self.page.workers if worker.url.startswith("blob:")]
        return worker

    def wait_in_python(self, expression: str, timeout_s: float = 60) -> None:
        """Wait until ``expression`` holds in the game's worker (Playwright waits in pages only)."""
        deadline = time.monotonic() + timeout_s
        while not self.python().evaluate(expression):
            assert time.monotonic() < deadline, f"never true in the worker: {expression}"
            self.page.wait_for_timeout(20)

    def add_init_script(self, script: str) -> None:
        """Run ``script`` before the page's own on every later load (``open`` then loads anew)."""
        self.page.add_init_script(script)
        self.page.goto("about:blank")
        self.spoilt = True

    def wait_ready(self) -> None:
        self.page.wait_for_function(
            "['ready', 'error'].includes(document.documentElement.dataset.state)", timeout=BOOT_TIMEOUT)
        assert self.page.evaluate("document.documentElement.dataset.state") == "ready", \
            self.page.text_content("#error-text")

    def reload(self) -> None:
        self.page.reload()
        self.wait_ready()

    def reopen(self) -> None:
        """Open what localStorage holds, as a reload does, through the page's test hook: for
        tests of what is kept, not of start-up (``reload`` restarts Python)."""
        self.page.evaluate("window.heartsReopen()")
        self.wait_ready()

    @property
    def app(self):
        return self.page.locator("#app")

    def data(self, name: str) -> str:
        return self.app.get_attribute(f"data-{name}")

    def saved(self) -> dict:
        return json.loads(self.page.evaluate("localStorage.getItem('hearts.save')"))

    def card(self, code: str):
        return self.page.locator(f'.hand [data-code="{code}"]')

    def tap(self, code: str, force: bool = False) -> None:
        """Tap a card where a player can: its uncovered left strip (cards overlap).

        ``force`` taps a card marked aria-disabled, which a player can still do."""
        self.card(code).click(position={"x": 9, "y": 18}, force=force)

    def hand_codes(self) -> list[str]:
        return self.page.eval_on_selector_all(".hand [data-code]", "els => els.map(e => e.dataset.code)")

    def playable(self) -> list[str]:
        return self.page.eval_on_selector_all(
            '.hand [data-code][aria-disabled="false"]', "els => els.map(e => e.dataset.code)")

    def selected(self) -> list[str]:
        return self.page.eval_on_selector_all(
            '.hand [data-code][aria-pressed="true"]', "els => els.map(e => e.dataset.code)")

    def button(self, name: str):
        return self.page.get_by_role("button", name=name, exact=True)

    def message(self) -> str:
        return self.page.locator(".message").inner_text()

    def wait_for_you_or_panel(self, timeout: float = 60_000) -> None:
        """Let the bots play (fast-forwarding, skipping trick collection) until you act."""
        self.page.wait_for_function(
            """() => { const app = document.querySelector('#app');
                if (app.dataset.turn === '0' || !document.querySelector('.panel-layer').hidden) return true;
                const fast = document.querySelector('[data-action="fast"][aria-disabled="false"]');
                if (fast) fast.click();
                if (app.dataset.collecting === 'true') document.querySelector('.trick').click();
                return false; }""", timeout=timeout, polling=100)

    def finish_game(self, save: str) -> None:
        """Open ``save``, a game one trick from its end (``states.last_trick_of_game``), and play
        your card of that trick: the game-over panel is then up."""
        self.open(save)
        self.wait_for_you_or_panel()
        self.tap(self.playable()[0])
        self.tap(self.playable()[0])
        self.wait_for_you_or_panel()
        expect(self.app).to_have_attribute("data-phase", "game_over")

    def snapshot(self) -> dict:
        """What the player sees, for comparing before and after a reload."""
        return self.page.evaluate("""() => ({
            hand: [...document.querySelectorAll('.hand [data-code]')].map(e =>
                [e.getAttribute('aria-label'), e.getAttribute('aria-disabled'), e.getAttribute('aria-pressed'),
                 e.classList.contains('received')]),
            trick: [...document.querySelectorAll('.trick [data-code]')].map(e => e.getAttribute('aria-label')),
            seats: [...document.querySelectorAll('.seat')].map(e => e.innerText),
            status: document.querySelector('.status').innerText,
            markers: document.querySelector('.markers').innerText,
            prompt: document.querySelector('.prompt').innerText,
            phase: document.querySelector('#app').dataset.phase,
            turn: document.querySelector('#app').dataset.turn })""")

    def screenshot(self, name: str) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.wait_for_timeout(450)  # let panels and cards finish moving in
        self.page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


@pytest.fixture(scope="session")
def shared_context(browser, base_url):
    """The watched context at a viewport (a name of ``VIEWPORTS``) that every module's tests
    share, opened when first asked for: only its first page starts Python from nothing (seconds
    of CPU, then the snapshot worker's as much again); later pages start from the snapshot it
    made (web/interpreter.mjs), as a player's return visits do. Tests of first visits, of storage
    or of the start itself make their own contexts (``table_context``)."""
    with contextlib.ExitStack() as stack:
        opened: dict[str, tuple] = {}

        def at(viewport: str) -> tuple:
            if viewport not in opened:
                opened[viewport] = stack.enter_context(table_context(browser, base_url, VIEWPORTS[viewport]))
            return opened[viewport]

        yield at


@contextlib.contextmanager
def new_watched_page(context, watch: Watch):
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


@pytest.fixture(scope="session")
def desktop(shared_context):
    return shared_context("desktop")


# The longest modules, first: with two workers taking a module at a time (`make test`), one that
# starts last would keep its worker going alone at the end (xdist's own order is by test count,
# which puts the one-test monkey last).
LONGEST_FIRST = ("test_snapshot.py", "test_monkey.py")


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
    """The page a module's tests share (see the module docstring); a new one after a test that
    failed, closed it or added a script to it."""

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
