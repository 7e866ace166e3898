"""Where two runs on the same deals first part, and what each kind of parting cost the first bot.

    python -m lab.first_difference A.jsonl B.jsonl

The files come from ``python -m lab.arena ... --hands FILE`` on the same deals (the same
``--seed``), with different bots or code in the first seat. When the other seats repeat their
play (Easy, Normal and the arena's ISMCTS do; Hard where its sample cap ends its searches), a
hand comes out the same in both runs until the first bot passes or plays differently, so the
hand's score difference is that decision's doing — and the doing of the play it led to. This
sorts the hands by that first decision:

- ``pass <direction>``: the three cards passed differ (``Q♠`` added when only one run passed it);
- a play, by when (``early``: tricks 1–4, ``middle``: 5–9, ``late``: 10–13) and what kind:
  ``lead`` (B's card in the same suit higher or lower than A's, or another suit); ``follow``
  in place 2–4 (who of the two then tops the trick: ``B wins``, ``A wins``, ``both win``,
  ``both duck``); or ``discard`` on another suit (``B Q♠``, ``A Q♠``, ``B heart``, ``A heart``,
  ``other``);
- ``same``: no difference, so no score difference either.

Printed per kind: hands, the mean of B − A per hand with a 95% interval (over hands; the four
rotations of a deal are not independent, so read it as a guide) and the sum, largest sums
first. A change to Hard that helps in one kind of decision and hurts in another shows here,
where the overall comparison (``lab/compare_hands.py``) only shows the balance.
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from pathlib import Path
from typing import Any

from hearts.game.cards import HEARTS, QUEEN_OF_SPADES, parse_card
from hearts.game.hand import Hand
from lab.compare_hands import first_bot_records
from lab.stats import mean_ci95

SAME = "same"


def first_difference(a: dict[str, Any], b: dict[str, Any]) -> str:
    """The kind of the first bot's first decision that differs between two records of one hand."""
    seat, hand_a, hand_b = a["seat"], a["hand"], b["hand"]
    passed_a, passed_b = hand_a["passes"][seat], hand_b["passes"][seat]
    if passed_a != passed_b:
        queen = "QS" in set(passed_a or ()) ^ set(passed_b or ())
        return f"pass {hand_a['pass_direction']}" + (" Q♠" if queen else "")
    plays_a, plays_b = hand_a["plays"], hand_b["plays"]
    index = next((i for i, (x, y) in enumerate(zip(plays_a, plays_b)) if x != y), None)
    if index is None:
        return SAME
    before = Hand.from_dict({**hand_a, "plays": plays_a[:index]})
    if before.turn != seat:
        raise ValueError(
            f"hand {a['deal_number']} rotation {a['rotation']}: another seat played "
            "differently first, so the other bots did not repeat their play"
        )
    tricks = len(before.tricks)
    when = "early" if tricks < 4 else "middle" if tricks < 9 else "late"
    return f"{when} {_kind(before.current_trick.cards, parse_card(plays_a[index]), parse_card(plays_b[index]))}"


def _kind(trick: tuple[int, ...], card_a: int, card_b: int) -> str:
    """What sort of play the two different cards were, on the trick so far."""
    if not trick:
        if card_a // 13 != card_b // 13:
            return "lead other suit"
        return "lead same suit " + ("higher" if card_b > card_a else "lower")
    led = trick[0] // 13
    if card_a // 13 == led:
        top = max(card for card in trick if card // 13 == led)
        a_wins, b_wins = card_a > top, card_b > top
        outcome = "both win" if a_wins and b_wins else "B wins" if b_wins else "A wins" if a_wins else "both duck"
        return f"follow place {len(trick) + 1} {outcome}"
    for card, run in ((card_b, "B"), (card_a, "A")):
        if card == QUEEN_OF_SPADES:
            return f"discard {run} Q♠"
    for card, other, run in ((card_b, card_a, "B"), (card_a, card_b, "A")):
        if card // 13 == HEARTS and other // 13 != HEARTS:
            return f"discard {run} heart"
    return "discard other"


def differences(
    a: dict[tuple[int, int], dict[str, Any]], b: dict[tuple[int, int], dict[str, Any]]
) -> dict[str, list[int]]:
    """Kind of first difference → the B − A score differences of the hands both runs have."""
    kinds: dict[str, list[int]] = defaultdict(list)
    for key in sorted(set(a) & set(b)):
        kinds[first_difference(a[key], b[key])].append(b[key]["score"] - a[key]["score"])
    return dict(kinds)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("a", help="--hands file of run A")
    parser.add_argument("b", help="--hands file of run B")
    options = parser.parse_args(argv)
    try:
        kinds = differences(
            *(first_bot_records(Path(path).read_text(encoding="utf-8").splitlines()) for path in (options.a, options.b))
        )
    except (OSError, ValueError) as error:
        parser.error(str(error))
    hands = sum(len(scores) for scores in kinds.values())
    if not hands:
        parser.error("the runs share no hand")
    print(f"{hands} hands, B - A {sum(map(sum, kinds.values())) / hands:+.3f} points per hand")
    for kind, scores in sorted(kinds.items(), key=lambda item: (-abs(sum(item[1])), item[0])):
        mean, half = mean_ci95([float(score) for score in scores])
        interval = f"± {half:5.2f}" if len(scores) > 1 else " " * 7
        print(f"  {kind:32} {len(scores):5} hands  {mean:+6.2f} {interval}  sum {sum(scores):+5}")


if __name__ == "__main__":
    main()
