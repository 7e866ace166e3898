"""What a page's main thread did while a benchmark drove it, for the benchmarks that play on the
page (tools/bench_longtasks.py, bench_rules_panel.py, bench_review_browser.py): the observer script
that records its long tasks, its redraws and the Event Timing API's entries; the tasks of a Chrome
trace, with their thread CPU time; and the lines that sum them up.

Long tasks are wall-clock time, and on a shared machine a task also lasts while the operating
system runs other programs instead of the browser; a trace's thread CPU time is the page's own
work in it, so each summary gives both, and the machine's load average is printed beside them.
"""

from __future__ import annotations

import json
import os
import statistics
from typing import Any

#: The target: no task of the page's main thread over this (ms).
LIMIT_MS = 200
#: A long task, as the Long Tasks API reports them (ms).
LONG_MS = 50
# "toplevel" holds one complete event per task of every thread, with its wall (dur) and thread
# CPU (tdur) time in microseconds.
TRACE_CATEGORIES = ["toplevel"]
# An init script: every long task, every measure of the page's (hearts:redraw, hearts:bot…), and
# every Event Timing entry of an interaction, kept in the page for the benchmark to read.
OBSERVE = """window.__longtasks = [];
new PerformanceObserver(list => {
  for (const entry of list.getEntries()) window.__longtasks.push([entry.startTime, entry.duration]);
}).observe({type: 'longtask', buffered: true});
window.__measures = [];
new PerformanceObserver(list => {
  for (const entry of list.getEntries()) window.__measures.push([entry.name, entry.startTime, entry.duration]);
}).observe({type: 'measure'});
// What each input event was on, noted as it happens (before the page's handlers, in the capture
// phase): by the time its Event Timing entry is read the element may be gone (a played card, the
// pass button). An entry's startTime is its event's timeStamp.
const actionOf = target => {
  const tapped = target instanceof Element && target.closest('[data-action]');
  if (!tapped) return '';
  // A played card says how many cards the trick held: the fourth ends the trick (and the last
  // trick the hand), which draws more.
  const held = document.querySelectorAll('.trick .trick-card').length;
  return tapped.dataset.action === 'card' ? `card ${held + 1}/4` : tapped.dataset.action;
};
window.__tapped = [];
for (const type of ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'click'])
  addEventListener(type, event => window.__tapped.push([type, event.timeStamp, actionOf(event.target)]), true);
const tappedAction = entry => {
  const noted = window.__tapped.find(([type, at]) => type === entry.name && Math.abs(at - entry.startTime) < 1);
  return noted ? noted[2] : actionOf(entry.target);
};
window.__events = [];
new PerformanceObserver(list => {
  for (const entry of list.getEntries())
    if (entry.interactionId)
      window.__events.push([entry.interactionId, entry.name, entry.startTime, entry.duration,
                            entry.processingStart - entry.startTime, entry.processingEnd - entry.processingStart,
                            tappedAction(entry)]);
}).observe({type: 'event', durationThreshold: 16, buffered: true});"""
#: The Event Timing API's smallest threshold: shorter entries are not reported.
EVENT_FLOOR_MS = 16


def interactions(events: list[Any], start: float) -> list[tuple[float, float, float, str]]:
    """Each interaction (its Event Timing entries grouped by interactionId, as INP groups them),
    in the order they came: its latency (its longest entry, from the input to the next paint),
    of which the wait for the main thread (the first entry's input delay) and the page's
    handlers (all its entries'), and what was tapped (noted as each event happened: a played
    card or the pass button has left the page by the time its entry is read)."""
    grouped: dict[int, list[tuple[float, float, float, float, str]]] = {}
    for interaction, _name, at, duration, delay, handlers, action in events:
        if at >= start:
            grouped.setdefault(interaction, []).append((at, duration, delay, handlers, action))
    seen = []
    for entries in grouped.values():
        first = min(entries)
        action = next((action for *_, action in entries if action), "")
        seen.append(
            (
                max(duration for _, duration, *_ in entries),
                first[2],
                sum(handlers for *_, handlers, _ in entries),
                action,
            )
        )
    return seen


def main_thread_tasks(trace: bytes) -> list[tuple[float, float]]:
    """(wall ms, thread CPU ms) of every task over 50 ms on a page's main thread in ``trace``."""
    events = json.loads(trace)["traceEvents"]
    mains = {
        (event["pid"], event["tid"])
        for event in events
        if event.get("name") == "thread_name" and event["args"].get("name") == "CrRendererMain"
    }
    return [
        (event["dur"] / 1000, event.get("tdur", 0) / 1000)
        for event in events
        if event.get("ph") == "X"
        and event.get("cat") == "toplevel"
        and (event["pid"], event["tid"]) in mains
        and event.get("dur", 0) > LONG_MS * 1000
    ]


def summary(durations: list[float], traced: list[tuple[float, float]]) -> str:
    """The long tasks seen by the observer; the CPU time of the longest is that of the traced
    task of the same length (the trace and the observer time the same tasks)."""
    over = sum(duration > LIMIT_MS for duration in durations)
    top = ", ".join(f"{duration:.0f}" for duration in sorted(durations, reverse=True)[:5])
    longest = max(durations, default=0.0)
    same = min(traced, key=lambda task: abs(task[0] - longest), default=(0.0, 0.0))
    cpu = f"{same[1]:.0f} ms of it thread CPU" if abs(same[0] - longest) < 2 else "not in the trace"
    return (
        f"longest {longest:4.0f} ms ({cpu}), {over} over {LIMIT_MS} ms, "
        f"{len(durations)} over {LONG_MS} ms (blocking {sum(max(d - LONG_MS, 0) for d in durations):.0f} ms; "
        f"top 5: {top}); most thread CPU in one task {max((c for _, c in traced), default=0):.0f} ms"
    )


def tap_summary(seen: list[tuple[float, float, float, str]], taps: int) -> str:
    """Tap → next paint per interaction (INP's measure): median, p98, max over every tap."""
    unseen = max(taps - len(seen), 0)
    ordered = sorted([latency for latency, *_ in seen] + [float(EVENT_FLOOR_MS)] * unseen)
    if not ordered:
        return "tap -> next paint: no interactions"
    p98 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.98))]
    return (
        f"tap -> next paint over {len(ordered)} taps ({unseen} under {EVENT_FLOOR_MS} ms): "
        f"median {statistics.median(ordered):.0f} ms, p98 {p98:.0f} ms, max {ordered[-1]:.0f} ms"
    )


def load() -> str:
    """The machine's load average (1, 5, 15 minutes): long tasks include others' CPU time."""
    return "load average " + " ".join(f"{value:.2f}" for value in os.getloadavg())
