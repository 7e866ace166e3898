"""The page's event loop: taps, keys and storage events go to :meth:`hearts.table.Table.act`,
the timers :meth:`Table.next_wait` asks for run, the AI runs a slice per browser task, and the
game is saved after every change. web/start.py, the script PyScript runs, imports this module,
and importing it starts the page.

The DOM is web/page.js's: it sends the page's events here as messages (:meth:`Page.receive`),
and each handler here answers with commands for it, sent in one call when the handler ends
(:class:`browser.Outbox`) — the redraw that web/dom.py works out, the focus, a sound, a file.
Nothing here reads the DOM, and nothing here decides a rule or a message: it asks the table
and does what it replies.
"""

import contextlib
import datetime
import json
import os
import traceback
from typing import Any, Callable, Generator, Iterator

import js
from pyscript.ffi import create_proxy

from browser import Outbox, StorageCopy, after_paint, listen
from dom import Screen
from hearts.keys import KEYS
from hearts.pace import delay_scale
from hearts.sounds import notes
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
#: The focus a reply's ``browser`` asks for once the table is redrawn (web/page.js's ``focusing``).
FOCUS_AFTER = {"focus-menu": "menu", "focus-menu-button": "menu-button", "focus-rules-section": "rules-section"}


class Page:
    """Owns the table, the timers and the AI of one browser tab, and answers web/page.js."""

    def __init__(self, outbox: Outbox, storage: StorageCopy, search: str, fullscreen: list[bool],
                 origin: float) -> None:
        """``search``: the page's query (?pace=: hearts.pace); ``fullscreen``: whether the browser
        offers it and is in it; ``origin``: the page's performance.timeOrigin."""
        self.outbox = outbox
        self.storage = storage
        self.table = open_table(self.storage)
        if self.table.load_problem:
            js.console.warn(f"saved game not loaded: {self.table.load_problem}")
        #: What turns this thread's performance.now() into the page's (a worker's starts later).
        self.clock_offset = js.performance.timeOrigin - origin
        self.pace = delay_scale(search)
        self.table.can_fullscreen, self.table.in_fullscreen = fullscreen
        self.timer: Any = None  # the pending setTimeout's id
        self.timer_due = 0.0  # performance.now() at which the pending timer fires
        self.timer_for = ""  # what it is for: "collect" (the trick shown) or "bot" (a bot's turn)
        self.screen = Screen(self.outbox)
        self.tick_proxy = create_proxy(self.on_timer)
        self.thinking: Generator[None, None, Any] | None = None
        self.thinking_from: tuple[int, int, int, bool] | None = None
        self.slice_timer: Any = None
        self.slice_proxy = create_proxy(self.on_slice)
        self.cancel_first_slice: Any = None  # what browser.after_paint returned
        # The next bot's search, run ahead a slice per task while the page waits (think_ahead_later).
        self.ahead_timer: Any = None
        self.ahead_proxy = create_proxy(self.on_ahead_slice)
        #: The measure a sliced computation ends (BOT_MEASURE, or TAP_MEASURE's for a tap) and
        #: performance.now() at its start: a bot's pause ended, or the tap.
        self.measuring: tuple[str, float] | None = None
        #: What web/page.js was last told: the keys' commands, whether sound is on (publish).
        self.told: dict[str, Any] = {}
        # 复盘 (issue 21): the background judging of your decisions, a slice per browser task.
        self.reviewing: Generator[None, None, bool] | None = None
        self.review_timer: Any = None
        self.review_proxy = create_proxy(self.on_review_slice)
        self.review_drawn_proxy = create_proxy(self.on_review_drawn)

    def start(self) -> None:
        # Claiming the game tells another tab showing it that it moved here. The tab id comes
        # from os.urandom, not `secrets`, whose import costs tens of ms of start-up in Pyodide.
        claim_game(self.storage, os.urandom(8).hex())
        self.table.update_tips()
        self.save()
        self.render()
        self.table.take_cues()  # what was due before this visit is not news: no chime on the first tap
        self.schedule()
        self.outbox.send("remember-drawing")
        self.outbox.send("ready")
        self.review_later(REVIEW_START_MS)

    def close(self) -> None:
        """Stop this page's timers and AI, so another Page can take the table over (the
        ``?test=1`` hook's reopen); web/page.js then talks to that one."""
        self.cancel_timer()
        self.stop_thinking()
        self.stop_reviewing()

    def now(self) -> float:
        """The page's performance.now(), which its measures and taps are timed by."""
        return float(js.performance.now()) + self.clock_offset

    # ----- web/page.js's messages --------------------------------------------------------------

    def receive(self, kind: str, fields: dict[str, Any]) -> None:
        """One of web/page.js's messages: its ``kind`` names the handler."""
        with self.turn():
            self.handlers[kind](self, **fields)

    @contextlib.contextmanager
    def turn(self) -> Iterator[None]:
        """One handler's work: its commands go to web/page.js in one call when it ends; any
        Python error becomes the page's readable error screen."""
        with reporting(self.outbox):
            yield
            self.outbox.flush()

    def publish(self) -> None:
        """Tell web/page.js what it decides without asking Python: what each key asks for now
        (so a key the table answers has its default prevented in the key's own event), and
        whether sound is on (a gesture then starts Web Audio). Sent only when it changed; worked
        out with each redraw, as whatever changes them is drawn (not on every slice of search)."""
        told = {"keys": {key: [self.table.key_command(key, on_card=on_card, on_button=on_button)
                               for on_card in (False, True) for on_button in (False, True)] for key in KEYS},
                "sound-wanted": self.table.settings.sound}
        for name, value in told.items():
            if self.told.get(name) != value:
                self.outbox.send(name, value)
                self.told[name] = value

    def on_fullscreen(self, fullscreen: list[bool]) -> None:
        """Whether the browser offers fullscreen and is in it, for the menu the table lays out."""
        self.table.can_fullscreen, self.table.in_fullscreen = fullscreen
        self.render()

    def act(self, action: str, data: dict[str, str], at: float) -> None:
        """Hand a tap or a key (what web/page.js found it asks for) to Table.act with what the
        element says (its data-* attributes), then do what it replies; ``at``: performance.now()
        at the event."""
        told: dict[str, Any] = {name: value for name, value in data.items() if name in TAP_DATA}
        told["storage"] = self.storage
        if action == "export":
            told["stamp"] = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        reply = self.table.act(action, **told)
        if reply.steps is not None and self.thinking is None:
            self.measuring = (TAP_MEASURE.format(action=action), at)
        self.follow(reply)

    def on_submit(self, typed: str) -> None:
        """The 「牌局编号」 form: Enter in the field or its 「开始」 button."""
        self.follow(self.table.act("submit-deal", typed=typed))

    def follow(self, reply: Reply) -> None:
        """Do what the table replied: the browser's part, then run, save or redraw."""
        browser = reply.browser
        if browser == "reload":
            self.outbox.send("reload")
            return
        if browser in ("fullscreen", "choose-file"):
            self.outbox.send(browser)
        elif browser == "download" and reply.file is not None:
            self.outbox.send("download", *reply.file)
        elif browser in ("previous-card", "next-card", "first-card"):
            self.outbox.send("focus", browser)
        if reply.steps is not None:
            self.think(reply.steps, paint_first=reply.paint_first)
        elif reply.save:
            self.changed()
        elif reply.draw:
            self.render()
            self.schedule()
        if browser in FOCUS_AFTER:
            self.outbox.send("focus", FOCUS_AFTER[browser])

    def on_storage(self, key: str | None, value: str | None) -> None:
        """Another tab wrote ``key`` (None: cleared the storage) with ``value`` (None: removed)."""
        self.storage.heard(key, value)
        if another_tab_wrote(key):
            self.cancel_timer()
            self.stop_thinking()
            self.stop_reviewing()
            self.table.other_tab_saved()
            self.render()

    def on_storage_refused(self, problem: str) -> None:
        """The browser refused a write (full, locked down): say progress is not saved."""
        self.storage.refused(problem)
        self.table.saving_failed = True
        self.render()

    def on_storage_accepted(self) -> None:
        """A write went through again: save what the refused ones missed."""
        self.storage.accepted()
        self.save()
        self.render()

    def on_file(self, text: str) -> None:
        """The text of the file 「导入牌局」 asked for."""
        self.follow(self.table.act("import-record", text=text))

    def on_swipe(self, across: float, down: float) -> None:
        """A swipe that began on 复盘's viewer (web/patch.js measures it) steps it (Table.swipe_command decides)."""
        command = self.table.swipe_command(across, down)
        if command is not None:
            self.act(command, {}, self.now())

    #: Each kind of message, and its handler.
    handlers: dict[str, Callable[..., None]] = {
        "act": act, "submit": on_submit, "storage": on_storage, "storage-refused": on_storage_refused,
        "storage-accepted": on_storage_accepted, "fullscreen": on_fullscreen, "file": on_file, "swipe": on_swipe}

    def changed(self) -> None:
        """After any action: save, redraw, sound the cues, and let the bots go on if it is their turn."""
        if self.thinking is not None and self.thinking_from not in (None, self.table.position()):
            self.stop_thinking()  # the game moved on: what the AI is working out no longer applies
        self.table.update_tips()
        self.save()
        self.render()
        for cue in self.table.take_cues():
            self.outbox.send("sound", notes(cue))
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
        # A play searched ahead in this wait may take about as long (Table.pause_seconds).
        self.table.pause_seconds = self.table.wait_until_card(wait) * self.pace / 1000
        self.think_ahead_later()

    def later(self, delay: int, purpose: str) -> None:
        """Call on_timer after ``delay`` ms, scaled by ``?pace=`` (hearts.pace; for tests), unless
        a timer for the same purpose is due sooner already: taps while the bots play or a trick
        is shown (selecting a card ahead, opening the menu) must not put the game off, as
        restarting the wait did."""
        due = self.now() + delay * self.pace
        if self.timer is not None and self.timer_for == purpose and self.timer_due <= due:
            return
        self.cancel_timer()
        self.timer_due, self.timer_for = due, purpose
        self.timer = js.setTimeout(self.tick_proxy, delay * self.pace)

    def cancel_timer(self) -> None:
        if self.timer is not None:
            js.clearTimeout(self.timer)
            self.timer = None
        if self.ahead_timer is not None:
            js.clearTimeout(self.ahead_timer)
            self.ahead_timer = None

    def think_ahead_later(self) -> None:
        """The bots search ahead in the idle time, a slice per task (Table.think_ahead): while
        the page waits out a pause (a bot's, a trick shown) the bot to play next, whose view is
        complete once the card before its turn is down; while you choose your pass, the bots'
        passes. At their turn they have less left to do and play the same cards sooner. In
        play your turn has nothing to search ahead, so your card taps never wait behind these;
        a pass-phase tap waits at most for one short slice (Table.PASS_AHEAD_SLICE)."""
        if self.ahead_timer is None:
            self.ahead_timer = js.setTimeout(self.ahead_proxy, 0)

    def on_ahead_slice(self, *args: Any) -> None:
        with self.turn():
            self.ahead_timer = None
            if self.thinking is None and self.table.think_ahead():
                self.think_ahead_later()

    def on_timer(self, *args: Any) -> None:
        with self.turn():
            self.timer = None
            self.measuring = (BOT_MEASURE, self.now()) if self.timer_for == "bot" else None
            self.follow(self.table.wait_over())
            if self.thinking is None:  # no bot searched (the table had moved on): nothing to measure
                self.measuring = None

    # ----- the AI, a slice per browser task ----------------------------------------------------

    def think(self, steps: Any, *, paint_first: bool = False) -> None:
        """Run ``steps`` (a table action in slices: hearts.ai.steps) to its end, then save and
        redraw. Each slice runs in a task of its own (a zero-delay timer), so this worker takes
        the page's taps between slices while Hard or a hint searches, and the redraw that shows
        a sliced result gets a task of its own (pause_before_end), so no task does a slice of
        search and a redraw. The first slice runs at once, so a quick decision (Easy, Normal) is
        answered with the tap; with ``paint_first`` (the hint and the pass) it runs in a task
        after the tap's own answer (the button pressed) has gone to the page. One computation at a time: a tap asking for another meanwhile is ignored,
        and one that moves the game on (you play while a hint is worked out) stops it."""
        if self.thinking is not None:
            return
        self.thinking = pause_before_end(steps)
        if paint_first:
            self.cancel_first_slice = after_paint(self.slice_proxy)
        else:
            self.on_slice()

    def on_slice(self, *args: Any) -> None:
        with self.turn():
            self.slice_timer = self.cancel_first_slice = None
            if self.thinking is None:
                return
            try:
                next(self.thinking)
            except StopIteration:
                self.thinking = self.thinking_from = None
                self.changed()
                if self.measuring is not None:
                    self.outbox.send("measure", *self.measuring)
                    self.measuring = None
                return
            if self.thinking_from is None:
                # Where the game stood once the first slice had started the work (a hint first
                # takes a finished trick off the table).
                self.thinking_from = self.table.position()
            self.slice_timer = js.setTimeout(self.slice_proxy, 0)

    def stop_thinking(self) -> None:
        if self.cancel_first_slice is not None:
            self.cancel_first_slice()
            self.cancel_first_slice = None
        if self.slice_timer is not None:
            js.clearTimeout(self.slice_timer)
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
            self.review_timer = js.setTimeout(self.review_proxy, delay)

    def on_review_slice(self, *args: Any) -> None:
        with self.turn():
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
                        js.setTimeout(self.review_drawn_proxy, 0)
            self.review_later()

    def on_review_drawn(self, *args: Any) -> None:
        with self.turn():
            self.render()

    def stop_reviewing(self) -> None:
        if self.review_timer is not None:
            js.clearTimeout(self.review_timer)
            self.review_timer = None
        if self.reviewing is not None:
            self.reviewing.close()
            self.reviewing = None

    # ----- drawing -----------------------------------------------------------------------------

    def render(self) -> None:
        """Redraw the table (web/dom.py works out the changes) and send it at once, measured to
        web/page.js's patch applied."""
        started = self.now()
        self.screen.draw(self.table.state())
        self.outbox.send("measure", REDRAW_MEASURE, started)
        self.publish()
        self.outbox.flush()


@contextlib.contextmanager
def reporting(outbox: Outbox) -> Iterator[None]:
    """Turn any Python error into the page's readable error screen (what the handler had not
    sent yet goes unsent: a redraw cut short would only fail again)."""
    try:
        yield
    except Exception:
        outbox.commands = [["error", traceback.format_exc()]]
        with contextlib.suppress(Exception):
            outbox.flush()


class Conversation:
    """This tab's side of web/page.js's conversation. Its hello (and the ``?test=1`` hook's
    reopen, with which e2e/conftest.py sets positions up) opens a Page on the storage and the
    facts it sends; every later message goes to that Page."""

    def __init__(self) -> None:
        self.page: Page | None = None
        self.outbox = Outbox()
        self.receiver = listen(self.heard)

    def heard(self, event: Any) -> None:
        if isinstance(event.data, str):  # not the snapshot's bytes, for web/interpreter.mjs
            self.receive(event.data)

    def receive(self, message: str) -> None:
        """A message from web/page.js; what web/page.js sends (not the facts and the word that
        the page has settled, web/interpreter.mjs's) is answered, after what it asked for, by an
        ``answered`` command: tests wait for it (web/page.js's heartsBusy)."""
        with reporting(self.outbox):
            fields = json.loads(message)
            kind = fields.pop("kind")
            if kind in ("facts", "settled"):
                return  # PyScript passes every message from the page here
            try:
                self.take(kind, fields)
            finally:
                self.outbox.send("answered")
                self.outbox.flush()

    def load_bots(self) -> None:
        """Import the bots' code, then say so on the page (``<html data-bots="loaded">``): tests
        and benchmarks wait for that rather than for a while (tools/browser_harness.py)."""
        load_ai()
        self.outbox.send("mark", "bots", "loaded")
        self.outbox.flush()

    def take(self, kind: str, fields: dict[str, Any]) -> None:
        """Hello (and the test hook's reopen) opens a Page; anything else goes to it."""
        if kind not in ("hello", "reopen"):
            assert self.page is not None, f"{kind} before hello"
            self.page.receive(kind, fields)
            return
        if self.page is not None:
            self.page.close()
        storage = StorageCopy(fields.pop("storage"), self.outbox)
        self.page = Page(self.outbox, storage, **fields)
        with self.page.turn():
            self.page.start()


def main() -> None:
    outbox = Outbox()
    with reporting(outbox):
        outbox.send("loading", 95)
        outbox.flush()
        conversation = Conversation()  # kept alive by its receiver, which the worker's xworker.onmessage holds
        js.setTimeout(create_proxy(conversation.load_bots), 0)  # the bots load after the table shows


main()
