"""Answers already computed, kept in a SQLite file that runs and arena workers share.

The arena keeps ISMCTS's and xinxin's answers here (:mod:`lab.openspiel_seat`,
:mod:`lab.xinxin_seat`, each through a :class:`KeptAnswers`): an answer depends only
on its question and on what the file was opened for (``depends_on``: the Python and the program
that computed it), so a later run on the same deals reuses every answer whose question comes up
again. A file made for something else is refused rather than mixed in.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable


class AnswerCache:
    """Question → answer strings in the SQLite file ``path``, for answers that depend on ``depends_on``."""

    def __init__(self, path: str, depends_on: str) -> None:
        self.pid = os.getpid()
        try:
            self._db = sqlite3.connect(path, timeout=60, isolation_level=None)
        except sqlite3.Error as error:
            raise ValueError(f"{path} cannot be opened ({error})") from None
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("CREATE TABLE IF NOT EXISTS answers (question TEXT PRIMARY KEY, answer TEXT NOT NULL)")
            self._db.execute("BEGIN IMMEDIATE")  # two workers may open a new file at once
            self._db.execute("CREATE TABLE IF NOT EXISTS about (depends_on TEXT NOT NULL)")
            self._db.execute("INSERT INTO about SELECT ? WHERE NOT EXISTS (SELECT 1 FROM about)", (depends_on,))
            kept_for = self._db.execute("SELECT depends_on FROM about").fetchone()[0]
            self._db.execute("COMMIT")
        except sqlite3.DatabaseError as error:
            self._db.close()
            raise ValueError(f"{path} is not an answers file ({error})") from None
        if kept_for != depends_on:
            self._db.close()
            raise ValueError(f"{path} keeps answers computed by {kept_for!r}, not {depends_on!r}: use another file")

    def get(self, question: str) -> str | None:
        row = self._db.execute("SELECT answer FROM answers WHERE question = ?", (question,)).fetchone()
        return row[0] if row else None

    def put(self, question: str, answer: str) -> None:
        self._db.execute("INSERT OR REPLACE INTO answers VALUES (?, ?)", (question, answer))


class KeptAnswers:
    """A seat's answers kept in the SQLite file a run chose (:meth:`keep`), opened once in each
    process (an arena worker opens its own); ``depends_on`` says what its answers depend on."""

    def __init__(self, depends_on: Callable[[], str]) -> None:
        self._depends_on = depends_on
        self._path: str | None = None
        self._open: AnswerCache | None = None

    def keep(self, path: str | None) -> None:
        """Keep every answer in (and take known ones from) the file ``path``; ``None``: none.
        A file kept for something else raises ValueError here, before any play."""
        self._path, self._open = path, None
        self._opened()

    def answer(self, question: str, ask: Callable[[str], str]) -> str:
        """The kept answer to ``question``, or ``ask``'s, then kept."""
        kept = self._opened()
        answer = kept.get(question) if kept is not None else None
        if answer is None:
            answer = ask(question)
            if kept is not None:
                kept.put(question, answer)
        return answer

    def _opened(self) -> AnswerCache | None:
        if self._path is None:
            return None
        if self._open is None or self._open.pid != os.getpid():
            self._open = AnswerCache(self._path, self._depends_on())
        return self._open
