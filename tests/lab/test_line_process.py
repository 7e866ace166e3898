"""The lab's programs asked a line at a time (lab/line_process.py)."""

from __future__ import annotations

import time

from lab.line_process import LineProcess, PerProcess


def test_each_line_gets_its_answer_and_a_stopped_program_none() -> None:
    echo = LineProcess(["cat"])
    assert [echo.reply("2 10 1 0"), echo.reply(" spaced ")] == ["2 10 1 0", "spaced"]
    echo.stop()
    assert not echo.running() and echo.returncode == 0
    once = LineProcess(["sh", "-c", "read question; echo answer; read question; exit 3"])
    assert once.reply("first") == "answer"
    assert once.reply("second") is None  # it stopped on this question: no answer, and no wait for one
    assert once.returncode == 3
    gone = LineProcess(["sh", "-c", "exit 4"])
    while gone.running():
        time.sleep(0.01)
    assert gone.reply("a question after it exited") is None and gone.returncode == 4
    gone.stop()


def test_one_program_per_process_started_again_once_stopped_or_forked() -> None:
    started: list[LineProcess] = []

    def start() -> LineProcess:
        started.append(LineProcess(["cat"]))
        return started[-1]

    program = PerProcess(start)
    assert program() is program() is started[0]
    started[0].stop()
    assert program() is started[1]  # the stopped one is not asked again
    started[1].pid = -1  # as a forked worker sees its parent's
    assert program() is started[2] and len(started) == 3
    for each in started[1:]:
        each.stop()
