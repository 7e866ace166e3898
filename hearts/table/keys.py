"""The keyboard at the table: which action of :meth:`hearts.table.Table.act` a key asks for.

One table of keys, each with the rule that says whether it does anything now; Escape alone
works through the menu and the panels, every other key waits while they cover the table.

>>> from hearts.table import Table
>>> key_command(Table(seed=3), "h", on_card=False, on_button=False)
'hint'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol


class TableForKeys(Protocol):
    """What the keyboard reads of the table (:class:`hearts.table.Table` has it): the keys are
    decided from the table, and the table asks the keys, so this module names only what it reads."""

    @property
    def overlay(self) -> str | None: ...
    @property
    def menu_open(self) -> bool: ...
    @property
    def selection(self) -> Sequence[object]: ...
    @property
    def human_cards(self) -> Sequence[object]: ...
    def panel(self) -> str | None: ...
    def pass_enabled(self) -> bool: ...
    def your_turn(self) -> bool: ...
    def blocked(self) -> bool: ...
    def fast_forward_offered(self) -> bool: ...
    def hint_enabled(self) -> bool: ...


#: A key's rule: (table, on_card, on_button) -> the action it asks for now, or None.
KeyRule = Callable[[TableForKeys, bool, bool], "str | None"]


def default_action(table: TableForKeys) -> str | None:
    """What Enter does when no button has the focus: the primary action now, if any."""
    kind = table.panel()
    if kind == "hand":
        return "next-hand"
    if kind == "game":
        return "play-again"
    if kind is not None or table.menu_open:
        return None
    if table.pass_enabled():
        return "pass"
    if table.your_turn() and len(table.selection) == 1:
        return "play"
    return None


def _escape(table: TableForKeys, on_card: bool, on_button: bool) -> str | None:
    if table.menu_open:
        return "close-menu"
    return "close-overlay" if table.overlay is not None else None


def _arrow(step: str, review_step: str) -> KeyRule:
    def rule(table: TableForKeys, on_card: bool, on_button: bool) -> str | None:
        if table.overlay == "review":
            return review_step
        if table.panel() is not None or not table.human_cards:
            return None
        return step if on_card else "first-card"

    return rule


#: Every key the table answers, by ``KeyboardEvent.key``.
KEYS: dict[str, KeyRule] = {
    "Escape": _escape,
    "ArrowLeft": _arrow("previous-card", "review-previous"),
    "ArrowRight": _arrow("next-card", "review-next"),
    "Enter": lambda table, on_card, on_button: None if on_button else default_action(table),
    " ": lambda table, on_card, on_button: "fast" if table.fast_forward_offered() else None,
    "h": lambda table, on_card, on_button: "hint" if table.hint_enabled() else None,
    "n": lambda table, on_card, on_button: "next-hand" if table.panel() == "hand" else None,
}
KEYS["H"], KEYS["N"] = KEYS["h"], KEYS["n"]


def key_command(table: TableForKeys, key: str, *, on_card: bool, on_button: bool) -> str | None:
    """What a key press means here, or None to leave it to the browser.

    ``on_card``/``on_button``: the focus is on a card of your hand / on any button (where
    Enter and Space already press it). The answer is an action of :meth:`Table.act`: a move of
    the focus (``previous-card``, ``next-card``, ``first-card``), ``close-menu``,
    ``close-overlay`` (Escape on a panel the player opened), ``review-previous`` and
    ``review-next`` (←/→ in 复盘's viewer), ``hint``, ``fast``, ``next-hand``,
    ``pass``, ``play`` or ``play-again``.
    """
    rule = KEYS.get(key)
    viewing = table.overlay == "review" and key in ("ArrowLeft", "ArrowRight")
    if rule is None or key != "Escape" and not viewing and (table.menu_open or table.blocked()):
        return None
    return rule(table, on_card, on_button)


#: How far (CSS pixels) a finger must move sideways, and more than up or down, to be a swipe.
SWIPE_DISTANCE = 40


def swipe_command(table: TableForKeys, across: float, down: float) -> str | None:
    """What a swipe on the viewer asks for: to the left the next step (the page moves on like a
    book's), to the right the previous one; anything else is a tap or a scroll."""
    if table.overlay != "review" or abs(across) < SWIPE_DISTANCE or abs(across) <= abs(down):
        return None
    return "review-next" if across < 0 else "review-previous"
