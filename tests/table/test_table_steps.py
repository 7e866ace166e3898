"""The table's sliced actions (``*_steps``): what the page runs a slice per browser task so the
Hard bots and the hint never freeze it. They do what the plain actions do (Hard's search is
bounded by time, so not always with the same cards), and nothing at all when the table moved
on while they were thinking."""

from __future__ import annotations

import pytest

import hearts.ai.bots
from hearts.ai import Limits, bot
from hearts.ai.knowledge import knowledge_of
from hearts.ai.search import (
    DEFAULT_BUDGET,
    DEFAULT_PASS_BUDGET,
    PAGE_BUDGET_CAP,
    PAGE_PASS_BUDGET,
    PAGE_PASS_SAMPLES,
    candidate_cards,
    search_pass_steps,
    search_play_steps,
)
from hearts.table.bot_turns import Wait, pause_before_end
from hearts.table.machine import Table
from hearts.table.settings import FAST_FORWARD, pacing

from ..slicing import FakeClock, drive, once
from .tables import CAPPED, pass_first_three


def hard_table(seed: int) -> Table:
    return Table(seed=seed, level="hard")


def test_a_sliced_pass_makes_the_exchange():
    table = hard_table(3)
    given = list(table.human_cards[:3])
    for card in given:
        table.tap_card(card)
    done, yielded = drive(table.confirm_pass_steps())
    assert done is True and yielded > 0, "the Hard bots' pass search yields between slices"
    assert list(table.hand.passed[0]) == given and all(len(cards) == 3 for cards in table.hand.passed)
    assert table.hand.phase == "play" and table.selection == []


def test_a_pass_is_dropped_if_the_selection_changed_while_the_bots_thought():
    table = hard_table(4)
    for card in table.human_cards[:3]:
        table.tap_card(card)
    done, _ = drive(table.confirm_pass_steps(), between=once(lambda: table.tap_card(table.human_cards[0])))
    assert done is False
    assert table.hand.passed == [None, None, None, None] and table.hand.phase == "pass"


def bot_to_choose(table: Table) -> None:
    """Play on (first legal cards, straight on the hand) to a bot with a real choice: two cards
    or more its search tells apart, so that it searches, in slices (the bots' passes, searched
    for a time, differ by the machine's speed, and with them the hands from here)."""
    hand = table.hand
    while not (table.ai_due() and len(_searched_cards(table)) >= 2):
        hand.play(hand.legal()[0])


def _searched_cards(table: Table) -> list[int]:
    view = table.hand.view(table.hand.turn)
    on_table = sum(1 << card for card in view.current_trick.cards)
    return candidate_cards(view.legal_mask, knowledge_of(view).unseen | on_table)


def test_a_sliced_bot_play_plays_and_is_dropped_after_a_new_game():
    table = hard_table(5)
    table.bots.limits = CAPPED
    pass_first_three(table)
    bot_to_choose(table)
    seat, before = table.hand.turn, len(table.hand.plays)
    played, yielded = drive(table.bots.ai_step_steps())
    assert yielded > 0 and played["seat"] == seat and len(table.hand.plays) == before + 1
    table.collect()
    bot_to_choose(table)

    def new_game():
        table.request_new_game()
        table.confirm_new_game(seed=77)

    done, yielded = drive(table.bots.ai_step_steps(), between=once(new_game))
    assert yielded > 0 and done is None
    assert table.match.seed == 77 and table.hand.plays == ()


def test_a_hint_is_dropped_if_you_played_while_it_was_thought_of():
    table = hard_table(6)
    table.bots.limits = CAPPED  # the bots' passes, and so the position, are the same on any machine
    pass_first_three(table)
    hand = table.hand
    while not (table.your_turn() and len(hand.legal()) >= 3):  # a real choice to think over
        hand.play(hand.legal()[0])
    card = hand.legal()[0]

    def play():
        table.tap_card(card)
        table.tap_card(card)

    done, yielded = drive(table.hint_steps(), between=once(play))
    assert yielded > 0 and done is False
    assert card in table.hand.plays and table.selection == [] and table.message is None


def test_a_sliced_hint_selects_three_cards_to_pass_with_a_reason():
    table = hard_table(8)
    done, yielded = drive(table.hint_steps())
    assert done is True and yielded > 0
    assert len(table.selection) == 3 and set(table.selection) <= set(table.human_cards) and table.message


def slices(count: int, closed: list[bool]):
    """Steps that pause ``count`` times and return "done"; ``closed`` records a close()."""
    try:
        for _ in range(count):
            yield None
        return "done"
    except GeneratorExit:
        closed.append(True)
        raise


def test_pause_before_end_adds_one_pause_before_a_sliced_result_only():
    assert drive(pause_before_end(slices(0, []))) == ("done", 0), "an answer in one slice stays in the tap"
    assert drive(pause_before_end(slices(1, []))) == ("done", 2)
    assert drive(pause_before_end(slices(3, []))) == ("done", 4)


def test_stopping_the_paused_steps_stops_the_work_inside():
    closed: list[bool] = []
    steps = pause_before_end(slices(3, closed))
    next(steps)
    steps.close()
    assert closed == [True]


def test_a_search_begun_early_plays_the_card_of_a_search_begun_at_the_turn():
    """The next bot's view is complete once the card before it is played, so the page may run
    its search while that card animates or a finished trick is shown (``think_ahead``); the
    bot then plays what the same search, started at its turn with the same seed and budget,
    chooses (the sample cap ends every search here, so both do exactly the same work)."""
    table = hard_table(9)
    table.bots.limits = Limits(budget=30.0, pass_budget=30.0, max_samples=24, slice_seconds=0.0)
    pass_first_three(table)
    hand = table.hand
    while not (hand.turn != 0 and not hand.current_trick.cards and len(hand.legal()) >= 3 and hand.tricks):
        hand.play(hand.legal()[0])
    table.collecting = True  # the trick just won is still shown: the bots wait, and may think
    seat = hand.turn
    assert seat is not None
    at_turn = bot("hard", seed=table.bots.bot_seed(seat), limits=table.bots.limits).choose_play(table.match.view(seat))
    thought = 0
    while thought < 5 and table.bots.think_ahead():
        thought += 1
    assert thought == 5 and not table.ai_due(), "five slices thought ahead while the trick is shown"
    table.collect()
    played, _ = drive(table.bots.ai_step_steps())
    assert played["seat"] == seat and played["card"] == str(at_turn)


def test_thinking_ahead_to_the_end_leaves_nothing_to_do_at_the_turn():
    table = hard_table(10)
    table.bots.limits = Limits(budget=30.0, pass_budget=30.0, max_samples=12)
    pass_first_three(table)
    bot_to_choose(table)
    while table.bots.think_ahead():
        pass
    played, yielded = drive(table.bots.ai_step_steps())
    assert yielded == 0 and played is not None


def test_a_search_begun_ahead_is_not_taken_for_the_same_position_of_a_new_game():
    table = hard_table(11)
    table.bots.limits = CAPPED
    pass_first_three(table)
    bot_to_choose(table)
    assert table.bots.think_ahead()
    begun = table.bots.ahead
    table.request_new_game()
    table.confirm_new_game(seed=11)  # the same deal, played to the same position
    pass_first_three(table)
    bot_to_choose(table)
    assert table.bots.think_ahead() and table.bots.ahead is not begun


def test_passes_searched_while_you_choose_are_those_a_search_at_your_pass_makes():
    """The bots' views at the pass are complete once the cards are dealt, so the page searches
    their passes while you choose yours (``think_ahead`` in the pass phase); your pass then finds
    them done, and they are the passes the same searches make when begun at your pass (the
    sample cap ends every search here, so both do the same work)."""
    limits = CAPPED
    ahead, at_pass = hard_table(12), hard_table(12)
    ahead.bots.limits = at_pass.bots.limits = limits
    slices = 0
    while ahead.bots.think_ahead():
        slices += 1
    assert slices >= 3, "a slice at least for each bot's pass"
    for table in (ahead, at_pass):
        for card in table.human_cards[:3]:
            table.tap_card(card)
    done, yielded = drive(ahead.confirm_pass_steps())
    assert done is True and yielded == 0, "nothing is left to search at your pass"
    assert drive(at_pass.confirm_pass_steps())[0] is True
    assert ahead.hand.passed == at_pass.hand.passed


def choose_three(table: Table) -> None:
    for card in table.human_cards[:3]:
        table.tap_card(card)


def test_the_bots_passes_search_longer_the_longer_you_choose(monkeypatch):
    """In the page the bots' passes search while you choose, a slice of each in turn, up to the
    page's pass budget (here 3 s); your pass cuts every one still searching to the default
    budget. So a quick pass waits for exactly what searches with the default budget would still
    need, and a slow one finds the longer searches done. The clocks are fake (each reading moves
    one 10 ms), so the searches repeat exactly."""

    def pass_after(slices: int | None, pass_budget: float) -> tuple[Table, float, float]:
        """Your pass after ``slices`` slices of the bots' searches (None: all they want), with
        ``pass_budget`` as the page's; returns the table and the clock at and after your pass."""
        clock = FakeClock(0.01)
        limits = Limits(pass_budget=pass_budget, pass_samples=100_000, slice_seconds=0.05, clock=clock)
        monkeypatch.setattr(hearts.ai, "page_pass_limits", lambda: limits)
        table = hard_table(15)
        while (slices is None or slices > 0) and table.bots.think_ahead():
            slices = None if slices is None else slices - 1
        assert sorted(table.bots.passes().searches) == [1, 2, 3], "a slice of each bot's pass in turn"
        choose_three(table)
        passed_at = clock.now
        assert drive(table.confirm_pass_steps())[0] is True
        return table, passed_at, clock.now

    default, _, default_done = pass_after(6, DEFAULT_PASS_BUDGET)
    quick, _, quick_done = pass_after(6, 3.0)
    assert quick_done == default_done, "a quick pass waits as long as for the default's searches"
    assert quick.hand.passed == default.hand.passed
    _, passed_at, slow_done = pass_after(None, 3.0)
    assert passed_at > 3 * 3.0, "the bots searched their whole budget while you chose"
    assert slow_done == passed_at, "and nothing was left to search at your pass"


def test_the_page_lets_the_bots_passes_search_past_the_default_while_you_choose(monkeypatch):
    searched: list[Limits] = []

    def spy(view, rng, limits):
        searched.append(limits)
        return search_pass_steps(view, rng, limits)

    monkeypatch.setattr(hearts.ai.bots, "search_pass_steps", spy)
    table = hard_table(16)
    for _ in range(3):
        table.bots.think_ahead()
    assert len(searched) == 3 and all(limits.cutoff is table.bots.passes().cutoff for limits in searched)
    assert {(limits.pass_budget, limits.pass_samples) for limits in searched} == {(PAGE_PASS_BUDGET, PAGE_PASS_SAMPLES)}
    assert PAGE_PASS_BUDGET > DEFAULT_PASS_BUDGET


def test_a_pass_is_not_searched_ahead_while_a_panel_covers_the_table():
    table = hard_table(13)
    table.bots.limits = CAPPED
    assert table.covers.show_rules()
    assert table.blocked() and not table.bots.think_ahead()


def test_a_pass_searched_ahead_is_not_taken_for_the_same_deal_in_a_new_game():
    table = hard_table(14)
    table.bots.limits = CAPPED
    assert table.bots.think_ahead()
    begun = table.bots.passes_ahead
    table.request_new_game()
    table.confirm_new_game(seed=14)
    assert table.bots.think_ahead() and table.bots.passes_ahead is not begun


def test_a_play_may_be_searched_as_long_as_the_pause_before_it_allows():
    """The page searches the next bot's play in the pause before its card (think_ahead), so
    Hard may take about that long, within bounds; a quick pace leaves the default."""
    table = hard_table(15)
    budgets = []
    for pause in (0.0, 0.3, 0.65, 3.0):
        table.bots.pause_seconds = pause
        budgets.append(table.bots.play_limits().budget)
    assert budgets[0] == DEFAULT_BUDGET and budgets[-1] == PAGE_BUDGET_CAP
    assert DEFAULT_BUDGET < budgets[1] < budgets[2] < PAGE_BUDGET_CAP
    table.bots.limits = fixed = Limits(budget=30.0)
    assert table.bots.play_limits() is fixed, "the tests' limits stand"


def a_bot_to_lead_after_a_trick(table: Table) -> int:
    """Play ``table``'s hand on (the cards no matter) until a bot has won a trick and the trick
    is still shown; return that bot's seat."""
    pass_first_three(table)
    hand = table.hand
    while not (hand.turn != 0 and not hand.current_trick.cards and hand.tricks):
        hand.play(hand.legal()[0])
    table.collecting = True
    assert hand.turn is not None
    return hand.turn


def test_a_tricks_leader_may_search_through_the_trick_shown_its_move_and_its_pause():
    """A trick's winner leads next, and its view is complete from the trick's last card: its
    search may use the trick shown, the trick's move to it and its own pause (at the default
    pace 1.87 s, three times a follower's 0.65 s)."""
    table = hard_table(17)
    a_bot_to_lead_after_a_trick(table)
    medium = pacing("medium")
    shown = table.bots.next_wait()
    assert shown == Wait("collect", medium.trick_shown)
    assert table.bots.wait_until_card(shown) == medium.trick_shown + medium.collect_move + medium.ai_delay == 1870
    table.sweeping = True
    assert table.bots.wait_until_card(table.bots.next_wait()) == medium.collect_move + medium.ai_delay
    table.collect()
    assert table.bots.wait_until_card(table.bots.next_wait()) == medium.ai_delay
    table.bots.pause_seconds = 1.87
    assert table.bots.play_limits().budget == pytest.approx(0.75 * 1.87)
    table.fast_forward()
    table.collecting, table.sweeping = True, False
    assert table.bots.wait_until_card(table.bots.next_wait()) == (
        FAST_FORWARD.trick_shown + medium.collect_move + FAST_FORWARD.ai_delay
    )


def test_no_card_is_waited_for_when_you_lead_or_play_next():
    table = hard_table(18)
    pass_first_three(table)
    hand = table.hand
    # The Hard bots' passes depend on how far their timed search got, so the cards differ on a
    # loaded machine: you play high and the others low, so that you win a trick and lead the next.
    while not (hand.turn == 0 and hand.tricks and not hand.current_trick.cards):
        legal = hand.legal()
        hand.play(max(legal) if hand.turn == 0 else min(legal))
    table.collecting = True
    assert table.bots.next_wait() is not None and table.bots.wait_until_card(table.bots.next_wait()) == 0
    assert table.bots.wait_until_card(None) == 0


def test_fast_forward_cuts_a_long_search_begun_ahead_to_the_quick_paces_budget(monkeypatch):
    searched = []

    def spy(view, rng, limits):  # type: ignore[no-untyped-def]
        searched.append(limits)
        return search_play_steps(view, rng, limits)

    monkeypatch.setattr(hearts.ai.bots, "search_play_steps", spy)
    table = hard_table(19)
    a_bot_to_lead_after_a_trick(table)
    table.bots.pause_seconds = 1.87
    assert table.bots.think_ahead()
    cutoff = searched[-1].cutoff
    assert searched[-1].budget > DEFAULT_BUDGET and cutoff.seconds == float("inf")
    table.fast_forward()
    assert cutoff.seconds == DEFAULT_BUDGET
