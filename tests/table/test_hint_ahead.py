"""「提示」 searched ahead (hearts.table.hint_ahead): once you have asked for a hint, the page
searches your next ones in its idle time, and the tap finds the hint that a search begun at the
tap gives (the hint's sample cap ends its search on CPython, so both do the same work)."""

from __future__ import annotations

from dataclasses import replace

import hearts.ai
import hearts.ai.hints
from hearts.table.machine import Table

from ..slicing import drive
from .tables import CAPPED, pass_first_three


def your_turn_with_a_choice(seed: int) -> Table:
    """A table at 困难 at your turn with three cards or more to choose from."""
    table = Table(seed=seed, level="hard")
    table.bots.limits = CAPPED
    pass_first_three(table)
    hand = table.hand
    while not (table.your_turn() and len(hand.legal()) >= 3):
        hand.play(hand.legal()[0])
    return table


def test_nothing_is_searched_in_your_turn_until_you_ask_for_a_hint():
    table = your_turn_with_a_choice(21)
    assert not table.think_ahead(), "a player who never asks for hints pays for none"
    assert table.hints.ahead is None
    table.hints.wanted = True
    assert table.think_ahead() and table.hints.ahead is not None


def test_asking_for_a_hint_makes_the_next_ones_searched_ahead():
    table = your_turn_with_a_choice(22)
    assert drive(table.hint_steps())[0] is True
    assert table.hints.wanted


def test_a_hint_searched_ahead_is_the_one_the_tap_would_search(monkeypatch):
    unhurried = replace(hearts.ai.hints.HINT_LIMITS, budget=30.0, pass_budget=30.0)
    monkeypatch.setattr(hearts.ai.hints, "HINT_LIMITS", unhurried)  # the sample cap ends both, however loaded
    ahead, at_tap = your_turn_with_a_choice(23), your_turn_with_a_choice(23)
    ahead.hints.wanted = True
    slices = 0
    while ahead.think_ahead():
        slices += 1
    assert slices >= 1 and ahead.hints.ahead is not None and ahead.hints.ahead.search.done
    done, yielded = drive(ahead.hint_steps())
    assert done is True and yielded == 0, "the tap finds the hint ready"
    assert drive(at_tap.hint_steps())[0] is True
    assert ahead.selection == at_tap.selection and ahead.message == at_tap.message


def test_a_hint_begun_for_one_decision_is_not_taken_for_the_next():
    table = your_turn_with_a_choice(24)
    table.hints.wanted = True
    assert table.think_ahead()
    begun = table.hints.ahead
    card = table.hand.legal()[0]
    table.tap_card(card)
    table.tap_card(card)
    hand = table.hand
    while not table.your_turn():
        if table.collecting:
            table.collect()
        else:
            hand.play(hand.legal()[0])
    assert table.think_ahead() and table.hints.ahead is not begun
    assert table.hints.ahead is not None and table.hints.ahead.plays == len(hand.plays)


def test_no_hint_is_searched_ahead_while_a_panel_covers_the_table():
    table = your_turn_with_a_choice(25)
    table.hints.wanted = True
    assert table.covers.show_rules()
    assert table.blocked() and not table.think_ahead()


def test_in_the_pass_phase_your_hint_comes_before_the_bots_passes_which_stay_the_same():
    """Once you want hints, the page searches your pass's hint first, then the bots' passes,
    which are the passes they make without it (the sample caps end every search here)."""
    hinted, plain = Table(seed=26, level="hard"), Table(seed=26, level="hard")
    for table in (hinted, plain):
        table.bots.limits = CAPPED
    hinted.hints.wanted = True
    assert hinted.think_ahead() and hinted.hints.ahead is not None and hinted.bots.passes_ahead is None
    while not hinted.hints.ahead.search.done:
        assert hinted.think_ahead() and hinted.bots.passes_ahead is None
    while hinted.think_ahead():
        pass
    assert drive(hinted.hint_steps()) == (True, 0), "the tap finds the hint ready"
    assert len(hinted.selection) == 3
    for table in (hinted, plain):
        pass_first_three(table)
    assert hinted.hand.passed == plain.hand.passed
