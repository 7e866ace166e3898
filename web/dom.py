"""The DOM as the page draws it: :class:`Screen` brings the table's regions to a
:meth:`hearts.table.Table.state`, patching in place what changed (hearts.table.markup writes the
markup; web/patch.js applies the changes, and keeps the keyboard focus where it was).

Pure Python: the changes go out as a ``patch`` command for web/page.js (browser.Outbox).
"""

from html import escape
from typing import Any

from browser import Command, Outbox
from hearts.table.markup import (
    action_buttons,
    button_html,
    card_button,
    card_face_html,
    hand_css,
    hand_markup,
    hand_rows,
    menu_html,
    opponent_html,
    panel_html,
    seat_info_html,
    skeleton,
    status_html,
    tip_html,
)
from hearts.table.state import SEAT_PLACES


class Screen:
    """The table's regions in ``root`` and what was last drawn into each.

    A redraw works out what changed here, in Python, and sends it as one list of changes for
    web/patch.js: each DOM call from Python crosses Pyodide's bridge, and a played card's
    forty-odd crossings cost most of the tap on a slow phone."""

    def __init__(self, outbox: Outbox) -> None:
        self.outbox = outbox
        self.language = ""
        #: The kind of panel drawn last, so a panel that comes up can take the focus once.
        self.panel_kind = None
        self.drawn: dict[str, Any] = {}
        self.hand_drawn: Any = None  # what update_hand starts from: (rows of codes, {code: card_button})
        #: This redraw's changes for web/patch.js, in order.
        self.changes: list[list[Any]] = []

    def build(self, language: str, labels: dict[str, str]) -> None:
        """Lay out the table's regions, labelled in ``language`` (again when it changes)."""
        self.language = language
        self.drawn = {}
        self.hand_drawn = None
        self.change("build", skeleton(labels), language, labels["app.title"])

    def draw(self, state: Any) -> None:
        """Bring the DOM to ``state`` (Table.state()), touching only what changed."""
        if state["language"] != self.language:
            self.build(state["language"], state["labels"])
        labels = state["labels"]
        switches = state["settings"]["switches"]
        # Theme, deck colours and card size are attributes of <html> that style.css reads.
        self.put_data(
            "document",
            {
                "theme": "dark" if switches["dark"] else "light",
                "deck": "four-colour" if switches["four_colour"] else "two-colour",
                "cards": "large" if switches["large_cards"] else "normal",
            },
        )
        self.put_data(
            "table",
            {
                "phase": str(state["phase"]),
                "level": state["level"],
                "handNumber": str(state["hand_number"]),
                "turn": "" if state["turn"] is None else str(state["turn"]),
                "collecting": "true" if state["collecting"] else "false",
            },
        )
        self.put("status", status_html(state["status"]))
        self.put("markers", "".join(f'<span class="marker">{escape(m)}</span>' for m in state["markers"]))
        self.put("notices", "".join(f'<p class="notice" role="alert">{escape(n)}</p>' for n in state["notices"]))
        self.put("tip", tip_html(state["tip"]))
        for seat in state["seats"][1:]:
            self.put(f"seat-{seat['seat']}", opponent_html(seat, labels))
            self.flag(f"seat-{seat['seat']}", seat)
        self.put("seat-0-info", seat_info_html(state["seats"][0], labels))
        self.flag("seat-0-info", state["seats"][0])
        self.render_trick(state["trick"], state["collecting"])
        last = state["last_trick_button"]
        self.put("trick-tools", button_html("last-trick", last["label"]) if last["visible"] else "")
        self.put("prompt", escape(state["prompt"]))
        self.put("message", escape(state["message"] or ""))
        self.put_actions(action_buttons(state))
        self.put_hand(state["cards"], labels)
        panel = state["panel"]
        opened = self.put("panel", panel_html(panel))
        self.set_hidden("panel", panel is None)
        self.put("menu", menu_html(state["menu"], state["settings"], labels))
        self.set_hidden("menu", not state["menu"]["open"])
        self.put("spoken", escape(state["spoken"]))
        if opened and self.panel_kind == "review" and panel is not None and panel["kind"] == "review":
            # 复盘's viewer is drawn again at each step and as each verdict comes: it stays
            # scrolled where the player left it (read first, so the read forces no layout).
            self.changes.insert(0, ["keep-scroll"])
            self.change("restore-scroll")
        if opened and panel is not None and "field" in panel:
            self.change("focus-panel", True)
        elif panel is not None and panel["kind"] != self.panel_kind:
            # A dialog that comes up takes the focus, so Enter presses its main button.
            self.change("focus-panel", False)
        self.panel_kind = None if panel is None else panel["kind"]
        self.apply()

    def change(self, *change: Any) -> None:
        """Add a change for web/patch.js (its ``ops`` name them)."""
        self.changes.append(list(change))

    def differs(self, key: str, value: Any) -> bool:
        """Whether ``value`` is not what was last drawn under ``key``; remembers it."""
        if key in self.drawn and self.drawn[key] == value:
            return False
        self.drawn[key] = value
        return True

    def apply(self) -> None:
        """Send this redraw's changes to web/page.js, as one command."""
        if self.changes:
            self.outbox.send(Command.PATCH, self.changes)
            self.changes = []

    def put(self, region: str, html: str) -> bool:
        """Redraw a region if its HTML changed (the keyboard's focus stays on the same card or
        action: web/patch.js); returns whether it did."""
        if not self.differs(region, html):
            return False
        self.change("put", region, html)
        return True

    def put_data(self, where: str, values: dict[str, str]) -> None:
        """Data attributes of <html> (``document``) or of the table (``table``)."""
        if self.differs(f"{where}:data", values):
            self.change("data", where, values)

    def set_hidden(self, region: str, hidden: bool) -> None:
        if self.differs(f"{region}:hidden", hidden):
            self.change("hidden", region, hidden)

    def put_actions(self, buttons: list[Any]) -> None:
        """The buttons beside your hand, in place when the same buttons are drawn: a tap that
        enables 出牌 or presses 快进 changes one attribute, not the region's nodes (the focus and
        any transition stay)."""
        drawn = self.drawn.get("action-buttons")
        if drawn == buttons:
            return
        if drawn is None or [button.action for button in drawn] != [button.action for button in buttons]:
            self.put(
                "actions",
                "".join(
                    button_html(button.action, button.label, enabled=button.enabled, primary=button.primary)
                    for button in buttons
                ),
            )
        else:
            self.change(
                "buttons",
                [
                    [
                        index,
                        new.enabled if old.enabled != new.enabled else None,
                        new.label if old.label != new.label else None,
                    ]
                    for index, (old, new) in enumerate(zip(drawn, buttons))
                    if old != new
                ],
            )
            self.drawn.pop("actions", None)  # its markup is no longer what put() drew
        self.drawn["action-buttons"] = buttons

    def put_hand(self, cards: list[Any], labels: dict[str, str]) -> None:
        """Redraw your hand, in place when it can be: a tap that selects a card, or a card played,
        changes a few attributes or removes one button, where drawing all thirteen again cost
        most of a redraw on a slow phone (new nodes to parse and style, and a forced layout to
        give the keyboard focus back). Buttons that stay keep their focus and their transitions.
        The hand as drawn is compared as its buttons' attributes and insides, so a redraw that
        leaves it as it was (a bot's card) writes no markup at all."""
        buttons = {card["code"]: card_button(card, labels) for card in cards}
        rows = hand_rows(list(buttons))
        if self.hand_drawn == (rows, buttons):
            return
        if self.hand_drawn is None or not self.update_hand(rows, buttons):
            self.change("put", "hand", hand_markup(rows, buttons))
        self.hand_drawn = (rows, buttons)

    def update_hand(self, rows: list[list[str]], buttons: dict[str, Any]) -> bool:
        """Bring the drawn hand to ``rows`` of ``buttons`` by removing played cards, moving the
        cards at the boundary between the rows and setting changed attributes (web/patch.js
        does it, and keeps the keyboard's focus); False (nothing touched) when the cards are new
        or their faces or the number of rows change."""
        old_rows, old_buttons = self.hand_drawn
        old_codes = [code for row in old_rows for code in row]
        codes = [code for row in rows for code in row]
        if (
            len(rows) != len(old_rows)
            or [code for code in old_codes if code in buttons] != codes
            or any(buttons[code][1] != old_buttons[code][1] for code in codes)
        ):
            return False
        old_row = {code: number for number, row in enumerate(old_rows) for code in row}
        self.change(
            "hand",
            {
                "remove": [code for code in old_codes if code not in buttons],
                # The first of the second row, now last of the first; the last of the first, now
                # first of the second.
                "up": [code for code in rows[0] if old_row[code] != 0],
                "down": [code for code in rows[-1] if old_row[code] != len(rows) - 1],
                "attributes": [
                    [code, name, value]
                    for code in codes
                    for name, value in buttons[code][0].items()
                    if old_buttons[code][0][name] != value
                ],
                "css": hand_css(len(codes), rows) if len(codes) != len(old_codes) else None,
            },
        )
        return True

    def flag(self, region: str, seat: Any) -> None:
        flags = (seat["is_turn"], seat["moon_threat"])
        if self.differs(f"{region}:flags", flags):
            self.change("flag", region, *flags)

    def render_trick(self, trick: Any, collecting: bool) -> None:
        sweep = trick["sweep"]
        if self.differs("sweep", sweep):  # the trick moving to its winner (Table.wait_over)
            self.change("sweep", sweep, list(SEAT_PLACES))
        by_seat = {card["seat"]: card for card in trick["cards"]}
        for seat, place in enumerate(SEAT_PLACES):
            card = by_seat.get(seat)
            won = card is not None and trick["winner"] == seat
            html = "" if card is None else card_face_html(card, "trick-card" + (" won" if won else ""))
            if self.differs(f"trick-{seat}", html):
                self.change("slot", place, html)
        disabled = "false" if collecting else "true"
        if self.differs("trick:disabled", disabled):
            self.change("attribute", "trick", "aria-disabled", disabled)
