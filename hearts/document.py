"""Versioned JSON documents: the one way every saved thing (hand, match, table, statistics,
game record) is read back, so each refuses foreign, damaged or other-version data alike."""

from __future__ import annotations

import json
from contextlib import contextmanager
from typing import Any, Iterator

from .errors import HeartsError, SaveError


def load_json(text: str) -> Any:
    """Parse JSON text, raising :class:`SaveError` (never a bare decoding error)."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise SaveError(f"expected JSON text, got {type(text).__name__}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as problem:
        raise SaveError(f"not valid JSON: {problem}") from None


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
