"""A program the lab asks one line at a time over its pipes: the ISMCTS server
(:mod:`lab.openspiel_seat`) and xinxin's driver (:mod:`lab.xinxin_seat`) are two.

Each arena worker is a forked process and must not share a parent's pipes, and a program that
stopped on a bad question must not answer the next one: :class:`PerProcess` starts one on first
use in each process, and again once it has stopped.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable
from typing import IO, Any, Generic, TypeVar


class LineProcess:
    """A started program that answers each line written to its input with one line of output."""

    def __init__(self, command: list[str], **popen: Any) -> None:
        self._process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, **popen)
        #: The process that started it: a forked worker starts its own (:class:`PerProcess`).
        self.pid = os.getpid()

    def reply(self, question: str) -> str | None:
        """Its answer to ``question``, stripped; None if it stopped instead, before the question
        or on it (its error, if it wrote one, is on the shared stderr), once it has exited."""
        stdin, stdout = self._pipes()
        try:
            stdin.write(question.encode() + b"\n")
            stdin.flush()
            reply = stdout.readline()
        except BrokenPipeError:  # it had already exited
            reply = b""
        if not reply:
            self._process.wait()
            return None
        return reply.decode().strip()

    @property
    def returncode(self) -> int | None:
        return self._process.returncode

    def running(self) -> bool:
        return self._process.poll() is None

    def stop(self) -> None:
        """End its input, and wait for it to exit (its CPU time then counts in this process's
        ``RUSAGE_CHILDREN``, its children's with it)."""
        stdin, _ = self._pipes()
        try:
            stdin.close()
        except BrokenPipeError:  # it had exited with a question unread
            pass
        self._process.wait()

    def _pipes(self) -> tuple[IO[bytes], IO[bytes]]:
        assert self._process.stdin is not None and self._process.stdout is not None
        return self._process.stdin, self._process.stdout


Started = TypeVar("Started", bound=LineProcess)


class PerProcess(Generic[Started]):
    """This process's ``start()``: started on first use, again in a forked worker (which must
    not write to its parent's pipes) and after a question stopped it."""

    def __init__(self, start: Callable[[], Started]) -> None:
        self._start = start
        self._running: Started | None = None

    def __call__(self) -> Started:
        running = self._running
        if running is None or running.pid != os.getpid() or not running.running():
            running = self._running = self._start()
        return running
