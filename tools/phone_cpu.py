"""A browser whose every thread runs at 1/RATE of a core, as on a phone's slower cores: for the
benchmarks (``tools/bench_startup.py --cpu-quota 4``), not the tests.

Why not DevTools' CPU throttling: it slows a page's main thread only, and the game's Python runs
in PyScript's worker, which it leaves at full speed (docs/log/startup-2026-12-02.md, fourth
session). Why not one CPU quota for the whole browser: then every thread shares a quarter of
one core, the page, the worker, V8's background compilers and the browser's own processes alike,
which a phone's several cores do not do (a return visit read ~10x slower than unthrottled, not
~4x). So each Linux thread of the browser gets a cgroup of its own, with CFS bandwidth 1/RATE of
one core: a thread alone is slowed RATE times, threads side by side are each slowed RATE times.
A new thread starts in its parent's group and is moved to its own within ~10 ms.

Needs root and cgroup v1's cpu controller (mounted at /sys/fs/cgroup/cpu), as on these machines.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

CPU_CONTROLLER = Path("/sys/fs/cgroup/cpu")
GROUP = CPU_CONTROLLER / "hearts-phone-cpu"
# The period over which a thread's share is counted: short, so that work is slowed evenly, not
# in bursts of full speed and stops.
PERIOD_US = 10_000
POLL_SECONDS = 0.01


def _tasks(group: Path) -> list[str]:
    try:
        return (group / "tasks").read_text().split()
    except OSError:
        return []


class ThreadThrottle:
    """Moves every thread in :data:`GROUP` into a cgroup of its own, limited to 1/``rate`` of a
    core, until stopped; the groups are removed then."""

    def __init__(self, rate: float) -> None:
        self.quota_us = int(PERIOD_US / rate)
        self.groups: dict[str, Path] = {}  # thread id -> its group
        self.stopping = threading.Event()
        self.poller = threading.Thread(target=self._poll, daemon=True)

    def start(self) -> None:
        GROUP.mkdir(exist_ok=True)
        self.poller.start()

    def _own_group(self, tid: str) -> None:
        group = GROUP / f"t{tid}"
        group.mkdir(exist_ok=True)
        (group / "cpu.cfs_period_us").write_text(f"{PERIOD_US}\n")
        (group / "cpu.cfs_quota_us").write_text(f"{self.quota_us}\n")
        with contextlib.suppress(OSError):  # the thread ended meanwhile
            (group / "tasks").write_text(f"{tid}\n")
        self.groups[tid] = group

    def _poll(self) -> None:
        while not self.stopping.wait(POLL_SECONDS):
            # New threads: in the browser's group (started by the wrapper), or in the group of the
            # thread that started them. The groups of threads that ended are removed, so that
            # each round reads only the live ones.
            for owner, group in [("", GROUP), *self.groups.items()]:
                tasks = _tasks(group)
                if owner and not tasks:
                    with contextlib.suppress(OSError):
                        os.rmdir(group)
                        del self.groups[owner]
                for tid in tasks:
                    if tid != owner:
                        self._own_group(tid)

    def stop(self) -> None:
        self.stopping.set()
        self.poller.join()
        for group in [*self.groups.values(), GROUP]:
            with contextlib.suppress(OSError):  # a thread still lingers: left for next time
                os.rmdir(group)


@contextlib.contextmanager
def chromium_slowed_by(chromium: str, rate: float | None) -> Iterator[str]:
    """The executable to launch: ``chromium`` itself when ``rate`` is None, else a script that
    runs it with every thread of it and of the processes it starts slowed ``rate`` times, while
    this context lasts."""
    if rate is None:
        yield chromium
        return
    if not (CPU_CONTROLLER / "cpu.cfs_quota_us").exists() or os.geteuid() != 0:
        raise SystemExit("--cpu-quota needs root and cgroup v1's cpu controller at /sys/fs/cgroup/cpu")
    throttle = ThreadThrottle(rate)
    throttle.start()
    try:
        with tempfile.TemporaryDirectory(prefix="phone-cpu-") as folder:
            wrapper = Path(folder) / "chromium-slowed"
            wrapper.write_text(f'#!/bin/sh\necho $$ > {GROUP / "cgroup.procs"}\nexec {chromium} "$@"\n')
            wrapper.chmod(0o755)
            yield str(wrapper)
    finally:
        throttle.stop()
