"""Return visits start from a memory snapshot (web/interpreter.mjs, web/snapshot-worker.mjs):
the same game as a normal start, never an older build's snapshot, a damaged one ignored without
an error, and offline too. A first visit over a fast link starts from the snapshot the build
made (tools/build_snapshot.py, web/snapshot-bytes.mjs); over a slow one, or when that file is
damaged, normally.

The site is served from a temporary copy, so a second build (another snapshot key) can replace
it on the same origin. Contexts block the service worker except in the offline test: it would
keep serving the first build's files."""

from __future__ import annotations

import contextlib
import shutil

import pytest
import states
from contexts import VIEWPORTS, let_through, table_context
from table_page import Game

from browser_harness import BOOT_TIMEOUT, PAGE_SETTLED, SITE, StaticServer, link_script

START = "document.documentElement.dataset.start"
# What navigator.connection says (web/snapshot.mjs's fastLink): the link Chromium estimates is
# not ours to choose, so every context here says which one it has.
FAST_LINK = link_script("fast")
SLOW_LINK = link_script("slow")
BUILD_SNAPSHOT = "**/snapshot/*.bin.gz"
SNAPSHOT_DONE = "['stored', 'failed'].includes(document.documentElement.dataset.snapshot)"
SNAPSHOTS = """async () => { const cache = await caches.open('hearts.snapshot');
    return (await cache.keys()).map(request => new URL(request.url).pathname); }"""
# Replace this build's snapshot with its first `length` bytes, or with one byte flipped, keeping
# the length and digest written beside it.
DAMAGE = """async ([how]) => { const cache = await caches.open('hearts.snapshot');
    const [request] = await cache.keys();
    const hit = await cache.match(request);
    let bytes = new Uint8Array(await hit.arrayBuffer());
    if (how === 'truncate') bytes = bytes.slice(0, 1 << 20); else bytes[bytes.length >> 1] ^= 0xff;
    await cache.put(request, new Response(bytes, {headers: hit.headers})); }"""


@pytest.fixture(scope="module")
def builds(tmp_path_factory):
    """This build, and a next one that differs in its snapshot key and has no build snapshot
    (so it starts normally over any link, and its worker makes its snapshot)."""
    root = tmp_path_factory.mktemp("snapshot-builds")
    current, following = root / "current", root / "next"
    shutil.copytree(SITE, current)
    shutil.copytree(SITE, following)
    module = following / "web" / "build.mjs"
    source = module.read_text(encoding="utf-8")
    key = source.split('const BUILD = "', 1)[1].split('"', 1)[0]
    built = source.split("const BUILT = ", 1)[1].split(";\n", 1)[0]
    module.write_text(source.replace(key, key + "-next").replace(built, "null"), encoding="utf-8")
    return current, following


@pytest.fixture
def server(builds):
    with StaticServer(builds[0]) as served:
        yield served


@contextlib.contextmanager
def phone_on(browser, server, link: str):
    """A phone-sized context whose navigator.connection reports ``link``."""
    with table_context(browser, server.url, VIEWPORTS["portrait"], service_workers="block") as (context, watch):
        context.add_init_script(link)
        page = context.new_page()
        watch.attach(page)
        yield context, Game(page, server.url), watch
        watch.check()


@pytest.fixture
def phone(browser, server):
    """Over a fast link: the first visit starts from the build's snapshot, then the worker makes
    the one kept for the next visit."""
    with phone_on(browser, server, FAST_LINK) as (_, game, watch):
        yield game, watch


def visit_until_snapshot(game: Game, save: str) -> None:
    game.open(save, fresh=True)
    assert game.page.evaluate(START) == "build-snapshot"
    game.page.wait_for_function(SNAPSHOT_DONE, timeout=BOOT_TIMEOUT)
    assert game.page.evaluate("document.documentElement.dataset.snapshot") == "stored"
    # Its worker was handed the wasm module PyScript's worker had (web/handover.mjs), not compiling it.
    assert game.page.evaluate("document.documentElement.dataset.snapshotWasm") == "handed"


def play_on(game: Game) -> dict:
    """Your first playable card, then the bots (seeded) until you act again: the save after."""
    game.wait_for_you_or_panel()
    card = game.playable()[0]
    game.tap(card)
    game.tap(card)
    game.page.wait_for_function("code => !document.querySelector(`.hand [data-code='${code}']`)", arg=card)
    game.wait_for_you_or_panel()
    return game.saved()


def requested(context, part: str) -> list[str]:
    """Every request whose URL holds ``part`` in ``context`` from now on (workers' too)."""
    seen: list[str] = []
    context.on("request", lambda request: part in request.url and seen.append(request.url))
    return seen


def fetched_build_snapshots(context) -> list[str]:
    """Every request for the build's snapshot in ``context`` from now on."""
    return requested(context, "/snapshot/")


def test_every_start_gives_the_same_bots_and_saves_and_a_new_build_never_the_old_snapshot(browser, server, builds):
    """Over a slow link a first visit starts normally and never fetches the build's snapshot;
    over a fast one it starts from it, fetched once; the next visit starts from the worker's, with
    Pyodide's wasm compiled ahead and fetched once. The worker's snapshot, the build's and a normal
    start play the seeded bots and save alike. A new build starts normally, never from the old
    build's snapshot, and its worker's snapshot replaces the old one."""
    save = states.bot_to_move()
    with phone_on(browser, server, SLOW_LINK) as (context, game, _):
        fetched = fetched_build_snapshots(context)
        game.open(save, fresh=True)
        assert game.page.evaluate(START) == "normal"
        normal = play_on(game)
        game.page.wait_for_function(SNAPSHOT_DONE, timeout=BOOT_TIMEOUT)
        game.open(save, fresh=True)
        assert game.page.evaluate(START) == "snapshot"
        assert play_on(game) == normal
        assert fetched == []
    with phone_on(browser, server, FAST_LINK) as (context, game, _):
        fetched = fetched_build_snapshots(context)
        game.open(save, fresh=True)
        assert game.page.evaluate(START) == "build-snapshot"
        seen, kept = game.snapshot(), game.saved()
        assert play_on(game) == normal
        game.page.wait_for_function(SNAPSHOT_DONE, timeout=BOOT_TIMEOUT)
        assert game.page.evaluate("document.documentElement.dataset.snapshot") == "stored"
        old = game.page.evaluate(SNAPSHOTS)
        wasm = requested(context, "/pyodide.asm.wasm")
        game.open(save, fresh=True)
        assert game.page.evaluate(START) == "snapshot"
        # Pyodide's wasm compiled by a worker of the page's while the snapshot was read (web/prefetch.mjs),
        # and fetched by that worker only: Pyodide, handed the module, fetches none (web/handover.mjs).
        assert game.page.evaluate("document.documentElement.dataset.wasm") == "compiled-ahead"
        assert len(wasm) == 1, wasm
        assert game.snapshot() == seen
        assert game.saved() == kept
        assert play_on(game) == normal
        assert len(fetched) == 1 and fetched[0].endswith(".bin.gz")

        server.directory = builds[1]
        game.reload()
        assert game.page.evaluate(START) == "normal"
        game.page.wait_for_function(SNAPSHOT_DONE, timeout=BOOT_TIMEOUT)
        new = game.page.evaluate(SNAPSHOTS)
        assert len(old) == len(new) == 1 and new[0].endswith("-next.bin") and new != old
        game.reload()
        assert game.page.evaluate(START) == "snapshot"


def damage_build_snapshot(how: str):
    """A route handler that serves the build's snapshot truncated, with a byte flipped, or not at all."""

    def handle(route):
        if how == "missing":
            route.fulfill(status=404, body="not found")
            return
        body = bytearray(route.fetch().body())
        if how == "truncate":
            body = body[: len(body) // 2]
        else:
            body[len(body) // 2] ^= 0xFF
        route.fulfill(status=200, body=bytes(body), content_type="application/gzip")

    return handle


@pytest.mark.parametrize("how", ["truncate", "flip", "missing"])
def test_a_damaged_build_snapshot_gives_a_normal_start_without_an_error(browser, server, how):
    with phone_on(browser, server, FAST_LINK) as (context, game, watch):
        context.route(BUILD_SNAPSHOT, damage_build_snapshot(how))
        fetched = fetched_build_snapshots(context)
        game.open(states.human_to_move_mid_trick(), fresh=True)
        assert game.page.evaluate(START) == "normal"
        assert len(game.playable()) > 0
        assert len(fetched) == 1
        assert watch.errors == []


def test_an_offline_return_visit_starts_from_the_snapshot(browser, server):
    with table_context(browser, server.url, VIEWPORTS["portrait"]) as (context, watch):
        context.add_init_script(FAST_LINK)
        page = context.new_page()
        watch.attach(page)
        game = Game(page, server.url)
        visit_until_snapshot(game, states.human_to_move_mid_trick())
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT)
        before = game.snapshot()
        context.set_offline(True)
        try:
            game.reload()
            assert page.evaluate(START) == "snapshot"
            assert page.evaluate("document.documentElement.dataset.wasm") == "compiled-ahead"
            assert game.snapshot() == before
        finally:
            context.set_offline(False)
        watch.check()


# ----- the saved table, painted before Python is ready (web/boot.js) -----------------------------

PAINTED = """() => { const app = document.querySelector('#app');
    return {painted: document.documentElement.dataset.painted || null, state: document.documentElement.dataset.state,
            hidden: app.hidden, inert: app.inert, busy: app.getAttribute('aria-busy'),
            hand: [...app.querySelectorAll('.hand [data-code]')].map(e => e.dataset.code),
            styled: app.querySelectorAll('[style]').length - app.querySelectorAll('[data-css]').length}; }"""


def hold_the_wheel(page, then) -> dict:
    """Load the page with the wheel held back, so Python cannot start; return what ``then``
    (a page function) saw meanwhile, then let the wheel through."""
    held = []
    page.route("**/*.whl", lambda route: held.append(route))
    try:
        page.reload(wait_until="commit")
        page.wait_for_function("document.readyState !== 'loading'")
        page.wait_for_timeout(500)
        seen = page.evaluate(then)
    finally:
        page.unroute("**/*.whl")
        for route in held:
            let_through(route)
    return seen


@pytest.fixture(scope="module")
def returning_phone(browser, builds):
    """One phone for the tests of what a start paints before Python is ready, which do not depend
    on how Python starts: after a first visit that leaves its snapshot, its starts are return
    visits from that snapshot (a first visit and a snapshot made per test were ~4 s each)."""
    with StaticServer(builds[0]) as served, phone_on(browser, served, FAST_LINK) as (_, game, watch):
        visit_until_snapshot(game, states.human_to_move_mid_trick())
        watch.check()
        yield game, watch


@pytest.fixture
def painting(returning_phone):
    """``returning_phone``, its watch checked for this test alone."""
    game, watch = returning_phone
    watch.errors.clear()
    watch.violations.clear()
    watch.outside.clear()
    yield game, watch
    watch.check()


def test_a_return_visit_paints_the_saved_table_at_once_not_live(painting):
    game, _ = painting
    game.open(states.human_to_move_mid_trick(), fresh=True)
    hand = game.hand_codes()
    before = game.snapshot()
    seen = hold_the_wheel(game.page, PAINTED)
    assert seen == {
        "painted": "true",
        "state": "loading",
        "hidden": False,
        "inert": True,
        "busy": "true",
        "hand": hand,
        "styled": 0,
    }
    game.wait_ready()
    assert game.page.evaluate(PAINTED) == {
        "painted": None,
        "state": "ready",
        "hidden": False,
        "inert": False,
        "busy": None,
        "hand": hand,
        "styled": 0,
    }
    assert game.snapshot() == before


def test_a_visit_with_nothing_saved_shows_the_loading_screen(painting):
    game, _ = painting
    game.open(None, fresh=True)
    game.page.evaluate("localStorage.clear()")
    seen = hold_the_wheel(game.page, PAINTED)
    assert seen["painted"] is None and seen["hidden"] is True
    game.wait_ready()


def test_a_tampered_drawing_is_painted_without_scripts_styles_or_urls(painting):
    game, watch = painting
    game.open(states.human_to_move_mid_trick(), fresh=True)
    game.page.evaluate("""() => { const drawing = JSON.parse(localStorage.getItem('hearts.drawing'));
        drawing.app = drawing.app.replace('</main>',
            '<script>window.hacked = 1</script><img src="x" onerror="window.hacked = 2">' +
            '<p id="bad" style="color: red" onclick="window.hacked = 3"><a href="javascript:1">x</a></p></main>');
        localStorage.setItem('hearts.drawing', JSON.stringify(drawing)); }""")
    seen = hold_the_wheel(
        game.page,
        """() => ({painted: document.documentElement.dataset.painted,
        script: document.querySelectorAll('#app script, #app img').length,
        bad: document.querySelector('#bad') && document.querySelector('#bad').outerHTML,
        hacked: window.hacked || null})""",
    )
    assert seen == {"painted": "true", "script": 0, "bad": '<p id="bad"><a>x</a></p>', "hacked": None}
    game.wait_ready()
    # Parsing the tampered markup already meets the policy, which refuses its inline style and
    # handlers (and says so on the console); nothing else is reported.
    assert {violation.split()[0] for violation in watch.violations} <= {"style-src-attr", "script-src-attr"}
    assert all(
        "Content Security Policy" in error and error.endswith("The action has been blocked.") for error in watch.errors
    )
    assert game.page.evaluate("window.hacked || null") is None
    watch.violations.clear()
    watch.errors.clear()


# A snapshot that passes our checks (length and digest, and kept as web/snapshot.mjs packs it: its
# length, a bitmap of its 256 pages, all of them kept) but that Pyodide cannot restore, as when a
# Pyodide upgrade changes the private format.
UNRESTORABLE = """async () => { const cache = await caches.open('hearts.snapshot');
    const [request] = await cache.keys();
    const bytes = new Uint8Array(4 + 32 + (1 << 20)).fill(7);
    new DataView(bytes.buffer).setUint32(0, 1 << 20, true);
    bytes.fill(0xff, 4, 36);
    const digest = Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)),
                              byte => byte.toString(16).padStart(2, '0')).join('');
    await cache.put(request, new Response(bytes, {headers: {'x-hearts-length': String(bytes.length),
                                                             'x-hearts-sha256': digest}})); }"""


def test_a_damaged_or_refused_snapshot_gives_a_normal_start_without_an_error(phone):
    """One phone's kept snapshot, three times over, each the one its worker made after the start
    before: cut short, then with a byte flipped (each dropped, and made anew after that normal
    start), then one that passes our checks but that Pyodide cannot restore (not made again for
    this build, or every visit would pay for a refused restore)."""
    game, watch = phone
    visit_until_snapshot(game, states.human_to_move_mid_trick())
    for how in ("truncate", "flip"):
        before = game.snapshot()
        game.page.evaluate(DAMAGE, [how])
        game.reload()
        assert game.page.evaluate(START) == "normal", how
        assert game.snapshot() == before
        assert watch.errors == []
        # Dropped; the worker makes a new one 1.5 s after ready.
        assert game.page.evaluate(SNAPSHOTS) == [], how
        game.page.wait_for_function(SNAPSHOT_DONE, timeout=BOOT_TIMEOUT)
        assert game.page.evaluate("document.documentElement.dataset.snapshot") == "stored", how
    before = game.snapshot()
    game.page.evaluate(UNRESTORABLE)
    game.reload()
    assert game.page.evaluate(START) == "normal"
    assert game.snapshot() == before
    game.page.wait_for_function(PAGE_SETTLED, timeout=BOOT_TIMEOUT)  # past the moment a snapshot would be made
    assert game.page.evaluate("document.documentElement.dataset.snapshot || null") is None
    assert game.page.evaluate(SNAPSHOTS) == []
    assert watch.errors == []
