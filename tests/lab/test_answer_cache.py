"""Kept answers: found again by their question, and never mixed with answers of another kind."""

from __future__ import annotations

from pathlib import Path

import pytest

from lab.answer_cache import AnswerCache


def test_an_answer_is_found_again_by_its_question_in_another_connection(tmp_path: Path) -> None:
    path = str(tmp_path / "answers.sqlite")
    AnswerCache(path, "python A").put("1 1000 1 0 5 9", "42")
    again = AnswerCache(path, "python A")
    assert again.get("1 1000 1 0 5 9") == "42" and again.get("2 1000 1 0 5 9") is None


def test_a_file_kept_for_something_else_is_refused(tmp_path: Path) -> None:
    path = str(tmp_path / "answers.sqlite")
    AnswerCache(path, "python A").put("q", "a")
    with pytest.raises(ValueError, match="python A"):
        AnswerCache(path, "python B")


def test_a_file_that_is_not_a_database_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("not sqlite at all, but somebody's notes\n" * 20)
    with pytest.raises(ValueError, match="not an answers file"):
        AnswerCache(str(path), "python A")
    assert path.read_text().startswith("not sqlite")


def test_a_file_that_cannot_be_made_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="cannot be opened"):
        AnswerCache(str(tmp_path / "no such folder" / "answers.sqlite"), "python A")
