"""Paired comparison of two duplicate-game runs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lab.compare_games import compare, compare_forked, main


def write_run(path: Path, places: list[list[int]], objective: str | None = None) -> Path:
    """A game log with the first bot at ``places[game][rotation]`` (its total follows the place),
    appended to ``path``; ``objective`` marks the records as one finish of a forked run."""
    mark = {} if objective is None else {"objective": objective}
    with path.open("a", encoding="utf-8") as log:
        for game, rotations in enumerate(places):
            for rotation, place in enumerate(rotations):
                log.write(
                    json.dumps(
                        {
                            "game": game,
                            "rotation": rotation,
                            "first": True,
                            "place": place,
                            "won": place == 1,
                            "total": 50 + place,
                        }
                        | mark
                    )
                    + "\n"
                )
                log.write(
                    json.dumps(
                        {"game": game, "rotation": rotation, "first": False, "place": 4, "won": False, "total": 120}
                        | mark
                    )
                    + "\n"
                )
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


def test_a_forked_log_compares_its_finish_without_the_objective_to_the_one_with_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = write_run(tmp_path / "forked.jsonl", [[2, 2, 1, 1], [3, 1, 1, 1]], "off")
    write_run(log, [[1, 2, 1, 1], [3, 1, 1, 1]], "on")
    result = compare_forked(log)
    assert (result.games, result.wins_a, result.wins_b, result.changed) == (2, 5, 6, 1)
    assert result.difference == pytest.approx(-0.125) and result.win_difference == pytest.approx(0.125)
    main([str(log)])
    assert "won 5 (A) / 6 (B) of 8" in capsys.readouterr().out
    with pytest.raises(SystemExit):  # a plain log holds no finishes to compare
        main([str(write_run(tmp_path / "plain.jsonl", [[1, 2, 2, 3]]))])
