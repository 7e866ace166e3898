"""The page's actions: what a tap on ``data-action=NAME`` (or a key, hearts.table.keys) does to
the table, and what the page does next (:class:`hearts.table.reply.Reply`).

Each action is a method ``action_NAME`` (a dash in the name is an underscore in the method's) of
:class:`PageActions`, whose parameters name what it needs of :class:`ActionData`: the page's
``data-`` attributes, what the page adds (the storage, a date stamp) or what the player typed.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from typing import TYPE_CHECKING, Protocol, TypedDict

from ..game.cards import Card
from .reply import CHANGED, NOTHING, Browser, Reply
from .storage import Storage

if TYPE_CHECKING:
    from .backups import Backups
    from .covers import Covers
    from .review_controller import ReviewController

ACTION_PREFIX = "action_"


class ActionData(TypedDict, total=False):
    """What an action may be given: the tapped element's ``data-`` attributes (``code``: a card,
    ``level``, ``name`` and ``value`` of a setting as the page spells them, ``section`` of
    「玩法」, ``hand`` and ``step`` in 复盘), ``typed`` (a deal number), ``text`` (an imported
    file's), ``storage`` (the statistics'), ``stamp`` (the exported file's date and time)."""

    code: str
    level: str
    name: str
    value: str
    section: str
    hand: str
    step: str
    typed: str
    text: str
    stamp: str
    storage: Storage


class TableForActions(Protocol):
    """What the actions call of the table (:class:`hearts.table.Table` has it)."""

    @property
    def collecting(self) -> bool: ...
    @property
    def menu_open(self) -> bool: ...
    @property
    def covers(self) -> Covers: ...
    @property
    def review(self) -> ReviewController: ...
    @property
    def backups(self) -> Backups: ...
    def tap_card(self, card: Card | str) -> str | None: ...
    def confirm_pass_steps(self) -> Generator[None, None, bool]: ...
    def play_selected(self) -> bool: ...
    def hint_steps(self) -> Generator[None, None, bool]: ...
    def collect(self) -> None: ...
    def fast_forward(self) -> None: ...
    def finish_now(self) -> bool: ...
    def set_level(self, level: str) -> None: ...
    def choose_setting(self, name: str, value: object) -> None: ...
    def request_new_game(self) -> None: ...
    def confirm_new_game(self) -> bool: ...
    def cancel_new_game(self) -> None: ...
    def next_hand(self) -> bool: ...
    def play_again(self) -> bool: ...
    def replay_deal(self) -> bool: ...
    def export_record(self, stamp: str) -> tuple[str, str] | None: ...
    def dismiss_tip(self) -> None: ...


def setting_value(value: str) -> object:
    """A setting's value as the page's ``data-value`` spells it: switches are "true"/"false"."""
    return {"true": True, "false": False}.get(str(value), value)


def number(value: str | None) -> int | None:
    """A number the page's ``data-`` attribute spells, or None if it does not."""
    return int(value) if isinstance(value, str) and value.isdigit() else None


class PageActions:
    """Every action of the page on one table (the key commands' too)."""

    def __init__(self, table: TableForActions) -> None:
        self.table = table

    def act(self, action: str, data: ActionData) -> Reply:
        """Do ``action`` with what its method names of ``data`` (the rest is not its business);
        an unknown action does nothing."""
        method: Callable[..., Reply] | None = getattr(self, ACTION_PREFIX + action.replace("-", "_"), None)
        if method is None:
            return NOTHING
        code = method.__code__
        wanted = code.co_varnames[1 : code.co_argcount + code.co_kwonlyargcount]
        given: Mapping[str, object] = data
        return method(**{name: given[name] for name in wanted if name in given})

    # ----- your cards -----------------------------------------------------------------------

    def action_card(self, code: str) -> Reply:
        self.table.tap_card(code)
        return CHANGED

    def action_pass(self) -> Reply:
        return Reply(steps=self.table.confirm_pass_steps(), paint_first=True)

    def action_play(self) -> Reply:
        self.table.play_selected()
        return CHANGED

    def action_hint(self) -> Reply:
        return Reply(steps=self.table.hint_steps(), paint_first=True)

    def action_trick(self) -> Reply:
        """A tap on a finished trick shown takes it off the table."""
        if not self.table.collecting:
            return NOTHING
        self.table.collect()
        return CHANGED

    def action_fast(self) -> Reply:
        self.table.fast_forward()
        return CHANGED

    def action_autofinish(self) -> Reply:
        self.table.finish_now()
        return CHANGED

    def action_previous_card(self) -> Reply:
        return Reply(save=False, draw=False, browser=Browser.PREVIOUS_CARD)

    def action_next_card(self) -> Reply:
        return Reply(save=False, draw=False, browser=Browser.NEXT_CARD)

    def action_first_card(self) -> Reply:
        return Reply(save=False, draw=False, browser=Browser.FIRST_CARD)

    # ----- the menu ---------------------------------------------------------------------------

    def _menu_turned(self) -> Reply:
        """The menu opened or turned a page: keyboard users land in it, not behind it."""
        return Reply(browser=Browser.FOCUS_MENU) if self.table.menu_open else CHANGED

    def action_menu(self) -> Reply:
        self.table.covers.toggle_menu()
        return self._menu_turned()

    def action_settings(self) -> Reply:
        self.table.covers.open_settings()
        return self._menu_turned()

    def _close_menu(self, browser: Browser | None) -> Reply:
        if self.table.menu_open:
            self.table.covers.toggle_menu()
        return Reply(save=False, browser=browser)

    def action_close_menu(self) -> Reply:
        return self._close_menu(Browser.FOCUS_MENU_BUTTON)

    def action_dismiss_menu(self) -> Reply:
        return self._close_menu(None)

    def action_level(self, level: str) -> Reply:
        self.table.set_level(level)
        return CHANGED

    def action_setting(self, name: str, value: str) -> Reply:
        self.table.choose_setting(name, setting_value(value))
        return CHANGED

    def action_fullscreen(self) -> Reply:
        self.table.covers.toggle_menu()
        return Reply(browser=Browser.FULLSCREEN)

    def action_reload(self) -> Reply:
        return Reply(save=False, draw=False, browser=Browser.RELOAD)

    def action_dismiss_tip(self) -> Reply:
        self.table.dismiss_tip()
        return CHANGED

    # ----- new games and the end of a hand ------------------------------------------------------

    def action_new_game(self) -> Reply:
        self.table.request_new_game()
        return CHANGED

    def action_confirm_new_game(self) -> Reply:
        self.table.confirm_new_game()
        return CHANGED

    def action_cancel_new_game(self) -> Reply:
        self.table.cancel_new_game()
        return CHANGED

    def action_next_hand(self) -> Reply:
        self.table.next_hand()
        return CHANGED

    def action_play_again(self) -> Reply:
        self.table.play_again()
        return CHANGED

    def action_replay(self) -> Reply:
        self.table.replay_deal()
        return CHANGED

    def action_export(self, stamp: str) -> Reply:
        exported = self.table.export_record(stamp)
        return CHANGED if exported is None else Reply(browser=Browser.DOWNLOAD, file=exported)

    # ----- panels -------------------------------------------------------------------------------

    def action_last_trick(self) -> Reply:
        self.table.covers.show_last_trick()
        return CHANGED

    def action_scoresheet(self) -> Reply:
        self.table.covers.show_scoresheet()
        return CHANGED

    def action_rules(self) -> Reply:
        self.table.covers.show_rules()
        return CHANGED

    def action_rules_section(self, section: str) -> Reply:
        """A jump in 「玩法」 takes the keyboard and the screen reader to the section's heading."""
        self.table.covers.show_rules_section(section)
        return Reply(browser=Browser.FOCUS_RULES_SECTION)

    def action_stats(self, storage: Storage) -> Reply:
        self.table.covers.show_stats(storage)
        return CHANGED

    def action_reset_stats(self) -> Reply:
        self.table.covers.request_reset_stats()
        return CHANGED

    def action_confirm_reset_stats(self, storage: Storage) -> Reply:
        self.table.covers.confirm_reset_stats(storage)
        return CHANGED

    def action_cancel_reset_stats(self) -> Reply:
        self.table.covers.cancel_reset_stats()
        return CHANGED

    def action_deal_entry(self) -> Reply:
        self.table.covers.open_deal_entry()
        return CHANGED

    def action_submit_deal(self, typed: str) -> Reply:
        self.table.covers.submit_deal_number(typed)
        return CHANGED

    def action_close_overlay(self) -> Reply:
        self.table.covers.close_overlay()
        return CHANGED

    # ----- 复盘 ----------------------------------------------------------------------------------

    def action_review(self, hand: str | None = None) -> Reply:
        self.table.review.open(number(hand))
        return CHANGED

    def _step(self, change: Callable[[int], bool], value: int | None) -> Reply:
        """A step in the viewer: redrawn, not saved (the viewer is not part of the save)."""
        if value is not None:
            change(value)
        return Reply(save=False)

    def action_review_previous(self) -> Reply:
        return self._step(self.table.review.move, -1)

    def action_review_next(self) -> Reply:
        return self._step(self.table.review.move, 1)

    def action_review_step(self, step: str | None = None) -> Reply:
        return self._step(self.table.review.go, number(step))

    def action_review_hand(self, hand: str | None = None) -> Reply:
        return self._step(self.table.review.show_hand, number(hand))

    def action_import(self) -> Reply:
        """「导入牌局」 from the menu: the browser asks for the file (then ``import-record``)."""
        if not self.table.covers.menu_panel_allowed():
            return NOTHING
        if self.table.menu_open:
            self.table.covers.toggle_menu()
        return Reply(save=False, browser=Browser.CHOOSE_FILE)

    def action_import_record(self, text: str) -> Reply:
        self.table.review.import_record(text)
        return CHANGED

    # ----- keeping the data: 「导出存档」, 「导入存档」, installing ----------------------------

    def action_export_backup(self, storage: Storage, stamp: str) -> Reply:
        """「导出存档」 in 设置: the browser downloads the file."""
        exported = self.table.backups.export(storage, stamp)
        return NOTHING if exported is None else Reply(save=False, browser=Browser.DOWNLOAD, file=exported)

    def action_import_backup(self) -> Reply:
        """「导入存档」 in 设置: the browser asks for the file (then ``read-backup``)."""
        if not self.table.backups.allowed():
            return NOTHING
        if self.table.menu_open:
            self.table.covers.toggle_menu()
        return Reply(save=False, browser=Browser.CHOOSE_BACKUP)

    def action_read_backup(self, text: str, storage: Storage) -> Reply:
        """The chosen file: what it would replace is shown (or why it is refused); nothing is written."""
        self.table.backups.read(text, storage)
        return Reply(save=False)

    def action_confirm_restore(self, storage: Storage) -> Reply:
        """「导入」: the file's data written, the table opened afresh from it."""
        if not self.table.backups.restore(storage):
            return CHANGED
        return Reply(save=False, draw=False, reopen=True)

    def action_cancel_restore(self) -> Reply:
        self.table.backups.cancel()
        return Reply(save=False)

    def action_install(self) -> Reply:
        """「添加到主屏幕」: the browser's own offer, once (the page forgets it then)."""
        if not self.table.backups.installable:
            return NOTHING
        self.table.backups.installable = False
        return Reply(save=False, browser=Browser.INSTALL)


#: The name of every action (what :meth:`PageActions.act` and the key commands take).
ACTIONS = frozenset(
    name.removeprefix(ACTION_PREFIX).replace("_", "-") for name in vars(PageActions) if name.startswith(ACTION_PREFIX)
)
