"""Helpers for tests of :class:`hearts.table.Table`: the storage fake, and playing a table as the
page does (the player's taps, the bots' turns, collecting tricks)."""

from __future__ import annotations

import re
from pathlib import Path

from hearts import Match
from hearts.ai import Limits
from hearts.table import Table
from hearts.table.storage import StorageUnavailable

from ..games import finished_match
from .driving import ai_step, confirm_pass

#: Hard's searches at a small sample cap and no clock to speak of, each slice one check: the same
#: cards and pauses on any machine (with the page's limits a quick machine may end a search in its
#: first slice).
CAPPED = Limits(budget=30.0, pass_budget=30.0, max_samples=12, slice_seconds=0.0)

#: A document of every format version ever written, each of which must go on loading.
SAVES = Path(__file__).resolve().parent / "saves"


def kept_versions(kind: str) -> dict[int, str]:
    """The kept documents ``saves/<kind>-v<N>.json`` (``table``, ``backup``) by version N."""
    found = {}
    for path in SAVES.glob(f"{kind}-v*.json"):
        number = re.fullmatch(rf"{kind}-v(\d+)\.json", path.name)
        assert number, f"unexpected file {path.name}"
        found[int(number.group(1))] = path.read_text(encoding="utf-8").strip()
    return found


class MemoryStorage:
    """localStorage in memory, the one fake of :class:`hearts.table.storage.Storage` the tests use.

    ``fail_reads``/``fail_writes``: every read/write raises (storage blocked / quota full);
    ``refuse``: the keys whose writes fail (a quota that is full for a larger document only).
    """

    def __init__(
        self, items: dict[str, str] | None = None, *, fail_reads: bool = False, fail_writes: bool = False
    ) -> None:
        self.items = dict(items or {})
        self.fail_reads = fail_reads
        self.fail_writes = fail_writes
        self.refuse: set[str] = set()

    def get(self, key: str) -> str | None:
        if self.fail_reads:
            raise StorageUnavailable("blocked")
        return self.items.get(key)

    def set(self, key: str, value: str) -> None:
        if self.fail_writes or key in self.refuse:
            raise StorageUnavailable("full")
        self.items[key] = value


def pass_first_three(table: Table) -> None:
    """Pass the hand's first three cards, whatever was selected before: a hint's three depend on
    how far its timed search got, so on a loaded machine they may share one or two of them, and
    a tap on a selected card unselects it."""
    for card in list(table.selection):
        table.tap_card(card)
    for card in table.human_cards[:3]:
        table.tap_card(card)
    assert confirm_pass(table)


def run_bots(table: Table) -> None:
    """Let the bots play until it is the human's turn (collecting tricks as the page does)."""
    while True:
        if table.collecting:
            table.collect()
        if not table.ai_due():
            return
        ai_step(table)


def table_in_play(seed: int = 3) -> Table:
    table = Table(seed=seed)
    pass_first_three(table)
    run_bots(table)
    return table


def finish_hand(table: Table) -> None:
    """Play the table's hand to its end, the player tapping its first legal card twice."""
    while table.hand.phase != "over":
        run_bots(table)
        if table.your_turn():
            card = table.hand.legal()[0]
            table.tap_card(card)
            table.tap_card(card)
    table.collect()


def play_out(table: Table) -> None:
    """Pass (if the hand starts with a pass) and play the table's hand to its end."""
    if table.hand.phase == "pass":
        pass_first_three(table)
    finish_hand(table)


def take_one_step(table: Table) -> None:
    """Move the table on by one action: collect a trick, let a bot play, or play our first legal card."""
    if table.collecting:
        table.collect()
    elif table.ai_due():
        ai_step(table)
    else:
        card = table.hand.legal()[0]
        table.tap_card(card)
        table.tap_card(card)


def match_before_last_hand_ends(seed: int = 1) -> Match:
    """A finished game rewound to its last trick (a game over after one more play)."""
    data = finished_match(seed).to_dict()
    data["hands"][-1]["plays"] = data["hands"][-1]["plays"][:-1]
    return Match.from_dict(data)
