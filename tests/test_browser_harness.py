"""tools/browser_harness.py without a browser: the static server (the directory's files, the
origin's blank page, a directory swapped as a deploy swaps them) and the steps that open a
position, as a driver sees them. The e2e suite and the benchmarks run it in Chromium."""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from browser_harness import (
    BLANK_PAGE,
    ERROR_TEXT,
    READY_OR_ERROR,
    STATE,
    STORE,
    PageFailed,
    StaticServer,
    open_position,
    wait_ready,
)
from hearts.table.settings import SETTINGS_KEY
from hearts.table.storage import SAVE_KEY


def fetched(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=10) as response:
        body: bytes = response.read()
        return body


def test_the_server_serves_its_directory_the_blank_page_and_a_swapped_directory(tmp_path: Path) -> None:
    first, following = tmp_path / "first", tmp_path / "next"
    for folder in (first, following):
        folder.mkdir()
        (folder / "index.html").write_text(folder.name, encoding="utf-8")
    with StaticServer(first) as server:
        assert fetched(server.url) == b"first"
        assert fetched(server.url + "__blank__.html?from=test") == BLANK_PAGE
        with pytest.raises(urllib.error.HTTPError):
            fetched(server.url + "missing.html")
        server.directory = following
        assert fetched(server.url) == b"next"
    with pytest.raises(urllib.error.URLError):
        fetched(server.url)


class Recorder:
    """A driver that records what it is asked, on a page in ``state``."""

    def __init__(self, state: str = "ready") -> None:
        self.state = state
        self.url = "about:blank"
        self.steps: list[tuple[Any, ...]] = []

    def goto(self, url: str) -> None:
        self.url = url
        self.steps.append(("goto", url))

    def call(self, function: str, arg: Any = None) -> Any:
        self.steps.append(("call", function, arg))
        return {STATE: self.state, ERROR_TEXT: "RuntimeError: boom"}.get(function)

    def wait_until(self, function: str, arg: Any = None, *, timeout_ms: float, polling_ms: float | None = None) -> None:
        self.steps.append(("wait", function))


def test_a_position_is_stored_from_the_origin_s_blank_page_then_the_page_opened_and_waited_for() -> None:
    driver = Recorder()
    open_position(driver, "http://127.0.0.1:9/?test=1&pace=0", "a save")
    assert driver.steps == [
        ("goto", "http://127.0.0.1:9/__blank__.html"),
        ("call", STORE, {SAVE_KEY: "a save", SETTINGS_KEY: None}),
        ("goto", "http://127.0.0.1:9/?test=1&pace=0"),
        ("wait", READY_OR_ERROR),
        ("call", STATE, None),
    ]


def test_a_page_that_shows_its_error_screen_fails_with_its_error_text() -> None:
    with pytest.raises(PageFailed, match="RuntimeError: boom"):
        wait_ready(Recorder(state="error"))
