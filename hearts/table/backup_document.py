"""The backup file of 「导出存档」/「导入存档」: everything the player has in this browser — the
settings, 统计, the game in progress and its 复盘 verdicts — in one versioned JSON document, and
its reading back, which refuses anything but a file this program could have written.

Browsers throw localStorage away (WebKit after seven days without a visit, any browser under
disk pressure or on "clear browsing data"); this file is the copy a player keeps, or takes to
another browser or phone. The document::

    {"format": "hearts.backup", "version": 1,
     "exported": "2026-12-06 01:23",       # when, as the player's clock said
     "settings": {...},                    # hearts.table.settings' document
     "stats": {...},                       # hearts.table.stats' document
     "game": {...},                        # hearts.table.save_document's (the 复盘 verdicts in it)
     "checksum": "sha256 hex"}             # of the rest, so an edited file is refused

Each part is its own versioned document, read by its own reader (its migrations included), so a
backup of an older release brings an older save or settings forward as localStorage would.
``BACKUP_MIGRATIONS`` carries the backup's own format forward (tests/table/saves/backup-v1.json
must go on loading). A refused file raises :class:`BackupError`, whose ``message`` says why in
the player's terms.

>>> from hearts.table.settings import Settings
>>> from hearts.table.stats import Stats
>>> from hearts.table.save_document import SavedTable
>>> from hearts.game.match import Match
>>> from hearts.table.saved_verdicts import Reviews
>>> game = SavedTable(Match(seed=3), [], "normal", "normal", False, Reviews()).to_json()
>>> written = backup_json(Settings().to_json(), Stats().to_json(), game, "2026-12-06 01:23")
>>> read_backup(written).game == game
True
>>> read_backup(written.replace("normal", "hard", 1)).code
Traceback (most recent call last):
...
hearts.table.backup_document.BackupError: edited: the file's checksum does not match its contents
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from ..game.document import Migration, check_fields, load_json, upgrade
from ..game.errors import SaveError
from ..game.strings import Phrase, phrase
from .save_document import SavedTable
from .settings import Settings
from .storage import stats_class

BACKUP_FORMAT = "hearts.backup"
BACKUP_VERSION = 1
#: ``BACKUP_MIGRATIONS[n]`` turns a version-``n`` backup into version ``n + 1``
#: (hearts.game.document.upgrade). None yet: version 1 is the first.
BACKUP_MIGRATIONS: dict[int, Migration] = {}
BACKUP_FIELDS = frozenset({"format", "version", "exported", "settings", "stats", "game", "checksum"})
WHAT = "a backup"


class BackupError(SaveError):
    """A file 「导入存档」 refuses. ``code`` says why in the player's terms: ``not_json`` (not a
    JSON file), ``truncated`` (begins as a backup but is cut short), ``not_backup`` (JSON, but not
    a backup: an exported game, say), ``too_new`` (written by a later release), ``edited`` (its
    checksum does not match: changed after export, or damaged in a way JSON still parses) or
    ``damaged`` (a part this program could not have written). ``message`` is the page's sentence."""

    def __init__(self, code: str, detail: str) -> None:
        self.code = code
        self.message: Phrase = phrase(f"backup.{code}")
        super().__init__(f"{code}: {detail}")


@dataclass(frozen=True)
class Backup:
    """A backup as read: each part as localStorage keeps it (the text its own writer gives)."""

    exported: str
    settings: str
    stats: str
    game: str

    def summary(self) -> BackupSummary:
        """What the file holds, as the confirmation before importing shows it."""
        return summarize(self.settings, self.stats, self.game)


@dataclass(frozen=True)
class BackupSummary:
    """A few figures that tell two sets of saved data apart: the game's hand and your total,
    games counted in 统计, 复盘 verdicts kept and the language."""

    hand_number: int
    total: int
    games: int
    verdicts: int
    language: str


def summarize(settings: str, stats: str, game: str) -> BackupSummary:
    """The figures of stored documents (each must be readable: the backup's were checked)."""
    saved = SavedTable.from_json(game)
    verdicts = sum(len(kept.get("verdicts", ())) for kept in saved.reviews.to_dict().values())
    return BackupSummary(
        saved.match.hand_number,
        saved.match.totals[0],
        stats_class().from_json(stats).games_played,
        verdicts,
        Settings.from_json(settings).language,
    )


def checksum(data: dict[str, Any]) -> str:
    """The SHA-256 of the document without its checksum, in one canonical spelling (so the file
    may be re-indented by an editor, but not changed)."""
    body = {name: value for name, value in data.items() if name != "checksum"}
    canonical = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def backup_json(settings: str, stats: str, game: str, exported: str) -> str:
    """The exported file: the three stored documents (their text as localStorage keeps it) in one,
    indented so that it reads in any editor."""
    data: dict[str, Any] = {
        "format": BACKUP_FORMAT,
        "version": BACKUP_VERSION,
        "exported": exported,
        "settings": json.loads(settings),
        "stats": json.loads(stats),
        "game": json.loads(game),
    }
    data["checksum"] = checksum(data)
    return json.dumps(data, ensure_ascii=False, indent=1)


def read_backup(text: str) -> Backup:
    """Read an exported file (of this version or an earlier one); anything else raises
    :class:`BackupError` and changes nothing."""
    data = _parsed(text)
    if not isinstance(data, dict) or data.get("format") != BACKUP_FORMAT:
        raise BackupError("not_backup", f"not a backup (format {_format_of(data)!r})")
    version = data.get("version")
    if type(version) is int and version > BACKUP_VERSION:
        raise BackupError("too_new", f"backup version {version}; this program reads up to {BACKUP_VERSION}")
    if data.get("checksum") != checksum(data):
        raise BackupError("edited", "the file's checksum does not match its contents")
    try:
        data = upgrade(data, BACKUP_FORMAT, BACKUP_VERSION, BACKUP_MIGRATIONS, WHAT)
        check_fields(data, BACKUP_FIELDS, WHAT)
        return _parts(data)
    except SaveError as problem:
        raise BackupError("damaged", str(problem)) from problem


def _parsed(text: str) -> Any:
    """The file's JSON; one that begins as a backup but does not parse was cut short."""
    try:
        return load_json(text)
    except SaveError as problem:
        code = "truncated" if text.lstrip().startswith("{") and BACKUP_FORMAT in text else "not_json"
        raise BackupError(code, str(problem)) from None


def _format_of(data: Any) -> object:
    return data.get("format") if isinstance(data, dict) else type(data).__name__


def _parts(data: dict[str, Any]) -> Backup:
    """Each part read by its own reader (migrations and checks included), kept as its writer spells it."""
    exported = data.get("exported")
    if not isinstance(exported, str):
        raise SaveError("a backup's 'exported' must be text")
    parts = {name: json.dumps(data.get(name)) for name in ("settings", "stats", "game")}
    settings = Settings.from_json(parts["settings"]).to_json()
    stats = stats_class().from_json(parts["stats"]).to_json()
    game = SavedTable.from_json(parts["game"]).to_json()
    return Backup(exported, settings, stats, game)
