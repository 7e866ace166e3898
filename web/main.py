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

from hearts.pace import delay_scale
from hearts.settings import FAST_FORWARD, pacing
from hearts.sounds import notes
from hearts.strings import DEFAULT_LANGUAGE, text
from hearts.table import StorageUnavailable, another_tab_wrote, claim_game, load_ai, open_table, pause_before_end

SEAT_PLACES = ("bottom", "left", "top", "right")
REDRAW_MEASURE = "hearts:redraw"
#: The table as last drawn, which web/boot.js paints on the next visit while Python starts.
DRAWING_KEY = "hearts.drawing"
#: How the DOM serialises what set_css_variables set: web/boot.js sets it again from data-css,
#: and markup with a style attribute is refused by the Content Security Policy.
STYLE_ATTRIBUTE = re.compile(r' style="[^"]*"')
#: The language the page draws in: one page, one language at a time (Page.build sets it).
LANGUAGE = DEFAULT_LANGUAGE


def words(key, **values):
    """A string of hearts.strings in the page's language: every label drawn here uses this."""
    return text(key, LANGUAGE, **values)


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
        self.fast = False
        self.timer = None
        self.timer_due = 0.0  # performance.now() at which the pending timer fires
        self.timer_for = ""  # what it is for: "collect" (the trick shown) or "bot" (a bot's turn)
        self.sound = Sound()
        #: The kind of panel drawn last, so a panel that comes up can take the focus once.
        self.panel_kind = None
        self.root = document.getElementById("app")
        self.build(self.table.language)
        self.proxies = [
            (self.root, "click", create_proxy(self.on_click)),
            (self.root, "submit", create_proxy(self.on_submit)),
            (window, "storage", create_proxy(self.on_storage)),
            (document, "fullscreenchange", create_proxy(lambda event: self.render())),
            (document, "keydown", create_proxy(self.on_key)),
        ]
        for target, name, proxy in self.proxies:
            target.addEventListener(name, proxy)
        self.tick_proxy = create_proxy(self.on_timer)
        self.thinking = None
        self.thinking_from = None
        self.slice_timer = None
        self.slice_proxy = create_proxy(self.on_slice)
        self.pace = delay_scale(str(window.location.search))

    def build(self, language):
        """Lay out the table's regions, labelled in ``language`` (again when it changes)."""
        global LANGUAGE
        LANGUAGE = self.language = language
        self.drawn = {}
        self.hand_drawn: Any = None  # what update_hand starts from: (rows of codes, {code: card_button})
        self.root.innerHTML = skeleton()
        self.regions = {name: self.root.querySelector(f"[data-region='{name}']") for name in (
            "status", "markers", "notices", "seat-1", "seat-2", "seat-3", "seat-0-info",
            "trick", "message", "prompt", "actions", "hand", "panel", "menu", "spoken", "trick-tools", "tip")}
        document.documentElement.lang = language
        document.title = words("app.title")

    def start(self):
        # Claiming the game tells another tab showing it that it moved here. The tab id comes
        # from os.urandom, not `secrets`, whose import costs tens of ms of start-up in Pyodide.
        claim_game(self.storage, os.urandom(8).hex())
        self.table.update_tips()
        self.save()
        self.render()
        self.table.take_cues()  # what was due before this visit is not news: no chime on the first tap
        self.schedule()

    def close(self):
        """Stop this page's timers, AI and listeners, so another Page can take the table over
        (the ``?test=1`` hook in main)."""
        self.cancel_timer()
        self.stop_thinking()
        for target, name, proxy in self.proxies:
            target.removeEventListener(name, proxy)

    # ----- events ------------------------------------------------------------------------------

    def on_click(self, event):
        with reporting():
            self.sound.wake(self.table.settings.sound)
            if self.table.menu_open and absent(event.target.closest(".menu, .menu-button")):
                self.table.toggle_menu()  # a tap outside the open menu closes it
                self.render()
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
            if command == "close-menu":
                self.table.toggle_menu()
                self.render()
                self.root.querySelector(".menu-button").focus()
            elif command in ("previous-card", "next-card", "first-card"):
                self.move_card_focus(command, focused)
            elif command == "close-overlay":
                self.table.close_overlay()
                self.changed()
            else:
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
                self.table.submit_deal_number(str(field.value))
                self.changed()

    def act(self, action, target):
        table = self.table
        if action == "card":
            table.tap_card(str(target.dataset.code))
        elif action == "pass":
            self.think(table.confirm_pass_steps())
            return
        elif action == "play":
            table.play_selected()
        elif action == "hint":
            self.think(table.hint_steps())
            return
        elif action == "trick":
            if not table.collecting:
                return
            table.collect()
        elif action == "fast":
            self.fast = True
        elif action == "menu":
            table.toggle_menu()
        elif action == "level":
            table.set_level(str(target.dataset.level))
        elif action == "settings":
            table.open_settings()
        elif action == "setting":
            name, value = str(target.dataset.name), str(target.dataset.value)
            table.choose_setting(name, {"true": True, "false": False}.get(value, value))
            self.sound.wake(table.settings.sound)
        elif action == "fullscreen":
            self.toggle_fullscreen()
            table.toggle_menu()
        elif action == "new-game":
            table.request_new_game()
        elif action == "confirm-new-game":
            table.confirm_new_game()
        elif action == "cancel-new-game":
            table.cancel_new_game()
        elif action == "next-hand":
            table.next_hand()
        elif action == "play-again":
            table.play_again()
        elif action == "dismiss-tip":
            table.dismiss_tip()
        elif action == "rules-section":
            table.show_rules_section(str(target.dataset.section))
        elif action == "reload":
            window.location.reload()
            return
        elif not self.act_on_panels(action):
            return
        self.changed()
        if action in ("menu", "settings") and table.menu_open:
            # Keyboard users land in the menu they opened, not behind it.
            self.regions["menu"].querySelector("button").focus()
        elif action == "rules-section":
            # A jump in 「玩法」 takes the keyboard and the screen reader to the section's heading.
            self.regions["panel"].querySelector(".rules-section h3").focus()

    def act_on_panels(self, action):
        """上一墩, 计分表, 统计, 牌局编号, 重玩此局, 导出牌局, 自动完成 and 玩法; False if not one of them."""
        table = self.table
        if action == "rules":
            table.show_rules()
        elif action == "last-trick":
            table.show_last_trick()
        elif action == "scoresheet":
            table.show_scoresheet()
        elif action == "stats":
            table.show_stats(self.storage)
        elif action == "reset-stats":
            table.request_reset_stats()
        elif action == "confirm-reset-stats":
            table.confirm_reset_stats(self.storage)
        elif action == "cancel-reset-stats":
            table.cancel_reset_stats()
        elif action == "deal-entry":
            table.open_deal_entry()
        elif action == "close-overlay":
            table.close_overlay()
        elif action == "replay":
            table.replay_deal()
        elif action == "export":
            exported = table.export_record(datetime.datetime.now().strftime("%Y%m%d-%H%M%S"))
            if exported is not None:
                download(*exported)
        elif action == "autofinish":
            table.finish_now()
        else:
            return False
        return True

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

    def schedule(self):
        if self.thinking is not None:
            self.cancel_timer()
            return  # the AI at work calls changed(), and so this, when it is done
        table = self.table
        if table.your_turn() or table.panel() is not None:
            self.fast = False
        pace = FAST_FORWARD if self.fast else pacing(table.settings.speed)
        if table.collecting:
            self.later(pace.trick_shown, "collect")
        elif table.ai_due():
            self.later(pace.ai_delay, "bot")
        else:
            self.cancel_timer()

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

    def on_timer(self, *args):
        with reporting():
            self.timer = None
            table = self.table
            if table.collecting:
                trick = self.regions["trick"]
                if "collect" not in str(trick.className):
                    winner = table.state()["trick"]["winner"]
                    assert winner is not None  # a trick being collected is complete
                    trick.classList.add("collect", f"to-{SEAT_PLACES[winner]}")
                    self.later(pacing(table.settings.speed).collect_move, "collect")
                    return
                table.collect()
            elif table.ai_due():
                self.think(table.ai_step_steps())
                return
            self.changed()

    # ----- the AI, a slice per browser task ----------------------------------------------------

    def think(self, steps):
        """Run ``steps`` (a table action in slices: hearts.ai.steps) to its end, then save and
        redraw. The first slice runs now, so a quick decision (Easy, Normal) is done within
        the tap; each further slice runs in a task of its own (a zero-delay timer), so the
        browser paints and takes taps between slices while Hard or a hint searches, and the
        redraw that shows a sliced result gets a task of its own (pause_before_end), so no
        task does a slice of search and a redraw. One computation at a time: a tap asking for
        another meanwhile is ignored, and one that moves the game on (you play while a hint
        is worked out) stops it."""
        if self.thinking is not None:
            return
        self.thinking = pause_before_end(steps)
        self.on_slice()
        # Where the game stood once the first slice had started the work (a hint first takes
        # a finished trick off the table).
        self.thinking_from = self.table.position()

    def on_slice(self, *args):
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
            self.slice_timer = window.setTimeout(self.slice_proxy, 0)

    def stop_thinking(self):
        if self.slice_timer is not None:
            window.clearTimeout(self.slice_timer)
            self.slice_timer = None
        if self.thinking is not None:
            self.thinking.close()
            self.thinking = self.thinking_from = None

    # ----- drawing -----------------------------------------------------------------------------

    def render(self):
        started = window.performance.now()
        self.draw(self.table.state())
        # A User Timing measure per redraw, which tools/bench_longtasks.py observes; cleared at
        # once, so a long game keeps none in the page's buffer.
        window.performance.measure(REDRAW_MEASURE, to_js({"start": started}, dict_converter=window.Object.fromEntries))
        window.performance.clearMeasures(REDRAW_MEASURE)
        remember_drawing(self.root)

    def draw(self, state):
        if state["language"] != self.language:
            self.build(state["language"])
        self.apply_settings(state["settings"])
        root = self.root
        root.dataset.phase = state["phase"]
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
            self.put(f"seat-{seat['seat']}", opponent_html(seat))
            self.flag(f"seat-{seat['seat']}", seat)
        self.put("seat-0-info", seat_info_html(state["seats"][0]))
        self.flag("seat-0-info", state["seats"][0])
        self.render_trick(state["trick"], state["collecting"])
        last = state["last_trick_button"]
        self.put("trick-tools", button_html("last-trick", last["label"])
                 if last["visible"] else "")
        self.put("prompt", escape(state["prompt"]))
        self.put("message", escape(state["message"] or ""))
        self.put("actions", actions_html(state, self.fast))
        self.put_hand(state["cards"])
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
        self.put("menu", menu_html(state["menu"], state["settings"], bool(document.fullscreenEnabled),
                                   not absent(document.fullscreenElement)))
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

    def put_hand(self, cards):
        """Redraw your hand, in place when it can be: a tap that selects a card, or a card played,
        changes a few attributes or removes one button, where drawing all thirteen again cost
        most of a redraw on a slow phone (new nodes to parse and style, and a forced layout to
        give the keyboard focus back). Buttons that stay keep their focus and their transitions."""
        html = hand_html(cards)
        if self.drawn.get("hand") == html:
            return
        buttons = {card["code"]: card_button(card) for card in cards}
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
        if not collecting:
            element.classList.remove("collect", "to-bottom", "to-left", "to-top", "to-right")
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


def remember_drawing(root):
    """Keep ``root`` as drawn, with the look <html> gives it, for web/boot.js to paint on the
    next visit before Python is ready. Best effort: a full storage only loses that picture."""
    look = document.documentElement.dataset
    drawing = {"format": DRAWING_KEY, "lang": LANGUAGE, "theme": look.theme, "deck": look.deck,
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


# ----- HTML builders (pure functions of the state) -----------------------------------------------


def skeleton():
    seats = "".join(
        f'<section class="seat seat-{seat} seat-{SEAT_PLACES[seat]}" role="region" '
        f'aria-label="{escape(words("seat.region", seat=words(f"seat.{seat}")))}" '
        f'data-region="seat-{seat}"></section>' for seat in (1, 2, 3))
    slots = "".join(f'<div class="slot slot-{place}"></div>' for place in SEAT_PLACES)
    return (
        '<header class="topbar">'
        '<div class="status" data-region="status"></div>'
        '<div class="markers" data-region="markers" aria-live="polite"></div>'
        f'<button type="button" class="btn menu-button" data-action="menu">{escape(words("button.menu"))}</button>'
        '</header>'
        '<div class="bulletins"><div class="notices" data-region="notices"></div>'
        # The newcomer's tip (hearts.tips), under the notices: never over the cards.
        '<div class="tip-region" data-region="tip" role="status"></div></div>'
        f'{seats}'
        f'<div class="trick" role="region" aria-label="{escape(words("trick.region"))}" data-region="trick" '
        f'data-action="trick">{slots}<div class="trick-tools" data-region="trick-tools"></div></div>'
        f'<section class="seat seat-0 seat-bottom" role="region" '
        f'aria-label="{escape(words("seat.region", seat=words("seat.0")))}">'
        '<div class="bar">'
        '<div class="seat-info" data-region="seat-0-info"></div>'
        '<div class="talk"><p class="prompt" data-region="prompt"></p>'
        '<p class="message" data-region="message" role="status" aria-live="polite"></p></div>'
        '<div class="actions" data-region="actions"></div>'
        '</div>'
        f'<div class="hand" role="group" aria-label="{escape(words("hand.region"))}" data-region="hand"></div>'
        '</section>'
        '<div class="panel-layer" data-region="panel" hidden></div>'
        '<div class="menu" data-region="menu" hidden></div>'
        # Each play and each trick's winner, for screen readers (see Table.spoken).
        '<div class="sr-only" data-region="spoken" aria-live="polite" aria-atomic="true"></div>'
    )


def opponent_html(seat):
    backs = "".join('<span class="back mini"></span>' for _ in range(seat["cards_left"]))
    threat = (f'<span class="badge threat">{escape(words("marker.moon_threat"))}</span>'
              if seat["moon_threat"] else "")
    return (
        f'<div class="nameplate"><span class="turn-dot" aria-hidden="true"></span>'
        f'<span class="name">{escape(seat["name"])}</span>{threat}</div>'
        f'<div class="score">{score_html(seat)}</div>'
        f'<div class="backs" aria-hidden="true" data-css="--n:{seat["cards_left"]}">{backs}</div>'
    )


def seat_info_html(seat):
    threat = (f'<span class="badge threat">{escape(words("marker.moon_threat"))}</span>'
              if seat["moon_threat"] else "")
    return (f'<div class="nameplate"><span class="turn-dot" aria-hidden="true"></span>'
            f'<span class="name">{escape(seat["name"])}</span>{threat}</div>'
            f'<div class="score">{score_html(seat)}</div>')


def score_html(seat):
    return (f'<span class="pts" aria-label="{escape(seat["summary"])}">'
            f'<span class="kv"><span class="k">{escape(words("seat.points_label"))}</span> '
            f'<b>{seat["points"]}</b></span> '
            f'<span class="kv"><span class="k">{escape(words("seat.total_label"))}</span> '
            f'<b>{seat["total"]}</b></span></span>')


def card_face_html(card, classes):
    colour = "red" if card["red"] else "black"
    rank, symbol = escape(card["rank"]), escape(card["symbol"])
    return (f'<div class="card face {colour} suit-{card["suit"]} {classes}" data-code="{card["code"]}" '
            f'aria-label="{escape(card["name"])}" role="img">{face_inner(rank, symbol)}</div>')


def face_inner(rank, symbol):
    return (f'<span class="corner" aria-hidden="true"><span class="r">{rank}</span>'
            f'<span class="s">{symbol}</span></span>'
            f'<span class="pip" aria-hidden="true">{symbol}</span>'
            # The far corner repeats the rank in CSS, not in text: a card's visible text must
            # stay part of its accessible name (axe's label-content-name-mismatch).
            f'<span class="corner far" aria-hidden="true"><span class="r" data-t="{rank}"></span>'
            f'<span class="s" data-t="{symbol}"></span></span>')


def hand_rows(codes):
    """Your cards in rows: two once there are more than seven, the first row the longer."""
    half = (len(codes) + 1) // 2
    return [codes[:half], codes[half:]] if len(codes) > 7 else [codes]


def card_button(card):
    """The attributes and the inside of your card's button: hand_html writes them as markup, and
    Page.update_hand sets the attributes that changed on a button already drawn."""
    classes = ["card", "face", "red" if card["red"] else "black", f'suit-{card["suit"]}']
    classes += [name for name in ("selected", "dimmed", "received") if card[name]]
    attributes = {
        "class": " ".join(classes),
        "aria-label": card["name"],
        "aria-description": words("label.received") if card["received"] else None,
        "aria-pressed": "true" if card["selected"] else "false",
        "aria-disabled": "false" if card["playable"] else "true",
    }
    badge = (f'<span class="tag" aria-hidden="true">{escape(words("label.received"))}</span>'
             if card["received"] else "")
    return attributes, face_inner(escape(card["rank"]), escape(card["symbol"])) + badge


def hand_css(count, rows):
    return f"--n:{count};--row:{len(rows[0])}"


def hand_html(cards):
    buttons = {card["code"]: card_button(card) for card in cards}
    rows = hand_rows(list(buttons))
    out = []
    for row in rows:
        markup = []
        for code in row:
            attributes, inside = buttons[code]
            written = " ".join(f'{name}="{escape(value)}"' for name, value in attributes.items() if value is not None)
            markup.append(f'<button type="button" data-action="card" data-code="{code}" {written}>{inside}</button>')
        out.append(f'<div class="hand-row">{"".join(markup)}</div>')
    return f'<div class="hand-inner" data-css="{hand_css(len(cards), rows)}">{"".join(out)}</div>'


def button_html(action, label, *, enabled=True, primary=False, extra=""):
    classes = "btn primary" if primary else "btn"
    return (f'<button type="button" class="{classes}" data-action="{action}" '
            f'aria-disabled="{"false" if enabled else "true"}"{extra}>{escape(label)}</button>')


def actions_html(state, fast):
    parts = []
    if state["pass_button"]["visible"]:
        parts.append(button_html("pass", state["pass_button"]["label"],
                                 enabled=state["pass_button"]["enabled"], primary=True))
    if state["play_button"]["visible"]:
        parts.append(button_html("play", state["play_button"]["label"],
                                 enabled=state["play_button"]["enabled"], primary=True))
    parts.append(button_html("hint", state["hint_button"]["label"], enabled=state["hint_button"]["enabled"]))
    if state["fast_forward"]:
        parts.append(button_html("fast", words("button.fast_forward"), enabled=not fast))
    if state["autofinish_button"]["visible"]:
        parts.append(button_html("autofinish", state["autofinish_button"]["label"]))
    return "".join(parts)


def panel_html(panel):
    if panel is None:
        return ""
    lines = "".join(f"<p>{escape(line)}</p>" for line in panel["lines"])
    table = ""
    if "rows" in panel:
        head = "".join(f'<th scope="col">{escape(c)}</th>' for c in panel["columns"])
        body = "".join(
            f'<tr class="{row_classes(row)}">'
            + "".join(f"<td>{escape(cell)}</td>" for cell in row["cells"]) + "</tr>"
            for row in panel["rows"])
        thead = f"<thead><tr>{head}</tr></thead>" if head else ""
        table = f'<table class="scores">{thead}<tbody>{body}</tbody></table>'
    sheet = sheet_html(panel.get("sheet"))
    field = field_html(panel.get("field"))
    section = section_html(panel.get("section"))
    buttons = "".join(button_html(b["action"], b["label"], primary=index == 0 and not field)
                      for index, b in enumerate(panel["buttons"]))
    mood = " won" if panel.get("won") else (" lost" if panel["kind"] == "game" else "")
    return (f'<div class="panel panel-{panel["kind"]}{mood}" role="dialog" aria-modal="true" '
            f'aria-labelledby="panel-title"><h2 id="panel-title">{escape(panel["title"])}</h2>'
            f'{contents_html(panel.get("contents"))}'
            f'<div class="panel-body">{table}{lines}{sheet}{field}{section}</div>'
            f'<div class="panel-buttons">{buttons}</div></div>')


def contents_html(contents):
    """The contents of 「玩法」: a button per section, the one shown marked current."""
    if not contents:
        return ""
    items = "".join(
        f'<button type="button" class="btn seg" data-action="rules-section" data-section="{item["target"]}" '
        f'aria-current="{"true" if item["current"] else "false"}">{escape(item["label"])}</button>'
        for item in contents["items"])
    return f'<nav class="contents" aria-label="{escape(contents["label"])}">{items}</nav>'


def section_html(section):
    """The section of 「玩法」 shown: its blocks (hearts.panels.blocks) as headings, paragraphs and lists."""
    if not section:
        return ""
    drawn = []
    for block in section["blocks"]:
        if block["kind"] == "heading":
            drawn.append(f'<h4>{escape(block["text"])}</h4>')
        elif block["kind"] == "paragraph":
            drawn.append(f'<p>{escape(block["text"])}</p>')
        else:
            tag = "ol" if block["kind"] == "steps" else "ul"
            drawn.append(f"<{tag}>" + "".join(f"<li>{escape(item)}</li>" for item in block["items"]) + f"</{tag}>")
    return (f'<section class="rules-section" aria-labelledby="rules-heading">'
            f'<h3 id="rules-heading" tabindex="-1">{escape(section["title"])}</h3>{"".join(drawn)}</section>')


def tip_html(tip):
    """The newcomer's tip: one sentence and 「知道了」."""
    if tip is None:
        return ""
    return (f'<div class="tip"><p><span class="sr-only">{escape(tip["label"])}</span>{escape(tip["text"])}</p>'
            f'{button_html("dismiss-tip", tip["dismiss"])}</div>')


def row_classes(row):
    names = [name for name, on in (("you", row.get("seat") == 0), ("moon", row.get("moon")),
                                   ("won", row.get("won"))) if on]
    return " ".join(names)


def sheet_html(sheet):
    """The score sheet (hearts.scoresheet.score_table): a row per hand, then the totals."""
    if not sheet:
        return ""
    head = "".join(f'<th scope="col">{escape(cell)}</th>' for cell in sheet["header"])
    rows = "".join("<tr>" + "".join(sheet_cell_html(cell) for cell in row) + "</tr>" for row in sheet["rows"])
    totals = "".join(sheet_cell_html(cell) for cell in sheet["totals"])
    return (f'<table class="sheet"><caption>{escape(sheet["title"])} · {escape(sheet["caption"])}</caption>'
            f'<thead><tr>{head}</tr></thead><tbody>{rows}</tbody>'
            f'<tfoot><tr>{totals}</tr></tfoot></table>')


def sheet_cell_html(cell):
    """A score sheet cell; a seat's [points, running total] pair keeps the total in its own span."""
    if isinstance(cell, str):
        return f"<td>{escape(cell)}</td>"
    points, total = cell
    return f'<td>{escape(points)}<span class="total">{escape(total)}</span></td>'


def field_html(field):
    """A one-line form (the 「牌局编号」 entry); the page's submit handler reads it."""
    if not field:
        return ""
    error = field["error"]
    described = ' aria-invalid="true" aria-describedby="field-error"' if error else ""
    message = f'<p class="field-error" id="field-error" role="alert">{escape(error)}</p>' if error else ""
    return (f'<form class="field" novalidate><label for="field-input">{escape(field["label"])}</label>'
            f'<div class="field-row"><input id="field-input" name="{field["name"]}" type="text" '
            f'inputmode="numeric" autocomplete="off" data-action="field" '
            f'value="{escape(field["value"])}"{described}>'
            f'<button type="submit" class="btn primary">{escape(field["submit"])}</button></div>'
            f'{message}</form>')


def menu_html(menu, settings, can_fullscreen, in_fullscreen):
    if menu["page"] == "settings":
        return settings_html(settings)
    levels = "".join(
        f'<button type="button" class="btn seg" data-action="level" data-level="{item["level"]}" '
        f'aria-pressed="{"true" if item["chosen"] else "false"}">{escape(item["label"])}</button>'
        for item in menu["levels"])
    fullscreen = ""
    if can_fullscreen:
        label = words("button.exit_fullscreen") if in_fullscreen else words("button.fullscreen")
        fullscreen = button_html("fullscreen", label)
    game_items = (button_html("scoresheet", words("scoresheet.title")) + button_html("stats", words("stats.title"))
                  + button_html("deal-entry", words("deal_entry.button")) + button_html("rules", words("button.rules")))
    return (f'<div class="menu-card" role="group" aria-label="{escape(words("button.menu"))}"><p class="menu-title">{escape(words("menu.level"))}</p>'
            f'<div class="segmented" role="group" aria-label="{escape(words("menu.level"))}">{levels}</div>'
            f'<div class="menu-items">{fullscreen}{button_html("settings", words("button.settings"))}{button_html("new-game", words("button.new_game"))}{game_items}'
            f'{button_html("menu", words("button.close"))}</div></div>')


def settings_html(settings):
    """The settings page of the menu: language, speed as segmented choices, the rest as switches."""
    def choices(name, items, title):
        buttons = "".join(
            f'<button type="button" class="btn seg" data-action="setting" data-name="{name}" '
            f'data-value="{item["value"]}" aria-pressed="{"true" if item["chosen"] else "false"}"'
            f'{lang_of(name, item)}>{escape(item["label"])}</button>' for item in items)
        return (f'<p class="menu-title" id="setting-{name}">{escape(title)}</p>'
                f'<div class="segmented" role="group" aria-labelledby="setting-{name}">{buttons}</div>')

    def lang_of(name, item):
        return f' lang="{item["value"]}"' if name == "language" else ""

    switches = "".join(
        f'<button type="button" class="btn switch" data-action="setting" data-name="{name}" '
        f'data-value="{"false" if on else "true"}" aria-pressed="{"true" if on else "false"}">'
        f'<span class="dot" aria-hidden="true"></span>{escape(settings["switch_labels"][name])}</button>'
        for name, on in settings["switches"].items())
    return (f'<div class="menu-card settings" role="group" aria-label="{escape(words("settings.title"))}">'
            f'<p class="menu-heading">{escape(words("settings.title"))}</p>'
            f'{choices("language", settings["languages"], words("settings.language"))}'
            f'{choices("speed", settings["speeds"], words("settings.speed"))}'
            f'<div class="switches">{switches}</div>'
            f'<p class="keys-help">{escape(words("settings.keys"))}</p>'
            f'{button_html("menu", words("button.close"))}</div>')


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
