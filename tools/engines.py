"""Debian's Firefox and WebKitGTK behind the harness's :class:`browser_harness.Driver`, so the
e2e flows (e2e/engine_flows.py) and tools/bench_startup.py run the same page object on every
engine players use (issue 57); Chromium stays Playwright's (``ChromiumDriver``: the harness's
PlaywrightDriver with the same extras as the others).

- Firefox (``firefox-esr``) is driven over WebDriver BiDi, which its remote agent speaks itself
  (``--remote-debugging-port``): no geckodriver, of which no registry here has a build. The
  client is the few BiDi commands the harness needs, over ``websockets``.
- WebKitGTK is driven through ``WebKitWebDriver`` (``webkit2gtk-driver``), which starts its
  MiniBrowser, with Selenium, on an Xvfb display of its own (WebKitGTK has no headless mode).

Both are launched the same way for the tests and the benchmark: a fresh profile, a viewport of
the size asked for, console errors gathered (Firefox: BiDi's ``log.entryAdded``; WebKitGTK's
WebDriver reports none, so the page keeps them for the driver: ``WATCH_ERRORS``, docs/e2e.md).
Neither the wheel nor the site ships this file.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

from playwright.sync_api import Browser, ConsoleMessage
from websockets.sync.client import ClientConnection, connect

from browser_harness import Driver, PlaywrightDriver

FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
XVFB = "/usr/bin/Xvfb"
#: How long a browser may take to start and offer its remote end (s).
LAUNCH_TIMEOUT = 60
# Firefox reaches for nothing but the page: no updates, telemetry, remote settings or captive
# portal checks (the machines that run the tests have no internet).
FIREFOX_PREFS = {
    "app.update.enabled": False,
    "browser.shell.checkDefaultBrowser": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "services.settings.server": "http://127.0.0.1:9/",
    "browser.safebrowsing.update.enabled": False,
    "extensions.update.enabled": False,
    # Touch events on, as Firefox for Android has them (desktop Firefox turns them on only with a
    # touch screen): 复盘's swipes listen for them.
    "dom.w3c_touch_events.enabled": 1,
    # Scrollbars over the content, as on a phone (and in Chromium here, which Playwright runs with
    # its scrollbars hidden): a desktop's 12 px scrollbar would take a 320 px phone's panel width.
    "ui.useOverlayScrollbars": 1,
}

# A harness function (JavaScript source, called with one JSON argument) run in the page, its
# answer or its error coming back as JSON: the same in every engine, whatever each serialises.
CALLED = """async (source, json) => {
    try {
        const value = await source(JSON.parse(json));
        return JSON.stringify({value: value === undefined ? null : value});
    } catch (error) { return JSON.stringify({error: `${error}\n${error && error.stack || ''}`}); } }"""
# WebKit's console errors, kept in the page until WebKitDriver.errors() takes them: console.error's
# calls (web/page.js logs the workers' uncaught errors there too), uncaught exceptions and
# unhandled rejections. WebKitWebDriver has no log endpoint, and MiniBrowser writes no console
# out under automation (its session is ephemeral, and WebKit writes none of those: docs/e2e.md).
# Installed by every call, so from the first one after a load on.
WATCH_ERRORS = """(() => { if (window.__heartsErrors) return;
    const seen = window.__heartsErrors = [];
    const error = console.error;
    console.error = function (...parts) { seen.push(parts.map(String).join(' ')); return error.apply(this, parts); };
    addEventListener('error', event => seen.push(`${event.message}`));
    addEventListener('unhandledrejection', event => seen.push(`Unhandled Promise Rejection: ${event.reason}`)); })();"""
# The errors WATCH_ERRORS kept, taken.
TAKE_ERRORS = "() => window.__heartsErrors ? window.__heartsErrors.splice(0) : []"
# An element scrolled into view, and the viewport's coordinates of its box (null: none) once it
# stays put two frames running, as Playwright waits for before a click: the hand's cards slide
# together after one leaves, and a tap where a sliding card was measured lands on its neighbour.
BOX = """async selector => { const element = document.querySelector(selector);
    if (!element) return null;
    element.scrollIntoView({block: 'nearest', inline: 'nearest'});
    const frame = () => new Promise(resolve => requestAnimationFrame(resolve));
    let box = element.getBoundingClientRect();
    for (let frames = 0; frames < 120; frames++) {
        await frame();
        const now = element.getBoundingClientRect();
        if (now.left === box.left && now.top === box.top) break;
        box = now;
    }
    return {x: box.left, y: box.top}; }"""
# The viewport's size, to fit the window around it (WebKitGTK sets only the window's).
INNER = "() => [window.innerWidth, window.innerHeight]"


class EngineDriver(Driver, Protocol):
    """A :class:`browser_harness.Driver` of one engine's tab, with what the cross-engine flows and
    the start-up benchmark need beside: the engine's name, the viewport's size, a screenshot, and
    the console errors seen since last asked."""

    name: str

    def set_viewport(self, width: int, height: int) -> None: ...

    def screenshot(self, path: Path) -> None: ...

    def errors(self) -> list[str]: ...


class EngineError(RuntimeError):
    """The browser refused a command, or a function run in the page threw (the message says)."""


def answer_of(reply: str) -> Any:
    """The value a :data:`CALLED` run returned; :class:`EngineError` with the page's error."""
    parsed = json.loads(reply)
    if "error" in parsed:
        raise EngineError(parsed["error"])
    return parsed["value"]


class PollingDriver:
    """What both engines share: waiting by asking again (neither offers Playwright's in-page
    wait), and a click at a point of an element's box, scrolled into view, with real pointer
    input (trusted events, as a player's tap)."""

    def call(self, function: str, arg: Any = None) -> Any:
        raise NotImplementedError

    def click_at(self, x: float, y: float) -> None:
        raise NotImplementedError

    def wait_until(self, function: str, arg: Any = None, *, timeout_ms: float, polling_ms: float | None = None) -> None:
        deadline = time.monotonic() + timeout_ms / 1000
        last_error = ""
        while True:
            try:
                if self.call(function, arg):
                    return
            except EngineError as error:  # a page navigating away meanwhile: ask again
                last_error = f" (last error: {error})"
            if time.monotonic() > deadline:
                raise TimeoutError(f"never true within {timeout_ms} ms: {function}{last_error}")
            time.sleep((polling_ms or 100) / 1000)

    def click(self, selector: str, *, x: float, y: float, force: bool = False) -> None:
        """``force`` changes nothing: a real click reaches an aria-disabled element anyway."""
        box = self.call(BOX, selector)
        if box is None:
            raise EngineError(f"no element {selector}")
        self.click_at(box["x"] + x, box["y"] + y)


# ----- Firefox over WebDriver BiDi ---------------------------------------------------------------


class BiDi:
    """A WebDriver BiDi session over one websocket: commands answered in turn; the events that
    arrive meanwhile are kept in ``events``."""

    def __init__(self, socket: ClientConnection) -> None:
        self.socket = socket
        self.next_id = 0
        self.events: list[dict[str, Any]] = []

    def send(self, method: str, params: dict[str, Any], timeout_s: float = 120) -> dict[str, Any]:
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv(timeout_s))
            if message.get("id") == self.next_id:
                if message.get("type") == "error":
                    raise EngineError(f"{method}: {message['error']}: {message.get('message', '')}")
                result: dict[str, Any] = message["result"]
                return result
            if message.get("type") == "event":
                self.events.append(message)

    def end(self) -> None:
        with contextlib.suppress(Exception):
            self.send("session.end", {}, timeout_s=10)


class FirefoxDriver(PollingDriver):
    """:class:`browser_harness.Driver` over a Firefox tab, by BiDi."""

    name = "firefox"

    def __init__(self, bidi: BiDi, context: str) -> None:
        self.bidi = bidi
        self.context = context

    @property
    def url(self) -> str:
        tree = self.bidi.send("browsingContext.getTree", {"root": self.context, "maxDepth": 0})
        url: str = tree["contexts"][0]["url"]
        return url

    def goto(self, url: str) -> None:
        self.bidi.send("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def reload(self) -> None:
        self.bidi.send("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def call(self, function: str, arg: Any = None) -> Any:
        result = self.bidi.send(
            "script.callFunction",
            {
                "functionDeclaration": f"(json) => ({CALLED})({function}, json)",
                "arguments": [{"type": "string", "value": json.dumps(arg)}],
                "target": {"context": self.context},
                "awaitPromise": True,
            },
        )
        if result["type"] == "exception":
            raise EngineError(result["exceptionDetails"]["text"])
        return answer_of(result["result"]["value"])

    def click_at(self, x: float, y: float) -> None:
        pointer = [
            {"type": "pointerMove", "x": round(x), "y": round(y)},
            {"type": "pointerDown", "button": 0},
            {"type": "pointerUp", "button": 0},
        ]
        actions = [{"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": pointer}]
        self.bidi.send("input.performActions", {"context": self.context, "actions": actions})

    def set_viewport(self, width: int, height: int) -> None:
        self.bidi.send(
            "browsingContext.setViewport", {"context": self.context, "viewport": {"width": width, "height": height}}
        )

    def preload(self, script: str) -> None:
        """Run ``script`` (JavaScript statements) before the page's own, on every later load."""
        self.bidi.send(
            "script.addPreloadScript", {"functionDeclaration": f"() => {{ {script} }}", "contexts": [self.context]}
        )

    def errors(self) -> list[str]:
        """The console errors and uncaught exceptions seen since the last call."""
        seen = [
            event["params"].get("text") or ""
            for event in self.bidi.events
            if event.get("method") == "log.entryAdded" and event["params"].get("level") == "error"
        ]
        self.bidi.events.clear()
        return seen

    def screenshot(self, path: Path) -> None:

        data = self.bidi.send("browsingContext.captureScreenshot", {"context": self.context})["data"]
        path.write_bytes(base64.b64decode(data))


def _listening(process: subprocess.Popen[str]) -> str:
    """The websocket address Firefox prints once its remote agent listens; the rest of its output
    is then drained in a thread, so a full pipe never stalls it."""
    assert process.stderr is not None
    deadline = time.monotonic() + LAUNCH_TIMEOUT
    for line in process.stderr:
        if "WebDriver BiDi listening on " in line:
            threading.Thread(target=process.stderr.read, daemon=True).start()
            return line.split("listening on ", 1)[1].strip()
        if time.monotonic() > deadline:
            break
    raise EngineError(f"Firefox offered no BiDi endpoint (exit {process.poll()})")


@contextlib.contextmanager
def firefox(viewport: tuple[int, int]) -> Iterator[FirefoxDriver]:
    """Headless ``firefox-esr`` with a fresh profile, its one tab at ``viewport``."""
    profile = Path(tempfile.mkdtemp(prefix="hearts-firefox-"))
    (profile / "user.js").write_text(
        "".join(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in FIREFOX_PREFS.items())
    )
    command = [FIREFOX, "--headless", "--no-remote", "--profile", str(profile), "--remote-debugging-port=0"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        with connect(_listening(process) + "/session", max_size=None, open_timeout=LAUNCH_TIMEOUT) as socket:
            bidi = BiDi(socket)
            bidi.send("session.new", {"capabilities": {}})
            try:
                bidi.send("session.subscribe", {"events": ["log.entryAdded"]})
                context = bidi.send("browsingContext.getTree", {"maxDepth": 0})["contexts"][0]["context"]
                driver = FirefoxDriver(bidi, context)
                driver.set_viewport(*viewport)
                yield driver
            finally:
                bidi.end()
    finally:
        process.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(10)
        if process.poll() is None:
            process.kill()
        shutil.rmtree(profile, ignore_errors=True)


# ----- WebKitGTK through WebKitWebDriver ---------------------------------------------------------


class WebKitDriver(PollingDriver):
    """:class:`browser_harness.Driver` over WebKitGTK's MiniBrowser, by Selenium."""

    name = "webkit"

    def __init__(self, selenium: Any) -> None:
        self.selenium = selenium
        #: What MiniBrowser's window adds to its viewport (px across, down).
        self.toolbar: tuple[int, int] | None = None
        #: Errors taken from pages since left (:data:`WATCH_ERRORS`).
        self.seen: list[str] = []

    @property
    def url(self) -> str:
        url: str = self.selenium.current_url
        return url

    def goto(self, url: str) -> None:
        self._take_errors()
        self.selenium.get(url)

    def reload(self) -> None:
        self._take_errors()
        self.selenium.refresh()

    def call(self, function: str, arg: Any = None) -> Any:
        script = f"{WATCH_ERRORS} const done = arguments[1]; ({CALLED})({function}, arguments[0]).then(done);"
        try:
            reply = self.selenium.execute_async_script(script, json.dumps(arg))
        except Exception as error:  # Selenium's WebDriverException: the page went away meanwhile
            raise EngineError(str(error)) from error
        return answer_of(reply)

    def click_at(self, x: float, y: float) -> None:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        # Selenium moves the pointer over 250 ms unless told (a quarter second a tap, most of a
        # whole hand's time on this engine); a finger lands at once.
        actions = ActionBuilder(self.selenium, duration=0)
        actions.pointer_action.move_to_location(round(x), round(y)).click()  # type: ignore[no-untyped-call]
        actions.perform()

    def set_viewport(self, width: int, height: int) -> None:
        """The window sized so that its viewport is ``width`` × ``height``: that and the toolbar's
        height (measured once, on the steady window MiniBrowser opens with). X resizes the window
        a moment after WebDriver has answered, so the viewport's size is waited for."""
        if self.toolbar is None:
            window = self.selenium.get_window_size()
            inner_width, inner_height = self.call(INNER)
            self.toolbar = (window["width"] - inner_width, window["height"] - inner_height)
        self.selenium.set_window_size(width + self.toolbar[0], height + self.toolbar[1])
        self.wait_until(
            "size => window.innerWidth === size[0] && window.innerHeight === size[1]",
            [width, height],
            timeout_ms=10_000,
            polling_ms=20,
        )

    def errors(self) -> list[str]:
        """The console errors, uncaught exceptions and unhandled rejections seen since the last
        call, in pages since left too, from the first call after each load on (:data:`WATCH_ERRORS`:
        an error before it, while the page loads, shows its error screen, which the harness
        reports)."""
        self._take_errors()
        seen, self.seen = self.seen, []
        return seen

    def _take_errors(self) -> None:
        """The current page's errors kept, before it is left or asked for them."""
        with contextlib.suppress(EngineError):  # no page to ask: nothing seen
            self.seen += self.call(TAKE_ERRORS)

    def screenshot(self, path: Path) -> None:
        self.selenium.save_screenshot(str(path))


@contextlib.contextmanager
def xvfb() -> Iterator[str]:
    """An Xvfb display of its own (its number chosen by Xvfb), for as long as the block runs."""
    read, write = os.pipe()
    process = subprocess.Popen(
        [XVFB, "-displayfd", str(write), "-screen", "0", "1600x1200x24", "-nolisten", "tcp"], pass_fds=[write]
    )
    os.close(write)
    try:
        with os.fdopen(read) as answer:
            yield ":" + answer.readline().strip()
    finally:
        process.terminate()
        process.wait(10)


# GTK's widgets around the web view shrunk to nothing: MiniBrowser's toolbar otherwise keeps its
# window at least 447 px wide, wider than a phone. The page's own drawing is WebKit's, untouched.
NARROW_GTK = "window * { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px; }\n"


@contextlib.contextmanager
def webkit(viewport: tuple[int, int]) -> Iterator[WebKitDriver]:
    """WebKitGTK's MiniBrowser through WebKitWebDriver, on a display of its own, at ``viewport``,
    with configuration and data folders of its own (a first visit, GTK's style above)."""
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    home = Path(tempfile.mkdtemp(prefix="hearts-webkit-"))
    (home / "config" / "gtk-3.0").mkdir(parents=True)
    (home / "config" / "gtk-3.0" / "gtk.css").write_text(NARROW_GTK)
    folders = {f"XDG_{kind.upper()}_HOME": str(home / kind) for kind in ("config", "data", "cache")}
    try:
        with xvfb() as display:
            options = Options()
            options.binary_location = MINIBROWSER
            options.add_argument("--automation")
            service = Service(executable_path=WEBKIT_DRIVER, env={**os.environ, **folders, "DISPLAY": display})
            selenium = webdriver.WebKitGTK(options=options, service=service)
            try:
                selenium.set_script_timeout(120)
                driver = WebKitDriver(selenium)
                driver.set_viewport(*viewport)
                yield driver
            finally:
                selenium.quit()
    finally:
        shutil.rmtree(home, ignore_errors=True)


# ----- Chromium, through Playwright ---------------------------------------------------------------


class ChromiumDriver(PlaywrightDriver):
    """Playwright's driver with what the other engines' offer too: console errors, the viewport,
    screenshots."""

    name = "chromium"

    def __init__(self, page: Any) -> None:
        super().__init__(page)
        self.seen: list[str] = []
        page.on("console", lambda message: self._console(message))
        page.on("pageerror", lambda error: self.seen.append(str(error)))

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.seen.append(message.text)

    def errors(self) -> list[str]:
        seen, self.seen = self.seen, []
        return seen

    def set_viewport(self, width: int, height: int) -> None:
        self.page.set_viewport_size({"width": width, "height": height})

    def screenshot(self, path: Path) -> None:
        self.page.screenshot(path=str(path))


@contextlib.contextmanager
def chromium_page(browser: Browser, viewport: tuple[int, int]) -> Iterator[ChromiumDriver]:
    """A page of ``browser`` (Debian's Chromium, browser_harness.launch_chromium) in a context of
    its own at ``viewport``, without touch: as the other engines here offer none."""
    width, height = viewport
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        yield ChromiumDriver(context.new_page())
    finally:
        context.close()


ENGINES = {"firefox": firefox, "webkit": webkit}
