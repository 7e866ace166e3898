"""The arena's ISMCTS answers a question the same way every time, whatever came before, so its
answers can be kept and reused."""

from __future__ import annotations

from pathlib import Path

import pytest

from hearts.game.deal import deal_hands
from hearts.game.hand import Hand
from lab.arena import main

pytest.importorskip("pyspiel")

from lab import ismcts_speed  # noqa: E402
from lab.openspiel_seat import IsmctsSeat, server  # noqa: E402


def test_the_same_seat_and_seed_choose_the_same_cards_after_any_other_question() -> None:
    hand = Hand(deal_hands(12345), "left")
    first = IsmctsSeat(77, hand, simulations=200).choose_pass(hand.view(0))
    IsmctsSeat(5, hand, simulations=200).choose_pass(hand.view(1))  # a different question in between
    again = IsmctsSeat(77, hand, simulations=200).choose_pass(hand.view(0))
    assert first == again


def test_plays_repeat_too_and_are_legal_in_the_replayed_hand() -> None:
    hand = Hand(deal_hands(99), "none")
    hand.play(IsmctsSeat(3, hand, simulations=100).choose_play(hand.view(hand.turn)))
    answers = {IsmctsSeat(4, hand, simulations=100).choose_play(hand.view(hand.turn)) for _ in range(3)}
    assert len(answers) == 1 and answers <= set(hand.legal())


def test_a_question_the_game_cannot_answer_is_a_clear_error_and_the_next_one_is_answered() -> None:
    with pytest.raises(RuntimeError, match="ISMCTS server stopped"):
        server().ask("1 10 1 0")  # seed, simulations, steps, and only the pass direction: no cards dealt
    hand = Hand(deal_hands(12345), "left")
    assert len(set(IsmctsSeat(77, hand, simulations=20).choose_pass(hand.view(0)))) == 3


def test_kept_answers_replay_a_run_without_asking_the_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import lab.openspiel_seat as openspiel_seat

    answers = str(tmp_path / "answers.sqlite")
    command = ["--seats", "normal,ismcts,normal,ismcts", "--deals", "1", "--json", "--ismcts-answers", answers]
    try:
        main([*command, "--hands", str(tmp_path / "first.jsonl")])
        monkeypatch.setattr(openspiel_seat, "server", lambda: pytest.fail("a kept answer was asked again"))
        main([*command, "--hands", str(tmp_path / "again.jsonl")])
    finally:
        openspiel_seat.keep_answers(None)
    assert (tmp_path / "first.jsonl").read_text() == (tmp_path / "again.jsonl").read_text()
    capsys.readouterr()


def test_kept_answers_need_an_ismcts_seat(tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        main(["--seats", "hard,normal,normal,normal", "--ismcts-answers", str(tmp_path / "a.sqlite")])


def test_the_speed_script_times_every_pass_and_play_of_its_hands(capsys: pytest.CaptureFixture[str]) -> None:
    ismcts_speed.main(["--sims", "20", "--hands", "1"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "ISMCTS 20 simulations, 1 hands"
    assert lines[1].startswith("pass: 4 decisions, ") and lines[2].startswith("play: 52 decisions, ")
    assert all(float(line.split(", ")[1].split()[0]) > 0 for line in lines[1:])
