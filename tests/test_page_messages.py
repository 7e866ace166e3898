"""web/main.py without a browser: the page's Python takes web/page.js's messages and answers
with commands, and reads nothing from the DOM or from localStorage, so a stand-in for the
timers and the clock, and for web/page.js's side of the conversation, is all it needs here.
"""

from __future__ import annotations

import ast
import importlib
import json
import re
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from hearts.table.keys import KEYS, key_command

WEB = Path(__file__).resolve().parent.parent / "web"


class Browser:
    """What web/main.py, web/dom.py and web/browser.py reach: the worker's global scope (``js``:
    timers, the clock), and polyscript's ``xworker``, through which web/page.js answers (it
    keeps ``storage`` as its localStorage)."""

    def __init__(self) -> None:
        self.storage: dict[str, str] = {}
        self.full = False  # whether localStorage refuses writes
        self.sent: list[list[Any]] = []  # every command, in order
        self.onmessage: Any = None  # what Python set: the Conversation's
        self.timers: list[Any] = []
        self.console = types.SimpleNamespace(warn=lambda *args: None)
        # The worker started 200 ms after the page: its clock runs that much behind the page's.
        self.performance = types.SimpleNamespace(now=lambda: 5.0, timeOrigin=1200.0)

    def postMessage(self, commands: str) -> None:  # noqa: N802 (the names the browser gives)
        for command in json.loads(commands):
            self.sent.append(command)
            if command[0] == "listen":
                self.tell(
                    kind="hello",
                    storage=dict(self.storage),
                    search="?test=1&pace=0",
                    fullscreen=[True, False],
                    origin=1000.0,
                )
            elif command[0] == "store" and not self.full:
                self.storage[command[1]] = command[2]

    def setTimeout(self, callback: Any, delay: float = 0) -> int:  # noqa: N802
        self.timers.append(callback)
        return len(self.timers)

    def clearTimeout(self, timer: Any) -> None:  # noqa: N802
        pass

    def tell(self, **message: Any) -> list[list[Any]]:
        """Send ``message`` as web/page.js does; the commands it answered with."""
        before = len(self.sent)
        self.onmessage(types.SimpleNamespace(data=json.dumps(message)))
        return self.sent[before:]

    @property
    def page(self) -> Any:
        """The Page that the conversation opened."""
        return self.onmessage.function.__self__.page


class Proxy:
    """pyscript.ffi.create_proxy's stand-in: the callable itself, which can be destroyed."""

    def __init__(self, function: Any) -> None:
        self.function = function

    def __call__(self, *args: Any) -> Any:
        return self.function(*args)

    def destroy(self) -> None:
        pass


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> Browser:
    """A browser in which web/main.py has just been imported (which opens the page)."""
    stand_in = Browser()
    monkeypatch.setitem(sys.modules, "js", stand_in)
    monkeypatch.setitem(sys.modules, "polyscript", types.SimpleNamespace(xworker=stand_in))
    monkeypatch.setitem(sys.modules, "pyscript", types.SimpleNamespace())
    monkeypatch.setitem(sys.modules, "pyscript.ffi", types.SimpleNamespace(create_proxy=Proxy))
    monkeypatch.syspath_prepend(str(WEB))
    for name in ("main", "dom", "browser"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    importlib.import_module("main")
    for name in ("main", "dom", "browser"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    return stand_in


def said(commands: list[list[Any]]) -> list[list[Any]]:
    """The commands but the writes to localStorage and the word that a message was answered."""
    return [command for command in commands if command[0] not in ("store", "answered")]


def names(commands: list[list[Any]]) -> list[str]:
    return [command[0] for command in said(commands)]


def first_patch(commands: list[list[Any]]) -> list[Any]:
    return next(command[1] for command in commands if command[0] == "patch")


def test_the_page_opens_on_hello_lays_out_the_table_and_turns_ready(browser: Browser) -> None:
    sent = names(browser.sent)
    assert sent[:3] == ["loading", "listen", "patch"] and first_patch(browser.sent)[0][0] == "build"
    assert sent.index("remember-drawing") < sent.index("ready")
    assert {"keys", "sound-wanted"} <= set(sent)
    assert "hearts.save" in browser.storage


def first_card(browser: Browser) -> str:
    """The first card of your hand as the opening redraw drew it."""
    hand = next(change[2] for change in first_patch(browser.sent) if change[:2] == ["put", "hand"])
    return hand.split('data-code="')[1].split('"')[0]


def test_a_tap_is_answered_by_one_redraw_and_the_game_saved(browser: Browser) -> None:
    saved = browser.storage["hearts.save"]
    answer = browser.tell(kind="act", action="card", data={"code": first_card(browser), "unrelated": "x"}, at=1.0)
    assert names(answer)[:2] == ["patch", "measure"]  # the redraw, measured by the page's clock
    assert ["measure", "hearts:redraw", 205.0] in answer
    (hand_change,) = [change for change in first_patch(answer) if change[0] == "hand"]
    assert [first_card(browser), "aria-pressed", "true"] in hand_change[1]["attributes"]
    assert browser.storage["hearts.save"] != saved


def test_the_keys_table_is_in_the_order_page_js_reads_it(browser: Browser) -> None:
    """web/page.js indexes each key's commands by (on a card) * 2 + (on a button)."""
    table = [command for command in browser.sent if command[0] == "keys"][-1][1]
    assert set(table) == set(KEYS)
    assert table["ArrowLeft"][0] == "first-card" and table["ArrowLeft"][2] == "previous-card"
    assert table["Enter"][1] is None and table["Enter"][3] is None  # a button takes Enter itself
    script = (WEB / "page.js").read_text()
    assert (
        '(target.closest(".hand [data-code]") !== null ? 2 : 0) + (target.closest("button") !== null ? 1 : 0)' in script
    )


def test_a_key_is_acted_on_as_key_command_says(browser: Browser) -> None:
    page = browser.page
    command = key_command(page.table, "ArrowRight", on_card=True, on_button=True)
    assert said(browser.tell(kind="act", action=command, data={"code": first_card(browser)}, at=0.0)) == [
        ["focus", "next-card"]
    ]


def test_every_message_of_the_page_is_answered_once_after_what_it_asked_for(browser: Browser) -> None:
    answer = browser.tell(kind="act", action="card", data={"code": first_card(browser)}, at=1.0)
    assert [command[0] for command in answer].count("answered") == 1 and answer[-1] == ["answered"]
    assert said(browser.tell(kind="settled")) == [] and browser.tell(kind="facts", stored={}, link=None) == []
    assert said(browser.tell(kind="controlled")) == []


def test_the_bots_load_by_a_timer_and_then_the_page_is_told(browser: Browser) -> None:
    """web/main.py imports the bots' code by a timer once it has started; then it tells the page
    (``<html data-bots="loaded">``), which tests and benchmarks wait for (tools/browser_harness.py)."""
    (timer,) = [timer for timer in browser.timers if getattr(timer.function, "__name__", "") == "load_bots"]
    assert ["mark", "bots", "loaded"] not in browser.sent
    timer()
    assert browser.sent[-1] == ["mark", "bots", "loaded"]


def test_a_message_of_an_unknown_kind_shows_the_error_screen_and_nothing_else(browser: Browser) -> None:
    answer = said(browser.tell(kind="nonsense"))
    assert names(answer) == ["error"] and "nonsense" in answer[0][1]


def test_another_tab_saving_stops_this_one_and_says_where_the_game_went(browser: Browser) -> None:
    page = browser.page
    answer = browser.tell(kind="storage", key="hearts.save", value="{}")
    assert names(answer)[0] == "patch" and page.table.modal == "superseded"
    assert page.storage.get("hearts.save") == "{}"
    assert said(browser.tell(kind="storage", key="hearts.settings", value=None)) == []
    assert page.storage.get("hearts.settings") is None


def test_a_refused_write_says_progress_is_not_saved_until_one_goes_through(browser: Browser) -> None:
    browser.full = True
    page = browser.page
    browser.tell(kind="storage-refused", problem="QuotaExceededError")
    assert page.table.saving_failed
    browser.tell(kind="act", action="card", data={"code": first_card(browser)}, at=1.0)
    assert page.table.saving_failed  # still refused: the notice stays
    browser.full = False
    answer = browser.tell(kind="storage-accepted")
    assert not page.table.saving_failed and "store" in [command[0] for command in answer]
    assert json.loads(browser.storage["hearts.save"]) == json.loads(page.table.save_document())


def test_the_test_hook_reopens_what_storage_holds_now(browser: Browser) -> None:
    first = browser.page
    browser.storage.clear()
    answer = browser.tell(kind="reopen", storage={}, search="", fullscreen=[False, False], origin=1000.0)
    assert browser.page is not first
    assert names(answer)[0] == "patch" and "ready" in names(answer)


def enum_values(name: str) -> set[str]:
    """The values of web/browser.py's StrEnum ``name``, read from its source."""
    module = ast.parse((WEB / "browser.py").read_text(encoding="utf-8"))
    (found,) = [node for node in module.body if isinstance(node, ast.ClassDef) and node.name == name]
    return {
        statement.value.value
        for statement in found.body
        if isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Constant)
    }


def test_page_js_and_python_name_the_same_messages_and_commands() -> None:
    """What web/page.js sends is a kind of browser.Message, and it has a command for every
    browser.Command: mypy holds Python to the enums, this holds web/page.js to them."""
    script = (WEB / "page.js").read_text(encoding="utf-8")
    sent = set(re.findall(r'kind: "([a-z-]+)"', script))
    assert len(sent) >= 10 and sent <= enum_values("Message")
    start = script.index("const commands = {")
    handled = set(re.findall(r'^    "?([a-z-]+)"?[:,]', script[start : script.index("\n  };", start)], re.M))
    assert enum_values("Command") <= handled
