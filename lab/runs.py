"""Running the arenas' tasks: in parallel worker processes, each task's records logged as it
finishes, and stopped by Ctrl-C or SIGTERM with what is done kept.

Shared by the deal arena (:mod:`lab.arena`) and the game arena (:mod:`lab.game_arena`).
"""

from __future__ import annotations

import json
import signal
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, nullcontext
from multiprocessing import get_context
from typing import Any, TextIO, TypeVar

T = TypeVar("T")


def play_tasks(
    work: Callable[[T], list[dict[str, Any]]], tasks: Iterable[T], workers: int, log: TextIO | None
) -> Iterator[list[dict[str, Any]]]:
    """Each task's records as it finishes (in a pool of ``workers`` processes when more than
    one), first written to ``log`` as JSON lines, decision times left out, so a run stopped
    early keeps every task it finished. Shared by the deal and the game arenas."""
    pool = get_context("fork").Pool(workers, initializer=worker_signals) if workers > 1 else None
    with pool or nullcontext():
        results = pool.imap_unordered(work, tasks) if pool else map(work, tasks)
        for records in results:
            if log is not None:
                log.writelines(
                    json.dumps({key: value for key, value in record.items() if key != "times"}) + "\n"
                    for record in records
                )
                log.flush()
            yield records


@contextmanager
def stoppable(log: TextIO | None) -> Iterator[None]:
    """Ctrl-C or SIGTERM stop a run (also one started in the background, where SIGINT is
    ignored) as a KeyboardInterrupt; the log is closed and the signals restored after."""
    previous = {stop: signal.signal(stop, _stop) for stop in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        if log:
            log.close()
        for stop, handler in previous.items():
            signal.signal(stop, handler)


def _stop(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def worker_signals() -> None:
    """Workers leave stopping to the parent, which collects what is done."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
