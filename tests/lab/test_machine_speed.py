"""The yardstick of machine speed that scales the arena's budgets (lab/machine_speed.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lab import arena, machine_speed, search_regret


def test_the_probe_is_the_same_work_on_every_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    # Its reference time was measured for this work: a change to it needs a new reference.
    assert machine_speed.workload(300) == 11_592
    monkeypatch.setattr(machine_speed, "PLAYOUTS", 30)
    assert 0 < machine_speed.probe() < machine_speed.REFERENCE_SECONDS


def test_the_slowdown_is_the_probe_against_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(machine_speed, "probe", lambda: 3 * machine_speed.REFERENCE_SECONDS)
    assert machine_speed.slowdown() == pytest.approx(3.0)


def test_the_arena_scales_hards_budgets_by_the_slowdown(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seen = []

    def run(names, deals, seed, workers, limits, *rest):  # type: ignore[no-untyped-def]
        seen.append(limits)
        return real_run(names, deals, seed, workers, limits, *rest)

    real_run = arena.run
    monkeypatch.setattr(machine_speed, "slowdown", lambda: 2.5)
    monkeypatch.setattr(arena, "run", run)
    arena.main(
        [
            "--seats",
            "normal,easy,easy,easy",
            "--deals",
            "1",
            "--budget",
            "0.2",
            "--pass-budget",
            "0.4",
            "--lead-budget",
            "0.3",
            "--scale-to-reference",
            "--json",
        ]
    )
    captured = capsys.readouterr()
    assert (seen[0].budget, seen[0].pass_budget, seen[0].lead_budget) == (
        pytest.approx(0.5),
        pytest.approx(1.0),
        pytest.approx(0.75),
    )
    assert json.loads(captured.out)["lead_budget"] == 0.3
    assert json.loads(captured.out)["budget_scale"] == 2.5
    assert "2.50x slower" in captured.err
    arena.main(["--seats", "normal,easy,easy,easy", "--deals", "1", "--budget", "0.2", "--json"])
    assert seen[1].budget == 0.2 and seen[1].lead_budget is None
    assert json.loads(capsys.readouterr().out)["budget_scale"] == 1.0


def test_the_search_regret_scales_every_settings_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, object] = {}

    def plays(hands, seed, limits):  # type: ignore[no-untyped-def]
        seen["played with"] = limits
        return ["a view"]

    def regrets(view, settings, *rest):  # type: ignore[no-untyped-def]
        seen["settings"] = settings
        return None  # no play with a choice: the command stops there

    monkeypatch.setattr(machine_speed, "slowdown", lambda: 2.0)
    monkeypatch.setattr(search_regret, "hard_plays", plays)
    monkeypatch.setattr(search_regret, "regrets", regrets)
    with pytest.raises(SystemExit):
        search_regret.main(["--setting", "budget=0.06", "--scale-to-reference"])
    settings = seen["settings"]
    assert isinstance(settings, dict)
    assert [limits.budget for limits in settings.values()] == [pytest.approx(0.4), pytest.approx(0.12)]
    assert seen["played with"] is settings[search_regret.DEFAULT_SETTING]


def test_a_given_slowdown_scales_the_budgets_without_a_probe(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(machine_speed, "slowdown", lambda: pytest.fail("probed"))
    arena.main(["--seats", "normal,easy,easy,easy", "--deals", "1", "--slowdown", "1.36", "--json"])
    assert json.loads(capsys.readouterr().out)["budget_scale"] == 1.36
    seen: dict[str, object] = {}

    def regrets(view, settings, *rest):  # type: ignore[no-untyped-def]
        seen["settings"] = settings
        return None  # no play with a choice: the command stops there

    monkeypatch.setattr(search_regret, "hard_plays", lambda hands, seed, limits: ["a view"])
    monkeypatch.setattr(search_regret, "regrets", regrets)
    with pytest.raises(SystemExit):
        search_regret.main(["--setting", "budget=0.06", "--slowdown", "2"])
    settings = seen["settings"]
    assert isinstance(settings, dict)
    assert [limits.budget for limits in settings.values()] == [pytest.approx(0.4), pytest.approx(0.12)]


@pytest.mark.parametrize(
    "wrong",
    [["--slowdown", "0"], ["--slowdown", "nan"], ["--slowdown", "x"], ["--slowdown", "1.3", "--scale-to-reference"]],
)
def test_a_slowdown_that_is_no_factor_or_comes_with_the_probe_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path, wrong: list[str]
) -> None:
    monkeypatch.setattr(machine_speed, "slowdown", lambda: pytest.fail("probed"))
    kept = tmp_path / "hands.jsonl"
    kept.write_text("a run's hands\n")
    with pytest.raises(SystemExit):
        arena.main(["--seats", "normal,easy,easy,easy", "--deals", "1", "--hands", str(kept), *wrong])
    assert "--slowdown" in capsys.readouterr().err
    assert kept.read_text() == "a run's hands\n"  # refused before anything was written
    with pytest.raises(SystemExit):
        search_regret.main(["--hands", "1", *wrong])
    assert "--slowdown" in capsys.readouterr().err
