"""What the page needs from the browser besides web/page.js: localStorage behind the
table's Storage protocol, and the way to web/page.js itself.

Runs only in the page (PyScript): it imports ``pyscript``.
"""

import json
from typing import Any

from pyscript import window

from hearts.storage import StorageUnavailable


class LocalStorage:
    """window.localStorage behind the table's Storage protocol; any refusal becomes
    StorageUnavailable (access denied in private modes, quota exceeded when full)."""

    def get(self, key: str) -> str | None:
        try:
            value = window.localStorage.getItem(key)
        except Exception as problem:  # a JsException of any kind means storage is unusable
            raise StorageUnavailable(str(problem)) from None
        # A missing key is JavaScript null, which Pyodide passes as jsnull, not None.
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        try:
            window.localStorage.setItem(key, value)
        except Exception as problem:
            raise StorageUnavailable(str(problem)) from None


class Outbox:
    """Commands for web/page.js (its ``commands`` name them), gathered while Python handles a
    message or a timer and sent in one call across Pyodide's bridge, in order, by ``flush``."""

    def __init__(self) -> None:
        self.commands: list[list[Any]] = []

    def send(self, name: str, *args: Any) -> None:
        self.commands.append([name, *args])

    def flush(self) -> None:
        if self.commands:
            commands, self.commands = self.commands, []
            window.heartsCommands(json.dumps(commands, ensure_ascii=False))
