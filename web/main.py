"""The thin browser layer: render :class:`hearts.table.Table` state into the DOM, bind taps to
table actions, pace the bots' plays, and autosave to localStorage.

Nothing here decides a rule or a message: it asks the table and draws what it says.
"""

import contextlib
import datetime
import json
import os
import re
import traceback
from html import escape
from typing import Any
from urllib.parse import parse_qs

from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from hearts.markup import (action_buttons, button_html, card_button, card_face_html, hand_css, hand_html, hand_rows,
                           menu_html, opponent_html, panel_html, seat_info_html, skeleton, tip_html)
from hearts.pace import delay_scale
from hearts.sounds import notes
from hearts.state import SEAT_PLACES
from hearts.table import (Reply, StorageUnavailable, another_tab_wrote, claim_game, load_ai, open_table,
                          pause_before_end)

REDRAW_MEASURE = "hearts:redraw"
#: The table as last drawn, which web/boot.js paints on the next visit while Python starts.
DRAWING_KEY = "hearts.drawing"
#: How the DOM serialises what set_css_variables set: web/boot.js sets it again from data-css,
#: and markup with a style attribute is refused by the Content Security Policy.
STYLE_ATTRIBUTE = re.compile(r' style="[^"]*"')


def absent(value):
    """Whether a DOM lookup found nothing: JavaScript null arrives as jsnull, not None."""
    return value is None or type(value).__name__ == "JsNull"


class LocalStorage:
    """window.localStorage behind the table's Storage protocol; any refusal becomes
    StorageUnavailable (access denied in private modes, quota exceeded when full)."""

    def get(self, key):
        try:
            value = window.localStorage.getItem(key)
        except Exception as problem:  # a JsException of any kind means storage is unusable
            raise StorageUnavailable(str(problem)) from None
        # A missing key is JavaScript null, which Pyodide passes as jsnull, not None.
        return value if isinstance(value, str) else None

    def set(self, key, value):
        try:
            window.localStorage.setItem(key, value)
        except Exception as problem:
            raise StorageUnavailable(str(problem)) from None


class Page:
    """Owns the table, the DOM regions and the timers of one browser tab."""

    def __init__(self):
        self.storage = LocalStorage()
        self.table = open_table(self.storage)
        if self.table.load_problem:
            window.console.warn(f"saved game not loaded: {self.table.load_problem}")
        self.timer = None
        self.timer_due = 0.0  # performance.now() at which the pending timer fires
        self.timer_for = ""  # what it is for: "collect" (the trick shown) or "bot" (a bot's turn)
        self.sound = Sound()
        #: The kind of panel drawn last, so a panel that comes up can take the focus once.
        self.panel_kind = None
        self.root = document.getElementById("app")
        self.language = ""
        self.proxies = [
            (self.root, "click", create_proxy(self.on_click)),
            (self.root, "submit", create_proxy(self.on_submit)),
            (window, "storage", create_proxy(self.on_storage)),
            (document, "fullscreenchange", create_proxy(lambda event: self.render())),
            (document, "keydown", create_proxy(self.on_key)),
            (window, "pagehide", create_proxy(self.on_drawing)),
        ]
        for target, name, proxy in self.proxies:
            target.addEventListener(name, proxy)
        self.tick_proxy = create_proxy(self.on_timer)
        self.thinking = None
        self.thinking_from = None
        self.slice_timer = None
        self.slice_proxy = create_proxy(self.on_slice)
        self.first_slice_proxy = create_proxy(self.first_slice)
        self.slice_frame = None
        self.drawing_due = False
        self.after_paint_proxy = create_proxy(self.after_paint)
        self.drawing_proxy = create_proxy(self.on_drawing)
        self.pace = delay_scale(str(window.location.search))

    def build(self, language, labels):
        """Lay out the table's regions, labelled in ``language`` (again when it changes)."""
        self.language = language
        self.drawn = {}
        self.hand_drawn: Any = None  # what update_hand starts from: (rows of codes, {code: card_button})
        self.root.innerHTML = skeleton(labels)
        self.regions = {name: self.root.querySelector(f"[data-region='{name}']") for name in (
            "status", "markers", "notices", "seat-1", "seat-2", "seat-3", "seat-0-info",
            "trick", "message", "prompt", "actions", "hand", "panel", "menu", "spoken", "trick-tools", "tip")}
        document.documentElement.lang = language
        document.title = labels["app.title"]

    def start(self):
        # Claiming the game tells another tab showing it that it moved here. The tab id comes
        # from os.urandom, not `secrets`, whose import costs tens of ms of start-up in Pyodide.
        claim_game(self.storage, os.urandom(8).hex())
        self.table.update_tips()
        self.save()
        self.render()
        self.table.take_cues()  # what was due before this visit is not news: no chime on the first tap
        self.schedule()
        self.remember_drawing()

    def remember_drawing(self, *args: Any) -> None:
        """Keep the table as drawn for web/boot.js (see remember_drawing), and no longer owe it."""
        self.drawing_due = False
        remember_drawing(self.root, self.language)

    def remember_drawing_later(self) -> None:
        """remember_drawing once the browser has painted this redraw: serialising the whole table
        and writing it to localStorage is work a tap need not wait for. Redraws before then share
        one write; a tab that goes away first writes it on pagehide."""
        if not self.drawing_due:
            self.drawing_due = True
            window.requestAnimationFrame(self.after_paint_proxy)

    def after_paint(self, *args: Any) -> None:
        # A frame callback runs just before the paint; a zero-delay timer set there, just after.
        window.setTimeout(self.drawing_proxy, 0)

    def on_drawing(self, *args: Any) -> None:
        with reporting():
            if self.drawing_due:
                self.remember_drawing()

    def close(self):
        """Stop this page's timers, AI and listeners, so another Page can take the table over
        (the ``?test=1`` hook in main)."""
        self.cancel_timer()
        self.stop_thinking()
        self.drawing_due = False
        for target, name, proxy in self.proxies:
            target.removeEventListener(name, proxy)

    # ----- events ------------------------------------------------------------------------------

    def on_click(self, event):
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

    def on_key(self, event):
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

    def move_card_focus(self, command, focused):
        """←/→ move the focus along your hand; from elsewhere, to the selected or first playable card."""
        cards = list(self.regions["hand"].querySelectorAll("[data-code]"))
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

    def on_submit(self, event):
        """The 「牌局编号」 form: Enter in the field or its 「开始」 button."""
        with reporting():
            event.preventDefault()
            field = event.target.querySelector("input")
            if not absent(field):
                self.follow(self.table.act("submit-deal", typed=str(field.value)))

    def act(self, action: str, target: Any) -> None:
        """Hand a tap or a key to Table.act with what the element says, then do what it replies."""
        data: dict[str, Any] = {"storage": self.storage}
        if target is not None:
            for name in ("code", "level", "name", "value", "section"):
                value = target.getAttribute(f"data-{name}")
                if isinstance(value, str):
                    data[name] = value
        if action == "export":
            data["stamp"] = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        self.follow(self.table.act(action, **data), target)

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
            self.regions["menu"].querySelector("button").focus()
        elif browser == "focus-menu-button":
            self.root.querySelector(".menu-button").focus()
        elif browser == "focus-rules-section":
            # A jump in 「玩法」 takes the keyboard and the screen reader to the section's heading.
            self.regions["panel"].querySelector(".rules-section h3").focus()

    def on_storage(self, event):
        with reporting():
            key = event.key
            if another_tab_wrote(key if isinstance(key, str) else None):
                self.cancel_timer()
                self.stop_thinking()
                self.table.other_tab_saved()
                self.render()

    def toggle_fullscreen(self):
        if not absent(document.fullscreenElement):
            document.exitFullscreen()
        elif document.fullscreenEnabled:
            document.documentElement.requestFullscreen()

    def changed(self):
        """After any action: save, redraw, sound the cues, and let the bots go on if it is their turn."""
        if self.thinking is not None and self.thinking_from not in (None, self.table.position()):
            self.stop_thinking()  # the game moved on: what the AI is working out no longer applies
        self.table.update_tips()
        self.save()
        self.render()
        for cue in self.table.take_cues():
            self.sound.play(cue)
        self.schedule()

    def save(self):
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

    def later(self, delay, purpose):
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

    def cancel_timer(self):
        if self.timer is not None:
            window.clearTimeout(self.timer)
            self.timer = None

    def on_timer(self, *args: Any) -> None:
        with reporting():
            self.timer = None
            self.follow(self.table.wait_over())

    # ----- the AI, a slice per browser task ----------------------------------------------------

    def think(self, steps: Any, *, paint_first: bool = False) -> None:
        """Run ``steps`` (a table action in slices: hearts.ai.steps) to its end, then save and
        redraw. Each slice runs in a task of its own (a zero-delay timer), so the browser
        paints and takes taps between slices while Hard or a hint searches, and the redraw
        that shows a sliced result gets a task of its own (pause_before_end), so no task does
        a slice of search and a redraw. The first slice runs at once, so a quick decision (Easy,
        Normal) is done within the tap; with ``paint_first`` (the hint, always a search) it runs
        once the browser has painted, so the tap is answered by the next frame, not after a
        slice. One computation at a time: a tap asking for another meanwhile is ignored,
        and one that moves the game on (you play while a hint is worked out) stops it."""
        if self.thinking is not None:
            return
        self.thinking = pause_before_end(steps)
        if paint_first:
            self.slice_frame = window.requestAnimationFrame(self.first_slice_proxy)
        else:
            self.on_slice()

    def first_slice(self, *args: Any) -> None:
        # A frame callback runs just before the paint; a zero-delay timer set there, just after.
        self.slice_frame = None
        self.slice_timer = window.setTimeout(self.slice_proxy, 0)

    def on_slice(self, *args: Any) -> None:
        with reporting():
            self.slice_timer = None
            if self.thinking is None:
                return
            try:
                next(self.thinking)
            except StopIteration:
                self.thinking = self.thinking_from = None
                self.changed()
                return
            if self.thinking_from is None:
                # Where the game stood once the first slice had started the work (a hint first
                # takes a finished trick off the table).
                self.thinking_from = self.table.position()
            self.slice_timer = window.setTimeout(self.slice_proxy, 0)

    def stop_thinking(self):
        if self.slice_frame is not None:
            window.cancelAnimationFrame(self.slice_frame)
            self.slice_frame = None
        if self.slice_timer is not None:
            window.clearTimeout(self.slice_timer)
            self.slice_timer = None
        if self.thinking is not None:
            self.thinking.close()
            self.thinking = self.thinking_from = None

    # ----- drawing -----------------------------------------------------------------------------

    def render(self):
        started = window.performance.now()
        # What the browser says about fullscreen, for the menu the table lays out.
        self.table.can_fullscreen = bool(document.fullscreenEnabled)
        self.table.in_fullscreen = not absent(document.fullscreenElement)
        self.draw(self.table.state())
        # A User Timing measure per redraw, which tools/bench_longtasks.py observes; cleared at
        # once, so a long game keeps none in the page's buffer.
        window.performance.measure(REDRAW_MEASURE, to_js({"start": started}, dict_converter=window.Object.fromEntries))
        window.performance.clearMeasures(REDRAW_MEASURE)
        self.remember_drawing_later()

    def draw(self, state):
        if state["language"] != self.language:
            self.build(state["language"], state["labels"])
        labels = state["labels"]
        self.apply_settings(state["settings"])
        root = self.root
        root.dataset.phase = str(state["phase"])
        root.dataset.level = state["level"]
        root.dataset.handNumber = str(state["hand_number"])
        root.dataset.turn = "" if state["turn"] is None else str(state["turn"])
        root.dataset.collecting = "true" if state["collecting"] else "false"
        self.put("status", escape(state["status"]))
        self.put("markers", "".join(f'<span class="marker">{escape(m)}</span>' for m in state["markers"]))
        self.put("notices", "".join(f'<p class="notice" role="alert">{escape(n)}</p>'
                                    for n in state["notices"]))
        self.put("tip", tip_html(state["tip"]))
        for seat in state["seats"][1:]:
            self.put(f"seat-{seat['seat']}", opponent_html(seat, labels))
            self.flag(f"seat-{seat['seat']}", seat)
        self.put("seat-0-info", seat_info_html(state["seats"][0], labels))
        self.flag("seat-0-info", state["seats"][0])
        self.render_trick(state["trick"], state["collecting"])
        last = state["last_trick_button"]
        self.put("trick-tools", button_html("last-trick", last["label"])
                 if last["visible"] else "")
        self.put("prompt", escape(state["prompt"]))
        self.put("message", escape(state["message"] or ""))
        self.put_actions(action_buttons(state))
        self.put_hand(state["cards"], labels)
        opened = self.put("panel", panel_html(state["panel"]))
        self.regions["panel"].hidden = state["panel"] is None
        if opened and state["panel"] is not None and "field" in state["panel"]:
            self.regions["panel"].querySelector("input").focus()
        elif state["panel"] is not None and state["panel"]["kind"] != self.panel_kind:
            # A dialog that comes up takes the focus, so Enter presses its first button.
            first = self.regions["panel"].querySelector("button")
            if not absent(first):
                first.focus()
        self.panel_kind = None if state["panel"] is None else state["panel"]["kind"]
        self.put("menu", menu_html(state["menu"], state["settings"], labels))
        self.regions["menu"].hidden = not state["menu"]["open"]
        self.put("spoken", escape(state["spoken"]))

    def apply_settings(self, settings):
        """Theme, deck colours and card size are attributes of <html> that style.css reads."""
        data = document.documentElement.dataset
        switches = settings["switches"]
        data.theme = "dark" if switches["dark"] else "light"
        data.deck = "four-colour" if switches["four_colour"] else "two-colour"
        data.cards = "large" if switches["large_cards"] else "normal"

    def put(self, region, html):
        """Redraw a region if its HTML changed; returns whether it did."""
        if self.drawn.get(region) == html:
            return False
        self.drawn[region] = html
        element = self.regions[region]
        focused = document.activeElement
        # Redrawing replaces the buttons: keep keyboard focus on the same card or action.
        keep, index = None, 0
        if keyboard_focus_in(element, focused):
            code, action = focused.getAttribute("data-code"), focused.getAttribute("data-action")
            keep = f'[data-code="{code}"]' if isinstance(code, str) else (
                f'[data-action="{action}"]' if isinstance(action, str) else None)
            if isinstance(code, str):
                index = [str(card.dataset.code) for card in element.querySelectorAll("[data-code]")].index(code)
        element.innerHTML = html
        set_css_variables(element)
        if keep is not None:
            again = element.querySelector(keep)
            if absent(again) and keep.startswith("[data-code"):
                # The focused card was played: keep the keyboard on the hand, at the same place.
                cards = element.querySelectorAll("[data-code]")
                again = cards.item(min(index, cards.length - 1)) if cards.length else None
            if not absent(again):
                again.focus()
        return True

    def put_actions(self, buttons: list[Any]) -> None:
        """The buttons beside your hand, in place when the same buttons are drawn: a tap that
        enables 出牌 or presses 快进 changes one attribute, not the region's nodes (the focus and
        any transition stay)."""
        drawn = self.drawn.get("action-buttons")
        if drawn == buttons:
            return
        if drawn is None or [button.action for button in drawn] != [button.action for button in buttons]:
            self.put("actions", "".join(button_html(button.action, button.label, enabled=button.enabled,
                                                    primary=button.primary) for button in buttons))
        else:
            elements = self.regions["actions"].querySelectorAll("[data-action]")
            for index, (old, new) in enumerate(zip(drawn, buttons)):
                if old != new:
                    element = elements.item(index)
                    if old.enabled != new.enabled:
                        element.setAttribute("aria-disabled", "false" if new.enabled else "true")
                    if old.label != new.label:
                        element.textContent = new.label
            self.drawn.pop("actions", None)  # its markup is no longer what put() drew
        self.drawn["action-buttons"] = buttons

    def put_hand(self, cards, labels):
        """Redraw your hand, in place when it can be: a tap that selects a card, or a card played,
        changes a few attributes or removes one button, where drawing all thirteen again cost
        most of a redraw on a slow phone (new nodes to parse and style, and a forced layout to
        give the keyboard focus back). Buttons that stay keep their focus and their transitions."""
        html = hand_html(cards, labels)
        if self.drawn.get("hand") == html:
            return
        buttons = {card["code"]: card_button(card, labels) for card in cards}
        rows = hand_rows(list(buttons))
        if self.hand_drawn is not None and self.update_hand(rows, buttons):
            self.drawn["hand"] = html
        else:
            self.put("hand", html)
        self.hand_drawn = (rows, buttons)

    def update_hand(self, rows, buttons):
        """Bring the drawn hand to ``rows`` of ``buttons`` by removing played cards, moving the
        card at the boundary between the rows and setting changed attributes; False (nothing
        touched) when the cards are new or their faces or the number of rows change."""
        old_rows, old_buttons = self.hand_drawn
        old_codes = [code for row in old_rows for code in row]
        codes = [code for row in rows for code in row]
        if len(rows) != len(old_rows) or [code for code in old_codes if code in buttons] != codes or \
                any(buttons[code][1] != old_buttons[code][1] for code in codes):
            return False
        hand = self.regions["hand"]
        drawn = dict(zip(old_codes, hand.querySelectorAll("[data-code]")))
        focused = document.activeElement
        focused_code = focused.getAttribute("data-code") if keyboard_focus_in(hand, focused) else None
        refocus = None
        for index, code in enumerate(old_codes):
            if code not in buttons:
                drawn[code].remove()
                if code == focused_code:  # the focused card was played: stay on the hand, at that place
                    refocus = codes[min(index, len(codes) - 1)] if codes else None
        row_elements = hand.querySelectorAll(".hand-row")
        old_row = {code: number for number, row in enumerate(old_rows) for code in row}
        down = [code for code in rows[-1] if old_row[code] != len(rows) - 1]
        for code in rows[0]:
            if old_row[code] != 0:  # first of the second row, now last of the first
                row_elements.item(0).appendChild(drawn[code])
        for code in reversed(down):  # last of the first row, now first of the second
            row_elements.item(1).insertBefore(drawn[code], row_elements.item(1).firstChild)
        if focused_code in down or focused_code in rows[0] and old_row[focused_code] != 0:
            refocus = focused_code  # a moved button loses the focus
        for code in codes:
            for name, value in buttons[code][0].items():
                if old_buttons[code][0][name] != value:
                    if value is None:
                        drawn[code].removeAttribute(name)
                    else:
                        drawn[code].setAttribute(name, value)
        if len(codes) != len(old_codes):
            inner = hand.querySelector(".hand-inner")
            inner.dataset.css = hand_css(len(codes), rows)
            set_css_variables(hand)
        if refocus is not None:
            drawn[refocus].focus()
        return True

    def flag(self, region, seat):
        element = self.regions[region].closest(".seat")
        element.classList.toggle("is-turn", seat["is_turn"])
        element.classList.toggle("moon-threat", seat["moon_threat"])

    def render_trick(self, trick, collecting):
        element = self.regions["trick"]
        sweep = trick["sweep"]
        if self.drawn.get("sweep") != sweep:  # the trick moving to its winner (Table.wait_over)
            self.drawn["sweep"] = sweep
            element.classList.remove("collect", *(f"to-{place}" for place in SEAT_PLACES))
            if sweep is not None:
                element.classList.add("collect", f"to-{sweep}")
        by_seat = {card["seat"]: card for card in trick["cards"]}
        for seat, place in enumerate(SEAT_PLACES):
            card = by_seat.get(seat)
            won = card is not None and trick["winner"] == seat
            html = "" if card is None else card_face_html(card, "trick-card" + (" won" if won else ""))
            key = f"trick-{seat}"
            if self.drawn.get(key) != html:
                self.drawn[key] = html
                element.querySelector(f".slot-{place}").innerHTML = html
        element.setAttribute("aria-disabled", "false" if collecting else "true")


def remember_drawing(root: Any, language: str) -> None:
    """Keep ``root`` as drawn, with the look <html> gives it, for web/boot.js to paint on the
    next visit before Python is ready. Best effort: a full storage only loses that picture."""
    look = document.documentElement.dataset
    drawing = {"format": DRAWING_KEY, "lang": language, "theme": look.theme, "deck": look.deck,
               "cards": look.cards, "app": STYLE_ATTRIBUTE.sub("", root.outerHTML)}
    with contextlib.suppress(Exception):
        window.localStorage.setItem(DRAWING_KEY, json.dumps(drawing, ensure_ascii=False))


def keyboard_focus_in(element, focused):
    """Whether ``focused`` is inside ``element`` with a visible focus ring (:focus-visible): the
    keyboard put it there, so a redraw must give it back. A tap also focuses the button it hits,
    but a touch player has no use for that focus, and giving it back forces a style and layout
    pass that cost up to a tenth of a second per tap on a slow phone."""
    return not absent(focused) and bool(element.contains(focused)) and bool(focused.matches(":focus-visible"))


def set_css_variables(element):
    """Copy each ``data-css="--name:value;..."`` into the element's style through the CSSOM:
    the page's Content Security Policy refuses inline ``style`` attributes in markup."""
    for holder in element.querySelectorAll("[data-css]"):
        for declaration in str(holder.dataset.css).split(";"):
            name, _, value = declaration.partition(":")
            holder.style.setProperty(name.strip(), value.strip())


class Sound:
    """Short cues synthesised with Web Audio. The AudioContext is made on a tap or key press
    (browsers only let a page start audio after a gesture); a browser without Web Audio, a
    refused or suspended context just means silence, never an error."""

    def __init__(self):
        self.context = None

    def wake(self, wanted):
        if not wanted:
            return
        try:
            if self.context is None:
                maker: Any = getattr(window, "AudioContext", None) or getattr(window, "webkitAudioContext", None)
                if absent(maker):
                    return
                self.context = maker.new()
            if self.context.state == "suspended":
                self.context.resume()
        except Exception as problem:  # no Web Audio here: stay silent
            window.console.warn(f"no sound: {problem}")
            self.context = None

    def play(self, cue):
        context = self.context
        if context is None:
            return
        try:
            if context.state != "running":
                return
            now = context.currentTime
            for note in notes(cue):
                oscillator, gain = context.createOscillator(), context.createGain()
                oscillator.type = note.wave
                start, end = now + note.start, now + note.start + note.length
                oscillator.frequency.setValueAtTime(note.frequency, start)
                gain.gain.setValueAtTime(0.0001, start)
                gain.gain.exponentialRampToValueAtTime(0.18, start + 0.015)
                gain.gain.exponentialRampToValueAtTime(0.0001, end)
                oscillator.connect(gain)
                gain.connect(context.destination)
                oscillator.start(start)
                oscillator.stop(end + 0.02)
        except Exception as problem:
            window.console.warn(f"sound {cue} not played: {problem}")


def download(filename, content):
    """Save ``content`` as a file: a Blob behind a temporary <a download>, the one way a static
    page offers a file without a server."""
    blob = window.Blob.new(to_js([content]), to_js({"type": "application/json"}))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = filename
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(window.URL.revokeObjectURL.bind(window.URL, url), 10_000)


@contextlib.contextmanager
def reporting():
    """Turn any Python error in a handler into the page's readable error screen."""
    try:
        yield
    except Exception:
        show_error(traceback.format_exc())


def show_error(detail):
    window.console.warn(detail)
    window.heartsShowError(detail)


def reopen(pages):
    """Open the game localStorage holds now, as a reload does but without starting Python
    again: with ``?test=1`` the e2e tests set up each position this way (e2e/conftest.py)."""
    with reporting():
        pages[0].close()
        pages[0] = Page()
        pages[0].start()


def main():
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
