"""「提示」 searched ahead (hearts.table.hint_ahead): once you have asked for a hint, the page
searches your next ones in its idle time, and the tap finds the hint that a search begun at the
tap gives (the hint's sample cap ends its search on CPython, so both do the same work)."""

from __future__ import annotations

from dataclasses import replace

import hearts.ai
import hearts.ai.hints
from hearts.ai import Limits
from hearts.ai.search import DEFAULT_PASS_BUDGET
from hearts.table.machine import Table

from ..slicing import FakeClock, drive
from .tables import pass_first_three

#: The bots' searches end at a small sample cap, so the hands are the same on any machine.
CAPPED = Limits(budget=30.0, pass_budget=30.0, max_samples=12, slice_seconds=0.0)


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


def test_the_pass_hint_waits_until_the_bots_passes_can_no_longer_keep_your_pass_waiting(monkeypatch):
    """In the pass phase the bots' passes come first, each until it has worked the budget your
    pass would cut it to; then your hint, before the bots search on towards the page's longer
    budget. The clocks are fake (each reading moves 10 ms), so the searches repeat exactly."""
    clock = FakeClock(0.01)
    limits = Limits(pass_budget=3.0, pass_samples=100_000, slice_seconds=0.05, clock=clock)
    monkeypatch.setattr(hearts.ai, "page_pass_limits", lambda: limits)
    table = Table(seed=26, level="hard")
    table.hints.wanted = True
    while table.hints.ahead is None:
        assert table.think_ahead()
    searches = table.bots.passes().searches.values()
    assert len(searches) == 3 and all(search.worked >= DEFAULT_PASS_BUDGET for search in searches)
    assert not any(search.done for search in searches), "the bots search on after your hint"
    while not table.hints.ahead.search.done:
        assert table.think_ahead()
    assert not any(search.done for search in searches), "your hint came before their longer search"
    done, yielded = drive(table.hint_steps())
    assert done is True and yielded == 0 and len(table.selection) == 3
