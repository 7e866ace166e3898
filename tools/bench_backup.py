"""How big 「导出存档」's file is and how long it takes to write and read (a script that prints
figures, not a test): the largest backup a player makes, a game played to its end with every
复盘 verdict judged, on CPython.

    python tools/bench_backup.py [--seed 7] [--rounds 50]

Prints the file's size (as downloaded, and gzipped for comparison), then the median and the
slowest of ``--rounds`` exports (``Backups.export``) and reads (``read_backup``, every part read
by its own reader, the checksum checked). Pyodide runs the same code several times slower.
"""

from __future__ import annotations

import argparse
import gzip
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hearts.table import Table  # noqa: E402
from hearts.table.backup_document import read_backup  # noqa: E402
from tests.table.tables import MemoryStorage, play_out  # noqa: E402


def finished_game(seed: int) -> tuple[Table, MemoryStorage]:
    """A whole game played by the table's helpers, each hand counted and judged, as the page leaves it."""
    table, storage = Table(seed=seed), MemoryStorage()
    while True:
        play_out(table)
        table.save(storage)
        table.stats.record(storage, "2026-12-06")
        while (job := table.review.job()) is not None:
            for _ in job:
                pass
        table.save(storage)
        if table.match.over:
            return table, storage
        table.next_hand()


def timed(work, rounds: int) -> tuple[float, float]:
    """Median and slowest of ``rounds`` calls of ``work``, in ms."""
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        work()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times), max(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--rounds", type=int, default=50)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()}")
    table, storage = finished_game(args.seed)
    exported = table.backups.export(storage, "bench")
    assert exported is not None
    written = exported[1]
    summary = read_backup(written).summary()
    size = len(written.encode())
    print(
        f"game of seed {args.seed}: {summary.hand_number} hands, {summary.verdicts} verdicts; "
        f"file {size / 1024:.1f} KB ({len(gzip.compress(written.encode())) / 1024:.1f} KB gzipped)"
    )
    export_ms = timed(lambda: table.backups.export(storage, "bench"), args.rounds)
    read_ms = timed(lambda: read_backup(written), args.rounds)
    print(f"export: median {export_ms[0]:.1f} ms, slowest {export_ms[1]:.1f} ms ({args.rounds} rounds)")
    print(f"read:   median {read_ms[0]:.1f} ms, slowest {read_ms[1]:.1f} ms ({args.rounds} rounds)")
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
