"""Cooperative slicing of the search, so that a browser can breathe while Hard thinks.

In the page, the game's Python runs in PyScript's worker, one thread that also answers every tap
and timer: a search of a fifth of a second would leave the page's taps unanswered that long. So
every search is written as a generator of *steps*: it ``yield``s ``None`` whenever it has worked
for about :data:`DEFAULT_SLICE` seconds, and finally ``return``s its answer (the
``StopIteration.value``). A page resumes it from a timer, letting the event loop run in between;
everything else calls :func:`run_steps`, which simply runs it to the end. The choice does not
depend on where the slices fall.

The time budget counts only the time spent inside slices: a :class:`Stopwatch` adds up the
clock between each resume and the next pause, so the time the caller spends elsewhere between
two slices (drawing, animations, other tasks) is not charged to the search.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Generator
from typing import Generic, TypeVar, cast

T = TypeVar("T")

#: Steps: a generator that yields None between slices of work and returns a result.
Steps = Generator[None, None, T]

#: Seconds of work per slice: ~30 ms on CPython here, ~45 ms in Pyodide (about 1.5x slower),
#: far below the 200 ms at which a browser task counts as freezing the page. A slice ends at the
#: first check past this mark, so it may run over by one playout (well under a millisecond).
DEFAULT_SLICE = 0.03


def run_steps(steps: Steps[T]) -> T:
    """Run ``steps`` to the end without pausing and return its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value
            return result


class Ahead(Generic[T]):
    """Sliced steps that may be run ahead of time, a slice now and then, and finished later.

    A bot's view is complete as soon as the card before its turn is played, so its search can
    start then and use the time the page spends animating that card and showing the trick:
    :meth:`advance` runs one slice whenever the page is idle, and :meth:`finish_steps` (at the
    bot's turn) runs what is left, slice by slice. It is the same generator either way, and the
    budget counts only time inside slices, so the answer is the one the search started at the
    bot's turn would give (exactly so when the sample cap, not the clock, ends it).
    """

    def __init__(self, steps: Steps[T]) -> None:
        self._steps = steps
        self._done = False
        self._result: T | None = None

    @property
    def done(self) -> bool:
        """Whether the answer is ready."""
        return self._done

    def advance(self) -> bool:
        """Run one slice (nothing once done); return whether the answer is ready."""
        if not self._done:
            try:
                next(self._steps)
            except StopIteration as finished:
                self._done, self._result = True, finished.value
        return self._done

    def finish_steps(self) -> Steps[T]:
        """The rest of the steps: yields None between slices, returns the answer."""
        while not self.advance():
            yield None
        return cast(T, self._result)


class Cutoff:
    """A budget that may be shortened while searches run, shared by them: the page lets the
    bots' passes search for as long as you take to choose yours, up to their own budget, and
    when you pass it cuts them to the default (:meth:`cut`), so that a quick player waits no
    longer than before and a slow one meets better passes."""

    def __init__(self) -> None:
        self.seconds = math.inf

    def cut(self, seconds: float) -> None:
        """From now on the searches stop once they have worked ``seconds`` (if sooner than their
        own budget); one already past it stops at its next check."""
        self.seconds = min(self.seconds, seconds)


class Stopwatch:
    """The time a sliced search has spent working: the sum of its slices, pauses excluded.

    Created when the search starts (its first slice begins); :meth:`pause` and :meth:`resume`
    bracket every ``yield``. ``clock`` is any monotonic seconds counter; ``cutoff``, if given,
    may shorten every budget this stopwatch judges (:meth:`over`).
    """

    def __init__(
        self, clock: Callable[[], float], slice_seconds: float = DEFAULT_SLICE, cutoff: Cutoff | None = None
    ) -> None:
        self.clock = clock
        self.slice_seconds = slice_seconds
        self.cutoff = cutoff or Cutoff()
        self._spent = 0.0
        self._resumed = clock()

    def elapsed(self) -> float:
        """Seconds worked so far, over every slice including the current one."""
        return self._spent + self.clock() - self._resumed

    def over(self, budget: float) -> bool:
        """Whether the search has worked longer than ``budget``, or than its cutoff allows."""
        return self.elapsed() > min(budget, self.cutoff.seconds)

    def slice_over(self) -> bool:
        """Whether the current slice has used its time (time to yield)."""
        return self.clock() - self._resumed >= self.slice_seconds

    def pause(self) -> None:
        """Close the current slice (call just before ``yield``)."""
        self._spent += self.clock() - self._resumed

    def resume(self) -> None:
        """Open a new slice (call just after ``yield`` returns)."""
        self._resumed = self.clock()

    def breathe(self) -> Steps[None]:
        """``yield from watch.breathe()``: pause here if the slice is over, else go on."""
        if self.slice_over():
            self.pause()
            yield None
            self.resume()
