"""The shapes of :meth:`hearts.table.Table.state`: what the page draws, as plain data.

Plain dicts at run time (the page reads them by key, and tests compare them); these TypedDicts
only let the type checker hold the table and the page to the same names. Panels come in many
kinds, each with its own fields, so a panel stays a plain ``dict``. :func:`card_face` makes the
one shape several places draw: a card's face (the trick, 「上一墩」, 复盘).
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from ..game.strings import text

if TYPE_CHECKING:
    from ..game.cards import Card

#: Your seat; the other three are the bots'.
HUMAN = 0
#: Where each seat sits on the screen (seat 0, you, at the bottom; play goes clockwise).
SEAT_PLACES = ("bottom", "left", "top", "right")
#: Between the parts of the status line (the hand, the level): a narrow phone wraps it only there.
STATUS_SEPARATOR = " · "


class Phase(StrEnum):
    """Where the table stands, as the page draws it (``data-phase``): the hand's own phase
    (``pass``, ``play``), or its end, told apart from the end of the game."""

    PASS = "pass"
    PLAY = "play"
    HAND_OVER = "hand_over"
    GAME_OVER = "game_over"


class Modal(StrEnum):
    """What covers the table (``Table.modal``), at most one at a time: the menu, on its main page
    or on its settings; the question before a new game; the notice that another tab took the
    game; or a panel the player opened (:data:`OVERLAYS`)."""

    MENU = "menu"
    SETTINGS = "settings"
    CONFIRM_NEW_GAME = "confirm_new_game"
    SUPERSEDED = "superseded"
    LAST_TRICK = "last_trick"
    SCORESHEET = "scoresheet"
    STATS = "stats"
    CONFIRM_RESET_STATS = "confirm_reset_stats"
    DEAL_ENTRY = "deal_entry"
    RULES = "rules"
    REVIEW = "review"
    IMPORT_FAILED = "import_failed"
    #: 「导入存档」: what the file would replace, before it does; or why it was refused.
    CONFIRM_RESTORE = "confirm_restore"
    RESTORE_FAILED = "restore_failed"


#: The menu's two pages.
MENU_PAGES = frozenset({Modal.MENU, Modal.SETTINGS})
#: The panels a player opens over the table: while one is open the table takes no card taps and
#: the bots wait.
OVERLAYS = frozenset(
    {
        Modal.LAST_TRICK,
        Modal.SCORESHEET,
        Modal.STATS,
        Modal.CONFIRM_RESET_STATS,
        Modal.DEAL_ENTRY,
        Modal.RULES,
        Modal.REVIEW,
        Modal.IMPORT_FAILED,
        Modal.CONFIRM_RESTORE,
        Modal.RESTORE_FAILED,
    }
)


class SeatState(TypedDict):
    seat: int
    name: str
    #: This hand's points, or its score (moon applied) once the hand is over.
    points: int
    total: int
    cards_left: int
    is_turn: bool
    moon_threat: bool
    summary: str


class CardFace(TypedDict):
    code: str
    name: str
    suit: str
    rank: str
    symbol: str
    red: bool


def card_face(card: Card, language: str) -> CardFace:
    """A card as the page draws a face (the same fields the table's cards have)."""
    rank = text("rank.T", language) if card.rank == "T" else card.rank
    return {
        "code": str(card),
        "name": card.name(language),
        "suit": card.suit,
        "rank": rank,
        "symbol": text("suit_symbol." + card.suit, language),
        "red": card.suit in "HD",
    }


class CardState(CardFace):
    """A card in the player's hand."""

    playable: bool
    dimmed: bool
    selected: bool
    received: bool


class TrickCard(CardFace):
    seat: int


class TrickState(TypedDict):
    cards: list[TrickCard]
    winner: int | None
    number: int
    #: Where the completed trick is moving to (its winner's place) once its collection began.
    sweep: str | None


class Button(TypedDict):
    label: str
    visible: NotRequired[bool]
    enabled: NotRequired[bool]


class Choice(TypedDict):
    """One option of a menu: its value, its label and whether it is the one chosen."""

    value: str
    label: str
    chosen: bool


class LevelChoice(TypedDict):
    level: str
    label: str
    chosen: bool


class MenuItem(TypedDict):
    action: str
    label: str


class MenuState(TypedDict):
    open: bool
    page: str
    levels: list[LevelChoice]
    #: The main page's buttons under the levels, in order (fullscreen only where the browser has it).
    items: list[MenuItem]
    #: A message raised while the menu is open (Table.covers.menu_note), said in the menu too.
    note: str | None


class KeepingState(TypedDict):
    """The settings' rows about keeping the data: whether the browser keeps it and what that
    means, and the labels of 「导出存档」 and 「导入存档」."""

    protected: bool
    status: str
    detail: str
    export: str
    restore: str


class SettingsState(TypedDict):
    language: str
    speed: str
    switches: dict[str, bool]
    languages: list[Choice]
    speeds: list[Choice]
    switch_labels: dict[str, str]
    keeping: KeepingState


class TipState(TypedDict):
    """The newcomer's one-line tip (hearts.table.tips) and its dismiss button's label."""

    label: str
    text: str
    dismiss: str


class TableState(TypedDict):
    phase: Phase
    hand_number: int
    status: str
    prompt: str
    message: str | None
    notices: list[str]
    markers: list[str]
    turn: int | None
    seats: list[SeatState]
    cards: list[CardState]
    trick: TrickState
    pass_button: Button
    play_button: Button
    hint_button: Button
    panel: dict[str, Any] | None
    menu: MenuState
    level: str
    next_level: str
    ai_due: bool
    fast_forward: bool
    #: 「快进」: shown while offered, pressed (disabled) once asked for.
    fast_button: Button
    collecting: bool
    language: str
    settings: SettingsState
    spoken: str
    last_trick_button: Button
    autofinish_button: Button
    #: The fixed words the page draws (region names, headings), by their key in hearts.game.strings.
    labels: dict[str, str]
    tip: TipState | None
