"""lab/moon_lines.py: Hard's search rerun over an arena log repeats its cards and counts its moon lines."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from hearts.ai import Limits
from lab.arena import main as arena_main
from lab.moon_lines import MoonLines, main, moon_lines

#: The arena's limits for the test run: a sample cap small enough for the unit suite, and a
#: budget no test machine reaches, so the cap ends every search and the rerun must repeat it.
SAMPLES = "12"
LIMITS = Limits(budget=30.0, max_samples=12, clock=time.process_time)


def test_the_rerun_repeats_every_card_hard_played(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hands.jsonl"
    arena_main(
        [
            "--seats",
            "hard,normal,normal,normal",
            "--deals",
            "2",
            "--seed",
            "5",
            "--clock",
            "cpu",
            "--budget",
            "30",
            "--samples",
            SAMPLES,
            "--pass-budget",
            "30",
            "--hands",
            str(path),
        ]
    )
    capsys.readouterr()
    lines = path.read_text().splitlines()
    result = moon_lines(lines, 5, LIMITS)
    assert result.hands == 8 and result.plays > 40
    assert result.agreed == result.plays
    # Another run seed gives the bot other random numbers: some of its cards differ.
    assert moon_lines(lines, 6, LIMITS).agreed < result.plays
    main([str(path), "--seed", "5", "--budget", "30", "--samples", SAMPLES, "--json"])
    assert MoonLines(**json.loads(capsys.readouterr().out)) == result


def test_hands_with_and_without_the_line_are_counted_apart() -> None:
    counts = MoonLines()
    counts.add(True, True, 0, 9, 9)
    counts.add(True, False, 17, 9, 8)
    counts.add(False, True, 0, 5, 5)
    counts.add(False, False, 4, 10, 10)
    assert (counts.hands, counts.taken, counts.taken_shot, counts.taken_points, counts.shot_untaken) == (4, 2, 1, 17, 1)
    assert (counts.plays, counts.agreed) == (33, 32)


def test_a_log_whose_first_bot_is_not_hard_is_refused_clearly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "normal.jsonl"
    path.write_text('{"deal": 0, "first": true, "name": "normal", "seat": 0, "score": 3}\n')
    with pytest.raises(SystemExit) as stopped:
        main([str(path), "--seed", "1"])
    assert stopped.value.code == 2
    assert (
        "line 1 is not an arena hand record of Hard (the first-named bot is 'normal', not hard)"
        in capsys.readouterr().err
    )
    path.write_text('{"deal": 0, "first": true, "name": "hard", "seat": 0, "score": 3}\n')  # no hand in it
    with pytest.raises(SystemExit):
        main([str(path), "--seed", "1"])
    assert "line 1 is not an arena hand record of Hard ('hand')" in capsys.readouterr().err
