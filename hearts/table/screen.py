"""What the page draws, laid out from a :class:`hearts.table.Table`: :func:`screen` builds
``Table.state()`` — plain data, every string in the player's language (shapes in
:mod:`hearts.table.state`, markup in :mod:`hearts.table.markup`). The table decides; this only describes.

>>> from hearts.table import Table
>>> screen(Table(seed=5))["prompt"]
'选 3 张牌传给左家（已选 0/3）'
"""

from __future__ import annotations

from typing import Protocol

from ..game.cards import Card
from ..game.levels import LEVELS
from ..game.phase import HandPhase
from ..game.strings import LANGUAGES, Phrase, say, text
from .backup_panels import keeping_state
from .panels import CoversForPanels, TableForPanels, table_panel
from .settings import SPEEDS, SWITCHES, Settings
from .state import (
    HUMAN,
    SEAT_PLACES,
    STATUS_SEPARATOR,
    Button,
    CardState,
    MenuItem,
    MenuState,
    Phase,
    SeatState,
    SettingsState,
    TableState,
    TipState,
    TrickState,
    card_face,
)
from .tips import Tutor


class CoversForScreen(CoversForPanels, Protocol):
    """What the screen reads of the menu and the panels (:class:`hearts.table.covers.Covers` has it)."""

    def menu_note(self) -> Phrase | None: ...


class TableForScreen(TableForPanels, Protocol):
    """What the screen reads of the table (:class:`hearts.table.Table` has it), the panels'
    reading included: the table lays out its state with this module, so this module names only
    what it reads."""

    @property
    def phase(self) -> Phase: ...
    @property
    def message(self) -> Phrase | None: ...
    @property
    def notices(self) -> list[Phrase]: ...
    @property
    def spoken(self) -> list[Phrase]: ...
    @property
    def saving_failed(self) -> bool: ...
    @property
    def selection(self) -> list[Card]: ...
    @property
    def human_cards(self) -> tuple[Card, ...]: ...
    @property
    def fast(self) -> bool: ...
    @property
    def collecting(self) -> bool: ...
    @property
    def sweeping(self) -> bool: ...
    @property
    def menu_open(self) -> bool: ...
    @property
    def menu_page(self) -> str: ...
    @property
    def can_fullscreen(self) -> bool: ...
    @property
    def in_fullscreen(self) -> bool: ...
    @property
    def settings(self) -> Settings: ...
    @property
    def tutor(self) -> Tutor: ...
    @property
    def covers(self) -> CoversForScreen: ...
    def autofinish_offer(self) -> str | None: ...
    def fast_forward_offered(self) -> bool: ...
    def markers(self) -> list[str]: ...
    def your_turn(self) -> bool: ...
    def hint_enabled(self) -> bool: ...
    def ai_due(self) -> bool: ...
    def last_trick_available(self) -> bool: ...
    def moon_threat(self) -> int | None: ...
    def received_cards(self) -> tuple[Card, ...]: ...
    def blocked(self) -> bool: ...
    def pass_enabled(self) -> bool: ...


#: The fixed words the page draws around the state (headings, region names, labels).
PAGE_WORDS = (
    "app.title",
    "button.menu",
    "button.close",
    "button.fast_forward",
    "hand.region",
    "label.received",
    "marker.moon_threat",
    "menu.level",
    "seat.points_label",
    "seat.total_label",
    "settings.keys",
    "settings.language",
    "settings.speed",
    "settings.title",
    "trick.region",
)


def _text(table: TableForScreen, key: str, **values: object) -> str:
    """A string of :mod:`hearts.game.strings` in the player's language."""
    return text(key, table.language, **values)


def screen(table: TableForScreen) -> TableState:
    """Everything the page renders, as plain data (strings already in the player's language)."""
    hand = table.hand
    offer = table.autofinish_offer()
    fast_offered = table.fast_forward_offered()
    notices = [say(notice, table.language) for notice in table.notices] + (
        [_text(table, "notice.not_saved")] if table.saving_failed else []
    )
    panel = table_panel(table)
    return {
        "phase": table.phase,
        "hand_number": table.match.hand_number,
        "status": _status(table),
        "prompt": _prompt(table),
        # The 「自动完成」 offer says why when nothing more pressing is shown.
        "message": say(table.message, table.language) if table.message is not None else offer,
        "notices": notices,
        "markers": table.markers(),
        "turn": _turn(table),
        "seats": [_seat_state(table, seat) for seat in range(4)],
        "cards": _card_states(table),
        "trick": _trick_state(table),
        "pass_button": _pass_button(table),
        "play_button": {
            "label": _text(table, "button.play"),
            "visible": hand.phase == HandPhase.PLAY,
            "enabled": table.your_turn() and len(table.selection) == 1,
        },
        "hint_button": {"label": _text(table, "button.hint"), "enabled": table.hint_enabled()},
        # A panel covers the notices: it says them too (hearts.table.markup.panel_notices_html).
        "panel": panel if panel is None or not notices else {**panel, "notices": notices},
        "menu": _menu_state(table),
        "level": table.level,
        "next_level": table.next_level,
        "ai_due": table.ai_due(),
        "fast_forward": fast_offered,
        "fast_button": {
            "label": _text(table, "button.fast_forward"),
            "visible": fast_offered,
            "enabled": not table.fast,
        },
        "collecting": table.collecting,
        "language": table.language,
        "settings": _settings_state(table),
        "spoken": " ".join(said.said_in(table.language) for said in table.spoken),
        "last_trick_button": {"label": _text(table, "button.last_trick"), "visible": table.last_trick_available()},
        "autofinish_button": {"label": _text(table, "autofinish.button"), "visible": offer is not None},
        "labels": _labels(table),
        "tip": _tip_state(table),
    }


def _labels(table: TableForScreen) -> dict[str, str]:
    labels = {key: _text(table, key) for key in PAGE_WORDS}
    for seat in range(4):
        labels[f"seat.region.{seat}"] = _text(table, "seat.region", seat=_text(table, f"seat.{seat}"))
    return labels


def _turn(table: TableForScreen) -> int | None:
    if table.hand.phase == HandPhase.PASS:
        return HUMAN
    if table.hand.phase == HandPhase.PLAY and not table.collecting:
        return table.hand.turn
    return None


def _status(table: TableForScreen) -> str:
    parts = [_text(table, "status.hand", number=table.match.hand_number)]
    if table.hand.pass_direction == "none":
        parts.append(_text(table, "pass.none"))
    parts.append(_text(table, "status.level", level=_text(table, f"level.{table.level}")))
    return STATUS_SEPARATOR.join(parts)


def _prompt(table: TableForScreen) -> str:
    hand = table.hand
    if hand.phase == HandPhase.PASS:
        return _text(
            table, "prompt.pass", direction=_text(table, f"pass.{hand.pass_direction}"), count=len(table.selection)
        )
    if hand.phase == HandPhase.OVER or table.collecting:
        return ""
    if hand.turn == HUMAN:
        return _text(table, "prompt.your_turn")
    return _text(table, "prompt.waiting", seat=_text(table, f"seat.{hand.turn}"))


def _seat_state(table: TableForScreen, seat: int) -> SeatState:
    hand = table.hand
    scores = hand.scores  # None until the hand is over
    points = scores[seat] if scores is not None else hand.points[seat]
    total = table.match.totals[seat]
    return {
        "seat": seat,
        "name": _text(table, f"seat.{seat}"),
        "points": points,
        "total": total,
        "cards_left": len(hand.hands[seat]),
        "is_turn": _turn(table) == seat,
        "moon_threat": table.moon_threat() == seat,
        "summary": _text(table, "seat.summary", points=points, total=total),
    }


def _card_states(table: TableForScreen) -> list[CardState]:
    hand = table.hand
    received = set(table.received_cards())
    selected = set(table.selection)
    passing = hand.phase == HandPhase.PASS and not table.blocked()
    your_turn = table.your_turn()
    legal = set(hand.legal()) if your_turn else set()
    cards: list[CardState] = []
    for card in table.human_cards:
        playable = passing or card in legal
        cards.append(
            {
                **card_face(card, table.language),
                "playable": playable,
                "dimmed": your_turn and not playable,
                "selected": card in selected,
                "received": card in received,
            }
        )
    return cards


def _trick_state(table: TableForScreen) -> TrickState:
    hand = table.hand
    trick = hand.tricks[-1] if table.collecting and hand.tricks else hand.current_trick
    return {
        "cards": [{"seat": seat, **card_face(card, table.language)} for seat, card in trick.plays],
        "winner": trick.winner,
        "number": len(hand.tricks) + (0 if table.collecting else 1),
        "sweep": SEAT_PLACES[trick.winner] if table.sweeping and trick.winner is not None else None,
    }


def _pass_button(table: TableForScreen) -> Button:
    direction = table.hand.pass_direction
    return {
        "label": _text(table, f"pass.{direction}"),
        "visible": table.hand.phase == HandPhase.PASS,
        "enabled": table.pass_enabled(),
    }


def _menu_state(table: TableForScreen) -> MenuState:
    return {
        "open": table.menu_open,
        "page": table.menu_page,
        "levels": [
            {"level": level, "label": _text(table, f"level.{level}"), "chosen": level == table.next_level}
            for level in LEVELS
        ],
        "items": _menu_items(table),
        "note": None if (note := table.covers.menu_note()) is None else say(note, table.language),
    }


def _menu_items(table: TableForScreen) -> list[MenuItem]:
    items: list[MenuItem] = []
    if table.can_fullscreen:
        items.append(
            {
                "action": "fullscreen",
                "label": _text(table, "button.exit_fullscreen" if table.in_fullscreen else "button.fullscreen"),
            }
        )
    for action, key in (
        ("settings", "button.settings"),
        ("new-game", "button.new_game"),
        ("scoresheet", "scoresheet.title"),
        ("import", "button.import"),
        ("stats", "stats.title"),
        ("deal-entry", "deal_entry.button"),
        ("rules", "button.rules"),
        ("menu", "button.close"),
    ):
        items.append({"action": action, "label": _text(table, key)})
    return items


def _settings_state(table: TableForScreen) -> SettingsState:
    """The settings page of the menu: each choice with its label and whether it is on."""
    chosen = table.settings
    return {
        "language": chosen.language,
        "speed": chosen.speed,
        "switches": {name: getattr(chosen, name) for name in SWITCHES},
        "languages": [
            {"value": language, "label": text(f"language.{language}", language), "chosen": language == chosen.language}
            for language in LANGUAGES
        ],
        "speeds": [
            {"value": speed, "label": _text(table, f"speed.{speed}"), "chosen": speed == chosen.speed}
            for speed in SPEEDS
        ],
        "switch_labels": {name: _text(table, f"settings.{name}") for name in SWITCHES},
        "keeping": keeping_state(table.backups, table.language),
    }


def _tip_state(table: TableForScreen) -> TipState | None:
    tip = table.tutor.tip
    if tip is None or not table.settings.tips:
        return None
    # The moon tip names the seat it is about (hearts.tips shows it while another seat holds every point).
    holder = table.moon_threat()
    seat = "" if holder is None else _text(table, f"seat.{holder}")
    return {
        "label": _text(table, "tip.label"),
        "text": _text(table, f"tip.{tip}", seat=seat),
        "dismiss": _text(table, "tip.dismiss"),
    }
