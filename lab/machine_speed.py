"""How fast this machine runs the AI's kind of Python, against the machine of the arena's figures.

    python -m lab.machine_speed          # prints this machine's slowdown against the reference

The arena's ``--clock cpu`` budgets are CPU seconds, so the same ``--budget 0.2`` buys a Hard
that searches as much as the figures in docs/ai.md only on a machine as fast as theirs. Sessions
do not always get one: on 2026-12-05 the machine ran ``tools/bench_hard.py``'s fixed work in
7.19 s where the machine of sessions 24-34 took 2.12-2.18 s for the same code, so a run there at
the default budget was a phone's Hard, not the arena's. :func:`slowdown` measures how much
slower this machine is than that reference, with a workload of its own that never changes (a
frozen copy of the engine's random playout on bitmasks: the yardstick must not get faster when
the engine does), and the arena's and ``lab.search_regret``'s ``--scale-to-reference`` multiply
Hard's budgets by it (:func:`add_scaling_options`; ``--slowdown X`` gives the factor instead).
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from random import Random

from hearts.ai import Limits

#: The probe's CPU seconds (best of its rounds) on the reference machine, the one of sessions
#: 24-34 (2026-12-03/04), where ``tools/bench_hard.py --fixed-only`` ran 7b5205f's AI in 2.12-2.18 s.
#: Measured on 2026-12-05, alternating with that benchmark of the same AI: probe 0.625-0.639 s,
#: benchmark 7.17-7.47 s; so 0.634 x 2.15 / 7.29.
REFERENCE_SECONDS = 0.187
#: The probe's playouts per round: about a fifth of a second on the reference machine.
PLAYOUTS = 3000
ROUNDS = 3

_SUIT_MASKS = tuple(0x1FFF << (13 * suit) for suit in range(4))
_HEARTS = _SUIT_MASKS[3]


def _playout(holdings: list[int], rng: Random) -> list[int]:
    """A hand from the deal to the end with random legal cards (clubs first, hearts once
    broken), on card bitmasks: the operations Hard's playouts are made of."""
    points = [0, 0, 0, 0]
    turn = next(seat for seat in range(4) if holdings[seat] & 1)
    broken = False
    first = True
    for _ in range(13):
        leader = turn
        trick: list[int] = []
        for offset in range(4):
            holding = holdings[turn]
            if not offset:
                legal = holding & 1 if first else holding if broken else (holding & ~_HEARTS) or holding
            else:
                legal = holding & _SUIT_MASKS[trick[0] // 13] or holding
            cards = []
            while legal:
                low = legal & -legal
                cards.append(low.bit_length() - 1)
                legal ^= low
            card = cards[int(rng.random() * len(cards))]
            holdings[turn] ^= 1 << card
            broken = broken or card >= 39
            trick.append(card)
            turn = (turn + 1) & 3
        led = trick[0] // 13
        winner = max(range(4), key=lambda index: trick[index] if trick[index] // 13 == led else -1)
        turn = (leader + winner) & 3
        points[turn] += sum(1 for card in trick if card >= 39) + 13 * (36 in trick)
        first = False
    return points


def workload(playouts: int) -> int:
    """Play ``playouts`` seeded random hands; return a checksum of their scores (the same on
    every machine, so a test can tell that the work has not changed)."""
    rng = Random(20261205)
    deck = list(range(52))
    total = 0
    for _ in range(playouts):
        rng.shuffle(deck)
        holdings = [sum(1 << card for card in deck[13 * seat : 13 * seat + 13]) for seat in range(4)]
        points = _playout(holdings, rng)
        total += points[0] + 2 * points[1] + 3 * points[2]
    return total


def probe() -> float:
    """The best CPU seconds of :data:`ROUNDS` rounds of :func:`workload` (:data:`PLAYOUTS`)."""
    best = float("inf")
    for _ in range(ROUNDS):
        started = time.process_time()
        workload(PLAYOUTS)
        best = min(best, time.process_time() - started)
    return best


def slowdown() -> float:
    """How many times slower than the reference machine this one runs the probe (1 there)."""
    return probe() / REFERENCE_SECONDS


def scaled(limits: Limits, factor: float) -> Limits:
    """``limits`` with Hard's time budgets (play, lead if its own, and pass) multiplied by ``factor``."""
    lead = None if limits.lead_budget is None else limits.lead_budget * factor
    return replace(limits, budget=limits.budget * factor, pass_budget=limits.pass_budget * factor, lead_budget=lead)


def announced_slowdown() -> float:
    """:func:`slowdown`, also told on stderr (a command's figures depend on it)."""
    factor = slowdown()
    print(f"this machine is {factor:.2f}x slower than the reference: Hard's budgets are scaled by it", file=sys.stderr)
    return factor


def add_scaling_options(parser: argparse.ArgumentParser) -> None:
    """A command's ``--scale-to-reference`` (probe this machine, :func:`announced_slowdown`) and
    ``--slowdown X`` (a given factor), which exclude each other; read them with :func:`chosen_scale`.
    Runs started side by side to be compared give the same ``--slowdown``: a probe beside a running
    search reads the machine slower than it is (2.18x against 1.36x alone, 2026-12-07), and the
    side that probed second would search ~60% more."""
    scaling = parser.add_mutually_exclusive_group()
    scaling.add_argument(
        "--scale-to-reference",
        action="store_true",
        help="multiply Hard's time budgets by how much slower this machine is than the one the "
        "figures in docs/ai.md were measured on (lab/machine_speed.py), so that Hard searches as much",
    )
    scaling.add_argument(
        "--slowdown",
        type=_factor,
        metavar="X",
        help="multiply Hard's time budgets by X instead of probing this machine as --scale-to-reference "
        "does: runs started side by side give the same X (a probe beside a running search reads slower)",
    )


def _factor(text: str) -> float:
    """``--slowdown``'s value: a number above 0 (not NaN), refused by the parser otherwise."""
    try:
        factor = float(text)
    except ValueError:
        factor = float("nan")
    if not factor > 0:
        raise argparse.ArgumentTypeError(f"a factor above 0, not {text!r}")
    return factor


def chosen_scale(options: argparse.Namespace) -> float:
    """The factor on Hard's budgets that :func:`add_scaling_options`' options ask for (1 when
    neither). Probes this machine only when asked: call it once the command line is known valid."""
    return announced_slowdown() if options.scale_to_reference else options.slowdown or 1.0


def main(argv: list[str] | None = None) -> None:
    argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter).parse_args(argv)
    seconds = probe()
    print(
        f"probe {seconds:.3f} CPU s (reference {REFERENCE_SECONDS:.3f} s): "
        f"this machine is {seconds / REFERENCE_SECONDS:.2f}x slower than the reference"
    )


if __name__ == "__main__":
    main()
