"""The page's event loop: taps, keys and storage events go to :meth:`hearts.table.Table.act`,
the timers :meth:`Table.next_wait` asks for run, the AI runs a slice per browser task, and the
game is saved after every change. Drawing is web/dom.py's, the browser's services web/browser.py's.
web/start.py, the script PyScript runs, imports this module, and importing it starts the page.

Nothing here decides a rule or a message: it asks the table and does what it replies.
"""

import contextlib
import datetime
import json
import os
import traceback
from typing import Any, Generator, Iterator
from urllib.parse import parse_qs

from pyscript import document, window
from pyscript.ffi import create_proxy

from browser import LocalStorage, Sound, absent, download
from dom import Screen, remember_drawing
from hearts.pace import delay_scale
from hearts.storage import another_tab_wrote, claim_game
from hearts.table import Reply, load_ai, open_table, pause_before_end

REDRAW_MEASURE = "hearts:redraw"
#: A bot's turn from the end of its pause to its card drawn (tools/bench_longtasks.py reports it).
BOT_MEASURE = "hearts:bot"
#: A tap that starts a computation (「提示」, a pass at 困难) to its answer drawn: "hearts:hint", "hearts:pass".
TAP_MEASURE = "hearts:{action}"
#: What a tapped element's data-* attributes may tell Table.act (a card, a level, a setting...).
TAP_DATA = frozenset({"code", "level", "name", "value", "section", "hand", "step"})
#: 复盘's background judging waits this long after the page opens (ms): the table and the bots
#: come first.
REVIEW_START_MS = 1000


class Page:
    """Owns the table, the DOM regions and the timers of one browser tab."""

    def __init__(self) -> None:
        self.storage = LocalStorage()
        self.table = open_table(self.storage)
        if self.table.load_problem:
            window.console.warn(f"saved game not loaded: {self.table.load_problem}")
        self.timer: Any = None  # the pending setTimeout's id
        self.timer_due = 0.0  # performance.now() at which the pending timer fires
        self.timer_for = ""  # what it is for: "collect" (the trick shown) or "bot" (a bot's turn)
        self.sound = Sound()
        self.screen = Screen(document.getElementById("app"))
        self.root = self.screen.root
        self.proxies = [
            (self.root, "click", create_proxy(self.on_click)),
            (self.root, "submit", create_proxy(self.on_submit)),
            (window, "storage", create_proxy(self.on_storage)),
            (document, "fullscreenchange", create_proxy(lambda event: self.render())),
            (document, "keydown", create_proxy(self.on_key)),
            (window, "pagehide", create_proxy(self.on_drawing)),
            (self.root, "change", create_proxy(self.on_file_chosen)),
        ]
        for target, name, proxy in self.proxies:
            target.addEventListener(name, proxy)
        # Swipes on 复盘's viewer, told apart in JavaScript (web/patch.js): a phone's every tap
        # would otherwise run two Python handlers (touchstart, touchend) before its click.
        self.stop_swipes = window.heartsOnSwipe(self.root, create_proxy(self.on_swipe))
        self.tick_proxy = create_proxy(self.on_timer)
        self.thinking: Generator[None, None, Any] | None = None
        self.thinking_from: tuple[int, int, int, bool] | None = None
        self.slice_timer: Any = None
        self.slice_proxy = create_proxy(self.on_slice)
        self.cancel_first_slice: Any = None  # what web/patch.js's heartsAfterPaint returned
        # The next bot's search, run ahead a slice per task while the page waits (think_ahead_later).
        self.ahead_timer: Any = None
        self.ahead_proxy = create_proxy(self.on_ahead_slice)
        #: The measure a sliced computation ends (BOT_MEASURE, or TAP_MEASURE's for a tap) and
        #: performance.now() at its start: a bot's pause ended, or the tap.
        self.measuring: tuple[str, float] | None = None
        self.drawing_due = False
        self.drawing_proxy = create_proxy(self.on_drawing)
        self.pace = delay_scale(str(window.location.search))
        # 复盘 (issue 21): the background judging of your decisions, a slice per browser task,
        # the file 「导入牌局」 reads, and where a swipe on the viewer began.
        self.reviewing: Generator[None, None, bool] | None = None
        self.review_timer: Any = None
        self.review_proxy = create_proxy(self.on_review_slice)
        self.review_drawn_proxy = create_proxy(self.on_review_drawn)
        self.file_text_proxy = create_proxy(self.on_file_text)

    def start(self) -> None:
        # Claiming the game tells another tab showing it that it moved here. The tab id comes
        # from os.urandom, not `secrets`, whose import costs tens of ms of start-up in Pyodide.
        claim_game(self.storage, os.urandom(8).hex())
        self.table.update_tips()
        self.save()
        self.render()
        self.table.take_cues()  # what was due before this visit is not news: no chime on the first tap
        self.schedule()
        self.remember_drawing()
        self.review_later(REVIEW_START_MS)

    def remember_drawing(self, *args: Any) -> None:
        """Keep the table as drawn for web/boot.js (see remember_drawing), and no longer owe it."""
        self.drawing_due = False
        remember_drawing(self.root, self.screen.language)

    def remember_drawing_later(self) -> None:
        """remember_drawing once the browser has painted this redraw: serialising the whole table
        and writing it to localStorage is work a tap need not wait for. Redraws before then share
        one write; a tab that goes away first writes it on pagehide."""
        if not self.drawing_due:
            self.drawing_due = True
            window.heartsAfterPaint(self.drawing_proxy)  # no Python runs in the tap's frame

    def on_drawing(self, *args: Any) -> None:
        with reporting():
            if self.drawing_due:
                self.remember_drawing()

    def close(self) -> None:
        """Stop this page's timers, AI and listeners, so another Page can take the table over
        (the ``?test=1`` hook in main)."""
        self.cancel_timer()
        self.stop_thinking()
        self.stop_reviewing()
        self.drawing_due = False
        for target, name, proxy in self.proxies:
            target.removeEventListener(name, proxy)
        self.stop_swipes()

    # ----- events ------------------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        with reporting():
            self.sound.wake(self.table.settings.sound)
            if self.table.menu_open and absent(event.target.closest(".menu, .menu-button")):
                self.act("dismiss-menu", None)  # a tap outside the open menu closes it
                return
            target = event.target.closest("[data-action]")
            if absent(target) or target.getAttribute("aria-disabled") == "true" and \
                    target.dataset.action != "card":
                return
            self.act(str(target.dataset.action), target)

    def on_key(self, event: Any) -> None:
        with reporting():
            typing = not absent(event.target) and str(event.target.tagName) in ("INPUT", "TEXTAREA", "SELECT")
            if event.ctrlKey or event.altKey or event.metaKey or absent(event.target) or \
                    typing and event.key != "Escape":
                return
            self.sound.wake(self.table.settings.sound)
            focused = event.target
            on_card = not absent(focused.closest(".hand [data-code]"))
            on_button = not absent(focused.closest("button"))
            command = self.table.key_command(str(event.key), on_card=on_card, on_button=on_button)
            if command is None:
                return
            event.preventDefault()
            self.act(command, focused)

    def move_card_focus(self, command: str, focused: Any) -> None:
        """←/→ move the focus along your hand; from elsewhere, to the selected or first playable card."""
        cards = list(self.screen.regions["hand"].querySelectorAll("[data-code]"))
        if not cards:
            return
        if command == "first-card":
            chosen = [card for card in cards if card.getAttribute("aria-pressed") == "true"] or \
                [card for card in cards if card.getAttribute("aria-disabled") == "false"] or cards
            chosen[0].focus()
            return
        codes = [str(card.dataset.code) for card in cards]
        index = codes.index(str(focused.dataset.code))
        step = -1 if command == "previous-card" else 1
        cards[max(0, min(len(cards) - 1, index + step))].focus()

    def on_submit(self, event: Any) -> None:
        """The 「牌局编号」 form: Enter in the field or its 「开始」 button."""
        with reporting():
            event.preventDefault()
            field = event.target.querySelector("input")
            if not absent(field):
                self.follow(self.table.act("submit-deal", typed=str(field.value)))

    def act(self, action: str, target: Any) -> None:
        """Hand a tap or a key to Table.act with what the element says, then do what it replies."""
        data: dict[str, Any] = {"storage": self.storage}
        if target is not None:  # its data-* attributes, read in one call across the bridge
            data.update((name, value) for name, value in json.loads(window.heartsDataOf(target)).items()
                        if name in TAP_DATA)
        if action == "export":
            data["stamp"] = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        started = window.performance.now()
        reply = self.table.act(action, **data)
        if reply.steps is not None and self.thinking is None:
            self.measuring = (TAP_MEASURE.format(action=action), started)
        self.follow(reply, target)

    def follow(self, reply: Reply, focused: Any = None) -> None:
        """Do what the table replied: the browser's part, then run, save or redraw."""
        browser = reply.browser
        if browser == "reload":
            window.location.reload()
            return
        if browser == "fullscreen":
            self.toggle_fullscreen()
        elif browser == "download" and reply.file is not None:
            download(*reply.file)
        elif browser == "choose-file":
            self.root.querySelector("[data-region='import-file']").click()
        elif browser in ("previous-card", "next-card", "first-card"):
            self.move_card_focus(browser, focused)
        self.sound.wake(self.table.settings.sound)
        if reply.steps is not None:
            self.think(reply.steps, paint_first=reply.paint_first)
        elif reply.save:
            self.changed()
        elif reply.draw:
            self.render()
            self.schedule()
        if browser == "focus-menu":
            # Keyboard users land in the menu they opened, not behind it.
            self.screen.regions["menu"].querySelector("button").focus()
        elif browser == "focus-menu-button":
            self.root.querySelector(".menu-button").focus()
        elif browser == "focus-rules-section":
            # A jump in 「玩法」 takes the keyboard and the screen reader to the section's heading.
            self.screen.regions["panel"].querySelector(".rules-section h3").focus()

    def on_storage(self, event: Any) -> None:
        with reporting():
            key = event.key
            if another_tab_wrote(key if isinstance(key, str) else None):
                self.cancel_timer()
                self.stop_thinking()
                self.stop_reviewing()
                self.table.other_tab_saved()
                self.render()

    def toggle_fullscreen(self) -> None:
        if not absent(document.fullscreenElement):
            document.exitFullscreen()
        elif document.fullscreenEnabled:
            document.documentElement.requestFullscreen()

    def changed(self) -> None:
        """After any action: save, redraw, sound the cues, and let the bots go on if it is their turn."""
        if self.thinking is not None and self.thinking_from not in (None, self.table.position()):
            self.stop_thinking()  # the game moved on: what the AI is working out no longer applies
        self.table.update_tips()
        self.save()
        self.render()
        for cue in self.table.take_cues():
            self.sound.play(cue)
        self.schedule()
        self.review_later()

    def save(self) -> None:
        """The game first, then the statistics: see Table.record_stats for why this order."""
        if self.table.save(self.storage):
            self.table.record_stats(self.storage, datetime.date.today().isoformat())

    # ----- bots and animation pacing -----------------------------------------------------------

    def schedule(self) -> None:
        """Start the timer the table asks for next (Table.next_wait), if any."""
        if self.thinking is not None:
            self.cancel_timer()
            return  # the AI at work calls changed(), and so this, when it is done
        wait = self.table.next_wait()
        if wait is None:
            self.cancel_timer()
        else:
            self.later(wait.ms, wait.purpose)
        # A play searched ahead in this pause may take about as long (Table.pause_seconds).
        self.table.pause_seconds = 0.0 if wait is None else wait.ms * self.pace / 1000
        self.think_ahead_later()

    def later(self, delay: int, purpose: str) -> None:
        """Call on_timer after ``delay`` ms, scaled by ``?pace=`` (hearts.pace; for tests), unless
        a timer for the same purpose is due sooner already: taps while the bots play or a trick
        is shown (selecting a card ahead, opening the menu) must not put the game off, as
        restarting the wait did."""
        due = window.performance.now() + delay * self.pace
        if self.timer is not None and self.timer_for == purpose and self.timer_due <= due:
            return
        self.cancel_timer()
        self.timer_due, self.timer_for = due, purpose
        self.timer = window.setTimeout(self.tick_proxy, delay * self.pace)

    def cancel_timer(self) -> None:
        if self.timer is not None:
            window.clearTimeout(self.timer)
            self.timer = None
        if self.ahead_timer is not None:
            window.clearTimeout(self.ahead_timer)
            self.ahead_timer = None

    def think_ahead_later(self) -> None:
        """The bots search ahead in the idle time, a slice per task (Table.think_ahead): while
        the page waits out a pause (a bot's, a trick shown) the bot to play next, whose view is
        complete once the card before its turn is down; while you choose your pass, the bots'
        passes. At their turn they have less left to do and play the same cards sooner. In
        play your turn has nothing to search ahead, so your card taps never wait behind these;
        a pass-phase tap waits at most for one short slice (Table.PASS_AHEAD_SLICE)."""
        if self.ahead_timer is None:
            self.ahead_timer = window.setTimeout(self.ahead_proxy, 0)

    def on_ahead_slice(self, *args: Any) -> None:
        with reporting():
            self.ahead_timer = None
            if self.thinking is None and self.table.think_ahead():
                self.think_ahead_later()

    def on_timer(self, *args: Any) -> None:
        with reporting():
            self.timer = None
            self.measuring = (BOT_MEASURE, window.performance.now()) if self.timer_for == "bot" else None
            self.follow(self.table.wait_over())
            if self.thinking is None:  # no bot searched (the table had moved on): nothing to measure
                self.measuring = None

    # ----- the AI, a slice per browser task ----------------------------------------------------

    def think(self, steps: Any, *, paint_first: bool = False) -> None:
        """Run ``steps`` (a table action in slices: hearts.ai.steps) to its end, then save and
        redraw. Each slice runs in a task of its own (a zero-delay timer), so the browser
        paints and takes taps between slices while Hard or a hint searches, and the redraw
        that shows a sliced result gets a task of its own (pause_before_end), so no task does
        a slice of search and a redraw. The first slice runs at once, so a quick decision (Easy,
        Normal) is done within the tap; with ``paint_first`` (the hint and the pass) it runs
        once the browser has painted, so the tap is answered by the next frame, not after a
        slice. One computation at a time: a tap asking for another meanwhile is ignored,
        and one that moves the game on (you play while a hint is worked out) stops it."""
        if self.thinking is not None:
            return
        self.thinking = pause_before_end(steps)
        if paint_first:
            self.cancel_first_slice = window.heartsAfterPaint(self.slice_proxy)
        else:
            self.on_slice()

    def on_slice(self, *args: Any) -> None:
        with reporting():
            self.slice_timer = self.cancel_first_slice = None
            if self.thinking is None:
                return
            try:
                next(self.thinking)
            except StopIteration:
                self.thinking = self.thinking_from = None
                self.changed()
                if self.measuring is not None:
                    measure(*self.measuring)
                    self.measuring = None
                return
            if self.thinking_from is None:
                # Where the game stood once the first slice had started the work (a hint first
                # takes a finished trick off the table).
                self.thinking_from = self.table.position()
            self.slice_timer = window.setTimeout(self.slice_proxy, 0)

    def stop_thinking(self) -> None:
        if self.cancel_first_slice is not None:
            self.cancel_first_slice()
            self.cancel_first_slice = None
        if self.slice_timer is not None:
            window.clearTimeout(self.slice_timer)
            self.slice_timer = None
        if self.thinking is not None:
            self.thinking.close()
            self.thinking = self.thinking_from = None
        self.measuring = None

    # ----- 复盘: judging your decisions in the background, 「导入牌局」, swipes -------------------

    def review_later(self, delay: int = 0) -> None:
        """Go on judging your decisions (Table.review_job) in a task of its own, unless it is
        under way: each slice is about 30 ms of search, so taps are answered between two."""
        if self.review_timer is None and not self.table.superseded:
            self.review_timer = window.setTimeout(self.review_proxy, delay)

    def on_review_slice(self, *args: Any) -> None:
        with reporting():
            self.review_timer = None
            if self.thinking is not None or self.ahead_timer is not None:  # the bots and the hint go first
                self.review_later()
                return
            if self.reviewing is None:
                self.reviewing = self.table.review_job()
                if self.reviewing is not None:
                    self.review_later()  # its first slice in a task of its own
                return  # (or all are judged: changed() looks again after the next change)
            try:
                next(self.reviewing)
            except StopIteration as done:
                self.reviewing = None
                if done.value:
                    self.save()  # a reload keeps the verdict
                    if self.table.overlay == "review":  # shown in a task of its own, as a bot's card is
                        window.setTimeout(self.review_drawn_proxy, 0)
            self.review_later()

    def on_review_drawn(self, *args: Any) -> None:
        with reporting():
            self.render()

    def stop_reviewing(self) -> None:
        if self.review_timer is not None:
            window.clearTimeout(self.review_timer)
            self.review_timer = None
        if self.reviewing is not None:
            self.reviewing.close()
            self.reviewing = None

    def on_file_chosen(self, event: Any) -> None:
        """The file 「导入牌局」 asked for: its text goes to the table once the browser has read it."""
        with reporting():
            chosen = event.target
            if str(chosen.getAttribute("data-region")) != "import-file" or not chosen.files.length:
                return
            file = chosen.files.item(0)
            chosen.value = ""  # the same file can be chosen again
            file.text().then(self.file_text_proxy)

    def on_file_text(self, text: Any) -> None:
        with reporting():
            self.follow(self.table.act("import-record", text=str(text)))

    def on_swipe(self, across: float, down: float) -> None:
        """A swipe that began on 复盘's viewer (web/patch.js measures it) steps it (Table.swipe_command decides)."""
        with reporting():
            command = self.table.swipe_command(across, down)
            if command is not None:
                self.act(command, None)

    # ----- drawing -----------------------------------------------------------------------------

    def render(self) -> None:
        started = window.performance.now()
        # What the browser says about fullscreen, for the menu the table lays out.
        self.table.can_fullscreen = bool(document.fullscreenEnabled)
        self.table.in_fullscreen = not absent(document.fullscreenElement)
        self.screen.draw(self.table.state())
        measure(REDRAW_MEASURE, started)
        self.remember_drawing_later()


def measure(name: str, started: float) -> None:
    """A User Timing measure from ``started`` to now, which tools/bench_longtasks.py observes;
    cleared at once, so a long game keeps none in the page's buffer."""
    window.heartsMeasure(name, started)

@contextlib.contextmanager
def reporting() -> Iterator[None]:
    """Turn any Python error in a handler into the page's readable error screen."""
    try:
        yield
    except Exception:
        show_error(traceback.format_exc())


def show_error(detail: str) -> None:
    window.console.warn(detail)
    window.heartsShowError(detail)


def reopen(pages: list["Page"]) -> None:
    """Open the game localStorage holds now, as a reload does but without starting Python
    again: with ``?test=1`` the e2e tests set up each position this way (e2e/conftest.py)."""
    with reporting():
        pages[0].close()
        pages[0] = Page()
        pages[0].start()


def main() -> None:
    with reporting():
        window.heartsProgress(95, "")
        pages = [Page()]
        window.heartsPage = create_proxy(lambda: pages[0].table.save_document())
        if parse_qs(str(window.location.search).removeprefix("?")).get("test") == ["1"]:
            window.heartsReopen = create_proxy(lambda: reopen(pages))
        pages[0].start()
        document.getElementById("loading").hidden = True
        pages[0].root.hidden = False
        document.documentElement.dataset.state = "ready"
        window.setTimeout(create_proxy(lambda: load_ai()), 0)  # the bots load after the table shows


main()
