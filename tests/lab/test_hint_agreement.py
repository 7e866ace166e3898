"""lab.hint_agreement: a whole game with seat 0 following 「提示」, each decision judged by 复盘."""

from __future__ import annotations

from hearts.ai import Limits
from hearts.ai.objective import game_may_end
from lab.hint_agreement import Setup, hint_limits, play_game, summary

TINY = Limits(budget=5.0, pass_budget=5.0, max_samples=3)


def test_a_game_following_the_hint_is_judged_decision_by_decision() -> None:
    records = play_game((Setup(2, TINY, TINY, True, TINY), 0))
    hands = sorted({record["hand"] for record in records})
    assert hands == list(range(1, hands[-1] + 1)) and any(record["near_end"] for record in records)
    for record in records:
        assert record["near_end"] == game_may_end(record["totals"]) == record["for_game"]
        assert record["flagged"] == (record["cost"] >= 1)
        if not record["near_end"]:
            assert record["flagged_by_points"] == record["flagged"]
    counted = summary(records)
    assert counted["hands"] == len(hands) and counted["all"]["decisions"] == len(records)
    assert counted["near_100"]["decisions"] + counted["earlier"]["decisions"] == len(records)
    assert counted["pass"]["decisions"] + counted["play"]["decisions"] == len(records)


def test_the_page_s_budget_is_the_hint_s_divided_by_the_slowdown() -> None:
    limits = hint_limits(True, 2.0, Limits(budget=0.6, pass_budget=1.0))
    assert (limits.budget, limits.pass_budget) == (0.3, 0.5)
