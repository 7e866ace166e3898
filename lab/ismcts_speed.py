"""ISMCTS's time per decision, in the CPU time of its server and the child it forks for each
question (:mod:`lab.ismcts_server`), so that a loaded machine barely moves it.

    python -m lab.ismcts_speed --sims 1000 --hands 4 [--seed 1]

The positions are those of ``--hands`` hands played with random legal cards (each seat's pass,
then every play of the hand), asked of a server of its own with no kept answers; the server then
exits, and its CPU time and its children's are read from ``getrusage``. The arena's wall-clock
milliseconds for an ISMCTS seat count the machine's other load and the forks' start-up in the
same way as these, but also whatever else runs.
"""

from __future__ import annotations

import argparse
import resource
import time

from .decision_speed import print_per_decision, random_positions
from .openspiel_seat import IsmctsServer, replay_actions, to_action


def question(seed: int, simulations: int, steps: int, actions: list[int]) -> str:
    return " ".join(map(str, [seed, simulations, steps, *actions]))


def questions(hands: int, seed: int, simulations: int) -> tuple[list[str], list[str]]:
    """The pass questions (three steps each) and the play questions of ``hands`` randomly played hands."""
    asked: dict[str, list[str]] = {"pass": [], "play": []}
    for kind, hand, seat, rng in random_positions(hands, seed):
        if kind == "pass":
            asked[kind].append(question(rng.randrange(1 << 31), simulations, 3, replay_actions(hand, seat, False)))
        else:
            actions = replay_actions(hand, seat, True) + [to_action(card) for card in hand.plays]
            asked[kind].append(question(rng.randrange(1 << 31), simulations, 1, actions))
    return asked["pass"], asked["play"]


def server_seconds(lines: list[str]) -> tuple[float, float]:
    """(wall, CPU) seconds a fresh server takes to answer ``lines``, its start included."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    server = IsmctsServer()
    for line in lines:
        server.ask(line)
    server.stop()
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sims", type=int, default=1000)
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args(argv)
    passes, plays = questions(options.hands, options.seed, options.sims)
    print(f"ISMCTS {options.sims} simulations, {options.hands} hands")
    print_per_decision(passes, plays, server_seconds)


if __name__ == "__main__":
    main()
