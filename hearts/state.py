"""The shapes of :meth:`hearts.table.Table.state`: what the page draws, as plain data.

Plain dicts at run time (the page reads them by key, and tests compare them); these TypedDicts
only let the type checker hold the table and the page to the same names. Panels come in many
kinds, each with its own fields, so a panel stays a plain ``dict``.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict


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


class MenuState(TypedDict):
    open: bool
    page: str
    levels: list[LevelChoice]


class SettingsState(TypedDict):
    language: str
    speed: str
    switches: dict[str, bool]
    languages: list[Choice]
    speeds: list[Choice]
    switch_labels: dict[str, str]


class TipState(TypedDict):
    """The newcomer's one-line tip (hearts.tips) and its dismiss button's label."""

    label: str
    text: str
    dismiss: str


class TableState(TypedDict):
    phase: str
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
    collecting: bool
    language: str
    settings: SettingsState
    spoken: str
    last_trick_button: Button
    autofinish_button: Button
    tip: TipState | None
