"""Statistics across games: each hand and game counted once, figures, reset, and a JSON form
that refuses damaged or edited documents."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts import Hand, Match, SaveError
from hearts.game.autofinish import autofinish
from hearts.game.strings import text
from hearts.table.stats import REMEMBERED_GAMES, Stats

from ..games import finish_hand, finished_match
from ..positions import deal


def expected_hand_figures(match: Match) -> dict[str, int]:
    finished = [hand for hand in match.hands if hand.phase == "over"]
    return {
        "hands_played": len(finished),
        "points": sum(hand.scores[0] for hand in finished),
        "moons_shot": sum(hand.moon == 0 for hand in finished),
        "moons_suffered": sum(hand.moon not in (None, 0) for hand in finished),
        "queens_taken": sum(any(t.winner == 0 and "QS" in map(str, t.cards) for t in hand.tricks) for hand in finished),
    }


def figures(stats: Stats) -> dict[str, int]:
    return {
        name: getattr(stats, name)
        for name in ("hands_played", "points", "moons_shot", "moons_suffered", "queens_taken")
    }


def test_a_finished_game_counts_its_hands_and_result() -> None:
    match = finished_match(1)
    stats = Stats()
    assert stats.record(match, label="2026-11-29")
    assert figures(stats) == expected_hand_figures(match)
    assert stats.games_played == 1 and stats.games_won == int(match.winner == 0)
    total = match.totals[0]
    assert stats.best_game == stats.worst_game == {"total": total, "game": "2026-11-29"}
    assert stats.average_points == pytest.approx(total / len(match.hands))


def match_of(hand: Hand) -> Match:
    """A match whose only hand is ``hand`` (a hand-made position, finished)."""
    match = Match(seed=99)
    match.hands = [hand]
    return match


def moon_hand(shooter: int) -> Hand:
    """Seat ``shooter`` takes ♣2's trick with ♣A and then holds only the top spades and hearts."""
    hand = Hand(deal(*rotate(["AC AS KS QS AH KH QH JH TH 9H 8H 7H 6H", "", "", "2C"], shooter)), "none")
    while not hand.tricks:
        hand.play(hand.legal()[-1] if hand.turn == shooter else hand.legal()[0])
    autofinish(hand, shooter)
    return hand


def rotate(seats: list[str], by: int) -> list[str]:
    return seats[-by:] + seats[:-by] if by else seats


def test_moons_shot_and_suffered_and_the_queen() -> None:
    stats = Stats()
    stats.record(match_of(moon_hand(0)), game_id="mine")
    stats.record(match_of(moon_hand(2)), game_id="theirs")
    assert (stats.moons_shot, stats.moons_suffered, stats.queens_taken) == (1, 1, 1)
    assert stats.hands_played == 2 and stats.points == 26 and stats.games_played == 0


def test_recording_after_every_hand_and_again_counts_each_hand_once() -> None:
    match, rng = Match(seed=2), random.Random(2)
    stats = Stats()
    finish_hand(match, rng)
    assert stats.record(match)
    assert not stats.record(match)  # the same finished hand again: nothing new
    while not match.over:
        match.next_hand()
        assert not stats.record(match)  # a hand in progress counts nothing
        finish_hand(match, rng)
        assert stats.record(match)
    assert not stats.record(match)
    assert figures(stats) == expected_hand_figures(match) and stats.games_played == 1


def test_a_reloaded_game_is_recognised_by_its_seed() -> None:
    match, rng = Match(seed=3), random.Random(3)
    finish_hand(match, rng)
    stats = Stats()
    stats.record(match)
    reloaded = Stats.from_json(stats.to_json())
    assert not reloaded.record(Match.from_json(match.to_json()))
    assert reloaded.hands_played == 1


def test_an_abandoned_game_keeps_its_finished_hands() -> None:
    match, rng = Match(seed=4), random.Random(4)
    finish_hand(match, rng)
    match.next_hand()
    stats = Stats()
    stats.record(match)
    stats.record(finished_match(5))
    assert stats.hands_played == 1 + len(finished_match(5).hands)
    assert stats.games_played == 1


def test_the_same_seed_under_another_game_id_counts_again() -> None:
    stats = Stats()
    stats.record(finished_match(6), game_id="a")
    stats.record(finished_match(6), game_id="b")
    stats.record(finished_match(6), game_id="a")
    assert stats.games_played == 2


def test_win_rate_best_and_worst_over_several_games() -> None:
    stats = Stats()
    matches = [finished_match(seed) for seed in range(10, 16)]
    for number, match in enumerate(matches):
        stats.record(match, label=f"game {number}")
    totals = [match.totals[0] for match in matches]
    wins = sum(match.winner == 0 for match in matches)
    assert stats.win_rate == pytest.approx(wins / 6)
    assert stats.best_game == {"total": min(totals), "game": f"game {totals.index(min(totals))}"}
    assert stats.worst_game == {"total": max(totals), "game": f"game {totals.index(max(totals))}"}


def test_nothing_recorded_has_no_rates() -> None:
    stats = Stats()
    assert stats.win_rate is None and stats.average_points is None
    summary = dict(stats.summary())
    assert summary[text("stats.win_rate")] == text("stats.none")
    assert summary[text("stats.best_game")] == text("stats.none")


def test_summary_rows_name_every_figure() -> None:
    stats = Stats()
    stats.record(finished_match(7), label="今天")
    rows = dict(stats.summary())
    assert rows[text("stats.games_played")] == "1"
    assert rows[text("stats.best_game")] == text("stats.game_result", total=stats.best_game["total"], game="今天")
    assert len(rows) == 10


def test_reset_zeroes_the_figures_but_never_recounts_old_hands() -> None:
    match, rng = Match(seed=8), random.Random(8)
    finish_hand(match, rng)
    stats = Stats()
    stats.record(match)
    stats.reset()
    assert stats.hands_played == 0 and stats.games_played == 0 and stats.best_game is None
    assert not stats.record(match)
    assert stats.hands_played == 0


def test_memory_of_games_is_bounded() -> None:
    stats = Stats()
    match = finished_match(9)
    for game in range(REMEMBERED_GAMES + 5):
        stats.record(match, game_id=str(game))
    document = stats.to_dict()
    assert len(document["games_counted"]) == REMEMBERED_GAMES
    assert stats.games_played == REMEMBERED_GAMES + 5


def test_json_round_trip() -> None:
    stats = Stats()
    stats.record(finished_match(1), label="第一场")
    unfinished, rng = Match(seed=2), random.Random(2)
    finish_hand(unfinished, rng)
    stats.record(unfinished)
    assert Stats.from_json(stats.to_json()) == stats
    assert Stats.from_json(Stats().to_json()) == Stats()


def edited(stats: Stats, **changes: object) -> str:
    document = stats.to_dict()
    document.update(changes)
    return json.dumps(document)


def rechecked(stats: Stats, **changes: object) -> str:
    """An edit that also recomputes the checksum: only the consistency checks can catch it."""
    from hearts.table.stats import _checksum

    document = stats.to_dict()
    document.update(changes)
    body = {key: value for key, value in document.items() if key not in ("format", "version", "check")}
    document["check"] = _checksum(body)
    return json.dumps(document)


@pytest.mark.parametrize(
    "document",
    [
        "",
        "{",
        "[]",
        "null",
        "42",
        '{"format": "hearts.match", "version": 1}',
        '{"format": "hearts.stats", "version": 2}',
        '{"format": "hearts.stats", "version": 1}',
    ],
)
def test_malformed_documents_are_refused(document: str) -> None:
    with pytest.raises(SaveError):
        Stats.from_json(document)


def test_an_edited_figure_fails_the_checksum() -> None:
    stats = Stats()
    stats.record(finished_match(1))
    with pytest.raises(SaveError, match="checksum"):
        Stats.from_json(edited(stats, games_won=99))


@pytest.mark.parametrize(
    "changes",
    [
        {"games_won": 5},
        {"games_played": -1},
        {"hands_played": True},
        {"points": 10_000},
        {"moons_shot": 1000},
        {"queens_taken": 1000},
        {"best_game": None},
        {"best_game": {"total": 1}},
        {"worst_game": {"total": 0, "game": "x"}, "best_game": {"total": 50, "game": "y"}},
        {"hands_counted": {"1": 2}},
        {"hands_counted": [["1", -2]]},
        {"games_counted": [1]},
        {"games_played": "3"},
        {"comment": "added by hand"},
    ],
)
def test_impossible_figures_are_refused_even_with_a_valid_checksum(changes: dict[str, object]) -> None:
    stats = Stats()
    stats.record(finished_match(1))
    with pytest.raises(SaveError):
        Stats.from_json(rechecked(stats, **changes))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 1 << 40), st.lists(st.booleans(), min_size=1, max_size=40), st.booleans())
def test_any_recording_schedule_counts_each_hand_once(seed: int, schedule: list[bool], reload: bool) -> None:
    """Recording after any subset of hands, repeatedly, across reloads, gives the same figures
    as recording once at the end."""
    match, rng = Match(seed=seed), random.Random(seed)
    stats = Stats()
    for record_now in schedule:
        finish_hand(match, rng)
        for _ in range(2 if record_now else 0):
            stats.record(match)
            if reload:
                stats = Stats.from_json(stats.to_json())
        if match.over:
            break
        match.next_hand()
    stats.record(match)
    once = Stats()
    once.record(match)
    assert figures(stats) == figures(once) == expected_hand_figures(match)
    assert stats.games_played == once.games_played == int(match.over)
