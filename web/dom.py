"""The DOM as the page draws it: :class:`Screen` brings the table's regions to a
:meth:`hearts.table.Table.state`, patching in place what changed (hearts.markup writes the
markup), and keeps the keyboard focus where it was.

Runs only in the page (PyScript): it imports ``pyscript``.
"""

import contextlib
import json
import re
from html import escape
from typing import Any

from pyscript import document, window

from browser import absent
from hearts.markup import (action_buttons, button_html, card_button, card_face_html, hand_css, hand_html, hand_rows,
                           menu_html, opponent_html, panel_html, seat_info_html, skeleton, tip_html)
from hearts.state import SEAT_PLACES

#: The table as last drawn, which web/boot.js paints on the next visit while Python starts.
DRAWING_KEY = "hearts.drawing"
#: How the DOM serialises what set_css_variables set: web/boot.js sets it again from data-css,
#: and markup with a style attribute is refused by the Content Security Policy.
STYLE_ATTRIBUTE = re.compile(r' style="[^"]*"')


class Screen:
    """The table's regions in ``root`` and what was last drawn into each."""

    def __init__(self, root: Any) -> None:
        self.root = root
        self.language = ""
        #: The kind of panel drawn last, so a panel that comes up can take the focus once.
        self.panel_kind = None
        self.drawn: dict[str, Any] = {}
        self.regions: dict[str, Any] = {}

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

    def draw(self, state: Any) -> None:
        """Bring the DOM to ``state`` (Table.state()), touching only what changed."""
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
        kept = self.panel_scroll() if self.panel_kind == "review" else None
        opened = self.put("panel", panel_html(state["panel"]))
        if opened and kept is not None and state["panel"] is not None and state["panel"]["kind"] == "review":
            # 复盘's viewer is drawn again at each step and as each verdict comes: it stays
            # scrolled where the player left it.
            self.panel_scroll(kept)
        self.regions["panel"].hidden = state["panel"] is None
        if opened and state["panel"] is not None and "field" in state["panel"]:
            self.regions["panel"].querySelector("input").focus()
        elif state["panel"] is not None and state["panel"]["kind"] != self.panel_kind:
            # A dialog that comes up takes the focus, so Enter presses its main button (marked
            # data-autofocus: hearts.markup), else its first.
            first = self.regions["panel"].querySelector("[data-autofocus]")
            if absent(first):
                first = self.regions["panel"].querySelector("button")
            if not absent(first):
                first.focus()
        self.panel_kind = None if state["panel"] is None else state["panel"]["kind"]
        self.put("menu", menu_html(state["menu"], state["settings"], labels))
        self.regions["menu"].hidden = not state["menu"]["open"]
        self.put("spoken", escape(state["spoken"]))

    def panel_scroll(self, top=None):
        """The panel body's scroll position; with ``top``, set it (no body: None, nothing done)."""
        body = self.regions["panel"].querySelector(".panel-body")
        if absent(body):
            return None
        if top is not None:
            body.scrollTop = top
        return body.scrollTop

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
