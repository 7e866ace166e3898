"""Replaying the other seats' plays against a sample: the true hands of Normal players explain
every play; other hands mostly do not."""

from __future__ import annotations

from random import Random

from hearts.ai.consistency import best_explained, disagreements, past_plays
from hearts.ai.knowledge import knowledge_of
from hearts.ai.sampling import sample_hidden

from ..games import normal_decisions

EVERY_SEAT = (True, True, True, True)


def test_the_true_hands_of_normal_players_explain_every_play_and_samples_often_do_not() -> None:
    rng = Random(1)
    checked = unexplained = 0
    for view, holdings in normal_decisions(6):
        history = past_plays(view, EVERY_SEAT)
        assert all(past.seat != view.seat for past in history)
        checked += len(history)
        assert disagreements(history, holdings) == 0
        unexplained += disagreements(history, sample_hidden(knowledge_of(view), rng)) > 0
    assert checked > 1000
    assert unexplained > 100


def test_only_readable_seats_are_replayed() -> None:
    view, _ = list(normal_decisions(1))[30]
    history = past_plays(view, (True, False, True, False))
    assert history and {past.seat for past in history} <= {0, 2} - {view.seat}


def test_the_best_explained_sample_is_kept_and_a_perfect_one_ends_the_search() -> None:
    view, holdings = list(normal_decisions(1))[30]
    history = past_plays(view, EVERY_SEAT)
    rng = Random(2)
    wrong = sample_hidden(knowledge_of(view), rng)
    assert disagreements(history, wrong) > 0
    draws = iter([wrong, holdings, wrong])
    assert best_explained(lambda: next(draws), history) == holdings
    assert next(draws) == wrong  # not drawn: the true hands explained everything
    assert disagreements(history, wrong, enough=1) == 1
