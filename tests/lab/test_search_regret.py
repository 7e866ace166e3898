"""lab/search_regret.py: a search setting's regret against a converged reference search."""

from __future__ import annotations

import argparse
import json
from dataclasses import replace

import pytest

from hearts.ai import Limits, racing
from lab.search_regret import (
    DEFAULT_SETTING,
    Outcome,
    deal_passes,
    hard_plays,
    main,
    parse_setting,
    pass_regrets,
    regrets,
    report,
)

REFERENCE = 24


def test_settings_are_parsed_into_limits_fields() -> None:
    assert parse_setting("budget=0.06,samples=400") == ("budget=0.06,samples=400", {"budget": 0.06, "max_samples": 400})
    assert parse_setting("lead_budget=0.16")[1] == {"lead_budget": 0.16}
    assert parse_setting("pass_budget=1,candidates=16,pass_samples=400")[1] == {
        "pass_budget": 1.0,
        "pass_candidates": 16,
        "pass_samples": 400,
    }
    for bad in ("bogus=1", "samples", "samples=x", "budget=0.1,"):
        with pytest.raises(argparse.ArgumentTypeError):
            parse_setting(bad)


def test_a_setting_that_repeats_the_reference_has_no_regret_and_one_sample_has_some(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    views = hard_plays(2, 11, Limits(budget=30.0, pass_budget=30.0, max_samples=6))
    assert len(views) == 26  # seat 0's 13 plays of each hand
    monkeypatch.setattr(racing, "PRUNE_Z", float("inf"))  # the settings' races unpruned too
    settings = {
        DEFAULT_SETTING: Limits(budget=float("inf"), max_samples=REFERENCE),
        "one sample": Limits(budget=float("inf"), max_samples=1),
    }
    table = [
        outcomes
        for index, view in enumerate(views)
        if (outcomes := regrets(view, settings, REFERENCE, 5 + index, 5 + index)) is not None
    ]
    assert 0 < len(table) < len(views)  # the plays without a choice are left out
    assert all(row[DEFAULT_SETTING].regret == 0 for row in table)
    assert sum(row["one sample"].regret for row in table) > 0
    assert racing.PRUNE_Z == float("inf")  # restored after each reference search


def test_a_pass_search_that_repeats_the_reference_has_no_regret_and_fewer_candidates_may_have_some(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The reference races the model's shortlist and the heuristic's on the same samples: a setting
    that repeats one half has no regret where the best pass is in its half."""
    views = deal_passes(4, 11)
    assert len(views) == 12  # the fourth hand keeps its cards
    assert [view.seat for view in views[:4]] == [0, 1, 2, 3]
    monkeypatch.setattr(racing, "PRUNE_Z", float("inf"))
    unlimited = Limits(pass_budget=float("inf"), max_samples=REFERENCE, pass_candidates=12)
    settings = {
        DEFAULT_SETTING: unlimited,
        "the heuristic's": replace(unlimited, pass_model=False),
        "the top pass": replace(unlimited, pass_candidates=1),
    }
    table = [pass_regrets(view, settings, REFERENCE, 12, 5 + index, 5 + index) for index, view in enumerate(views)]
    assert all(min(row[DEFAULT_SETTING].regret, row["the heuristic's"].regret) == 0 for row in table)
    assert all(row[DEFAULT_SETTING].regret >= 0 and row["the heuristic's"].regret >= 0 for row in table)
    assert all(row["the top pass"].regret >= 0 for row in table)
    assert sum(row["the top pass"].regret for row in table) > 0


def test_the_report_pairs_every_setting_with_the_default_or_the_baseline_named() -> None:
    table = [
        {DEFAULT_SETTING: Outcome(0.0, 0.01), "short": Outcome(1.0, 0.002)},
        {DEFAULT_SETTING: Outcome(0.5, 0.03), "short": Outcome(0.5, 0.004)},
    ]
    figures = report(table, hands=1)
    assert figures["short"]["regret"] == 0.75 and figures["short"]["per_hand"] == 1.5
    assert figures["short"]["minus_baseline"] == 0.5
    assert figures[DEFAULT_SETTING]["minus_baseline"] == 0.0
    assert figures["short"]["cpu_ms_median"] == pytest.approx(3.0)
    against_short = report(table, hands=1, baseline="short")
    assert against_short[DEFAULT_SETTING]["minus_baseline"] == -0.5 and against_short["short"]["minus_baseline"] == 0.0


def test_the_command_refuses_a_baseline_that_is_not_a_setting(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--setting", "budget=0.06", "--baseline", "budget=0.6"])
    assert "--baseline 'budget=0.6' is not one of the settings" in capsys.readouterr().err


def test_the_command_prints_every_setting(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--hands", "1", "--seed", "3", "--reference-samples", "12", "--setting", "samples=2", "--json"])
    figures = json.loads(capsys.readouterr().out)
    assert set(figures) == {DEFAULT_SETTING, "samples=2"}
    assert figures["samples=2"]["decisions"] == figures[DEFAULT_SETTING]["decisions"] > 0


def test_the_pass_command_refuses_a_setting_with_more_candidates_than_the_reference(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["--passes", "--reference-candidates", "8", "--setting", "candidates=12"])
    assert "more pass candidates than the reference's 8" in capsys.readouterr().err
    main(
        [
            "--passes",
            "--hands",
            "1",
            "--reference-samples",
            "6",
            "--reference-candidates",
            "16",
            "--setting",
            "candidates=2",
            "--json",
        ]
    )
    figures = json.loads(capsys.readouterr().out)
    assert figures["candidates=2"]["decisions"] == 4
