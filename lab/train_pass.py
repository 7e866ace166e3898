"""Train the learned pass model (:mod:`hearts.ai.pass_model`): one seeded command, reproducible.

    python -m lab.train_pass --hands 250 --samples 300 --seed 1 --workers 2 \\
        --teacher build/pass_teacher_s1.jsonl --out hearts/ai/pass_weights.py

1. **The teacher** (:mod:`lab.pass_teacher`): hands ``0 .. N-1`` of the seed, every one of their
   286 passes valued by Hard's pass playouts on the same samples. Hands already in ``--teacher``
   are kept (the file is resumable and the hands are seeded, so a rerun adds only what is missing;
   a line cut short by a stopped run is valued again).
2. **The fit**: ridge regression of each pass's mean score, less its hand's mean, on
   :data:`hearts.ai.pass_model.FACTS` less their hand's means, over the even hands; the odd hands
   are held out.
3. **The check**, on the held-out hands, as Hard's search would use the model: the
   ``--candidates`` best passes by the model, the best of them by the samples' first half, its
   score on the second half; against the static heuristic's shortlist chosen the same way.
4. **The module** ``--out``: the weights (negated: the model ranks high-first) with what made them.
"""

from __future__ import annotations

import argparse
import json
import sys
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import numpy as np

from hearts.ai.pass_model import FACTS, VERSION, leaving_facts, pass_facts
from hearts.ai.passing import pass_shortlist

from .pass_teacher import teacher_hand
from .stats import mean_ci95

#: The ridge penalty: small against the ~10^5 rows of a real run, enough to pin unused facts.
RIDGE = 1.0


def teach(path: Path, hands: int, samples: int, seed: int, workers: int) -> list[dict[str, Any]]:
    """The teacher's hands ``0 .. hands-1`` of ``seed``: those in ``path`` (same samples) and the
    missing ones, computed (``workers`` processes) and appended."""
    known: dict[int, dict[str, Any]] = {}
    text = path.read_text() if path.exists() else ""
    whole = text[: text.rfind("\n") + 1]  # a stopped run may leave its last line cut short
    for line in whole.splitlines():
        row = json.loads(line)
        if row["seed"] == seed and row["samples"] == samples:
            known[row["number"]] = row
    missing = [number for number in range(hands) if number not in known]
    if missing:
        print(f"teacher: {len(missing)} hands to value ({samples} samples each)", file=sys.stderr)
        if whole != text:
            path.write_text(whole)
        with path.open("a") as out, Pool(workers) as pool:
            for row in pool.imap(_teacher_hand, [(seed, number, samples) for number in missing]):
                out.write(json.dumps(row) + "\n")
                out.flush()
                known[row["number"]] = row
                print(f"  hand {row['number']}", file=sys.stderr, flush=True)
    return [known[number] for number in range(hands)]


def _teacher_hand(arguments: tuple[int, int, int]) -> dict[str, Any]:
    return teacher_hand(*arguments)


def design(row: dict[str, Any]) -> np.ndarray:
    """The facts of each of a hand's passes (286 × facts)."""
    leaving = leaving_facts(row["hand"])
    return np.array([pass_facts(row["hand"], tuple(trio), row["direction"], leaving) for trio in row["trios"]])


def fit(rows: list[dict[str, Any]]) -> np.ndarray:
    """Ridge weights predicting a pass's score less its hand's mean (lower is better)."""
    columns, targets = [], []
    for row in rows:
        facts = design(row)
        scores = (np.array(row["a"]) + np.array(row["b"])) / 2
        columns.append(facts - facts.mean(axis=0))
        targets.append(scores - scores.mean())
    x, y = np.concatenate(columns), np.concatenate(targets)
    weights: np.ndarray = np.linalg.solve(x.T @ x + RIDGE * np.eye(x.shape[1]), x.T @ y)
    return weights


def check(rows: list[dict[str, Any]], weights: np.ndarray, candidates: int) -> str:
    """The held-out comparison of step 3 of the module's docstring."""
    by_model, by_static = [], []
    for row in rows:
        trios = [tuple(trio) for trio in row["trios"]]
        first, second = np.array(row["a"]), np.array(row["b"])
        best = second[int(first.argmin())]
        model = list(np.argsort(design(row) @ weights, kind="stable")[:candidates])
        static = [trios.index(trio) for trio in pass_shortlist(row["hand"], candidates)]
        by_model.append(second[model[int(first[model].argmin())]] - best)
        by_static.append(second[static[int(first[static].argmin())]] - best)
    gain, half_width = mean_ci95([m - s for m, s in zip(by_model, by_static, strict=True)])
    return (
        f"{len(rows)} held-out hands, {candidates} candidates: behind the best of all 286 passes, "
        f"the model's shortlist {np.mean(by_model):+.3f}, the static one {np.mean(by_static):+.3f} points a pass; "
        f"model minus static {gain:+.3f} ± {half_width:.3f} (95%)"
    )


def module_text(weights: np.ndarray, command: str, hands: int, samples: int, seed: int) -> str:
    lines = [
        f'"""The learned pass model\'s weights, version {VERSION}; do not edit: written by',
        f"``{command}``.",
        "",
        f"A ridge fit to Hard's pass playouts valuing all 286 passes of {hands} seeded hands (seed {seed},",
        f"{samples} samples each; even hands fitted, odd held out): :mod:`lab.train_pass`.",
        '"""',
        "",
        "#: The version of :data:`hearts.ai.pass_model.FACTS` these weights were fitted to.",
        f"VERSION = {VERSION}",
        "#: One weight per :data:`hearts.ai.pass_model.FACTS`; a pass's score is their sum, higher is better.",
        "WEIGHTS = (",
    ]
    for name, weight in zip(FACTS, weights, strict=True):
        lines.append(f"    {-float(weight) + 0.0:+.4f},  # {name}")
    lines.append(")")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m lab.train_pass", description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=250, help="teacher hands (even ones fitted, odd held out)")
    parser.add_argument("--samples", type=int, default=300, help="samples valuing each hand's passes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--candidates", type=int, default=16, help="the shortlist the check compares")
    parser.add_argument("--teacher", type=Path, required=True, help="the teacher's file (kept, resumable)")
    parser.add_argument("--out", type=Path, help="write the weights' module here")
    args = parser.parse_args(argv)
    if args.hands < 2 or args.samples < 2:
        parser.error("--hands and --samples need at least 2")
    rows = teach(args.teacher, args.hands, args.samples, args.seed, args.workers)
    weights = fit(rows[0::2])
    if args.out:
        command = f"python -m lab.train_pass --hands {args.hands} --samples {args.samples} --seed {args.seed}"
        args.out.write_text(module_text(weights, command, args.hands, args.samples, args.seed))
    print(check(rows[1::2], weights, args.candidates))
    for name, weight in zip(FACTS, weights, strict=True):
        print(f"  {-weight + 0.0:+.4f}  {name}")


if __name__ == "__main__":
    main()
