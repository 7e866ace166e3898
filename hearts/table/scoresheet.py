"""The score sheet: every finished hand of a match with its scores and the running totals.

The page shows it from the menu and in the end-of-hand panel. :func:`score_rows` gives the data;
:func:`score_table` the same as display strings (header, one row per hand, a totals row).

>>> from hearts import Match
>>> score_rows(Match(seed=1))            # no hand finished yet
[]
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from ..game.match import Match
from ..game.record import format_deal_number
from ..game.strings import DEFAULT_LANGUAGE, text


@dataclass(frozen=True)
class ScoreRow:
    """One finished hand on the score sheet."""

    #: 1-based hand number in the match.
    number: int
    #: The deal number: :func:`hearts.deal_hands` of it reproduces the hand's cards.
    deal_number: int
    #: ``"left"``, ``"right"``, ``"across"`` or ``"none"``.
    pass_direction: str
    #: Each seat's score for the hand (moon applied).
    scores: tuple[int, int, int, int]
    #: The seat that shot the moon, or None.
    moon: int | None
    #: Each seat's total after this hand.
    totals: tuple[int, int, int, int]

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the page (tuples become lists in JSON)."""
        return asdict(self)


def score_rows(match: Match) -> list[ScoreRow]:
    """A row per finished hand, in order, with the totals running through them."""
    rows = []
    totals = [0, 0, 0, 0]
    for number, (hand, deal_number) in enumerate(zip(match.hands, match.deal_numbers), start=1):
        scores = hand.scores
        if scores is None:
            break
        totals = [total + score for total, score in zip(totals, scores)]
        rows.append(ScoreRow(number, deal_number, hand.pass_direction, _four(scores), hand.moon, _four(totals)))
    return rows


def score_table(match: Match, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """The score sheet as strings: ``title``, ``caption``, ``header`` (column names), ``rows``
    (one list of cells per finished hand) and ``totals`` (the last row: current totals).

    A seat's cell in a row is a pair, the hand's points and the running total as shown after
    them (「（45）」), so that a narrow screen can put the total on a line of its own."""
    header = [text(key, language) for key in ("scoresheet.hand", "scoresheet.deal_number", "scoresheet.pass")]
    header += [text(f"seat.{seat}", language) for seat in range(4)] + [text("scoresheet.moon", language)]
    rows = [
        [str(row.number), format_deal_number(row.deal_number), text(f"scoresheet.pass.{row.pass_direction}", language)]
        + [
            [str(score), text("scoresheet.total", language, total=total)]
            for score, total in zip(row.scores, row.totals)
        ]
        + ["" if row.moon is None else text(f"seat.{row.moon}", language)]
        for row in score_rows(match)
    ]
    totals = [text("column.total", language), "", ""] + [str(total) for total in match.totals] + [""]
    return {
        "title": text("scoresheet.title", language),
        "caption": text("scoresheet.caption", language),
        "header": header,
        "rows": rows,
        "totals": totals,
    }


def _four(values: list[int]) -> tuple[int, int, int, int]:
    first, second, third, fourth = values
    return first, second, third, fourth
