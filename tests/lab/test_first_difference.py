"""lab/first_difference.py: the first decision where two runs' first bot parted, by kind."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hearts.ai import bot
from hearts.game.cards import parse_card
from hearts.game.deal import deal_hands
from hearts.game.hand import Hand
from lab.arena import main as arena_main
from lab.compare_hands import first_bot_records
from lab.first_difference import SAME, differences, first_difference, main


def _record(hand: Hand, seat: int, score: int = 0) -> dict[str, Any]:
    return {"deal_number": 1, "rotation": 0, "first": True, "seat": seat, "score": score, "hand": hand.to_dict()}


def _played_to(plays: int, direction: str = "none") -> Hand:
    """A hand of four Normal bots, ``plays`` cards into the play."""
    hand = Hand(deal_hands(31), direction)
    if hand.phase == "pass":
        for seat in range(4):
            hand.pass_cards(seat, bot("normal", seed=seat).choose_pass(hand.view(seat)))
    for _ in range(plays):
        hand.play(bot("normal", seed=0).choose_play(hand.view(hand.turn)))
    return hand


def _parting(plays: int, card_a: int, card_b: int) -> str:
    """The kind of parting when, after ``plays`` cards, the mover plays ``card_a`` in A, ``card_b`` in B."""
    a, b = _played_to(plays), _played_to(plays)
    seat = a.turn
    a.play(card_a)
    b.play(card_b)
    return first_difference(_record(a, seat), _record(b, seat))


def test_a_different_pass_is_named_by_its_direction_and_q_spades() -> None:
    a = _played_to(0, "left")
    b = Hand(deal_hands(31), "left")
    for seat in range(4):
        cards = bot("normal", seed=seat).choose_pass(b.view(seat))
        b.pass_cards(seat, cards if seat else sorted(set(b.dealt[0]) - set(cards))[:3])
    queen = "QS" in {str(card) for card in a.passed[0]} ^ {str(card) for card in b.passed[0]}
    assert first_difference(_record(a, 0), _record(b, 0)) == "pass left" + (" Q♠" if queen else "")


def test_leads_are_named_by_when_and_suit() -> None:
    assert _played_to(4).legal()[:2] == (parse_card("6C"), parse_card("TC"))  # the deal these checks rely on
    assert _parting(4, parse_card("6C"), parse_card("TC")) == "early lead same suit higher"
    assert _parting(4, parse_card("TC"), parse_card("6C")) == "early lead same suit lower"
    assert _parting(20, parse_card("6C"), parse_card("QD")) == "middle lead other suit"  # trick 6
    whole = _played_to(52)
    assert first_difference(_record(whole, 0), _record(whole, 0)) == SAME


def test_following_is_named_by_who_tops_the_trick() -> None:
    for plays in range(1, 52):
        hand = _played_to(plays)
        trick = hand.current_trick.cards
        if not trick:
            continue
        led = trick[0] // 13
        top = max(card for card in trick if card // 13 == led)
        legal = hand.legal()
        under = [card for card in legal if card // 13 == led and card < top]
        over = [card for card in legal if card // 13 == led and card > top]
        if under and over:
            kind = _parting(plays, under[0], over[-1])
            assert kind.endswith(f"follow place {len(trick) + 1} B wins") and kind.split()[0] in (
                "early",
                "middle",
                "late",
            )
            return
    pytest.fail("no position to follow above or below the trick")


def test_a_changed_first_bot_accounts_for_the_whole_difference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = []
    for seats in ("easy,easy,easy,easy", "normal,easy,easy,easy"):
        path = tmp_path / f"{seats.split(',')[0]}.jsonl"
        arena_main(["--seats", seats, "--deals", "2", "--seed", "3", "--json", "--hands", str(path)])
        runs.append(first_bot_records(path.read_text().splitlines()))
    capsys.readouterr()
    kinds = differences(*runs)
    assert sum(map(len, kinds.values())) == 8
    total = sum(runs[1][key]["score"] - runs[0][key]["score"] for key in runs[0])
    assert sum(map(sum, kinds.values())) == total
    assert all(kind == SAME or kind.startswith(("pass ", "early ", "middle ", "late ")) for kind in kinds)
    assert differences(runs[0], runs[0]) == {SAME: [0] * 8}


def test_the_command_prints_each_kind_and_refuses_a_file_that_is_not_a_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "run.jsonl"
    arena_main(["--seats", "normal,easy,easy,easy", "--deals", "1", "--json", "--hands", str(path)])
    capsys.readouterr()
    main([str(path), str(path)])
    assert capsys.readouterr().out.splitlines()[1].split()[0] == SAME
    (tmp_path / "notes.txt").write_text("not a log\n")
    with pytest.raises(SystemExit):
        main([str(path), str(tmp_path / "notes.txt")])
