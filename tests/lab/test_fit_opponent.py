"""lab/fit_opponent.py: the fitted model's weights, from an arena hands log."""

from __future__ import annotations

from pathlib import Path

import pytest

from hearts.ai.fitted import FACTS, KINDS
from lab.fit_opponent import decisions_of, evaluate, fit, main

from ..hands_logs import arena_log


def _normal_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    return arena_log(tmp_path, capsys, "normal,normal,normal,normal", seed=5)


def test_fitted_to_normal_the_model_plays_normals_card(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Normal's plays are exactly "Normal's card": that fact gets the largest weight of each kind and
    the model's likeliest card is always the one played, which the model without facts misses."""
    decisions = decisions_of(_normal_log(tmp_path, capsys).read_text().splitlines(), "normal")
    assert [len(kind.played) for kind in decisions] == [len(kind.facts) for kind in decisions]
    assert all(kind.played for kind in decisions)
    for kind in decisions:
        weights = fit(kind, range(len(FACTS)))
        assert abs(weights[0]) == max(abs(weights))
        assert evaluate(kind, weights)[0] == 1.0
        assert evaluate(kind, weights * 0)[0] < 1.0


def test_the_command_prints_weights_for_each_kind(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _normal_log(tmp_path, capsys)
    main([str(path), "--bot", "normal", "--test", str(path)])
    out = capsys.readouterr().out
    assert out.startswith("WEIGHTS = (") and all(f"{kind}: " in out for kind in KINDS)


def test_a_broken_log_or_a_bot_that_is_not_there_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _normal_log(tmp_path, capsys)
    with pytest.raises(SystemExit) as stop:
        main([str(path), "--bot", "ismcts"])
    assert stop.value.code == 2 and "no play of 'ismcts'" in capsys.readouterr().err
    broken = tmp_path / "broken.jsonl"
    broken.write_text(path.read_text().splitlines()[0] + "\n{not json\n")
    with pytest.raises(SystemExit):
        main([str(broken), "--bot", "normal"])
    assert "line 2 is not" in capsys.readouterr().err
