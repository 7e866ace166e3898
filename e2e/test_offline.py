"""Offline after the first visit, updates, and a cache with a file missing (web/sw.js).

One browser context visits the site once online, so the service worker precaches the build;
the tests then run in order on that context: offline reloads, a cache with a file deleted,
and last a second build with a new version served on the same origin. The site is served
from a temporary copy so the new build can replace it without touching ``_site/``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from contexts import watch_csp
from table_page import Game

import pwa
from browser_harness import BOOT_TIMEOUT, SITE, StaticServer

SAVE = "localStorage.getItem('hearts.save')"
# The builds' caches (web/sw.js), not the memory snapshot's (web/snapshot.mjs, "hearts.snapshot").
BUILD_CACHES = "async () => (await caches.keys()).filter(key => key.startsWith('hearts-'))"
CACHED_FILES = """async () => {
    const name = (await caches.keys()).find(key => key.startsWith('hearts-'));
    const cache = await caches.open(name);
    return (await cache.keys()).map(request => new URL(request.url).pathname.slice(1)); }"""


def build_info(site: Path) -> dict:
    first_line = (site / pwa.WORKER).read_text(encoding="utf-8").split("\n", 1)[0]
    return json.loads(first_line.removeprefix("self.BUILD = ").removesuffix(";"))


def wait_for_caches(page, names: list[str]) -> None:
    """The old build's cache goes once the new worker has activated, a moment after the notice."""
    for _ in range(100):
        if page.evaluate(BUILD_CACHES) == names:
            return
        page.wait_for_timeout(100)
    assert page.evaluate(BUILD_CACHES) == names


@pytest.fixture(scope="module")
def builds(tmp_path_factory):
    """This build, and a next one: a new version number and a page that says it is new."""
    if not (SITE / pwa.WORKER).exists():
        pytest.fail("_site/ has no service worker: run `make site`")
    root = tmp_path_factory.mktemp("deploys")
    current, following = root / "current", root / "next"
    shutil.copytree(SITE, current)
    shutil.copytree(SITE, following)
    index = following / "index.html"
    index.write_text(
        index.read_text(encoding="utf-8").replace("<html ", '<html data-build="next" ', 1), encoding="utf-8"
    )
    pwa.build(following, "999.0.0", build_info(following)["runtime"])
    return current, following


@pytest.fixture(scope="module")
def server(builds):
    """The site on a server whose directory can be swapped, like a deploy on the same origin."""
    with StaticServer(builds[0]) as served:
        yield served


@pytest.fixture(scope="module")
def visited(browser, server):
    """A phone-sized context after one online visit: the worker controls the page and the
    game has moved past the pass, so there is a save worth keeping."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True)
    errors: list[str] = []
    watch_csp(context, errors)
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    game = Game(page, server.url)
    page.goto(server.url)
    game.wait_ready()
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT)
    for code in game.hand_codes()[:3]:
        game.tap(code)
    game.button("传给左家").click()
    page.wait_for_function("document.querySelector('#app').dataset.phase === 'play'")
    game.wait_for_you_or_panel()
    yield context, game, errors
    context.close()


def test_the_first_visit_precaches_every_file_of_the_build(visited, builds):
    _, game, errors = visited
    listed = build_info(builds[0])
    assert game.page.evaluate(BUILD_CACHES) == [listed["cache"] + " /"]
    assert sorted(game.page.evaluate(CACHED_FILES)) == listed["files"]
    assert errors == []


def test_the_first_visit_keeps_the_runtime_files_it_downloaded_in_their_own_cache(visited, builds):
    # web/runtime-files.mjs: Pyodide's wasm and stdlib, kept by the worker that downloaded them
    # (not precached: that would download them twice), answered from there by the worker.
    _, game, errors = visited
    runtime = build_info(builds[0])["runtime"]
    kept = game.page.evaluate(
        """async (name) => (await (await caches.open(name)).keys()).map(r => new URL(r.url).pathname.slice(1))""",
        runtime["cache"] + " /",
    )
    assert sorted(kept) == sorted(runtime["files"])
    assert errors == []


def test_offline_reload_gives_a_playable_table_and_the_saved_game(visited):
    context, game, errors = visited
    page = game.page
    before, saved = game.snapshot(), page.evaluate(SAVE)
    context.set_offline(True)
    try:
        game.reload()
        assert game.snapshot() == before
        assert page.evaluate(SAVE) == saved
        card = game.playable()[0]
        game.tap(card)
        game.tap(card)
        page.wait_for_function("code => !document.querySelector(`.hand [data-code='${code}']`)", arg=card)
        game.wait_for_you_or_panel()
        assert page.evaluate(SAVE) != saved
    finally:
        context.set_offline(False)
    assert errors == []


def test_a_file_missing_from_the_cache_comes_from_the_network_when_online(visited):
    _, game, errors = visited
    page = game.page
    page.evaluate("""async () => { const name = (await caches.keys()).find(key => key.startsWith('hearts-'));
        await (await caches.open(name)).delete('web/main.py'); }""")
    before = game.snapshot()
    game.reload()
    assert game.snapshot() == before
    assert "web/main.py" in page.evaluate(CACHED_FILES)
    assert errors == []


def test_a_file_missing_from_the_cache_while_offline_says_so(visited):
    context, game, errors = visited
    page = game.page
    saved = page.evaluate(SAVE)
    page.evaluate("""async () => { const name = (await caches.keys()).find(key => key.startsWith('hearts-'));
        await (await caches.open(name)).delete('web/main.py'); }""")
    context.set_offline(True)
    try:
        page.reload()
        page.wait_for_function("document.documentElement.dataset.state === 'error'", timeout=BOOT_TIMEOUT)
        page.wait_for_function("document.querySelector('#error-text').textContent.includes('web/main.py')")
        assert "请联网后刷新" in page.text_content("#error-text")
        assert page.get_by_role("button", name="重新开始").is_visible()
        page.evaluate("""async () => { const name = (await caches.keys()).find(key => key.startsWith('hearts-'));
            await (await caches.open(name)).delete('index.html'); }""")
        page.reload()
        assert "index.html" in page.text_content("#offline-missing")
        assert "请联网后刷新" in page.text_content("#offline-missing")
    finally:
        context.set_offline(False)
    game.reload()
    assert page.evaluate(SAVE) == saved
    # The start that failed reported why (PyScript fetches web/main.py with the page's other
    # modules, pyscript.json's "files", and its failure is an unhandled rejection); nothing else.
    assert all("web/main.py" in error for error in errors), errors
    errors.clear()


def test_a_new_build_is_taken_up_after_the_notice_and_a_refresh(visited, builds, server):
    _, game, errors = visited
    page = game.page
    before, saved = game.snapshot(), page.evaluate(SAVE)
    server.directory = builds[1]
    game.reload()
    assert page.evaluate("document.documentElement.dataset.build") is None
    notice = page.get_by_role("button", name="有新版本，刷新即可更新")
    notice.wait_for(timeout=BOOT_TIMEOUT)
    assert page.locator("#update-notice").get_attribute("role") == "status"
    wait_for_caches(page, [build_info(builds[1])["cache"] + " /"])
    with page.expect_navigation():
        notice.click()
    game.wait_ready()
    assert page.evaluate("document.documentElement.dataset.build") == "next"
    assert game.snapshot() == before
    assert page.evaluate(SAVE) == saved
    assert errors == []
