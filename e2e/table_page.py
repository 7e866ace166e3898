"""The page object of the browser tests: the game's page, read and played the way a player would.

Booting Python takes seconds, so the tests of a module share one page: ``open`` loads the page
once (at ``?test=1&pace=0``: the bots play at once, hearts.table.delay_factor) and then opens each position
through the page's ``?test=1`` hook (web/page.js ``heartsReopen``), which reads localStorage and
draws the table as a reload does, without starting Python again. A test of start-up uses
``reload`` or ``open(..., fresh=True)``; one of what a reload keeps, ``reopen``; one of the
pacing, ``pace=None`` (the real pace). See docs/e2e.md.

:class:`TablePage` needs of the browser only a :class:`browser_harness.Driver`, so the same flows
can run on another engine (issue 57); :class:`Game` is it on Playwright's Chromium, with the
locators, the game's worker and the screenshots the Playwright tests use as well.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any, Self

from playwright.sync_api import Locator, Page, Worker

from browser_harness import (
    BOOT_TIMEOUT,
    SETTLED,
    STORE,
    Driver,
    PlaywrightDriver,
    open_position,
    wait_answered,
    wait_ready,
)
from hearts.table.settings import SETTINGS_KEY
from hearts.table.storage import SAVE_KEY

#: How long a tap may take to be answered, the bots to come back to you, or a phase to come
#: (ms): generous, for a loaded 2-core machine.
ACTION_TIMEOUT = 60_000
#: Where the tests' screenshots are kept.
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
#: Whether ``Game.screenshot`` writes them (``HEARTS_SCREENSHOTS=1 make e2e``), to look at the
#: layouts; ``make test`` skips them, ~6 s of its two workers' CPU.
SCREENSHOTS = os.environ.get("HEARTS_SCREENSHOTS") == "1"

# The table opened from what localStorage then holds, by the page's ``?test=1`` hook, in the same
# task as the storage is written (no timer of the table being replaced can write in between).
REOPEN = "items => { (" + STORE + ")(items); return window.heartsReopen(); }"
UP_WITH_THE_HOOK = "() => document.documentElement.dataset.state === 'ready' && 'heartsReopen' in window"
CODES = "selector => [...document.querySelectorAll(selector)].map(e => e.dataset.code)"
# Until you act: the bots' turns fast-forwarded, a finished trick collected at once.
YOU_OR_PANEL = """() => { const app = document.querySelector('#app');
    if (app.dataset.turn === '0' || !document.querySelector('.panel-layer').hidden) return true;
    const fast = document.querySelector('[data-action="fast"][aria-disabled="false"]');
    if (fast) fast.click();
    if (app.dataset.collecting === 'true') document.querySelector('.trick').click();
    return false; }"""
SEEN = """() => ({
    hand: [...document.querySelectorAll('.hand [data-code]')].map(e =>
        [e.getAttribute('aria-label'), e.getAttribute('aria-disabled'), e.getAttribute('aria-pressed'),
         e.classList.contains('received')]),
    trick: [...document.querySelectorAll('.trick [data-code]')].map(e => e.getAttribute('aria-label')),
    seats: [...document.querySelectorAll('.seat')].map(e => e.innerText),
    status: document.querySelector('.status').innerText,
    markers: document.querySelector('.markers').innerText,
    prompt: document.querySelector('.prompt').innerText,
    phase: document.querySelector('#app').dataset.phase,
    turn: document.querySelector('#app').dataset.turn })"""
# The button (or role="button") inside ``within`` whose text or accessible name is ``name``, shown,
# marked for the click that follows; the point of its box to click (its middle), or null.
BUTTON = """([within, name]) => { const found = [...document.querySelectorAll(
        `${within} button, ${within} [role="button"]`)].find(e => e.getClientRects().length
        && (e.getAttribute('aria-label') || e.innerText).trim() === name);
    document.querySelectorAll('[data-e2e-press]').forEach(e => e.removeAttribute('data-e2e-press'));
    if (!found) return null;
    found.setAttribute('data-e2e-press', '');
    const box = found.getBoundingClientRect();
    return [box.width / 2, box.height / 2]; }"""


class TablePage:
    """One tab of the game, on any engine its ``driver`` drives."""

    def __init__(self, driver: Driver, base_url: str) -> None:
        self.driver = driver
        self.base_url = base_url
        #: Whether this test changed the page in a way later tests must not inherit (a script
        #: added, an element injected): the shared page is then replaced after the test.
        self.spoilt = False

    def address(self, pace: float | None = 0) -> str:
        """The page with its test hook, at ``pace`` (hearts.table.delay_factor; None: the real pace)."""
        return self.base_url + "?test=1" + ("" if pace is None else f"&pace={pace}")

    def open(
        self, save: str | None = None, settings: str | None = None, *, pace: float | None = 0, fresh: bool = False
    ) -> Self:
        """Show the game with ``save`` in localStorage (None: a fresh game, nothing saved), and
        ``settings`` (a settings document, see e2e/states.py) if given.

        When the page is already up at this ``pace`` the position is opened by the page's test
        hook (no new start of Python); ``fresh`` loads the page anew all the same."""
        url = self.address(pace)
        if not fresh and self.driver.url == url and self.driver.call(UP_WITH_THE_HOOK):
            self.driver.call(REOPEN, {SAVE_KEY: save, SETTINGS_KEY: settings})
            self.wait_ready()
        else:
            open_position(self.driver, url, save, settings)
        return self

    def wait_ready(self) -> None:
        wait_ready(self.driver, BOOT_TIMEOUT)

    def reload(self) -> None:
        self.driver.reload()
        self.wait_ready()

    def reopen(self) -> None:
        """Open what localStorage holds, as a reload does, through the page's test hook: for
        tests of what is kept, not of start-up (``reload`` restarts Python)."""
        self.driver.call("() => window.heartsReopen()")
        self.wait_ready()

    def data(self, name: str) -> str | None:
        """The table's ``data-name`` attribute (#app's: phase, turn, level…)."""
        value: str | None = self.driver.call(
            "name => document.querySelector('#app').getAttribute(name)", f"data-{name}"
        )
        return value

    def saved(self) -> Any:
        return json.loads(self.driver.call(f"() => localStorage.getItem('{SAVE_KEY}')"))

    def tap(self, code: str, force: bool = False) -> None:
        """Tap a card where a player can: its uncovered left strip (cards overlap), and wait
        for Python's answer.

        ``force`` taps a card marked aria-disabled, which a player can still do."""
        self.driver.click(f'.hand [data-code="{code}"]', x=9, y=18, force=force)
        wait_answered(self.driver, ACTION_TIMEOUT)

    def press(self, name: str, within: str = "#app") -> None:
        """Click the shown button named ``name`` (its text or aria-label) inside ``within``, in
        its middle, on any engine (Game's ``button`` is Playwright's), and wait for Python's answer."""
        self.driver.wait_until(BUTTON, [within, name], timeout_ms=ACTION_TIMEOUT)
        x, y = self.driver.call(BUTTON, [within, name])
        self.driver.click("[data-e2e-press]", x=x, y=y)
        wait_answered(self.driver, ACTION_TIMEOUT)

    def text(self, selector: str) -> str:
        """The innerText of the first element ``selector`` finds ("" if none)."""
        text: str = self.driver.call(
            "s => { const e = document.querySelector(s); return e ? e.innerText : ''; }", selector
        )
        return text

    def hand_codes(self) -> list[str]:
        codes: list[str] = self.driver.call(CODES, ".hand [data-code]")
        return codes

    def playable(self) -> list[str]:
        codes: list[str] = self.driver.call(CODES, '.hand [data-code][aria-disabled="false"]')
        return codes

    def selected(self) -> list[str]:
        codes: list[str] = self.driver.call(CODES, '.hand [data-code][aria-pressed="true"]')
        return codes

    def message(self) -> str:
        text: str = self.driver.call("() => document.querySelector('.message').innerText")
        return text

    def wait_for_you_or_panel(self, timeout: float = ACTION_TIMEOUT) -> None:
        """Let the bots play (fast-forwarding, skipping trick collection) until you act."""
        self.driver.wait_until(YOU_OR_PANEL, timeout_ms=timeout, polling_ms=100)

    def finish_game(self, save: str) -> None:
        """Open ``save``, a game one trick from its end (``states.last_trick_of_game``), and play
        your card of that trick: the game-over panel is then up."""
        self.open(save)
        self.wait_for_you_or_panel()
        self.tap(self.playable()[0])
        self.tap(self.playable()[0])
        self.wait_for_you_or_panel()
        self.driver.wait_until(
            "() => document.querySelector('#app').dataset.phase === 'game_over'", timeout_ms=ACTION_TIMEOUT
        )

    def snapshot(self) -> Any:
        """What the player sees, for comparing before and after a reload."""
        return self.driver.call(SEEN)


class Game(TablePage):
    """:class:`TablePage` on a Playwright page (Chromium), with Playwright's locators for the
    table, its cards and buttons, the worker that runs the game's Python, and screenshots."""

    def __init__(self, page: Page, base_url: str) -> None:
        super().__init__(PlaywrightDriver(page), base_url)
        self.page = page

    @property
    def app(self) -> Locator:
        return self.page.locator("#app")

    def card(self, code: str) -> Locator:
        return self.page.locator(f'.hand [data-code="{code}"]')

    def button(self, name: str) -> Locator:
        return self.page.get_by_role("button", name=name, exact=True)

    def python(self) -> Worker:
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

    def screenshot(self, name: str) -> None:
        """``e2e/artifacts/<name>.png``, once panels and cards have moved into place (settled
        either way, so a test runs alike with and without :data:`SCREENSHOTS`)."""
        self.page.evaluate(SETTLED)
        if SCREENSHOTS:
            ARTIFACTS.mkdir(exist_ok=True)
            self.page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
