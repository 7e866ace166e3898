"""The player's settings: language, animation speed, sound, theme and deck look.

They are kept under their own localStorage key, apart from the game, so a new game or an
unreadable save never resets them, and a damaged settings document never costs the game.
A document with an unknown field value is refused as a whole (:class:`~hearts.errors.SaveError`)
and the defaults are used instead: half-applied settings would surprise more than defaults.

>>> chosen = Settings().choose("language", "en").choose("sound", True)
>>> Settings.from_json(chosen.to_json()) == chosen
True
>>> pacing("fast").ai_delay < pacing("medium").ai_delay < pacing("slow").ai_delay
True
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace
from typing import Any, NamedTuple

from .document import check_document, load_json
from .errors import SaveError
from .strings import DEFAULT_LANGUAGE, LANGUAGES

SETTINGS_FORMAT = "hearts.settings"
SETTINGS_VERSION = 1
SETTINGS_KEY = "hearts.settings"
SPEEDS = ("slow", "medium", "fast")
#: The choices of each setting that is not on/off.
CHOICES: dict[str, tuple[str, ...]] = {"language": LANGUAGES, "speed": SPEEDS}
SWITCHES = ("sound", "dark", "four_colour", "large_cards")


class Pacing(NamedTuple):
    """Milliseconds the page waits: before a bot plays, while a full trick stays on the table,
    and while it slides to its winner."""

    ai_delay: int
    trick_shown: int
    collect_move: int


_PACING = {
    "slow": Pacing(1100, 1500, 450),
    "medium": Pacing(650, 900, 320),
    "fast": Pacing(300, 450, 200),
}
#: 「快进」 overrides the chosen speed until your turn or a panel.
FAST_FORWARD = Pacing(70, 150, 320)


def pacing(speed: str) -> Pacing:
    """The delays for an animation speed (``slow``, ``medium`` or ``fast``)."""
    return _PACING[speed]


@dataclass(frozen=True)
class Settings:
    """What the player chose; the defaults are what a first visit gets."""

    language: str = DEFAULT_LANGUAGE
    speed: str = "medium"
    sound: bool = False
    dark: bool = False
    four_colour: bool = False
    large_cards: bool = False

    def __post_init__(self) -> None:
        for field in fields(self):
            _check(field.name, getattr(self, field.name))

    def choose(self, name: str, value: object) -> "Settings":
        """These settings with ``name`` set to ``value``; an unknown name or value raises ValueError."""
        if name not in CHOICES and name not in SWITCHES:
            raise ValueError(f"no setting named {name!r}")
        changes: dict[str, Any] = {name: value}  # checked in __post_init__
        return replace(self, **changes)

    def to_json(self) -> str:
        return json.dumps({"format": SETTINGS_FORMAT, "version": SETTINGS_VERSION, **asdict(self)},
                          separators=(",", ":"))

    @classmethod
    def from_json(cls, document: str) -> "Settings":
        """Read :meth:`to_json` output; anything else raises :class:`SaveError`. A missing field
        takes its default (a later version may add settings), an unknown or bad one is refused."""
        data = check_document(load_json(document), SETTINGS_FORMAT, SETTINGS_VERSION, "saved settings")
        known = {field.name for field in fields(cls)}
        unknown = sorted(set(data) - known - {"format", "version"})
        if unknown:
            raise SaveError(f"saved settings have unknown fields: {', '.join(unknown)}")
        try:
            return cls(**{name: data[name] for name in known if name in data})
        except ValueError as problem:
            raise SaveError(f"saved settings are invalid: {problem}") from None


def _check(name: str, value: object) -> None:
    if name in CHOICES:
        if value not in CHOICES[name]:
            raise ValueError(f"{name} must be one of {', '.join(CHOICES[name])}, got {value!r}")
    elif not isinstance(value, bool):
        raise ValueError(f"{name} must be true or false, got {value!r}")
