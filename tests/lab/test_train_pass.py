"""lab/train_pass.py: the learned pass model's training, seeded and reproducible."""

from __future__ import annotations

from pathlib import Path

import pytest

from hearts.ai.pass_model import FACTS
from lab.pass_teacher import teacher_hand
from lab.train_pass import main

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


def test_the_teacher_values_every_pass_on_both_halves_of_its_samples() -> None:
    row = teacher_hand(seed=7, number=1, samples=6)
    assert row["direction"] == "right" and len(row["trios"]) == 286
    assert len(row["a"]) == len(row["b"]) == 286
    assert all(0 <= value <= 26 for value in row["a"] + row["b"])
    assert teacher_hand(seed=7, number=1, samples=6) == row


def test_too_few_hands_or_samples_are_refused(tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        main(["--hands", "1", "--teacher", str(tmp_path / "t.jsonl")])
