"""Helpers for the tests of the lab's tools that read the arena's hands log (``--hands``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from lab.arena import main as arena_main

#: A line of the arena's hands log as it was before each record carried its whole hand.
RECORD_WITHOUT_ITS_HAND = '{"deal": 0, "first": true, "name": "hard", "seat": 0, "score": 3}\n'


def refuses_a_log_without_hands(
    main: Callable[[list[str]], object], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Check that the tool ``main`` refuses a log whose records lack their hand: exit status 2
    and a message that names the line, not a traceback."""
    path = tmp_path / "old.jsonl"
    path.write_text(RECORD_WITHOUT_ITS_HAND)
    with pytest.raises(SystemExit) as stopped:
        main([str(path)])
    assert stopped.value.code == 2
    assert "line 1 is not an arena hand record with its hand" in capsys.readouterr().err


def arena_log(tmp_path: Path, capsys: pytest.CaptureFixture[str], seats: str, seed: int, deals: int = 2) -> Path:
    """A hands log of ``deals`` arena deals between ``seats`` (the arena's ``--seats``), its
    printed summary swallowed."""
    path = tmp_path / "hands.jsonl"
    arena_main(["--seats", seats, "--deals", str(deals), "--seed", str(seed), "--hands", str(path)])
    capsys.readouterr()
    return path
