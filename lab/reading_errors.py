"""How well Hard's readings of the other seats hold against the cards they really held, over an
arena run.

    python -m lab.reading_errors HANDS.jsonl [--json]

The file comes from ``python -m lab.arena ... --hands FILE``. At every play of the first-named
bot that had a choice of cards, each other seat's readings (:func:`hearts.ai.inference.read_plays`,
from that bot's view: the cards the seat's plays say it does not hold) are set against the
cards the seat really held then. The seat is *unreadable* (a reading of it proved false, so it
is no longer read), *trusted* (one has come true: its readings hold in every sample) or
*untrusted* (they hold in :data:`~hearts.ai.inference.UNCONFIRMED_SHARE` of the samples), and
its readings are *none*, *right* (no card read as absent was in its hand) or *wrong*; early is
tricks 1–5, late the rest.

Against Normal every reading is right, since the readings mirror Normal's own choices. Against
another program it is the question: a wrong reading puts cards in the wrong hands in every
sample that applies it, until a play of the seat contradicts it.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from hearts.ai.inference import read_plays
from hearts.game.hand import Hand
from lab.where_points_go import hands_of

#: Tricks counted as early (before this many tricks are complete).
EARLY_TRICKS = 5
STATES = ("trusted", "untrusted", "unreadable")
VERDICTS = ("none", "right", "wrong")


def hand_states(hand: Hand, seat: int) -> Counter[tuple[str, str, str]]:
    """(early or late, state, verdict) → how many times another seat was in it, over ``seat``'s
    plays with a choice in ``hand`` (replayed from its deal; it need not be finished)."""
    counts: Counter[tuple[str, str, str]] = Counter()
    replay = Hand(hand.dealt, hand.pass_direction)
    for giver, cards in enumerate(hand.passed):
        if cards is not None:
            replay.pass_cards(giver, cards)
    for card in hand.plays:
        legal = replay.legal_mask()
        if replay.turn == seat and legal & (legal - 1):
            readings = read_plays(replay.view(seat))
            phase = "early" if len(replay.tricks) < EARLY_TRICKS else "late"
            for other in range(4):
                if other == seat:
                    continue
                state = (
                    "unreadable"
                    if not readings.readable[other]
                    else "trusted"
                    if readings.trusted[other]
                    else "untrusted"
                )
                absent = readings.absent[other]
                verdict = "none" if not absent else "wrong" if absent & replay.view(other).hand_mask else "right"
                counts[(phase, state, verdict)] += 1
        replay.play(card)
    return counts


def reading_states(lines: list[str]) -> Counter[tuple[str, str, str]]:
    """:func:`hand_states` summed over the first-named bot's hands of an arena hands log."""
    counts: Counter[tuple[str, str, str]] = Counter()
    for hand, seat in hands_of(lines):
        counts += hand_states(hand, seat)
    if not counts:
        raise ValueError("no play with a choice by the first bot in the file")
    return counts


def report(counts: Counter[tuple[str, str, str]]) -> dict[str, dict[str, dict[str, int]]]:
    """The counts nested as phase → state → verdict, every combination present."""
    return {
        phase: {state: {verdict: counts[(phase, state, verdict)] for verdict in VERDICTS} for state in STATES}
        for phase in ("early", "late")
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("hands", type=Path, help="a --hands file of python -m lab.arena")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    options = parser.parse_args(argv)
    try:
        nested = report(reading_states(options.hands.read_text(encoding="utf-8").splitlines()))
    except (OSError, ValueError) as error:
        parser.error(str(error))
    if options.json:
        print(json.dumps(nested))
        return
    print("other seats at the first bot's plays with a choice: readings none / right / wrong")
    for phase, states in nested.items():
        for state, verdicts in states.items():
            read = verdicts["right"] + verdicts["wrong"]
            share = f"  ({verdicts['wrong'] / read:.0%} of those read are wrong)" if read else ""
            print(
                f"  {phase:5s} {state:10s} {verdicts['none']:6d} {verdicts['right']:6d} {verdicts['wrong']:6d}{share}"
            )


if __name__ == "__main__":
    main()
