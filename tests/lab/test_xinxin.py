"""The xinxin seat (lab/xinxin_seat.py): its driver builds (no compiler is a failure, not a
skip), xinxin plays by this game's rules and scores a hand as our engine does, and an answer
depends only on its question."""

from __future__ import annotations

import fcntl
import json
import random
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from hearts.ai import Limits
from hearts.game.deal import deal_hands
from hearts.game.hand import Hand
from lab import xinxin_seat, xinxin_speed
from lab.arena import main, play_seated
from lab.xinxin_seat import DRIVER, Driver, XinxinSeat, record

from ..games import RandomPlayer, play_randomly
from ..positions import MOON_DEAL, deal, moon_hand

ROOT = Path(__file__).resolve().parents[2]
#: A light setting: a whole hand of four xinxin seats in well under a second.
LIGHT = (2, 40)


@pytest.fixture(scope="module")
def driver() -> Iterator[Driver]:
    """The driver, built by ``make xinxin`` (a no-op under ``make test``, which built it first);
    a lock keeps two test workers from building it at once."""
    with open(ROOT / "Makefile") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        built = subprocess.run(["make", "--no-print-directory", "xinxin"], cwd=ROOT, capture_output=True, text=True)
    assert built.returncode == 0, built.stdout + built.stderr
    running = Driver()
    yield running
    running.stop()


def test_make_xinxin_builds_the_driver(driver: Driver) -> None:
    assert DRIVER.is_file()
    assert driver.running()


def random_position(rng: random.Random) -> Hand:
    """A hand of random legal cards stopped at a random decision of its play."""
    hand = Hand(deal_hands(rng.randrange(1 << 30)), rng.choice(["left", "right", "across", "none"]))
    player = RandomPlayer(rng)
    if hand.pass_direction != "none":
        for seat in range(4):
            hand.pass_cards(seat, player.choose_pass(hand.view(seat)))
    for _ in range(rng.randrange(52)):
        hand.play(player.choose_play(hand.view(hand.turn)))
    return hand


def legal_for_xinxin(driver: Driver, hand: Hand) -> set[str]:
    return set(driver.ask(f"legal {record(hand, 0)}").split())


def test_xinxin_allows_exactly_our_legal_cards_in_1000_random_positions(driver: Driver) -> None:
    rng = random.Random(56)
    for _ in range(1000):
        hand = random_position(rng)
        assert legal_for_xinxin(driver, hand) == {str(card) for card in hand.legal()}, record(hand, 0)


def test_on_the_first_trick_a_hand_of_only_points_cards_may_play_the_queen_too(driver: Driver) -> None:
    """The spec: only a hand of nothing but hearts and Q♠ may throw them on the first trick, and
    then both (upstream xinxin offered only the hearts; lab/xinxin/vendor/Hearts.cpp's change)."""
    hand = Hand(deal("2C", "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"), "none")
    hand.play("2C")
    assert {str(card) for card in hand.legal()} == {"QS"} | {rank + "H" for rank in "23456789TJQK"}
    assert legal_for_xinxin(driver, hand) == {str(card) for card in hand.legal()}
    hand.play("QS")
    xinxin_seat.configure(*LIGHT)
    assert XinxinSeat(1, hand).choose_play(hand.view(hand.turn)) in hand.legal()


def test_xinxin_scores_random_hands_and_a_moon_as_we_do(driver: Driver) -> None:
    rng = random.Random(7)
    for _ in range(30):
        hand = play_randomly(Hand(deal_hands(rng.randrange(1 << 30)), rng.choice(["left", "none"])), rng)
        assert driver.ask(f"score {record(hand, 0)}").split() == [str(points) for points in hand.scores or ()]
    moon = moon_hand(13)
    assert moon.scores == [26, 26, 26, 0] and moon.dealt == Hand(MOON_DEAL, "none").dealt
    assert driver.ask(f"score {record(moon, 0)}") == "26 26 26 0"


def test_a_hand_between_four_xinxin_seats_scores_as_our_engine_scores_it(driver: Driver) -> None:
    xinxin_seat.configure(*LIGHT)
    played = play_seated(["xinxin"] * 4, 12345, "across", 9, Limits())
    hand = Hand.from_dict(played["hand"])
    assert played["scores"] == hand.scores and sum(hand.scores or ()) in (26, 78)
    assert driver.ask(f"score {record(hand, 0)}").split() == [str(points) for points in played["scores"]]


def test_a_fixed_position_gets_the_same_answer_under_the_same_seed_whatever_came_before(driver: Driver) -> None:
    """At the default 30 worlds × 10,000 simulations: a pass, then a play of the second trick."""
    hand = Hand(deal_hands(4242), "right")
    pass_question = f"move 11 {LIGHT[0]} {LIGHT[1]} {record(hand, 2)}"
    first = driver.ask(pass_question)
    for seat in range(4):
        hand.pass_cards(seat, hand.dealt[seat][-3:])
    for _ in range(5):
        hand.play(hand.legal()[0])
    play_question = f"move 11 30 10000 {record(hand, hand.turn or 0)}"
    played = driver.ask(play_question)
    driver.ask(f"move 12 {LIGHT[0]} {LIGHT[1]} {record(hand, 1)}")  # another question in between
    assert (driver.ask(pass_question), driver.ask(play_question)) == (first, played) == ("2S TH 5H", "KC")
    assert {str(card) for card in hand.legal()} >= {played}


def test_the_record_puts_the_deciding_seat_first_and_the_passes_once_all_are_made() -> None:
    hand = Hand(deal_hands(5), "left")
    for seat in range(3):
        hand.pass_cards(seat, hand.dealt[seat][:3])
    direction, dealt, passes, plays = record(hand, 2).split(" | ")
    assert direction == "left" and passes.strip() == "" and plays.strip() == ""
    assert dealt.split()[:13] == [str(card) for card in hand.dealt[2]]
    assert dealt.split()[13:26] == [str(card) for card in hand.dealt[3]]
    hand.pass_cards(3, hand.dealt[3][:3])
    passes = record(hand, 1).split(" | ")[2].split()
    assert passes == [str(card) for seat in (1, 2, 3, 0) for card in hand.dealt[seat][:3]]


@pytest.mark.parametrize(
    "question",
    ["legal sideways | | |", "move 1 2 40 none | 2C 3C | |", "legal none | " + "2C " * 52 + "| |", "hello"],
)
def test_a_bad_question_gets_a_clear_error_and_the_driver_answers_the_next(driver: Driver, question: str) -> None:
    with pytest.raises(ValueError, match="xinxin: "):
        driver.ask(question)
    assert driver.ask(f"legal {record(Hand(deal_hands(1), 'none'), 0)}") == "2C"


def test_an_illegal_play_in_the_record_is_refused(driver: Driver) -> None:
    hand = Hand(deal_hands(3), "none")
    fields = record(hand, 0).split(" | ")
    not_the_two = next(str(card) for card in hand.dealt[hand.turn or 0] if str(card) != "2C")
    with pytest.raises(ValueError, match="not legal here"):
        driver.ask(" | ".join([f"legal {fields[0]}", fields[1], fields[2], not_the_two]))


def test_the_speed_script_times_every_pass_and_play_of_its_hands(
    driver: Driver, capsys: pytest.CaptureFixture[str]
) -> None:
    xinxin_speed.main(["--worlds", str(LIGHT[0]), "--sims", str(LIGHT[1]), "--hands", "1"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "xinxin 2 worlds x 40 simulations, 1 hands"
    assert lines[1].startswith("pass: 4 decisions, ") and lines[2].startswith("play: 52 decisions, ")


def test_the_answer_does_not_depend_on_the_cards_the_seat_cannot_see(driver: Driver) -> None:
    """xinxin is handed the whole record, but samples its worlds from the seat's knowledge alone:
    dealing the other 39 cards differently does not change its pass."""
    dealt = deal_hands(31337)
    others = [card for seat in (1, 2, 3) for card in dealt[seat]]
    answers = set()
    for shuffle in range(3):
        random.Random(shuffle).shuffle(others)
        hand = Hand([dealt[0], others[:13], others[13:26], others[26:]], "left")
        answers.add(driver.ask(f"move 5 {LIGHT[0]} {LIGHT[1] * 10} {record(hand, 0)}"))
    assert len(answers) == 1


def test_the_arena_seats_xinxin_and_a_rerun_takes_its_kept_answers(
    driver: Driver, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kept = tmp_path / "answers.sqlite"
    run = ["--seats", "normal,xinxin,xinxin,xinxin", "--deals", "1", "--json", "--xinxin-answers", str(kept)]
    main([*run, "--xinxin-worlds", str(LIGHT[0]), "--xinxin-sims", str(LIGHT[1])])
    first = json.loads(capsys.readouterr().out)
    asked = sqlite3.connect(kept).execute("SELECT COUNT(*) FROM answers").fetchone()[0]
    assert (first["xinxin_worlds"], first["xinxin_sims"]) == LIGHT and asked == 4 * 3 * 14
    main([*run, "--xinxin-worlds", str(LIGHT[0]), "--xinxin-sims", str(LIGHT[1])])
    again = json.loads(capsys.readouterr().out)
    assert again["bots"]["xinxin"]["mean_points"] == first["bots"]["xinxin"]["mean_points"]
    assert sqlite3.connect(kept).execute("SELECT COUNT(*) FROM answers").fetchone()[0] == asked


@pytest.mark.parametrize(
    "options",
    [
        ["--seats", "hard,normal,normal,normal", "--xinxin-answers", "x.sqlite"],
        ["--seats", "hard,xinxin,xinxin,xinxin", "--xinxin-worlds", "0"],
    ],
)
def test_the_arena_refuses_bad_xinxin_options_before_any_play(options: list[str]) -> None:
    with pytest.raises(SystemExit):
        main(options)
    xinxin_seat.configure(*LIGHT)
