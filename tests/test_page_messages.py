"""web/main.py without a browser: the page's Python takes web/page.js's messages and answers
with commands, and reads nothing from the DOM, so a stand-in for the few browser services it
still uses (localStorage, timers, the clock) is all it needs here.
"""

from __future__ import annotations

import importlib
import json
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from hearts.keys import KEYS, key_command

WEB = Path(__file__).resolve().parent.parent / "web"


class Storage:
    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def getItem(self, key: str) -> str | None:  # noqa: N802 (the DOM's names)
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.items[key] = value


class Browser:
    """What web/main.py, web/dom.py and web/browser.py reach through ``pyscript.window``."""

    def __init__(self) -> None:
        self.localStorage = Storage()
        self.sent: list[list[Any]] = []  # every command, in order
        self.receiver: Any = None
        self.timers: list[Any] = []
        self.clock = 0.0
        self.console = types.SimpleNamespace(warn=lambda *args: None)
        self.location = types.SimpleNamespace(search="?test=1&pace=0")
        self.performance = types.SimpleNamespace(now=lambda: self.clock)

    def heartsListen(self, receiver: Any) -> None:  # noqa: N802
        self.receiver = receiver
        self.tell(kind="hello", search=self.location.search, fullscreen=[True, False])

    def heartsCommands(self, commands: str) -> None:  # noqa: N802
        self.sent.extend(json.loads(commands))

    def heartsProgress(self, percent: int, label: str) -> None:  # noqa: N802
        pass

    def heartsAfterPaint(self, callback: Any) -> Any:  # noqa: N802
        self.timers.append(callback)
        return lambda: None

    def setTimeout(self, callback: Any, delay: float = 0) -> int:  # noqa: N802
        self.timers.append(callback)
        return len(self.timers)

    def clearTimeout(self, timer: Any) -> None:  # noqa: N802
        pass

    def tell(self, **message: Any) -> list[list[Any]]:
        """Send ``message`` as web/page.js does; the commands it answered with."""
        before = len(self.sent)
        self.receiver(json.dumps(message))
        return self.sent[before:]


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
    monkeypatch.setitem(sys.modules, "pyscript", types.SimpleNamespace(window=stand_in))
    monkeypatch.setitem(sys.modules, "pyscript.ffi", types.SimpleNamespace(create_proxy=Proxy))
    monkeypatch.syspath_prepend(str(WEB))
    for name in ("main", "dom", "browser"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    importlib.import_module("main")
    for name in ("main", "dom", "browser"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    return stand_in


def names(commands: list[list[Any]]) -> list[str]:
    return [command[0] for command in commands]


def test_the_page_opens_on_hello_lays_out_the_table_and_turns_ready(browser: Browser) -> None:
    sent = names(browser.sent)
    assert sent[0] == "patch" and browser.sent[0][1][0][0] == "build"
    assert sent.index("remember-drawing") < sent.index("ready")
    assert {"keys", "sound-wanted"} <= set(sent)
    assert "hearts.save" in browser.localStorage.items


def first_card(browser: Browser) -> str:
    """The first card of your hand as the opening redraw drew it."""
    hand = next(change[2] for change in browser.sent[0][1] if change[:2] == ["put", "hand"])
    return hand.split('data-code="')[1].split('"')[0]


def test_a_tap_is_answered_by_one_redraw_and_the_game_saved(browser: Browser) -> None:
    saved = browser.localStorage.items["hearts.save"]
    answer = browser.tell(kind="act", action="card", data={"code": first_card(browser), "unrelated": "x"}, at=1.0)
    assert names(answer)[:2] == ["patch", "measure"]  # the redraw, measured from the tap
    assert answer[1][1:] == ["hearts:redraw", 0.0]
    (hand_change,) = [change for change in answer[0][1] if change[0] == "hand"]
    assert [first_card(browser), "aria-pressed", "true"] in hand_change[1]["attributes"]
    assert browser.localStorage.items["hearts.save"] != saved


def test_the_keys_table_is_in_the_order_page_js_reads_it(browser: Browser) -> None:
    """web/page.js indexes each key's commands by (on a card) * 2 + (on a button)."""
    table = [command for command in browser.sent if command[0] == "keys"][-1][1]
    assert set(table) == set(KEYS)
    assert table["ArrowLeft"][0] == "first-card" and table["ArrowLeft"][2] == "previous-card"
    assert table["Enter"][1] is None and table["Enter"][3] is None  # a button takes Enter itself
    script = (WEB / "page.js").read_text()
    assert '(target.closest(".hand [data-code]") !== null ? 2 : 0) + (target.closest("button") !== null ? 1 : 0)' \
        in script


def test_a_key_is_acted_on_as_key_command_says(browser: Browser) -> None:
    page = browser.receiver.function.__self__
    command = key_command(page.table, "ArrowRight", on_card=True, on_button=True)
    assert browser.tell(kind="act", action=command, data={"code": first_card(browser)}, at=0.0) == \
        [["focus", "next-card"]]


def test_a_message_of_an_unknown_kind_shows_the_error_screen_and_nothing_else(browser: Browser) -> None:
    answer = browser.tell(kind="nonsense")
    assert names(answer) == ["error"] and "nonsense" in answer[0][1]


def test_another_tab_saving_stops_this_one_and_says_where_the_game_went(browser: Browser) -> None:
    page = browser.receiver.function.__self__
    answer = browser.tell(kind="storage", key="hearts.save")
    assert names(answer)[0] == "patch" and page.table.modal == "superseded"
    assert browser.tell(kind="storage", key="hearts.settings") == []
