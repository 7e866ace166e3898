"""复盘 in a terminal: the AI's verdict on one seat's decisions, for every hand of a game record.

    python -m lab.review RECORD.json [--seat 0] [--language zh-Hans|zh-Hant|en] [--json]

The record is a file written by 「导出牌局」; it is read by :func:`hearts.table.replay.import_record`
(a bad or edited file is refused with the page's reason) and every finished hand is judged by
:func:`hearts.ai.verdicts.review_hand`, the same analysis the page runs in slices, with the same
seed: the figures printed here are the ones the page shows. ``--json`` prints the reviews as the
page keeps them with the saved game.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TextIO

from hearts.ai.verdicts import review_hand
from hearts.game.record import RecordError
from hearts.game.strings import DEFAULT_LANGUAGE, LANGUAGES
from hearts.table.replay import import_record


def review_record(text: str, seat: int, language: str, out: TextIO, as_json: bool = False) -> None:
    """Print the verdicts on ``seat``'s decisions in every finished hand of the record ``text``."""
    reviews = []
    for replay in import_record(text):
        review = review_hand(replay.hand, seat)
        if as_json:
            reviews.append({"hand": replay.number, **review.to_dict()})
            continue
        print(replay.title.said_in(language), file=out)
        for verdict in review.verdicts:
            mark = "✗" if verdict.flagged else " "
            figures = f"({verdict.taken_expected:5.2f} / {verdict.best_expected:5.2f}, {verdict.samples})"
            print(f" {mark} {verdict.trick:2d}  {verdict.message().said_in(language)}  {figures}", file=out)
        print(f"    {review.summary().said_in(language)}", file=out)
    if as_json:
        print(json.dumps(reviews, ensure_ascii=False, indent=1), file=out)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("record", type=Path, help="a file written by 导出牌局")
    parser.add_argument("--seat", type=int, choices=range(4), default=0, help="whose decisions (0 = you)")
    parser.add_argument("--language", choices=LANGUAGES, default=DEFAULT_LANGUAGE)
    parser.add_argument("--json", action="store_true", help="print the reviews as JSON")
    args = parser.parse_args(argv)
    try:
        review_record(
            args.record.read_text(encoding="utf-8", errors="replace"), args.seat, args.language, sys.stdout, args.json
        )
    except RecordError as refused:
        sys.exit(f"{args.record}: {refused.message.said_in(args.language)} ({refused})")


if __name__ == "__main__":
    main()
