"""The arena's per-hand log (``--hands``) and the paired comparison of two runs (lab/compare_hands.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lab.arena import main as arena_main
from lab.compare_hands import compare, first_bot_scores, main, mean_scores


def _run(tmp_path: Path, seats: str, name: str) -> Path:
    path = tmp_path / name
    arena_main(["--seats", seats, "--deals", "3", "--seed", "4", "--json", "--hands", str(path)])
    return path


def test_the_hands_log_has_every_seat_of_every_hand_and_marks_the_first_bot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = [json.loads(line) for line in _run(tmp_path, "normal,easy,easy,easy", "a.jsonl").read_text().splitlines()]
    totals = json.loads(capsys.readouterr().out)["bots"]
    assert len(records) == 3 * 16
    first = [record for record in records if record["first"]]
    assert len(first) == 12 and {record["name"] for record in first} == {"normal"}
    assert {(record["deal"], record["rotation"]) for record in first} == {(d, r) for d in range(3) for r in range(4)}
    assert sum(record["score"] for record in first) / 12 == pytest.approx(totals["normal"]["mean_points"], abs=1e-3)


def test_a_run_compared_with_itself_differs_by_nothing(tmp_path: Path) -> None:
    scores = first_bot_scores(_run(tmp_path, "normal,easy,easy,easy", "a.jsonl").read_text().splitlines())
    result = compare(scores, scores)
    assert result.deals == 3 and result.difference == 0 and result.ci95 == 0 and result.changed == 0


def test_the_difference_is_paired_by_deal_and_rotation() -> None:
    a = {(deal, rotation): 4 for deal in (11, 12) for rotation in range(4)}
    b = dict(a)
    b[(11, 2)] = 8  # one hand 4 points worse: that deal's mean moves by 1
    b[(12, 0)] = 0  # one hand 4 points better
    a[(13, 0)] = 26  # a deal only one run finished is left out
    result = compare(a, b)
    assert (result.deals, result.difference, result.changed) == (2, 0, 2)
    assert result.ci95 == pytest.approx(1.96 * 2**0.5 / 2**0.5)  # stdev of (1, -1) is √2


def test_several_runs_on_a_side_count_at_their_mean_hand_by_hand() -> None:
    first = {(11, rotation): 4 for rotation in range(4)} | {(12, 0): 26}  # deal 12 unfinished
    second = {(11, rotation): 8 for rotation in range(4)}
    assert mean_scores([first, second]) == {(11, rotation): 6 for rotation in range(4)}
    assert mean_scores([first]) == first


def test_a_different_bot_in_the_first_seat_is_compared_hand_by_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = _run(tmp_path, "easy,easy,easy,easy", "easy.jsonl")
    after = _run(tmp_path, "normal,easy,easy,easy", "normal.jsonl")
    capsys.readouterr()
    main([str(before), str(after)])
    line = capsys.readouterr().out
    assert line.startswith("3 deals: A ") and "B - A " in line
    main([f"{before},{before}", f"{after},{after}"])  # a run named twice counts as itself
    assert capsys.readouterr().out == line


def test_bad_files_get_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"first": true}\n')
    with pytest.raises(SystemExit):
        main([str(broken), str(broken)])
    assert "line 1 is not an arena hand record" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main([str(tmp_path / "missing.jsonl"), str(broken)])
    assert "missing.jsonl" in capsys.readouterr().err


def test_a_mistyped_command_leaves_an_earlier_log_alone(tmp_path: Path) -> None:
    log = tmp_path / "kept.jsonl"
    log.write_text("earlier results\n")
    with pytest.raises(SystemExit):
        arena_main(["--seats", "hard,normal,normal", "--hands", str(log)])
    assert log.read_text() == "earlier results\n"
