"""The player's settings: language, animation speed, sound, theme, deck look and the
newcomer's tips (which of them were shown already).

They are kept under their own localStorage key, apart from the game, so a new game or an
unreadable save never resets them, and a damaged settings document never costs the game.
A document with an unknown field value is refused as a whole (:class:`~hearts.game.errors.SaveError`)
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

from ..game.document import Migration, load_json, upgrade
from ..game.errors import SaveError
from ..game.strings import DEFAULT_LANGUAGE, LANGUAGES

SETTINGS_FORMAT = "hearts.settings"
SETTINGS_VERSION = 2
#: ``SETTINGS_MIGRATIONS[n]`` turns a version-``n`` settings document into version ``n + 1``.
#: Version 2 added the newcomer's tips: a version-1 document was written by someone who has
#: played here before, so it gets them switched off (tests/table/saves/settings-v1.json must load).
SETTINGS_MIGRATIONS: dict[int, Migration] = {1: lambda data: {**data, "version": 2, "tips": False}}
SETTINGS_KEY = "hearts.settings"
SPEEDS = ("slow", "medium", "fast")
#: The choices of each setting that is not on/off.
CHOICES: dict[str, tuple[str, ...]] = {"language": LANGUAGES, "speed": SPEEDS}
SWITCHES = ("sound", "dark", "four_colour", "large_cards", "tips")
#: The newcomer's tips, in the order they are offered when two are due at once
#: (:mod:`hearts.table.tips` decides when each comes up); named here, where ``tips_seen`` is checked.
TIPS = ("pass", "dimmed", "hearts_broken", "moon_threat")


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
    #: The newcomer's tips (hearts.table.tips): on for a first visit, off once the first game is over.
    tips: bool = True
    #: The tips already shown, each at most once while ``tips`` stays on.
    tips_seen: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for field in fields(self):
            _check(field.name, getattr(self, field.name))

    def choose(self, name: str, value: object) -> Settings:
        """These settings with ``name`` set to ``value``; an unknown name or value raises ValueError.
        Turning the tips on again starts them over: each may be shown once more."""
        if name not in CHOICES and name not in SWITCHES:
            raise ValueError(f"no setting named {name!r}")
        changes: dict[str, Any] = {name: value}  # checked in __post_init__
        chosen = replace(self, **changes)
        if name == "tips" and value and not self.tips:
            chosen = replace(chosen, tips_seen=())
        return chosen

    def seen(self, tip: str) -> Settings:
        """These settings with ``tip`` counted as shown."""
        return self if tip in self.tips_seen else replace(self, tips_seen=(*self.tips_seen, tip))

    def to_json(self) -> str:
        return json.dumps(
            {"format": SETTINGS_FORMAT, "version": SETTINGS_VERSION, **asdict(self)}, separators=(",", ":")
        )

    @classmethod
    def from_json(cls, document: str) -> Settings:
        """Read :meth:`to_json` output, of this version or an earlier one (brought up to date by
        ``SETTINGS_MIGRATIONS``); anything else raises :class:`SaveError`. A missing field takes
        its default, an unknown or bad one is refused."""
        data = upgrade(load_json(document), SETTINGS_FORMAT, SETTINGS_VERSION, SETTINGS_MIGRATIONS, "saved settings")
        known = {field.name for field in fields(cls)}
        unknown = sorted(set(data) - known - {"format", "version"})
        if unknown:
            raise SaveError(f"saved settings have unknown fields: {', '.join(unknown)}")
        if isinstance(data.get("tips_seen"), list):
            data["tips_seen"] = tuple(data["tips_seen"])
        try:
            return cls(**{name: data[name] for name in known if name in data})
        except ValueError as problem:
            raise SaveError(f"saved settings are invalid: {problem}") from None


def _check(name: str, value: object) -> None:
    if name in CHOICES:
        if value not in CHOICES[name]:
            raise ValueError(f"{name} must be one of {', '.join(CHOICES[name])}, got {value!r}")
    elif name == "tips_seen":
        if not isinstance(value, tuple) or not set(value) <= set(TIPS) or len(set(value)) != len(value):
            raise ValueError(f"tips_seen must list distinct tips of {', '.join(TIPS)}, got {value!r}")
    elif not isinstance(value, bool):
        raise ValueError(f"{name} must be true or false, got {value!r}")
