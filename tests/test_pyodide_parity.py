"""The engine gives the same results on Pyodide (the browser's Python) as on CPython.

Runs a seeded match with seeded random choices in both and compares the saved JSON: the same
deals, passes, plays and scores; and the learned pass model, read from the package, ranks the
same passes first for the first seat of each hand. Needs Node.js and the npm package ``pyodide`` (``make test``
installs it); skipped, with the reason, where they are missing.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROGRAM = """
import random, sys
import hearts
from hearts.ai.pass_model import model_shortlist
from hearts.game.cards import mask_of

def play_match(seed):
    rng = random.Random(seed)
    match = hearts.Match(seed=seed)
    shortlists = []
    while True:
        hand = match.hand
        if hand.phase == "pass":
            shortlists.append(model_shortlist(mask_of(hand.hands[0]), hand.pass_direction, 4))
            for seat in range(4):
                hand.pass_cards(seat, rng.sample(hand.hands[seat], 3))
        while hand.phase == "play":
            hand.play(rng.choice(hand.legal()))
        if match.over:
            return "|".join(
                (match.to_json(), str(match.standings()), str(hearts.deal_hands(4242)), str(shortlists))
            )
        match.next_hand()

play_match(2026)
"""


@pytest.mark.skipif(
    shutil.which("node") is None or not (ROOT / "node_modules/pyodide").exists(),
    reason="needs node and node_modules/pyodide (make test installs them)",
)
def test_same_match_on_pyodide_and_cpython(tmp_path: Path) -> None:
    program = tmp_path / "match.py"
    program.write_text(PROGRAM)
    in_pyodide = (
        subprocess.run(
            ["node", str(ROOT / "tools/pyodide_run.mjs"), str(program)],
            capture_output=True,
            text=True,
            timeout=300,
            check=True,
        )
        .stdout.strip()
        .splitlines()[-1]
    )
    namespace: dict[str, object] = {}
    exec(PROGRAM.replace("\nplay_match(2026)\n", ""), namespace)
    in_cpython = namespace["play_match"](2026)  # type: ignore[operator]
    assert in_pyodide == in_cpython, f"Pyodide differs from CPython {sys.version_info[:2]}"
