"""Paired comparison of two duplicate-game runs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lab.compare_games import compare, main


def write_run(path: Path, places: list[list[int]]) -> Path:
    """A game log with the first bot at ``places[game][rotation]`` (its total follows the place)."""
    with path.open("w", encoding="utf-8") as log:
        for game, rotations in enumerate(places):
            for rotation, place in enumerate(rotations):
                log.write(json.dumps({"game": game, "rotation": rotation, "first": True, "place": place,
                                      "won": place == 1, "total": 50 + place}) + "\n")
                log.write(json.dumps({"game": game, "rotation": rotation, "first": False, "place": 4,
                                      "won": False, "total": 120}) + "\n")
    return path


def test_paired_places_wins_and_changed_games(tmp_path: Path) -> None:
    a = write_run(tmp_path / "a.jsonl", [[1, 2, 2, 3], [4, 4, 1, 1], [2, 2, 2, 2]])
    b = write_run(tmp_path / "b.jsonl", [[1, 1, 2, 3], [4, 4, 1, 1], [2, 2, 2]])
    result = compare(a, b)
    assert result.games == 2  # the third game is incomplete in B
    assert (result.wins_a, result.wins_b, result.changed) == (3, 4, 1)
    assert result.difference == pytest.approx(-0.125)


def test_runs_with_nothing_in_common_are_refused(tmp_path: Path) -> None:
    a = write_run(tmp_path / "a.jsonl", [[1, 2, 2, 3]])
    b = write_run(tmp_path / "b.jsonl", [])
    with pytest.raises(SystemExit):
        main([str(a), str(b)])
