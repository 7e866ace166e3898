"""What covers the table and how it opens and closes: the menu (its main page and 「设置」) and the
panels the player opens over the table — 「上一墩」, 「计分表」, 「统计」 (and resetting it), 「牌局编号」,
「玩法」 and its sections.

The table keeps what covers it (its ``modal``: hearts.table.state.Modal); :class:`Covers` makes
the moves between them, says when a panel may open, and keeps what the open panel holds (the
figures shown, the number typed, the section read). What each panel draws is
:mod:`hearts.table.panels`; 复盘's viewer, which opens over the table too, is
:mod:`hearts.table.review_controller`.

>>> from hearts.table import Table
>>> table = Table(seed=5)
>>> table.covers.toggle_menu()
>>> table.menu_open, table.covers.show_scoresheet(), table.overlay
(True, True, <Modal.SCORESHEET: 'scoresheet'>)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..game.record import InvalidDealNumber, parse_deal_number
from ..game.strings import Phrase
from .panels import RULES_SECTIONS
from .state import Modal
from .stats_keeper import StatsKeeper
from .storage import Storage

if TYPE_CHECKING:
    from .replay_viewer import Viewer


class TableForCovers(Protocol):
    """What the menu and the panels read and change of the table (:class:`hearts.table.Table` has it)."""

    @property
    def language(self) -> str: ...
    @property
    def message(self) -> Phrase | None: ...
    @property
    def menu_open(self) -> bool: ...
    @property
    def overlay(self) -> Modal | None: ...
    @property
    def collecting(self) -> bool: ...
    @property
    def superseded(self) -> bool: ...
    @property
    def confirming_new_game(self) -> bool: ...
    @property
    def stats(self) -> StatsKeeper: ...

    modal: Modal | None
    viewer: Viewer | None

    def last_trick_available(self) -> bool: ...
    def collect(self) -> None: ...
    def new_match(self, seed: int | None, deal_number: int | None = None) -> None: ...


class Covers:
    """Opens and closes the menu and the panels over one table, and keeps what the open panel holds."""

    def __init__(self, table: TableForCovers) -> None:
        self.table = table
        #: The message when the menu opened: one raised since is said in the menu too (:meth:`menu_note`).
        self._message_at_menu: Phrase | None = None
        #: The section of 「玩法」 shown (the one read last, when it opens again).
        self.rules_section = RULES_SECTIONS[0]
        #: 「牌局编号」 entry: what was typed (kept after a refusal) and why it was refused.
        self.deal_entry = ""
        self.deal_entry_error: str | None = None
        #: 「统计」's figures, read when it opened (or after a reset).
        self.stats_rows: list[tuple[str, str]] = []

    # ----- the menu ---------------------------------------------------------------------------

    def toggle_menu(self) -> None:
        """The menu button: opens the menu on its main page, or closes it. It does not open
        over a panel that covers the table (the panel is modal)."""
        table = self.table
        if table.menu_open:
            table.modal = None
        elif table.modal is None:
            self._message_at_menu = table.message
            table.modal = Modal.MENU

    def open_settings(self) -> None:
        """「设置」 in the menu: the menu shows the settings instead."""
        table = self.table
        if table.modal is None:
            self._message_at_menu = table.message
        if table.modal is None or table.menu_open:
            table.modal = Modal.SETTINGS

    def menu_note(self) -> Phrase | None:
        """A message raised while the menu is open (a level chosen in it), which the menu says
        too: it covers the place beside your hand where messages are said."""
        message = self.table.message
        if self.table.menu_open and message is not None and message is not self._message_at_menu:
            return message
        return None

    # ----- the panels -------------------------------------------------------------------------

    def menu_panel_allowed(self) -> bool:
        """A panel of the menu (玩法, 计分表, 统计, 牌局编号, 复盘, 导入牌局) may open: not over the
        question before a new game, nor once another tab has taken the game."""
        return not (self.table.superseded or self.table.confirming_new_game)

    def open(self, overlay: Modal) -> None:
        """Open a panel over the table (a finished trick shown is taken off first); 复盘's viewer
        (hearts.table.review_controller) opens this way too."""
        if self.table.collecting:
            self.table.collect()
        self.table.modal = overlay

    def _open_from_menu(self, overlay: Modal) -> bool:
        if not self.menu_panel_allowed():
            return False
        self.open(overlay)
        return True

    def show_last_trick(self) -> bool:
        if not self.table.last_trick_available():
            return False
        self.open(Modal.LAST_TRICK)
        return True

    def show_rules(self) -> bool:
        """「玩法」 from the menu, at the section read last."""
        return self._open_from_menu(Modal.RULES)

    def show_rules_section(self, section: str) -> bool:
        """Jump to another section of the open 「玩法」; an unknown section changes nothing."""
        if self.table.overlay != Modal.RULES or section not in RULES_SECTIONS:
            return False
        self.rules_section = section
        return True

    def show_scoresheet(self) -> bool:
        """「计分表」 from the menu."""
        return self._open_from_menu(Modal.SCORESHEET)

    def close_overlay(self) -> None:
        """「关闭」 (or Escape): back to the table exactly as it was (the viewer: to where it was
        opened from, the score sheet or the menu)."""
        table = self.table
        if table.overlay is not None:
            table.modal = table.viewer.back if table.modal == Modal.REVIEW and table.viewer is not None else None
        table.viewer = None
        self.deal_entry, self.deal_entry_error = "", None

    # ----- 「统计」 ------------------------------------------------------------------------------

    def show_stats(self, storage: Storage) -> bool:
        """「统计」 from the menu: the figures as stored now."""
        if not self.menu_panel_allowed():
            return False
        self.stats_rows = self.table.stats.rows(storage)
        return self._open_from_menu(Modal.STATS)

    def request_reset_stats(self) -> bool:
        if self.table.overlay != Modal.STATS:
            return False
        self.table.modal = Modal.CONFIRM_RESET_STATS
        return True

    def cancel_reset_stats(self) -> None:
        if self.table.overlay == Modal.CONFIRM_RESET_STATS:
            self.table.modal = Modal.STATS

    def confirm_reset_stats(self, storage: Storage) -> bool:
        """Zero the statistics (hands already counted stay counted: see Stats.reset)."""
        table = self.table
        rows = table.stats.reset(storage) if table.overlay == Modal.CONFIRM_RESET_STATS else None
        if rows is None:
            return False
        self.stats_rows, table.modal = rows, Modal.STATS
        return True

    # ----- 「牌局编号」 --------------------------------------------------------------------------

    def open_deal_entry(self) -> bool:
        """「牌局编号」 from the menu: type a number to play that deal."""
        if not self._open_from_menu(Modal.DEAL_ENTRY):
            return False
        self.deal_entry, self.deal_entry_error = "", None
        return True

    def submit_deal_number(self, typed: str, seed: int | None = None) -> bool:
        """Start a new game whose first hand is the typed deal; bad input is kept with the
        reason, and nothing else changes."""
        if self.table.overlay != Modal.DEAL_ENTRY:
            return False
        try:
            number = parse_deal_number(typed, self.table.language)
        except InvalidDealNumber as refusal:
            self.deal_entry, self.deal_entry_error = typed, refusal.message
            return False
        self.close_overlay()
        self.table.new_match(seed, number)
        return True
