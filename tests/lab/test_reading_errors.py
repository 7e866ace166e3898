"""lab/reading_errors.py: how the readings of the other seats hold, from the arena's hands log."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lab.arena import main as arena_main
from lab.reading_errors import hand_states, main, reading_states, report

from ..hands_logs import refuses_a_log_without_hands
from ..positions import discard_hand, play_all


def test_readings_of_normal_seats_are_never_wrong(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hands.jsonl"
    arena_main(["--seats", "normal,normal,normal,normal", "--deals", "3", "--seed", "3", "--hands", str(path)])
    capsys.readouterr()
    counts = reading_states(path.read_text().splitlines())
    assert counts[("early", "trusted", "right")] > 0 and counts[("late", "trusted", "right")] > 0
    assert not [key for key in counts if key[2] == "wrong" or key[1] == "unreadable"]
    main([str(path), "--json"])
    assert json.loads(capsys.readouterr().out) == report(counts)


def test_a_seat_that_kept_a_high_heart_it_was_read_not_to_hold_is_read_wrong() -> None:
    # Seat 2 ducks ♣5 under ♣7 (a reading confirmed at once: trusted), then, void in diamonds,
    # throws ♣K: read as holding no heart from ♥9 up. Seat 0 then plays ♦4 and ♦5 with a choice.
    kept, shed = discard_hand("9H"), discard_hand("8H")
    for hand in (kept, shed):
        play_all(hand, "KD 5D")  # seat 3 leads ♦K, holding ♦Q: read as holding no lower diamond
    common = {("early", "untrusted", "right"): 2, ("early", "untrusted", "none"): 1, ("early", "untrusted", "wrong"): 1}
    assert hand_states(kept, 0) == {**common, ("early", "trusted", "wrong"): 2}
    assert hand_states(shed, 0) == {**common, ("early", "trusted", "right"): 2}


def test_the_report_lists_every_state() -> None:
    nested = report(hand_states(discard_hand("8H"), 0))
    assert set(nested) == {"early", "late"}
    assert all(set(states) == {"trusted", "untrusted", "unreadable"} for states in nested.values())


def test_a_file_that_is_not_a_hands_log_is_refused_clearly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    refuses_a_log_without_hands(main, tmp_path, capsys)
