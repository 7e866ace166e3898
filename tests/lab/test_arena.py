"""The duplicate-deal arena: a few deals end to end, and the OpenSpiel seat's replay."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from hearts import Card, Hand, View, play_rest
from hearts.ai import Limits, bot
from hearts.game.deal import deal_hands
from lab.arena import main, play_deal, run, summary
from lab.game_arena import games_summary, play_forked_game, play_game, play_game_rotations, run_games

FAST = Limits(budget=5.0, pass_budget=5.0, max_samples=3)


def test_every_bot_holds_every_hand_of_a_deal() -> None:
    records = play_deal((["hard", "normal", "easy", "normal"], 7, 0, FAST, ()))
    assert len(records) == 16
    by_name = {name: [r for r in records if r["name"] == name] for name in ("hard", "normal", "easy")}
    assert len(by_name["hard"]) == 4 and len(by_name["easy"]) == 4 and len(by_name["normal"]) == 8
    for rotation in range(4):
        scores = [r["score"] for r in records[rotation * 4 : rotation * 4 + 4]]
        assert sum(scores) in (26, 78)
        moons = [r for r in records[rotation * 4 : rotation * 4 + 4] if r["shot"]]
        assert len(moons) <= 1


def test_run_tallies_points_moons_and_times() -> None:
    tallies = run(["hard", "normal", "normal", "normal"], deals=2, seed=3, limits=FAST)
    table = summary(tallies)
    assert table["hard"]["hands"] == 8 and table["normal"]["hands"] == 24
    total = 8 * table["hard"]["mean_points"] + 24 * table["normal"]["mean_points"]
    moons = table["hard"]["moons_shot"] + table["normal"]["moons_shot"]
    assert round(total) == 8 * 26 + moons * 52
    assert table["hard"]["decisions"] >= 8 * 13
    assert table["normal"]["ms_p99"] >= table["normal"]["ms_median"] >= 0


def test_runs_are_repeatable_and_parallel_runs_agree() -> None:
    one = summary(run(["normal", "easy", "easy", "easy"], deals=4, seed=9))
    two = summary(run(["normal", "easy", "easy", "easy"], deals=4, seed=9, workers=2))
    for name in ("normal", "easy"):
        assert one[name]["mean_points"] == two[name]["mean_points"]


def test_command_line_prints_one_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--seats", "normal,easy,easy,easy", "--deals", "2", "--seed", "5", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert report["deals"] == 2
    assert set(report["bots"]) == {"normal", "easy"}
    assert {"mean_points", "ci95", "moons_shot", "moons_suffered", "ms_mean", "ms_p99"} <= set(report["bots"]["easy"])


def test_a_run_from_a_later_deal_plays_what_a_whole_run_plays_there(tmp_path: Path) -> None:
    whole, tail = tmp_path / "whole.jsonl", tmp_path / "tail.jsonl"
    main(["--seats", "normal,easy,easy,easy", "--deals", "3", "--seed", "4", "--json", "--hands", str(whole)])
    main(
        [
            "--seats",
            "normal,easy,easy,easy",
            "--deals",
            "3",
            "--seed",
            "4",
            "--json",
            "--hands",
            str(tail),
            "--first-deal",
            "1",
        ]
    )

    def hands(path: Path) -> list[tuple[int, object]]:
        return [(record["deal"], record["hand"]) for record in map(json.loads, path.read_text().splitlines())]

    assert hands(tail) == [entry for entry in hands(whole) if entry[0] >= 1]
    assert {deal for deal, _ in hands(tail)} == {1, 2}


def test_remembering_bots_see_the_last_deals_of_their_rotation_as_the_game_s_earlier_hands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import lab.seats as seats

    shown: set[int] = set()  # how many earlier hands the bots were shown
    real_choose_play = seats.Remembering.choose_play

    def spy(self: seats.Remembering, view: View) -> Card:
        shown.add(len(self.earlier))
        return real_choose_play(self, view)

    monkeypatch.setattr(seats.Remembering, "choose_play", spy)
    first = run(["normal", "easy", "easy", "easy"], deals=4, seed=6, remember=2)
    assert shown == {1, 2}, "the first deal has no earlier hands; then one, then two at most"
    assert (
        summary(first)["normal"]["mean_points"]
        == summary(run(["normal", "easy", "easy", "easy"], deals=4, seed=6))["normal"]["mean_points"]
    ), "Normal and Easy play as without them"
    with pytest.raises(ValueError, match="one worker"):
        run(["normal", "easy", "easy", "easy"], deals=3, seed=6, workers=2, remember=2)


@pytest.mark.parametrize(
    "arguments",
    [
        ["--first-deal", "3"],
        ["--first-deal", "-1"],
        ["--first-deal", "1", "--games", "2"],
        ["--remember", "2", "--workers", "2"],
        ["--remember", "-1"],
    ],
)
def test_command_line_rejects_a_first_deal_or_a_memory_out_of_range(
    arguments: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["--seats", "normal,easy,easy,easy", "--deals", "3", *arguments])
    error = capsys.readouterr().err
    assert "--first-deal" in error or "--remember" in error


def test_command_line_rejects_unknown_seats(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--seats", "hard,normal,normal"])
    with pytest.raises(SystemExit):
        main(["--seats", "hard,normal,normal,wizard"])


def test_ismcts_seat_replays_the_hand_and_answers_legally() -> None:
    pytest.importorskip("pyspiel")
    from lab.openspiel_seat import IsmctsSeat, from_action, to_action

    assert all(from_action(to_action(card)) == card for card in range(52))
    hand = Hand(deal_hands(17), "across")
    ismcts, normal = IsmctsSeat(1, hand, simulations=30), bot("normal", 1)
    passed = ismcts.choose_pass(hand.view(2))
    assert len(set(passed)) == 3 and set(passed) <= set(hand.dealt[2])
    for giver in range(4):
        hand.pass_cards(giver, passed if giver == 2 else bot("normal", seed=giver).choose_pass(hand.view(giver)))
    play_rest(hand, [normal, ismcts, ismcts, normal])  # one ISMCTS player asked for two seats
    assert sum(hand.points) == 26


def test_an_interrupted_run_reports_the_deals_it_completed(monkeypatch: pytest.MonkeyPatch) -> None:
    import lab.arena as arena

    real_play_deal = arena.play_deal

    def stop_at_the_second_deal(task: tuple) -> list:
        if task[2] == 1:
            raise KeyboardInterrupt
        return real_play_deal(task)

    monkeypatch.setattr(arena, "play_deal", stop_at_the_second_deal)
    tallies = run(["normal", "easy", "easy", "easy"], deals=5, seed=2)
    assert len(tallies["normal"].deal_means) == 1 and tallies["normal"].hands == 4


def test_cpu_clock_option_is_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--seats", "hard,easy,easy,easy", "--deals", "1", "--samples", "2", "--clock", "cpu", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert report["clock"] == "cpu" and report["bots"]["hard"]["cpu_ms_p99"] >= 0


def test_a_duplicate_game_is_played_once_per_rotation_with_the_same_deals() -> None:
    records = play_game_rotations((["normal", "easy", "easy", "easy"], 4, 0, FAST))
    assert len(records) == 16 and len({record["match_seed"] for record in records}) == 1
    for rotation in range(4):
        seats = records[rotation * 4 : rotation * 4 + 4]
        assert sum(record["won"] for record in seats) == 1  # a game ends with one lowest total
        assert max(record["total"] for record in seats) >= 100
        assert sorted(record["place"] for record in seats)[0] == 1
        assert [record["name"] for record in seats if record["first"]] == ["normal"]


def test_game_run_tallies_wins_and_places() -> None:
    table = games_summary(run_games(["hard", "normal", "normal", "normal"], games=1, seed=2, limits=FAST))
    assert table["hard"]["games"] == 4 and table["normal"]["games"] == 12
    assert table["hard"]["wins"] + table["normal"]["wins"] == 4
    assert 1 <= table["hard"]["mean_place"] <= 4 and table["hard"]["points_per_hand"] > 0


def test_game_command_line_switches_the_game_objective(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--games", "1", "--seats", "normal,easy,easy,easy", "--seed", "5", "--json", "--no-game-objective"])
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 1 and report["game_objective"] is False
    assert {"wins", "win_share", "mean_place", "ci95", "points_per_hand"} <= set(report["bots"]["normal"])
    with pytest.raises(SystemExit):
        main(["--games", "0"])


def test_a_forked_game_finishes_as_the_two_whole_games_would() -> None:
    """Up to the fork the objective changes nothing, so each finish is the whole game played
    with that objective from the start (FAST's sample cap ends every search: Hard repeats)."""
    names = ["hard", "normal", "normal", "normal"]
    forked = play_forked_game(names, 3000009, 7000, FAST)
    for objective in (False, True):
        whole = play_game(names, 3000009, 7000, replace(FAST, play_for_game=objective))
        assert (forked[objective]["totals"], forked[objective]["hands"]) == (whole["totals"], whole["hands"])
    assert forked[True]["forked_at"] == forked[False]["forked_at"] <= forked[True]["hands"]


def test_forked_command_line_compares_the_two_finishes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "forked.jsonl"
    main(
        [
            "--games",
            "1",
            "--seats",
            "normal,easy,easy,easy",
            "--seed",
            "5",
            "--json",
            "--fork-objective",
            "--hands",
            str(log),
        ]
    )
    report = json.loads(capsys.readouterr().out)
    assert report["forked"] is True and set(report["bots"]) == {"normal/off", "easy/off", "normal/on", "easy/on"}
    # Neither bot plays for the game, so the two finishes are the same game.
    assert report["paired"]["games"] == 1 and report["paired"]["changed"] == 0
    for wrong in (
        ["--games", "1", "--fork-objective"],
        ["--deals", "1", "--fork-objective", "--hands", str(log)],
        ["--games", "1", "--fork-objective", "--hands", str(log), "--no-game-objective"],
    ):
        with pytest.raises(SystemExit):
            main(wrong)
