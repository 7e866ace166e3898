"""The sliced search: the same choices as the whole search, bounded slices, and a budget that
counts only the time worked inside slices."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from hearts import Hand
from hearts.ai import LEVELS, Limits, bot, hint_pass, hint_pass_steps, hint_play, hint_play_steps
from hearts.ai.bots import Hard
from hearts.ai.search import search_play_steps
from hearts.ai.steps import Ahead, Cutoff, Steps, Stopwatch, run_steps
from hearts.game.deal import deal_hands

from ..slicing import FakeClock, drive

#: A sample cap far below what the budget allows: the work, hence the choice, does not depend
#: on the clock, so sliced and whole searches must agree exactly.
CAPPED = Limits(budget=60.0, pass_budget=60.0, max_samples=40, slice_seconds=0.002)


def middle_of_hand() -> Hand:
    """Nine cards into a hand played by Normal bots, whose plays Hard reads (so its playouts
    play Normal's cards: no seat is modelled, and the race runs long enough to slice)."""
    hand = Hand(deal_hands(11), "none")
    bots = [bot("normal", seed) for seed in range(4)]
    for _ in range(9):
        hand.play(bots[hand.turn].choose_play(hand.view(hand.turn)))
    return hand


@pytest.mark.parametrize("level", LEVELS)
def test_sliced_choices_are_the_whole_choices(level: str) -> None:
    passing = Hand(deal_hands(5), "left")
    playing = middle_of_hand()
    seat = playing.turn
    whole_pass = bot(level, 3, CAPPED).choose_pass(passing.view(2))
    whole_play = bot(level, 3, CAPPED).choose_play(playing.view(seat))
    sliced_pass, _ = drive(bot(level, 3, CAPPED).choose_pass_steps(passing.view(2)))
    sliced_play, pauses = drive(bot(level, 3, CAPPED).choose_play_steps(playing.view(seat)))
    assert (sliced_pass, sliced_play) == (whole_pass, whole_play)
    assert (pauses > 0) == (level == "hard")  # Easy and Normal answer in one step


def test_a_sliced_search_with_modelled_seats_is_the_whole_search() -> None:
    """Every seat has played its highest card, which Normal would not: Hard's playouts draw
    those seats' cards from the fitted model, with each sample's own draws, so the slices cannot
    change them."""
    hand = Hand(deal_hands(11), "none")
    for _ in range(9):
        hand.play(hand.legal()[-1])
    view = hand.view(hand.turn)
    whole = bot("hard", 3, CAPPED).choose_play(view)
    sliced, pauses = drive(bot("hard", 3, CAPPED).choose_play_steps(view))
    assert sliced == whole and pauses > 0


def test_sliced_hints_are_the_whole_hints() -> None:
    passing = Hand(deal_hands(8), "right")
    playing = middle_of_hand()
    assert drive(hint_pass_steps(passing.view(1), CAPPED))[0] == hint_pass(passing.view(1), CAPPED)
    view = playing.view(playing.turn)
    card, reason = drive(hint_play_steps(view, CAPPED))[0]
    assert (card, reason) == hint_play(view, CAPPED) and card in view.legal and reason


#: A clock tick that binary floating point holds exactly (about a millisecond), so that sums and
#: differences of clock readings carry no rounding that could move a slice's end by a tick.
TICK = 2.0**-10


def test_each_slice_ends_once_its_time_is_used() -> None:
    clock = FakeClock(tick=TICK)
    limits = Limits(budget=60.0, max_samples=60, clock=clock, slice_seconds=10 * TICK)
    view = middle_of_hand().view(middle_of_hand().turn)
    steps = search_play_steps(view, Hard(1).rng_for(view), limits)
    slices = []
    while True:
        start = clock.now
        try:
            next(steps)
        except StopIteration:
            break
        slices.append(clock.now - start)
    # A slice stops at the first check past 10 ticks; each playout reads the clock twice.
    assert len(slices) > 3 and max(slices) <= 13 * TICK


def test_the_budget_counts_only_time_inside_slices() -> None:
    view = middle_of_hand().view(middle_of_hand().turn)

    def search(between: Callable[[FakeClock], None]) -> tuple[Any, int]:
        clock = FakeClock(tick=TICK)
        limits = Limits(budget=150 * TICK, max_samples=10_000, clock=clock, slice_seconds=10 * TICK)
        return drive(search_play_steps(view, Hard(1).rng_for(view), limits), lambda: between(clock))

    def away(clock: FakeClock) -> None:
        clock.now += 128.0  # the page draws, animates, handles taps: not the search's time

    whole, _ = search(lambda clock: None)
    sliced, pauses = search(away)
    assert pauses > 3
    assert sliced == whole and whole.samples < 10_000  # the budget, not the cap, stopped both


def test_a_stopwatch_adds_up_its_slices() -> None:
    clock = FakeClock(tick=0.0)
    watch = Stopwatch(clock, slice_seconds=1.0)
    clock.now += 0.4
    assert not watch.slice_over()
    watch.pause()
    clock.now += 50.0
    watch.resume()
    clock.now += 0.7
    assert watch.elapsed() == pytest.approx(1.1) and not watch.slice_over()
    clock.now += 0.3
    assert watch.slice_over()


def test_a_cutoff_shortens_every_budget_its_stopwatches_judge() -> None:
    clock = FakeClock(tick=0.0)
    cutoff = Cutoff()
    first, second = Stopwatch(clock, cutoff=cutoff), Stopwatch(clock, cutoff=cutoff)
    clock.now += 2.0
    assert not first.over(5.0) and not second.over(5.0)
    cutoff.cut(1.5)
    assert first.over(5.0) and second.over(5.0), "both are past the cut"
    cutoff.cut(3.0)
    assert cutoff.seconds == 1.5, "a cut never lengthens the budget"
    assert not Stopwatch(clock).over(5.0), "a stopwatch without a cutoff keeps its budget"


def test_a_search_cut_short_while_it_runs_stops_at_the_cut() -> None:
    """The page lets the bots' passes search while you choose and cuts them when you pass: the
    pass search then stops at the cut, as a search with that budget would have."""
    view = Hand(deal_hands(17), "left").view(1)
    cutoff = Cutoff()
    clock = FakeClock(tick=0.001)
    long = Limits(pass_budget=60.0, max_samples=100_000, slice_seconds=0.05, clock=clock, cutoff=cutoff)
    steps = Hard(5, long).choose_pass_steps(view)
    for _ in range(3):
        next(steps)
    cutoff.cut(0.3)
    cut, more = drive(steps)
    reference_clock = FakeClock(tick=0.001)
    short = Limits(pass_budget=0.3, max_samples=100_000, slice_seconds=0.05, clock=reference_clock)
    assert (cut, more + 3) == drive(Hard(5, short).choose_pass_steps(view))
    assert clock.now == reference_clock.now


def test_run_steps_returns_the_result() -> None:
    def steps() -> Steps[int]:
        yield None
        yield None
        return 7

    assert run_steps(steps()) == 7


def test_steps_run_ahead_then_finished_give_the_answer_of_steps_run_at_once() -> None:
    hand = middle_of_hand()
    view = hand.view(hand.turn)
    limits = Limits(budget=30.0, pass_budget=30.0, max_samples=16, slice_seconds=0.0)
    at_once = bot("hard", seed=4, limits=limits).choose_play(view)
    ahead = Ahead(bot("hard", seed=4, limits=limits).choose_play_steps(view))
    assert not ahead.advance() and not ahead.done
    assert run_steps(ahead.finish_steps()) == at_once and ahead.done
    assert ahead.advance() and run_steps(ahead.finish_steps()) == at_once  # done stays done
