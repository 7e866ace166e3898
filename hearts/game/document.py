"""Versioned JSON documents: the one way every saved thing (hand, match, table, statistics,
game record) is read back, so each refuses foreign, damaged or other-version data alike."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Self

from .errors import HeartsError, SaveError


def load_json(text: str | bytes | bytearray) -> Any:
    """Parse JSON text, raising :class:`SaveError` (never a bare decoding error)."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise SaveError(f"expected JSON text, got {type(text).__name__}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as problem:
        raise SaveError(f"not valid JSON: {problem}") from None


class Document:
    """What every saved class shares: JSON text through its ``to_dict``/``from_dict``, and
    equality by content (two hands are equal when their records are)."""

    def to_dict(self) -> dict[str, Any]:
        raise NotImplementedError

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        raise NotImplementedError

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes | bytearray) -> Self:
        return cls.from_dict(load_json(text))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, type(self)):
            return NotImplemented
        return self.to_dict() == other.to_dict()


def check_document(data: Any, document_format: str, version: int, what: str) -> dict[str, Any]:
    """Return ``data`` if it is a JSON object of ``document_format`` at ``version``.

    ``what`` names the document in the error ("a saved hand"), so a player's notice or a log
    says which save was refused and why.
    """
    if not isinstance(data, dict):
        raise SaveError(f"{what} must be a JSON object, got {type(data).__name__}")
    if data.get("format") != document_format:
        raise SaveError(f"not {what} (format {data.get('format')!r}, expected {document_format!r})")
    if data.get("version") != version:
        raise SaveError(f"{what} has version {data.get('version')!r}; this program reads version {version}")
    return data


#: Turns a document of one version into the same document at the next version.
Migration = Callable[[dict[str, Any]], dict[str, Any]]


def upgrade(
    data: Any, document_format: str, version: int, migrations: Mapping[int, Migration], what: str
) -> dict[str, Any]:
    """Return ``data`` brought up to ``version``: ``migrations[n]`` turns version ``n`` into
    ``n + 1``, applied one after the other from the document's own version.

    A save written by an earlier release thus still loads, and one from a later release (or an
    earlier one with no migration left) is refused with :class:`SaveError`, never guessed at.

    >>> to_v2 = {1: lambda doc: {**doc, "version": 2, "level": doc.get("level", "normal")}}
    >>> upgrade({"format": "x", "version": 1}, "x", 2, to_v2, "a test")["level"]
    'normal'
    """
    if not isinstance(data, dict):
        raise SaveError(f"{what} must be a JSON object, got {type(data).__name__}")
    found = data.get("version")
    if data.get("format") == document_format and type(found) is int and found < version:
        while found < version:
            if found not in migrations:
                raise SaveError(f"{what} has version {found}, which this program can no longer read")
            with reading(what):
                data = migrations[found](data)
            if not isinstance(data, dict) or data.get("version") != found + 1:
                raise SaveError(f"the migration of {what} from version {found} did not give version {found + 1}")
            found += 1
    return check_document(data, document_format, version, what)


def check_fields(data: dict[str, Any], fields: frozenset[str], what: str) -> None:
    """Refuse a document with fields this version does not write: a hand-edited save that
    adds, say, scores of its own is refused instead of silently loading something else."""
    unknown = sorted(set(data) - fields)
    if unknown:
        raise SaveError(f"{what} has fields this version does not write: {', '.join(unknown)}")


@contextmanager
def reading(what: str) -> Iterator[None]:
    """Turn whatever a malformed document makes a loader raise (a missing field, a wrong type,
    an engine refusal while replaying) into :class:`SaveError` naming ``what``."""
    try:
        yield
    except KeyError as missing:
        raise SaveError(f"{what} lacks the field {missing}") from None
    except SaveError:
        raise
    except (HeartsError, TypeError, ValueError) as problem:
        raise SaveError(f"{what} is invalid: {problem}") from problem
