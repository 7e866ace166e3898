"""What web/main.py needs from its surroundings besides the table: the way to web/page.js on
the page's main thread (an :class:`Outbox` of commands, and :func:`listen` for its messages),
the player's localStorage as a copy kept here (:class:`StorageCopy`), and the kinds of both
directions' messages (:class:`Message`, :class:`Command`).

Runs only in PyScript's worker (index.html): it imports ``polyscript`` and ``pyscript``.
"""

import json
from collections.abc import Callable
from enum import StrEnum
from typing import Any

from polyscript import xworker
from pyscript.ffi import create_proxy

from hearts.table.storage import StorageUnavailable


class Message(StrEnum):
    """The kinds of web/page.js's messages to Python (its ``send({kind, ...})``; web/main.py's
    ``Page.handlers``), and of web/interpreter.mjs's, which PyScript passes here too."""

    HELLO = "hello"
    #: The ``?test=1`` hook's: a Page opened again on the storage and the facts it sends.
    REOPEN = "reopen"
    ACT = "act"
    SUBMIT = "submit"
    STORAGE = "storage"
    STORAGE_REFUSED = "storage-refused"
    STORAGE_ACCEPTED = "storage-accepted"
    FULLSCREEN = "fullscreen"
    FILE = "file"
    SWIPE = "swipe"
    #: What navigator.storage says about keeping the data, and whether the browser offers installing.
    PERSISTENCE = "persistence"
    INSTALLABLE = "installable"
    #: web/interpreter.mjs's: not for the Page.
    FACTS = "facts"
    SETTLED = "settled"
    CONTROLLED = "controlled"


class Command(StrEnum):
    """The commands Python sends web/page.js (the names of its ``commands``)."""

    LISTEN = "listen"
    LOADING = "loading"
    PATCH = "patch"
    KEYS = "keys"
    STORE = "store"
    SOUND_WANTED = "sound-wanted"
    SOUND = "sound"
    DOWNLOAD = "download"
    CHOOSE_FILE = "choose-file"
    PERSIST = "persist"
    INSTALL = "install"
    FULLSCREEN = "fullscreen"
    RELOAD = "reload"
    FOCUS = "focus"
    MEASURE = "measure"
    MARK = "mark"
    REMEMBER_DRAWING = "remember-drawing"
    READY = "ready"
    ANSWERED = "answered"
    ERROR = "error"


def listen(receiver: Callable[[Any], None]) -> Any:
    """Give web/page.js's messages (MessageEvents whose ``data`` is JSON) to ``receiver`` from now
    on, and tell it so (it then says hello); returns the proxy that receives them."""
    proxy = create_proxy(receiver)
    xworker.onmessage = proxy
    xworker.postMessage(json.dumps([[Command.LISTEN]]))
    return proxy


class Outbox:
    """Commands for web/page.js (its ``commands`` name them), gathered while Python handles a
    message or a timer and sent in one call across Pyodide's bridge, in order, by ``flush``."""

    def __init__(self) -> None:
        self.commands: list[list[Any]] = []

    def send(self, name: Command, *args: Any) -> None:
        self.commands.append([name, *args])

    def flush(self) -> None:
        if self.commands:
            commands, self.commands = self.commands, []
            xworker.postMessage(json.dumps(commands, ensure_ascii=False))


class StorageCopy:
    """The table's Storage: localStorage as web/page.js sent it (None: the browser refused to
    read it), kept in step here, each write also sent to web/page.js to make. A write the
    browser refuses (full, locked down) comes back as a message (:meth:`refused`); until one
    succeeds again (:meth:`accepted`) writes raise StorageUnavailable, as localStorage's own
    would, so the table says that progress is not saved."""

    def __init__(self, items: dict[str, str] | None, outbox: Outbox) -> None:
        self.items = items
        self.outbox = outbox
        self.refusal: str | None = None

    def get(self, key: str) -> str | None:
        if self.items is None:
            raise StorageUnavailable("the browser refused to read localStorage")
        return self.items.get(key)

    def set(self, key: str, value: str) -> None:
        if self.items is None:
            raise StorageUnavailable("the browser refused to read localStorage")
        self.items[key] = value
        self.outbox.send(Command.STORE, key, value)
        if self.refusal is not None:
            raise StorageUnavailable(self.refusal)

    def heard(self, key: str | None, value: str | None) -> None:
        """Another tab wrote ``key`` (None: cleared everything); ``value`` None: removed it."""
        if self.items is None:
            return
        if key is None:
            self.items.clear()
        elif value is None:
            self.items.pop(key, None)
        else:
            self.items[key] = value

    def refused(self, problem: str) -> None:
        self.refusal = problem

    def accepted(self) -> None:
        self.refusal = None
