"""What the page does after an action of the table (:meth:`hearts.table.Table.act`), beyond
drawing its state: save, run a computation in slices, or ask the browser for what only it can do."""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Browser(StrEnum):
    """What only the browser can do, asked for by :attr:`Reply.browser`."""

    FULLSCREEN = "fullscreen"
    RELOAD = "reload"
    #: Download :attr:`Reply.file` (name and text).
    DOWNLOAD = "download"
    #: Ask for a file to import (its text comes back to 「导入牌局」, or to 「导入存档」).
    CHOOSE_FILE = "choose-file"
    CHOOSE_BACKUP = "choose-backup"
    #: Show the browser's own offer to install the page (the ``beforeinstallprompt`` it fired).
    INSTALL = "install"
    #: The keyboard focus, once the table is redrawn: into the menu just opened, back on the
    #: menu button, on the heading of 「玩法」's section.
    FOCUS_MENU = "focus-menu"
    FOCUS_MENU_BUTTON = "focus-menu-button"
    FOCUS_RULES_SECTION = "focus-rules-section"
    #: The keyboard focus moves along your hand.
    PREVIOUS_CARD = "previous-card"
    NEXT_CARD = "next-card"
    FIRST_CARD = "first-card"


@dataclass(frozen=True)
class Reply:
    """What the page does after :meth:`hearts.table.Table.act`, beyond drawing the state.

    ``save``: save, then redraw and sound the cues (else only redraw, if ``draw``); ``steps``:
    the action is a computation in slices (hearts.ai.steps) the page runs one per browser task,
    then saves and redraws; ``browser``: what only the browser can do (:class:`Browser`).
    """

    save: bool = True
    draw: bool = True
    steps: Generator[None, None, Any] | None = None
    #: Start ``steps`` once the browser has painted, not within the tap: a search that takes
    #: slices (the hint; the bots' passes, at 困难) need not hold up the tap's frame by its first
    #: one.
    paint_first: bool = False
    browser: Browser | None = None
    file: tuple[str, str] | None = None
    #: The storage now holds other data (an imported backup): the page opens the table afresh
    #: from it, as a reload would, instead of saving this one over it.
    reopen: bool = False


CHANGED = Reply()
NOTHING = Reply(save=False, draw=False)
