"""The main flows, written once, on the engines players use beside Chromium (issue 57):
e2e/test_engine_firefox.py and test_engine_webkit.py each subclass :class:`Flows` with an
engine's name, and pytest runs its tests there, in order, on one page (a phone's 360×740) of a
server of the module's own. Chromium runs each flow in the suite's own tests, in more depth
(test_play: passing, a whole hand, a dimmed card, a reload; test_review; test_rules_panel;
test_hardening: refused storage; test_snapshot; test_offline; test_layout_audit), and is the
layout's reference here.

Chromium is Playwright's (tools/browser_harness.py); Firefox is Debian's ``firefox-esr`` over
WebDriver BiDi and WebKit is WebKitGTK's MiniBrowser through ``WebKitWebDriver`` under Xvfb
(tools/engines.py). The flows use only :class:`table_page.TablePage`, so what a test checks is
the same on all three. The whole suite covers each flow in depth on Chromium (test_play.py,
test_review.py…): here, that the page does the same on the other engines.

The layout check compares boxes, not pixels: the three engines draw text with their own
rasterisers, so a screenshot never matches to the pixel, but where each card, seat and button
sits must agree with Chromium's within :data:`TOLERANCE_PX` (the screenshots are kept in
e2e/artifacts/ for a look).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

import layout_audit
import pytest
import states
from contexts import VIEWPORTS
from table_page import ACTION_TIMEOUT, ARTIFACTS, TablePage

from browser_harness import BOOT_TIMEOUT, SETTLED, SITE, STORE, StaticServer, wait_answered, wait_settled
from engines import ENGINES, EngineDriver, chromium_page
from hearts.table.settings import SETTINGS_KEY
from hearts.table.storage import SAVE_KEY

PHONE = VIEWPORTS["portrait"]
START = "() => document.documentElement.dataset.start"
SNAPSHOT_DONE = "() => ['stored', 'failed'].includes(document.documentElement.dataset.snapshot)"
PHASE_IS = "phase => document.querySelector('#app').dataset.phase === phase"
GONE = "code => !document.querySelector(`.hand [data-code='${code}']`)"
PLAYABLE = "() => document.querySelector('.hand [data-code][aria-disabled=\"false\"]')?.dataset.code ?? null"
RECEIVED = "() => [...document.querySelectorAll('.hand .received')].map(e => [e.dataset.code, e.innerText])"
SELECTED_COUNT = "count => document.querySelectorAll('.hand [aria-pressed=\"true\"]').length === count"
# Every write to localStorage refused from now on, as a full or locked-down browser does; and back.
WRITES_FAIL = """() => { window.heartsSetItem = Storage.prototype.setItem;
    Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); }; }"""
WRITES_BACK = "() => { Storage.prototype.setItem = window.heartsSetItem; }"
OFFLINE_READY = """async () => navigator.serviceWorker.controller !== null
    && (await caches.keys()).some(key => key.startsWith('hearts-'))"""
#: Where what players see is laid out: each box, rounded to whole pixels. Boxes that wrap a run of
#: text alone (the status line, the prompt) are left out: their width is the font's.
BOXES = """() => Object.fromEntries(['.hand [data-code]', '.trick [data-code]', '.seat', '.nameplate', '.backs',
        '[data-action="menu"]', '.actions button'].map(selector => [selector,
    [...document.querySelectorAll(selector)].filter(e => e.getClientRects().length).map(e => {
        const box = e.getBoundingClientRect();
        return [box.left, box.top, box.width, box.height].map(Math.round); })]))"""
# 复盘's swipe, as TouchEvents dispatched on its panel: WebKitWebDriver ignores touch pointer
# actions (no touch event arrives), so every engine gets the same synthetic swipe.
SWIPE = """dx => { const panel = document.querySelector('.panel-review');
    const at = x => [new Touch({identifier: 1, target: panel, clientX: x, clientY: 300})];
    panel.dispatchEvent(new TouchEvent('touchstart', {changedTouches: at(200), bubbles: true}));
    panel.dispatchEvent(new TouchEvent('touchend', {changedTouches: at(200 + dx), bubbles: true})); }"""
# What the page relies on that engines differ in (web/snapshot.mjs, web/interpreter.mjs): Cache
# Storage and crypto.subtle (the kept snapshot), DecompressionStream (the build's), a service
# worker (offline), and a wasm memory that may grow to 2 GiB (Pyodide's heap).
FEATURES = """() => ({caches: typeof caches === 'object', subtle: typeof crypto.subtle === 'object',
    decompression: typeof DecompressionStream === 'function', serviceWorker: 'serviceWorker' in navigator,
    memory: (() => { try { return new WebAssembly.Memory({initial: 1, maximum: 32768}).buffer.byteLength > 0; }
                     catch (error) { return false; } })(),
    touch: typeof TouchEvent === 'function' && typeof Touch === 'function'})"""
#: How far a box may sit from Chromium's (px): fonts' metrics differ by a pixel or two a line.
TOLERANCE_PX = 6
#: The layout audit here: each engine draws text with its own fonts, so what may clip is text
#: where room is short: the narrowest phone and a phone on its side, in the longest language
#: (English, with and without large cards) and in Chinese; and every language and look at least
#: once. A desktop has room to spare: its panels are audited on Chromium, and here only the
#: table's boxes at one position are compared with Chromium's (``test_the_layout_matches_chromium_s``).
#: Chromium walks five viewports, every language and look at the narrowest (e2e/test_layout_audit.py).
AUDITED = (
    ("320x568", "en", "dark-four-colour-large"),
    ("320x568", "zh-Hans", "default"),
    ("360x740", "zh-Hant", "dark-four-colour-large"),
    ("740x360", "en", "default"),
)
# Motion reduced, as every Chromium page of the suite but the monkey's has it (contexts.table_context:
# prefers-reduced-motion, which WebDriver cannot emulate; web/style.css's rule): each panel and
# card in place at once, and an endless animation run once. The turn's pulse, left running, kept
# WebKitGTK drawing every frame on an idle table, 87% of a core here (Firefox 15%; 2026-12-06).
STILL = """() => { if (window.heartsStill) return;
    window.heartsStill = new CSSStyleSheet();
    window.heartsStill.replaceSync('*, *::before, *::after { animation-duration: .01ms !important;'
                                   + ' animation-iteration-count: 1 !important;'
                                   + ' transition-duration: .01ms !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, window.heartsStill]; }"""
# The audit (layout_audit.AUDIT) at a position, in one call, as a round trip to WebKitWebDriver
# costs more than the audit: ``items`` stored and opened through the test hook, the table's
# buttons ``presses`` tapped one after another (each answered), the animations ended.
AUDIT_AT = (
    "async ({items, presses, audit}) => { ("
    + STORE
    + """)(items);
    await window.heartsReopen();
    const answered = () => new Promise(resolve => {
        const check = () => window.heartsBusy() ? setTimeout(check, 10) : resolve(); check(); });
    for (const selector of presses) { document.querySelector('#app ' + selector).click(); await answered(); }
    await ("""
    + SETTLED
    + ")(); return ("
    + layout_audit.AUDIT
    + ")(audit); }"
)


class StillTablePage(TablePage):
    """:class:`TablePage` with motion reduced (:data:`STILL`) on every page it loads."""

    def open(self, *args: Any, **kwargs: Any) -> StillTablePage:
        super().open(*args, **kwargs)
        self.driver.call(STILL)
        return self

    def reload(self) -> None:
        super().reload()
        self.driver.call(STILL)


def boxes_apart(boxes: dict[str, list[list[int]]], chromium: dict[str, list[list[int]]]) -> list[str]:
    """Each box that is missing, extra or further than :data:`TOLERANCE_PX` from Chromium's."""
    apart = []
    for selector, expected in chromium.items():
        found = boxes.get(selector, [])
        if len(found) != len(expected):
            apart.append(f"{selector}: {len(found)} shown, Chromium {len(expected)}")
            continue
        for index, (box, reference) in enumerate(zip(found, expected, strict=True)):
            if max(abs(a - b) for a, b in zip(box, reference, strict=True)) > TOLERANCE_PX:
                apart.append(f"{selector}[{index}]: {box}, Chromium {reference}")
    return apart


def first_playable(table: TablePage) -> str:
    """The first card you may play, once the hand offers one (a moment after your turn comes, on
    a loaded machine)."""
    table.driver.wait_until(PLAYABLE, timeout_ms=ACTION_TIMEOUT)
    code: str = table.driver.call(PLAYABLE)
    return code


def play_a_card(table: TablePage, code: str) -> None:
    """Tap a card to select it, and again to play it; it leaves the hand."""
    table.tap(code)
    assert table.selected() == [code]
    table.tap(code)
    table.driver.wait_until(GONE, code, timeout_ms=ACTION_TIMEOUT)


class Flows:
    """The flows, in the order they run on the engine's one page: a first visit, play, the
    panels, failing storage, return visits and reloads, the layout, and last the offline reload
    (its server is stopped)."""

    engine: ClassVar[str]
    #: Why touch events cannot be sent on this engine here, if they cannot.
    no_touch: ClassVar[str | None] = None
    #: How a first visit over this server's (fast) link starts (web/snapshot.mjs: Firefox never
    #: fetches the build's snapshot, WebKit once its link probe has timed the first MiB).
    first_start: ClassVar[str]

    @pytest.fixture(scope="class")
    @classmethod
    def server(cls) -> Iterator[StaticServer]:
        with StaticServer(SITE) as served:
            yield served

    @pytest.fixture(scope="class")
    @classmethod
    def driver(cls) -> Iterator[EngineDriver]:
        with ENGINES[cls.engine](PHONE) as driver:
            yield driver

    @pytest.fixture
    def table(self, driver: EngineDriver, server: StaticServer) -> Iterator[TablePage]:
        driver.errors()
        yield StillTablePage(driver, server.url)
        assert driver.errors() == [], f"console errors on {self.engine}"

    def test_a_first_visit_starts_and_is_ready(self, table: TablePage) -> None:
        table.open(settings=states.settings())
        assert table.driver.call(START) == self.first_start
        assert len(table.hand_codes()) == 13
        assert table.data("phase") == "pass"
        assert table.driver.call(FEATURES) == dict.fromkeys(
            ("caches", "subtle", "decompression", "serviceWorker", "memory", "touch"), True
        )

    def test_the_pass_and_a_hand_s_last_tricks_by_clicks(self, table: TablePage) -> None:
        """The pass (the cards received marked); then, from the last three tricks of a hand, the
        tricks, the end of the hand and the next. (Chromium plays whole hands, test_play.py;
        WebKit here took 20 s of the suite for the thirteen tricks, through WebDriver.)"""
        table.open(states.fresh(seed=11), states.settings())
        codes = table.hand_codes()
        for code in codes[:3]:
            table.tap(code)
        assert table.selected() == codes[:3]
        table.press("传给左家")
        # The pass is worked out after the press is answered (web/main.py's paint_first): until
        # it is, the hand is still the pass's, every card tappable.
        table.driver.wait_until(PHASE_IS, "play", timeout_ms=ACTION_TIMEOUT)
        received = table.driver.call(RECEIVED)
        assert len(received) == 3 and all("收到" in text for _, text in received)
        assert not set(codes[:3]) & set(table.hand_codes())
        table.open(states.last_trick_of_first_hand(seed=11, tricks_left=3), states.settings())
        for _ in range(3):
            table.wait_for_you_or_panel()
            play_a_card(table, first_playable(table))
        table.wait_for_you_or_panel()
        assert table.data("phase") == "hand_over"
        assert "第 1 手结束" in table.text("#app .panel")
        table.press("下一手")
        assert table.data("hand-number") == "2"

    def test_hints_in_both_phases(self, table: TablePage) -> None:
        """「提示」 for the pass, passed by; then for a play, which the page searched ahead in
        your turn once you had asked for a hint (hearts.table.hint_ahead)."""
        table.open(states.fresh(seed=21), states.settings())
        table.press("提示")
        table.driver.wait_until(SELECTED_COUNT, 3, timeout_ms=ACTION_TIMEOUT)
        hinted = table.selected()
        table.press("传给左家")
        table.driver.wait_until(PHASE_IS, "play", timeout_ms=ACTION_TIMEOUT)
        assert not set(hinted) & set(table.hand_codes())
        table.wait_for_you_or_panel()
        table.press("提示")
        table.driver.wait_until(SELECTED_COUNT, 1, timeout_ms=ACTION_TIMEOUT)
        assert table.selected()[0] in table.playable() and table.message().strip() != ""

    def test_a_dimmed_card_says_why(self, table: TablePage) -> None:
        save, card, message = states.illegal_positions()["must_follow"]
        table.open(save, states.settings())
        assert card in table.hand_codes() and card not in table.playable()
        table.tap(card, force=True)
        assert table.message() == message
        assert table.selected() == []

    def test_the_review_opens_and_steps(self, table: TablePage) -> None:
        table.open(states.hand_over(), states.settings())
        table.press("复盘", within=".panel-hand")
        assert "第 1/15 步" in table.text(".panel-review .review-position")
        table.press("下一步", within=".panel-review")
        assert "传牌" in table.text(".panel-review .review-position")
        table.press("关闭", within=".panel-review")

    def test_the_review_steps_by_a_swipe(self, table: TablePage) -> None:
        if self.no_touch:
            pytest.skip(self.no_touch)
        table.open(states.hand_over(), states.settings())
        table.press("复盘", within=".panel-hand")
        table.driver.call(SWIPE, -120)
        wait_answered(table.driver, ACTION_TIMEOUT)
        assert "传牌" in table.text(".panel-review .review-position")
        table.press("关闭", within=".panel-review")

    def test_how_to_play_opens(self, table: TablePage) -> None:
        table.open(states.human_to_move_mid_trick(), states.settings())
        table.press("菜单")
        table.press("玩法")
        assert "规则" in table.text(".panel-rules h3")
        table.press("关闭", within=".panel-rules")

    def test_storage_that_refuses_writes_says_so_and_play_goes_on(self, table: TablePage) -> None:
        table.open(states.human_to_move_mid_trick(), states.settings())
        table.driver.call(WRITES_FAIL)
        try:
            play_a_card(table, first_playable(table))
            assert table.text(".notice") == "浏览器存储不可用或已满，进度不会保存"
            table.wait_for_you_or_panel()
            assert len(table.hand_codes()) < 13 - 2
        finally:
            table.driver.call(WRITES_BACK)

    def test_a_reload_mid_hand_starts_from_the_snapshot_with_the_same_cards(self, table: TablePage) -> None:
        table.open(states.human_to_move_mid_trick(seed=9), states.settings())
        wait_settled(table.driver)
        table.driver.wait_until(SNAPSHOT_DONE, timeout_ms=BOOT_TIMEOUT)
        # Made by a worker handed the wasm module PyScript's worker compiled (web/handover.mjs).
        assert table.driver.call("() => document.documentElement.dataset.snapshotWasm") == "handed"
        before = table.snapshot()
        table.reload()
        assert table.driver.call(START) == "snapshot"
        # Pyodide's wasm compiled meanwhile by the page (web/prefetch.mjs): in a module worker, on Firefox itself.
        assert table.driver.call("() => document.documentElement.dataset.wasm") == "compiled-ahead"
        assert table.snapshot() == before
        play_a_card(table, first_playable(table))

    def test_the_layout_matches_chromium_s(self, table: TablePage, request: pytest.FixtureRequest) -> None:
        save, settings = states.human_to_move_mid_trick(), states.settings()
        ARTIFACTS.mkdir(exist_ok=True)
        with chromium_page(request.getfixturevalue("browser"), PHONE) as chromium:
            # Still as the engine's page is: the turn's pulse would hold SETTLED for its 3 s.
            reference = self.boxes_at_every_size(StillTablePage(chromium, table.base_url), save, settings)
        seen = self.boxes_at_every_size(table, save, settings)
        table.driver.set_viewport(*PHONE)
        apart = {shape: boxes_apart(seen[shape], boxes) for shape, boxes in reference.items()}
        assert {shape: found for shape, found in apart.items() if found} == {}

    def boxes_at_every_size(self, table: TablePage, save: str, settings: str) -> dict[str, Any]:
        """The boxes at each viewport (a screenshot of each kept), at ``save``."""
        table.open(save, settings)
        seen = {}
        for shape, size in VIEWPORTS.items():
            table.driver.set_viewport(*size)
            wait_answered(table.driver, ACTION_TIMEOUT)
            table.driver.call(SETTLED)
            seen[shape] = table.driver.call(BOXES)
            table.driver.screenshot(ARTIFACTS / f"engine-{table.driver.name}-{shape}.png")
        return seen

    def test_the_layout_audit_finds_nothing(self, table: TablePage) -> None:
        """The audit's states (but those where the bots move on at once: their timers can be held
        only in Chromium's worker, through its DevTools) at the sizes, languages and looks of
        :data:`AUDITED`."""
        saves, problems = layout_audit.make_saves(), []
        table.open(saves["pass"], states.settings())  # the page up with its test hook, at ?pace=0
        try:
            for viewport, language, look in AUDITED:
                table.driver.set_viewport(*layout_audit.VIEWPORTS[viewport])
                for name, state in layout_audit.STATES.items():
                    if state.bots_to_play:
                        continue
                    chosen = layout_audit.settings(language, layout_audit.LOOKS[look], state.tips_seen)
                    found = self.audit(table, saves[name], chosen, state)
                    problems += [f"{viewport} {language} {look} · {name} · {problem}" for problem in found]
        finally:
            table.driver.set_viewport(*PHONE)
        assert not problems, f"{len(problems)} layout problems on {self.engine}:\n" + "\n".join(problems)

    @staticmethod
    def audit(table: TablePage, save: str, chosen: str, state: layout_audit.State) -> list[str]:
        """What the audit finds at ``save`` opened with the settings ``chosen``, ``state``'s buttons pressed."""
        items = {SAVE_KEY: save, SETTINGS_KEY: chosen}
        found: list[str] = table.driver.call(
            AUDIT_AT, {"items": items, "presses": list(state.presses), "audit": state.audit_argument()}
        )
        return found

    def test_an_offline_reload_plays_on(self, table: TablePage, server: StaticServer) -> None:
        table.open(states.human_to_move_mid_trick(seed=13), states.settings())
        table.driver.wait_until(OFFLINE_READY, timeout_ms=BOOT_TIMEOUT)
        before = table.snapshot()
        server.close()  # the site unreachable, as on a plane: the service worker answers
        table.reload()
        assert table.snapshot() == before
        play_a_card(table, first_playable(table))
