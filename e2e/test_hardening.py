"""Failures injected into the page: storage that refuses writes, a runtime file or the wheel
that cannot be fetched. Each gives the page's readable message, and nothing already in
localStorage is lost. (A save edited into an impossible game: tests/table/test_saves.py.)

Requests are routed with the service worker blocked: it would answer them from its cache first.
"""

from __future__ import annotations

import pytest
import states
from contexts import VIEWPORTS, table_context
from playwright.sync_api import expect
from table_page import Game

from browser_harness import BOOT_TIMEOUT, seed_storage
from hearts.table import Table

STORAGE = "() => Object.fromEntries(Object.entries(localStorage))"
# Every write to localStorage fails, as in a full or locked-down browser (the blank page that
# seeds the storage before the test is spared).
WRITES_FAIL = """if (!location.pathname.endsWith('__blank__.html')) {
    Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); };
}"""


@pytest.fixture
def blocked(browser, base_url):
    """A desktop page whose requests all reach page.route (no service worker)."""
    with table_context(browser, base_url, VIEWPORTS["desktop"], service_workers="block") as (context, watch):
        page = context.new_page()
        watch.attach(page)
        yield Game(page, base_url), watch


def stored_before_the_visit(game: Game) -> dict[str, str]:
    """A game in progress and an older unreadable save already in localStorage."""
    items = {
        "hearts.save": states.human_to_move_mid_trick(),
        "hearts.save.unreadable.1": "{an older save that could not be read",
    }
    seed_storage(game.driver, game.base_url, items)
    return items


def shows_the_saved_game(game: Game, save: str) -> None:
    expected = sorted(str(card) for card in Table.from_save(save).human_cards)
    assert sorted(game.hand_codes()) == expected
    assert game.data("turn") == "0"


def test_storage_that_throws_on_every_write_keeps_the_game_and_the_saves(blocked):
    game, watch = blocked
    before = stored_before_the_visit(game)
    game.page.context.add_init_script(WRITES_FAIL)
    game.page.goto(game.base_url)
    game.wait_ready()
    expect(game.page.locator(".notice")).to_have_text("浏览器存储不可用或已满，进度不会保存")
    shows_the_saved_game(game, before["hearts.save"])
    card = game.playable()[0]
    game.tap(card)
    game.tap(card)
    expect(game.card(card)).to_have_count(0)
    game.wait_for_you_or_panel()
    assert game.page.evaluate(STORAGE) == before
    game.reload()
    shows_the_saved_game(game, before["hearts.save"])
    assert game.page.evaluate(STORAGE) == before
    watch.check()


# A 404 for the wasm left the page loading for good, and a failed fetch did unless it failed
# before Pyodide awaited it (web/wasm-watch.mjs): both must end on the error screen.
@pytest.mark.parametrize(
    "missing, answer",
    [
        # The wasm as it is or as .xz, as the link decides (web/runtime-files.mjs).
        ("**/vendor/pyodide/pyodide.asm.wasm*", "abort"),
        ("**/vendor/pyodide/pyodide.asm.wasm*", "404"),
        ("**/hearts-*.whl", "abort"),
    ],
)
def test_a_missing_runtime_file_or_wheel_says_so_and_loses_nothing(blocked, missing, answer):
    game, watch = blocked
    before = stored_before_the_visit(game)
    game.page.route(
        missing, lambda route: route.abort() if answer == "abort" else route.fulfill(status=404, body="gone")
    )
    game.page.goto(game.base_url)
    game.page.wait_for_function("() => document.documentElement.dataset.state === 'error'", timeout=BOOT_TIMEOUT)
    expect(game.page.locator("#error h2")).to_have_text("出错了")
    expect(game.page.locator("#error")).to_contain_text("已保存的进度不会丢失，重新开始即可继续")
    expect(game.page.locator("#loading")).to_be_hidden()
    assert game.page.text_content("#error-text").strip() != ""
    assert game.page.evaluate(STORAGE) == before
    game.page.unroute(missing)
    with game.page.expect_navigation():
        game.page.get_by_role("button", name="重新开始").click()
    game.wait_ready()
    shows_the_saved_game(game, before["hearts.save"])
    after = game.page.evaluate(STORAGE)
    assert {key: after[key] for key in before} == before
    # The failed fetch is logged by the browser and PyScript: expected here, nothing else is.
    assert watch.outside == [] and watch.violations == []


def test_python_starts_without_webassembly_stack_switching(game):
    # web/stack-switching.mjs: Chromium's JSPI crashed our renderers (docs/log/e2e-2026-12.md),
    # so Pyodide is never shown it, on a normal start or a snapshot's: in the worker it runs in.
    game.open(states.human_to_move_mid_trick())
    assert game.python().evaluate("() => ['Suspending', 'Suspender'].filter(name => name in WebAssembly)") == []
    assert len(game.playable()) > 0
