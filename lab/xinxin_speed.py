"""xinxin's time per decision, in its driver's own CPU time, so that a loaded machine barely moves it.

    python -m lab.xinxin_speed --worlds 30 --sims 10000 --hands 4 [--seed 1]

The positions are those of ``--hands`` hands played with random legal cards (each seat's pass,
then every play of the hand); the driver (:mod:`lab.xinxin_seat`, ``make xinxin``) answers them
all in one process, which then exits, and its CPU time is read from ``getrusage``. The arena's
wall-clock milliseconds for a xinxin seat count the machine's other load too; these do not.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import time

from .decision_speed import print_per_decision, random_positions
from .xinxin_seat import DRIVER, record


def questions(hands: int, seed: int, worlds: int, sims: int) -> tuple[list[str], list[str]]:
    """The pass questions and the play questions of ``hands`` randomly played hands."""
    asked: dict[str, list[str]] = {"pass": [], "play": []}
    for kind, hand, seat, rng in random_positions(hands, seed):
        asked[kind].append(f"move {rng.randrange(1 << 30)} {worlds} {sims} {record(hand, seat)}")
    return asked["pass"], asked["play"]


def driver_seconds(lines: list[str]) -> tuple[float, float]:
    """(wall, CPU) seconds the driver takes to answer ``lines`` (CPU of the finished child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run([str(DRIVER)], input="\n".join(lines) + "\n", capture_output=True, text=True, check=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.stdout.count("\n") != len(lines) or "error" in done.stdout:
        raise RuntimeError(f"the driver did not answer every question: {done.stdout[:200]}")
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--worlds", type=int, default=30)
    parser.add_argument("--sims", type=int, default=10_000)
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args(argv)
    if not DRIVER.exists():
        parser.error(f"{DRIVER} is missing: build it with `make xinxin`")
    passes, plays = questions(options.hands, options.seed, options.worlds, options.sims)
    print(f"xinxin {options.worlds} worlds x {options.sims} simulations, {options.hands} hands")
    print_per_decision(passes, plays, driver_seconds)


if __name__ == "__main__":
    main()
