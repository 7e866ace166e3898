"""lab/train_pass.py: the learned pass model's training, seeded and reproducible."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from hearts.ai.pass_model import FACTS, ranked_passes
from lab.pass_teacher import teacher_hand
from lab.train_pass import design, fit, main

TINY = ["--hands", "4", "--samples", "4", "--seed", "7", "--workers", "1"]


def test_a_tiny_training_gives_the_same_weights_twice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Two runs from scratch write the same module; a third on the first's teacher file values no
    hand again (the file is resumable) and writes it once more."""
    outputs = []
    for run in range(2):
        out = tmp_path / f"weights{run}.py"
        main([*TINY, "--teacher", str(tmp_path / f"teacher{run}.jsonl"), "--out", str(out)])
        outputs.append(out.read_text())
    assert outputs[0] == outputs[1]
    assert outputs[0].count("  # ") == len(FACTS) and "--hands 4 --samples 4 --seed 7" in outputs[0]
    capsys.readouterr()
    lines = (tmp_path / "teacher0.jsonl").read_text().splitlines()
    main([*TINY, "--teacher", str(tmp_path / "teacher0.jsonl"), "--out", str(tmp_path / "again.py")])
    assert (tmp_path / "teacher0.jsonl").read_text().splitlines() == lines
    assert (tmp_path / "again.py").read_text() == outputs[0]
    assert "held-out hands, 16 candidates" in capsys.readouterr().out


def test_the_written_weights_rank_first_the_pass_the_fit_scores_lowest(tmp_path: Path) -> None:
    """The fit predicts points (lower is better) and the module holds them negated (the model ranks
    higher first): both orders agree on each hand's best pass."""
    teacher, out = tmp_path / "teacher.jsonl", tmp_path / "weights.py"
    main([*TINY, "--teacher", str(teacher), "--out", str(out)])
    rows = [json.loads(line) for line in teacher.read_text().splitlines()]
    namespace: dict[str, object] = {}
    exec(out.read_text(), namespace)
    weights = fit(rows[0::2])
    for row in rows:
        lowest = tuple(row["trios"][int(np.argmin(design(row) @ weights))])
        assert ranked_passes(row["hand"], row["direction"], namespace["WEIGHTS"], 1) == [lowest]  # type: ignore[arg-type]


def test_a_line_cut_short_by_a_stopped_run_is_valued_again(tmp_path: Path) -> None:
    teacher = tmp_path / "teacher.jsonl"
    main([*TINY, "--teacher", str(teacher)])
    lines = teacher.read_text().splitlines()
    teacher.write_text("\n".join(lines[:3]) + "\n" + lines[3][:40])
    main([*TINY, "--teacher", str(teacher)])
    assert teacher.read_text().splitlines() == lines


def test_the_teacher_values_every_pass_on_both_halves_of_its_samples() -> None:
    row = teacher_hand(seed=7, number=1, samples=6)
    assert row["direction"] == "right" and len(row["trios"]) == 286
    assert len(row["a"]) == len(row["b"]) == 286
    assert all(0 <= value <= 26 for value in row["a"] + row["b"])
    assert teacher_hand(seed=7, number=1, samples=6) == row


def test_too_few_hands_or_samples_are_refused(tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        main(["--hands", "1", "--teacher", str(tmp_path / "t.jsonl")])
