"""The page's event loop: taps, keys and storage events go to :meth:`hearts.table.Table.act`,
the timers :meth:`hearts.table.bot_turns.BotTurns.next_wait` asks for run, the AI runs a slice per browser task, and the
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
from collections.abc import Callable, Generator, Iterator
from contextlib import AbstractContextManager
from typing import Any

import js
from pyscript.ffi import create_proxy

from browser import Command, Message, Outbox, StorageCopy, listen
from dom import Screen
from hearts.table import Browser, Reply, Wait, load_ai, open_table, pause_before_end
from hearts.table.delay_factor import delay_scale
from hearts.table.keys import KEYS
from hearts.table.sounds import notes
from hearts.table.state import Modal
from hearts.table.storage import another_tab_wrote, claim_game, restored_elsewhere

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
FOCUS_AFTER = {
    Browser.FOCUS_MENU: "menu",
    Browser.FOCUS_MENU_BUTTON: "menu-button",
    Browser.FOCUS_RULES_SECTION: "rules-section",
}
#: What the browser does at once for a reply's ``browser`` (a download also takes the file).
BROWSER_COMMANDS: dict[Browser, tuple[Command, *tuple[str, ...]]] = {
    Browser.FULLSCREEN: (Command.FULLSCREEN,),
    Browser.CHOOSE_FILE: (Command.CHOOSE_FILE, "import-file"),
    Browser.CHOOSE_BACKUP: (Command.CHOOSE_FILE, "backup-file"),
    Browser.INSTALL: (Command.INSTALL,),
}
#: What each file input's file is for (web/page.js says which input it came from).
FILE_ACTIONS = {"import-file": "import-record", "backup-file": "read-backup"}
#: The actions whose file is named by the date and time.
STAMPED = frozenset({"export", "export-backup"})
FOCUS_MOVES = frozenset({Browser.PREVIOUS_CARD, Browser.NEXT_CARD, Browser.FIRST_CARD})


class Lane:
    """One line of the page's work, a step per browser task: a generator resumed from a timer,
    one step (to its next ``yield``) per task, until it ends (``ended`` gets what it returned)
    or is stopped. Each task is one of the page's turns (``turn``: its commands sent together,
    an error shown), so the page takes taps between two steps."""

    def __init__(
        self, turn: Callable[[], AbstractContextManager[None]], ended: Callable[[Any], None] | None = None
    ) -> None:
        self.turn = turn
        self.ended = ended
        self.work: Generator[None, None, Any] | None = None
        self.timer: Any = None  # the pending setTimeout's id
        self.proxy = create_proxy(self.on_timer)

    @property
    def busy(self) -> bool:
        """Whether work is under way (its next step waits for its task)."""
        return self.work is not None

    def start(self, work: Generator[None, None, Any], delay: float | None = 0) -> None:
        """Run ``work`` instead of what ran: its first step ``delay`` ms from now, or at once
        (``delay`` None: within the caller's turn)."""
        self.stop()
        self.work = work
        if delay is None:
            self.step()
        else:
            self.later(delay)

    def later(self, delay: float = 0) -> None:
        """Take the next step in a task of its own, ``delay`` ms from now (unless one is due)."""
        if self.timer is None:
            self.timer = js.setTimeout(self.proxy, delay)

    def on_timer(self, *args: Any) -> None:
        with self.turn():
            self.timer = None
            self.step()

    def step(self) -> None:
        """Take the next step now; the one after in a task of its own. During the step the lane
        is idle: what the step does may start the lane again (the end of a wait asks for the
        next one), and that new work replaces this."""
        work, self.work = self.work, None
        if work is None:
            return
        try:
            next(work)
        except StopIteration as done:
            if self.ended is not None:
                self.ended(done.value)
            return
        if self.work is not None:
            work.close()
            return
        self.work = work
        self.later()

    def stop(self) -> None:
        if self.timer is not None:
            js.clearTimeout(self.timer)
            self.timer = None
        if self.work is not None:
            self.work.close()
            self.work = None


class Page:
    """Owns the table, the timers and the AI of one browser tab, and answers web/page.js."""

    def __init__(
        self,
        outbox: Outbox,
        storage: StorageCopy,
        search: str,
        fullscreen: list[bool],
        origin: float,
        persisted: bool | None = None,
        installable: bool = False,
    ) -> None:
        """``search``: the page's query (?pace=: hearts.table.delay_factor); ``fullscreen``: whether the browser
        offers it and is in it; ``origin``: the page's performance.timeOrigin; ``persisted``: whether the
        browser keeps the data (navigator.storage.persisted(), None: not known yet or no such thing);
        ``installable``: whether the browser offers to install the page."""
        self.outbox = outbox
        self.storage = storage
        self.table = open_table(self.storage)
        if self.table.load_problem:
            js.console.warn(f"saved game not loaded: {self.table.load_problem}")
        #: What turns this thread's performance.now() into the page's (a worker's starts later).
        self.clock_offset = float(js.performance.timeOrigin) - origin
        self.delay_factor = delay_scale(search)
        self.table.browser_fullscreen(*fullscreen)
        self.table.backups.persisted, self.table.backups.installable = persisted, installable
        self.screen = Screen(self.outbox)
        #: The pause the table asks for (Table.bots.next_wait), then its end (:meth:`waited`);
        #: ``waiting_for``: what it is for ("collect", the trick shown, or "bot") and when it is due.
        self.waiting = Lane(self.turn)
        self.waiting_for = ("", 0.0)
        #: A table action in slices (hearts.ai.steps: a bot's card, the hint, the pass), and where
        #: the game stood once its first slice had started the work.
        self.thinking = Lane(self.turn, self.thought_out)
        self.thinking_from: tuple[int, int, int, bool] | None = None
        #: The next bot's search, run ahead while the page waits (:meth:`think_ahead_later`).
        self.ahead = Lane(self.turn)
        #: 复盘 (issue 21): your decisions judged in the background (:meth:`judging`).
        self.judge = Lane(self.turn)
        self.review_drawn_proxy = create_proxy(self.on_review_drawn)
        #: The measure a sliced computation ends (BOT_MEASURE, or TAP_MEASURE's for a tap) and
        #: performance.now() at its start: a bot's pause ended, or the tap.
        self.measuring: tuple[str, float] | None = None
        #: What web/page.js was last told: the keys' commands, whether sound is on (publish).
        self.told: dict[Command, Any] = {}

    def start(self) -> None:
        # Claiming the game tells another tab showing it that it moved here. The tab id comes
        # from os.urandom, not `secrets`, whose import costs tens of ms of start-up in Pyodide.
        claim_game(self.storage, os.urandom(8).hex())
        self.table.update_tips()
        self.save()
        self.render()
        self.table.take_cues()  # what was due before this visit is not news: no chime on the first tap
        self.schedule()
        self.outbox.send(Command.REMEMBER_DRAWING)
        self.outbox.send(Command.READY)
        self.review_later(REVIEW_START_MS)

    def close(self) -> None:
        """Stop this page's timers and AI, so another Page can take the table over (the
        ``?test=1`` hook's reopen); web/page.js then talks to that one."""
        self.cancel_timer()
        self.stop_thinking()
        self.judge.stop()

    def now(self) -> float:
        """The page's performance.now(), which its measures and taps are timed by."""
        return float(js.performance.now()) + self.clock_offset

    # ----- web/page.js's messages --------------------------------------------------------------

    def receive(self, kind: Message, fields: dict[str, Any]) -> None:
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
        told = {
            Command.KEYS: {
                key: [
                    self.table.key_command(key, on_card=on_card, on_button=on_button)
                    for on_card in (False, True)
                    for on_button in (False, True)
                ]
                for key in KEYS
            },
            Command.SOUND_WANTED: self.table.settings.sound,
        }
        for name, value in told.items():
            if self.told.get(name) != value:
                self.outbox.send(name, value)
                self.told[name] = value

    def on_fullscreen(self, fullscreen: list[bool]) -> None:
        """Whether the browser offers fullscreen and is in it, for the menu the table lays out."""
        self.table.browser_fullscreen(*fullscreen)
        self.render()

    def act(self, action: str, data: dict[str, str], at: float) -> None:
        """Hand a tap or a key (what web/page.js found it asks for) to Table.act with what the
        element says (its data-* attributes), then do what it replies; ``at``: performance.now()
        at the event."""
        told = {name: value for name, value in data.items() if name in TAP_DATA}
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S") if action in STAMPED else ""
        reply = self.table.act(action, storage=self.storage, stamp=stamp, **told)
        if reply.steps is not None and not self.thinking.busy:
            self.measuring = (TAP_MEASURE.format(action=action), at)
        self.follow(reply)

    def on_submit(self, typed: str) -> None:
        """The 「牌局编号」 form: Enter in the field or its 「开始」 button."""
        self.follow(self.table.act("submit-deal", typed=typed))

    def follow(self, reply: Reply) -> None:
        """Do what the table replied: the browser's part, then run, save or redraw."""
        browser = reply.browser
        if browser == Browser.RELOAD:
            self.outbox.send(Command.RELOAD)
            return
        if reply.reopen:
            self.reopen()
            return
        if browser in BROWSER_COMMANDS:
            self.outbox.send(*BROWSER_COMMANDS[browser])
        elif browser == Browser.DOWNLOAD and reply.file is not None:
            self.outbox.send(Command.DOWNLOAD, *reply.file)
        elif browser in FOCUS_MOVES:
            self.outbox.send(Command.FOCUS, browser)
        if reply.steps is not None:
            self.think(reply.steps, paint_first=reply.paint_first)
        elif reply.save:
            self.changed()
        elif reply.draw:
            self.render()
            self.schedule()
        if browser in FOCUS_AFTER:
            self.outbox.send(Command.FOCUS, FOCUS_AFTER[browser])

    def on_storage(self, key: str | None, value: str | None) -> None:
        """Another tab wrote ``key`` (None: cleared the storage) with ``value`` (None: removed)."""
        self.storage.heard(key, value)
        if another_tab_wrote(key):
            self.table.backups.restored_elsewhere |= restored_elsewhere(key, value)
            self.cancel_timer()
            self.stop_thinking()
            self.judge.stop()
            self.table.other_tab_saved()
            self.render()

    def on_storage_refused(self, problem: str) -> None:
        """The browser refused a write (full, locked down): say progress is not saved."""
        self.storage.refused(problem)
        self.table.storage_refused()
        self.render()

    def on_storage_accepted(self) -> None:
        """A write went through again: save what the refused ones missed."""
        self.storage.accepted()
        self.save()
        self.render()

    def on_file(self, text: str, region: str = "import-file") -> None:
        """The text of the file 「导入牌局」 (or 「导入存档」: ``region``, the input it came from) asked for."""
        self.follow(self.table.act(FILE_ACTIONS[region], text=text, storage=self.storage))

    def on_persistence(self, persisted: bool | None, asked: bool = False) -> None:
        """What navigator.storage says: whether the browser keeps the data (None: no such thing),
        and whether this answers the question :meth:`ask_persistence` put (recorded then)."""
        self.table.backups.persistence(self.storage, persisted, asked)
        self.render()

    def on_installable(self, offered: bool) -> None:
        """Whether the browser offers to install the page (its ``beforeinstallprompt``, kept by web/page.js)."""
        self.table.backups.installable = offered
        self.render()

    def ask_persistence(self) -> None:
        """Ask the browser to keep the data, once, when the table says it is time (after a
        finished game: Table.backups.persistence_due)."""
        if self.table.backups.persistence_due(self.storage):
            self.outbox.send(Command.PERSIST)

    def reopen(self) -> None:
        """The storage holds other data now (an imported backup): this tab's table, timers and AI
        stop, and the table opens afresh from the storage, as a reload would open it."""
        backups, fullscreen = self.table.backups, [self.table.can_fullscreen, self.table.in_fullscreen]
        self.close()
        self.table = open_table(self.storage)
        self.table.browser_fullscreen(*fullscreen)
        self.table.backups.persisted, self.table.backups.installable = backups.persisted, backups.installable
        self.start()

    def on_swipe(self, across: float, down: float) -> None:
        """A swipe that began on 复盘's viewer (web/page.js measures it) steps it (Table.swipe_command decides)."""
        command = self.table.swipe_command(across, down)
        if command is not None:
            self.act(command, {}, self.now())

    #: Each kind of message, and its handler.
    handlers: dict[Message, Callable[..., None]] = {
        Message.ACT: act,
        Message.SUBMIT: on_submit,
        Message.STORAGE: on_storage,
        Message.STORAGE_REFUSED: on_storage_refused,
        Message.STORAGE_ACCEPTED: on_storage_accepted,
        Message.FULLSCREEN: on_fullscreen,
        Message.FILE: on_file,
        Message.SWIPE: on_swipe,
        Message.PERSISTENCE: on_persistence,
        Message.INSTALLABLE: on_installable,
    }

    def changed(self) -> None:
        """After any action: save, redraw, sound the cues, and let the bots go on if it is their turn."""
        if self.thinking.busy and self.thinking_from not in (None, self.table.position()):
            self.stop_thinking()  # the game moved on: what the AI is working out no longer applies
        self.table.update_tips()
        self.save()
        self.render()
        self.ask_persistence()  # with the end of the game drawn: Firefox's question comes over it
        for cue in self.table.take_cues():
            self.outbox.send(Command.SOUND, notes(cue))
        self.schedule()
        self.review_later()

    def save(self) -> None:
        """The game first, then the statistics: see StatsKeeper.record for why this order."""
        if self.table.save(self.storage):
            self.table.stats.record(self.storage, datetime.date.today().isoformat())

    # ----- bots and animation pacing -----------------------------------------------------------

    def schedule(self) -> None:
        """Start the timer the table asks for next (Table.bots.next_wait), if any."""
        if self.thinking.busy:
            self.cancel_timer()
            return  # the AI at work calls changed(), and so this, when it is done
        wait = self.table.bots.next_wait()
        if wait is None:
            self.cancel_timer()
        else:
            self.later(wait)
        self.table.bots.plan_search(wait, self.delay_factor)
        self.think_ahead_later()

    def later(self, wait: Wait) -> None:
        """Wait out ``wait``, scaled by ``?pace=`` (hearts.table.delay_factor; for tests), unless a wait
        for the same purpose is due sooner already: taps while the bots play or a trick is shown
        (selecting a card ahead, opening the menu) must not put the game off, as restarting the
        wait did."""
        due = self.now() + wait.ms * self.delay_factor
        if self.waiting.busy and self.waiting_for[0] == wait.purpose and self.waiting_for[1] <= due:
            return
        self.cancel_timer()
        self.waiting_for = (wait.purpose, due)
        self.waiting.start(self.waited(wait.purpose), wait.ms * self.delay_factor)

    def waited(self, purpose: str) -> Generator[None, None, None]:
        """The wait is over (Table.bots.wait_over): a trick moves or is collected, or a bot plays."""
        self.measuring = (BOT_MEASURE, self.now()) if purpose == "bot" else None
        self.follow(self.table.bots.wait_over())
        if not self.thinking.busy:  # no bot searched (the table had moved on): nothing to measure
            self.measuring = None
        return
        yield  # a generator: the lane runs it, in the task at the end of the wait

    def cancel_timer(self) -> None:
        self.waiting.stop()
        self.ahead.stop()

    def think_ahead_later(self) -> None:
        """The bots, and your hint, search ahead in the idle time, a slice per task
        (Table.think_ahead): while the page waits out a pause (a bot's, a trick shown) the bot to
        play next, whose view is complete once the card before its turn is down; while you choose
        your pass, the bots' passes. At their turn they have less left to do and play the same
        cards sooner. Once you have asked for a hint, your next ones are searched in your turn
        (hearts.table.hint_ahead), so 「提示」 finds them ready. A card tap waits at most for the
        slice under way: a short one in the pass phase (bot_turns.PASS_AHEAD_SLICE), in play one
        as long as 复盘's background judging's."""
        if not self.ahead.busy:
            self.ahead.start(self.searching_ahead())

    def searching_ahead(self) -> Generator[None, None, None]:
        while not self.thinking.busy and self.table.think_ahead():
            yield

    # ----- the AI, a slice per browser task ----------------------------------------------------

    def think(self, steps: Generator[None, None, Any], *, paint_first: bool = False) -> None:
        """Run ``steps`` (a table action in slices: hearts.ai.steps) to its end, then save and
        redraw. Each slice runs in a task of its own (a zero-delay timer), so this worker takes
        the page's taps between slices while Hard or a hint searches, and the redraw that shows
        a sliced result gets a task of its own (pause_before_end), so no task does a slice of
        search and a redraw. The first slice runs at once, so a quick decision (Easy, Normal) is
        answered with the tap; with ``paint_first`` (the hint and the pass) it runs in a task
        after the tap's own answer (the button pressed) has gone to the page. One computation at
        a time: a tap asking for another meanwhile is ignored, and one that moves the game on
        (you play while a hint is worked out) stops it."""
        if not self.thinking.busy:
            self.thinking.start(self.slices(steps), delay=0 if paint_first else None)

    def slices(self, steps: Generator[None, None, Any]) -> Generator[None, None, None]:
        """``steps`` with a pause before the end (pause_before_end), noting where the game stood
        once the first slice had started the work (a hint first takes a finished trick off the
        table): a change from there stops the work (:meth:`changed`)."""
        with contextlib.closing(pause_before_end(steps)) as work:
            for _ in work:
                if self.thinking_from is None:
                    self.thinking_from = self.table.position()
                yield

    def thought_out(self, _: object) -> None:
        """The sliced action is done: save and redraw, and measure it."""
        self.thinking_from = None
        self.changed()
        if self.measuring is not None:
            self.outbox.send(Command.MEASURE, *self.measuring)
            self.measuring = None

    def stop_thinking(self) -> None:
        self.thinking.stop()
        self.thinking_from = self.measuring = None

    # ----- 复盘: judging your decisions in the background ----------------------------------------

    def review_later(self, delay: int = 0) -> None:
        """Go on judging your decisions (:meth:`judging`) in a task of its own, unless it is
        under way: each slice is about 30 ms of search, so taps are answered between two."""
        if not self.judge.busy and not self.table.superseded:
            self.judge.start(self.judging(), delay)

    def judging(self) -> Generator[None, None, None]:
        """Your decisions judged one after another (Table.review.job), a slice per task, each
        slice after the bots' and the hint's work (they go first). Ends once all are judged:
        :meth:`changed` starts it again after the next change."""
        while True:
            while self.thinking.busy or self.ahead.busy:
                yield
            job = self.table.review.job()
            if job is None:
                return
            with contextlib.closing(job):
                while True:
                    yield  # every slice in a task of its own, the first too
                    if self.thinking.busy or self.ahead.busy:
                        continue
                    try:
                        next(job)
                    except StopIteration as done:
                        judged = bool(done.value)
                        break
            if judged:
                self.save()  # a reload keeps the verdict
                if self.table.overlay == Modal.REVIEW:  # shown in a task of its own, as a bot's card is
                    js.setTimeout(self.review_drawn_proxy, 0)
            yield

    def on_review_drawn(self, *args: Any) -> None:
        with self.turn():
            self.render()

    # ----- drawing -----------------------------------------------------------------------------

    def render(self) -> None:
        """Redraw the table (web/dom.py works out the changes) and send it at once, measured to
        web/page.js's patch applied."""
        started = self.now()
        self.screen.draw(self.table.state())
        self.outbox.send(Command.MEASURE, REDRAW_MEASURE, started)
        self.publish()
        self.outbox.flush()


@contextlib.contextmanager
def reporting(outbox: Outbox) -> Iterator[None]:
    """Turn any Python error into the page's readable error screen (what the handler had not
    sent yet goes unsent: a redraw cut short would only fail again)."""
    try:
        yield
    except Exception:
        outbox.commands = [[Command.ERROR, traceback.format_exc()]]
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
        """A message from web/page.js; what web/page.js sends (not the facts, and the words that
        the page has settled and that its service worker controls it: web/interpreter.mjs's) is
        answered, after what it asked for, by an ``answered`` command: tests wait for it
        (web/page.js's heartsBusy)."""
        with reporting(self.outbox):
            fields = json.loads(message)
            kind = Message(fields.pop("kind"))
            if kind in (Message.FACTS, Message.SETTLED, Message.CONTROLLED):
                return  # PyScript passes every message from the page here
            try:
                self.take(kind, fields)
            finally:
                self.outbox.send(Command.ANSWERED)
                self.outbox.flush()

    def load_bots(self) -> None:
        """Import the bots' code, then say so on the page (``<html data-bots="loaded">``): tests
        and benchmarks wait for that rather than for a while (tools/browser_harness.py)."""
        load_ai()
        self.outbox.send(Command.MARK, "bots", "loaded")
        self.outbox.flush()

    def take(self, kind: Message, fields: dict[str, Any]) -> None:
        """Hello (and the test hook's reopen) opens a Page; anything else goes to it."""
        if kind not in (Message.HELLO, Message.REOPEN):
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
        outbox.send(Command.LOADING, 95)
        outbox.flush()
        conversation = Conversation()  # kept alive by its receiver, which the worker's xworker.onmessage holds
        js.setTimeout(create_proxy(conversation.load_bots), 0)  # the bots load after the table shows


main()
