"""The statistics as the table reads and writes them: each finished hand counted once, and what
goes wrong with the storage said as it is for the save (a notice, the console's reason, 「进度未保存」).

:mod:`hearts.table.stats` is the figures and their document, :mod:`hearts.table.storage` the
reads and writes of localStorage; this is the table's side of both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..game.hand import Hand
from ..game.match import Match
from ..game.phase import HandPhase
from ..game.strings import Phrase, phrase
from .storage import Storage, read_stats, stats_class, write_stats

if TYPE_CHECKING:
    from .stats import Stats


class TableForStats(Protocol):
    """What the statistics read and change of the table (:class:`hearts.table.Table` has it)."""

    @property
    def match(self) -> Match: ...
    @property
    def hand(self) -> Hand: ...
    @property
    def superseded(self) -> bool: ...
    @property
    def language(self) -> str: ...

    saving_failed: bool
    load_problem: str | None
    notices: list[Phrase]


class StatsKeeper:
    """The statistics of one table's player, as stored."""

    def __init__(self, table: TableForStats) -> None:
        self.table = table
        #: (seed, hand number) last counted in the statistics, so each redraw does not reread them.
        self.recorded: tuple[int, int] | None = None

    def rows(self, storage: Storage) -> list[tuple[str, str]]:
        """The figures as stored now, as 「统计」 shows them."""
        stats = self.read(storage)
        return (stats if stats is not None else stats_class()()).summary(self.table.language)

    def reset(self, storage: Storage) -> list[tuple[str, str]] | None:
        """Zero the statistics (hands already counted stay counted: see Stats.reset); their rows
        then, or None if they could not be read or written."""
        stats = self.read(storage)
        if stats is None:
            return None
        stats.reset()
        return stats.summary(self.table.language) if self.write(storage, stats) else None

    def record(self, storage: Storage, label: str) -> bool:
        """Count finished hands (and the game, once over) in the statistics, exactly once.

        The page calls this after every successful save, never before: if the tab closes
        between the two writes, the save already holds the finished hand and the next start
        counts it; :class:`hearts.table.stats.Stats` remembers per game how many hands it
        counted, so recounting after a reload, a redraw or a failed write adds nothing.
        ``label`` names the game in 「最佳一场」/「最差一场」 (the page gives the date).
        """
        table = self.table
        if table.superseded or table.saving_failed or table.hand.phase != HandPhase.OVER:
            return False
        mark = (table.match.seed, table.match.hand_number)
        if self.recorded == mark:
            return False
        stats = self.read(storage)
        if stats is None:
            return False
        if stats.record(table.match, label=label) and not self.write(storage, stats):
            return False
        self.recorded = mark
        return True

    def write(self, storage: Storage, stats: Stats) -> bool:
        if write_stats(storage, stats):
            return True
        self.table.saving_failed = True
        return False

    def read(self, storage: Storage) -> Stats | None:
        """The stored statistics (hearts.table.storage.read_stats), saying so if they were unreadable."""
        read = read_stats(storage)
        if read.problem is not None:
            self.table.load_problem = read.problem
        if read.notice is not None:
            self.table.notices.append(phrase(read.notice))
        return read.stats
