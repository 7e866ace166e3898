"""The score sheet: one row per finished hand, running totals, and its display strings."""

from __future__ import annotations

from hearts import Match
from hearts.game.record import format_deal_number
from hearts.game.strings import text
from hearts.table.scoresheet import ScoreRow, score_rows, score_table

from ..games import played_hands


def test_a_new_match_has_an_empty_sheet() -> None:
    assert score_rows(Match(seed=1)) == []
    table = score_table(Match(seed=1))
    assert table["rows"] == [] and table["totals"][3:7] == ["0", "0", "0", "0"]


def test_rows_follow_the_hands_and_their_totals() -> None:
    match = played_hands(2, 5)
    rows = score_rows(match)
    assert [row.number for row in rows] == [1, 2, 3, 4, 5]
    assert [row.deal_number for row in rows] == match.deal_numbers
    assert [row.pass_direction for row in rows] == ["left", "right", "across", "none", "left"]
    assert [list(row.scores) for row in rows] == match.history
    assert list(rows[-1].totals) == match.totals
    for before, after in zip(rows, rows[1:]):
        assert [b + s for b, s in zip(before.totals, after.scores)] == list(after.totals)


def test_the_hand_in_progress_is_not_on_the_sheet() -> None:
    match = played_hands(3, 2)
    match.next_hand()
    assert len(score_rows(match)) == 2


def test_a_moon_names_its_shooter() -> None:
    for seed in range(300):
        match = played_hands(seed, 3)
        moons = [row for row in score_rows(match) if row.moon is not None]
        if moons:
            row = moons[0]
            assert sorted(row.scores) == [0, 26, 26, 26] and row.scores[row.moon] == 0
            cells = score_table(match)["rows"][row.number - 1]
            assert cells[-1] == text(f"seat.{row.moon}")
            return
    raise AssertionError("no moon in 300 random matches")


def test_table_cells_show_score_and_total() -> None:
    match = played_hands(4, 2)
    table = score_table(match)
    assert table["header"][3:7] == [text(f"seat.{seat}") for seat in range(4)]
    first = score_rows(match)[0]
    assert table["rows"][0][:3] == ["1", format_deal_number(first.deal_number), text("scoresheet.pass.left")]
    assert table["rows"][0][3] == [str(first.scores[0]), text("scoresheet.total", total=first.totals[0])]
    assert text("scoresheet.total", total=45) == "（45）"
    assert table["totals"][3:7] == [str(total) for total in match.totals]
    assert all(len(row) == len(table["header"]) for row in table["rows"] + [table["totals"]])


def test_rows_as_plain_data() -> None:
    row = ScoreRow(1, 7, "left", (1, 2, 3, 20), None, (1, 2, 3, 20))
    assert row.to_dict() == {
        "number": 1,
        "deal_number": 7,
        "pass_direction": "left",
        "scores": (1, 2, 3, 20),
        "moon": None,
        "totals": (1, 2, 3, 20),
    }
