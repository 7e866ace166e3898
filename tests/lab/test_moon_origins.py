"""lab/moon_origins.py: whose pass fed the moons, and whether the play could have stopped them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hearts.game.cards import parse_card
from lab.moon_origins import Origins, _defence, card_kind, main, read

from ..hands_logs import arena_log, refuses_a_log_without_hands
from ..positions import moon_hand


def test_a_card_is_counted_by_its_suit_and_height_and_the_queen_alone() -> None:
    kinds = [card_kind(int(parse_card(code))) for code in ("QS", "KS", "JH", "8D", "9C", "2H", "AC")]
    assert kinds == ["Q♠", "Shi", "Hmid", "Dlo", "Cmid", "Hlo", "Chi"]


def test_a_moon_of_top_cards_is_flagged_once_the_queen_and_hearts_are_in_and_could_not_be_blocked() -> None:
    hand = moon_hand(13)
    assert hand.moon == 3
    # After the 6th trick (Q♠ with three hearts) the rule flags seat 3; seat 3 won every trick
    # with the top card of its suit, so no other card of the others would have won one.
    assert [_defence(hand, seat, 3) for seat in range(3)] == [(6, False)] * 3
    origins = Origins()
    origins.add(hand, {0: "hard", 1: "xinxin", 2: "xinxin", 3: "xinxin"}, "hard")
    assert (origins.suffered, origins.could_block, dict(origins.flagged)) == (1, 0, {6: 1})
    assert not origins.passes  # a hand without a pass counts for no giver


def _log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    return arena_log(tmp_path, capsys, "normal,easy,easy,easy", seed=3)


def test_every_pass_of_a_run_is_counted_by_giver_and_card(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _log(tmp_path, capsys)
    records = [json.loads(line) for line in path.read_text().splitlines()]
    passing = {(r["deal"], r["rotation"]) for r in records if r["hand"]["pass_direction"] != "none"}
    origins = read([path], "nobody")
    # Each hand with a pass: four givers, one receiver each, two other opponents each.
    assert sum(counts[0] for counts in origins.giving.values()) == 4 * len(passing)
    assert sum(counts[2] for counts in origins.giving.values()) == 8 * len(passing)
    assert sum(given for given, _ in origins.kinds.values()) == 12 * len(passing)
    # By default the first-named bot's receivers are left out of the passes counted.
    assert read([path], None).giving["easy"][0] < origins.giving["easy"][0]


def test_the_command_prints_the_three_tables(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main([str(_log(tmp_path, capsys))])
    out = capsys.readouterr().out
    assert out.startswith("by giver:") and "what each giver passes" in out and "moons normal suffered" not in out
    assert "moons the first-named bot suffered:" in out


def test_a_log_without_hands_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    refuses_a_log_without_hands(main, tmp_path, capsys)
