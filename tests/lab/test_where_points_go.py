"""lab/where_points_go.py: how a bot came by its points, from the arena's hands log."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hearts.game.cards import parse_card
from hearts.game.hand import Hand
from lab.arena import main as arena_main
from lab.where_points_go import Breakdown, breakdown, main

from ..hands_logs import refuses_a_log_without_hands


def _plays(*codes: str, leader: int) -> list[tuple[int, int]]:
    return [((leader + offset) % 4, int(parse_card(code))) for offset, code in enumerate(codes)]


def _won(plays: list[tuple[int, int]], held: set[str], seat: int = 0) -> Breakdown:
    result = Breakdown()
    result._add_won(plays, seat, {int(parse_card(code)) for code in held}, moon=False)
    return result


def test_hearts_are_split_by_how_the_trick_was_won() -> None:
    follow = _plays("5D", "9D", "2H", "KD", leader=1)
    assert _won(follow, {"KD", "3D"}).hearts == {"chose": 1, "chose, place 4": 1}
    assert _won(follow, {"KD", "TD"}).hearts == {"forced": 1, "forced, place 4": 1}
    assert _won(_plays("AH", "3H", "4H", "5H", leader=0), {"AH"}).hearts == {"led": 4}


def test_hearts_on_the_seats_own_leads_in_the_last_tricks_are_counted_apart_too() -> None:
    late = Breakdown()
    late._add_won(_plays("AD", "3H", "4H", "5D", leader=0), 0, {int(parse_card("AD"))}, moon=False, late=True)
    assert late.hearts == {"led": 2, "led, last 4 tricks": 2}
    late.hands = 1
    assert late.report()["hearts"]["taken"] == 2  # counted once in the hearts taken


def test_queen_of_spades_is_split_by_who_played_it() -> None:
    assert _won(_plays("3S", "QS", "KS", "2S", leader=3), {"QS"}, seat=0).queen == {"played it": 1}
    assert _won(_plays("3S", "QS", "KS", "2S", leader=3), {"KS"}, seat=1).queen == {"caught it": 1}
    assert _won(_plays("AD", "QS", "3D", "2D", leader=0), {"AD"}).queen == {"thrown on it": 1}


def test_a_hand_played_out_is_counted_from_each_seat() -> None:
    deal = [[rank + suit for rank in "23456789TJQKA"] for suit in "CHSD"]  # seat 0 all clubs, 1 hearts, ...
    hand = Hand(deal, "none")
    while hand.phase == "play":
        hand.play(hand.legal()[0])
    shooter, victim = Breakdown(), Breakdown()
    shooter.add_hand(hand, 0)
    victim.add_hand(hand, 1)
    assert (shooter.shot, shooter.points, shooter.queen["thrown on it"]) == (1, 0, 1)
    assert not shooter.hearts  # hearts are counted only in hands without a moon
    assert (victim.suffered, victim.points, victim.queen["held"]) == (1, 26, 0)


def test_an_arena_log_adds_up(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hands.jsonl"
    arena_main(["--seats", "normal,easy,easy,easy", "--deals", "3", "--seed", "4", "--json", "--hands", str(path)])
    normal = json.loads(capsys.readouterr().out)["bots"]["normal"]
    report = breakdown(path.read_text().splitlines()).report()
    assert report["hands"] == 12 and report["points"] == pytest.approx(normal["mean_points"], abs=1e-3)
    if not report["moons_shot"] and not report["moons_suffered"]:
        assert report["points"] == pytest.approx(report["hearts"]["taken"] + 13 * report["queen"]["taken"])
    queen = report["queen"]
    assert queen["taken"] == pytest.approx(queen["played it"] + queen["caught it"] + queen["thrown on it"])
    easy = breakdown(path.read_text().splitlines(), "easy").report()
    assert easy["hands"] == 36
    hearts = easy["hearts"]
    assert 0 < hearts["led, last 4 tricks"] <= hearts["led"]  # Easy seats are often left on lead late


def test_a_file_that_is_not_a_hands_log_is_refused_clearly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    refuses_a_log_without_hands(main, tmp_path, capsys)
