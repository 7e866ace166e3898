"""Hard: determinized search. Sample the hidden cards (consistently with the voids shown, the
cards passed and, in a seat's posterior share of the samples, what its plays say:
:mod:`hearts.ai.play_samples`), play each candidate out with the greedy policies (a seat not
taken to play Normal's way plays the fitted model of :mod:`hearts.ai.fitted`), and keep the
candidate with the lowest expected score
(or, near the end of a game, the lowest expected game loss: see :mod:`hearts.ai.objective`).

The same samples serve every candidate (common random numbers: the differences between
candidates are then far less noisy than their separate averages), equivalent cards are
evaluated once, and a budget on a clock (wall time by default) bounds the time. The sample cap,
not the clock, decides how much work is done on a fast machine, so results repeat exactly;
on a slow one the budget cuts the search short instead of the player's patience.

Each search is a generator of steps (``search_play_steps``, ``search_pass_steps``; see
:mod:`hearts.ai.steps`) that pauses every few tens of milliseconds so a page can stay
responsive; the budget counts only the time worked inside those slices. ``search_play`` and
``search_pass`` run the same steps to the end.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from random import Random

from ..game.cards import FULL_DECK, QUEEN_OF_SPADES
from ..game.fastplay import PlayState
from ..game.view import View
from .consistency import past_plays
from .inference import read_plays
from .knowledge import Knowledge, knowledge_of, moon_threat, queen_taken
from .normal import normal_play
from .objective import objective_for
from .pass_model import model_shortlist
from .passing import best_pass, pass_shortlist
from .play_samples import Sample, sample_maker
from .playout import play_out, shown_voids
from .racing import Entry, race_steps
from .steps import DEFAULT_SLICE, Cutoff, Steps, Stopwatch, run_steps

#: Default search limits: a play answers in about a fifth of a second on CPython here; the pass,
#: once a hand and worth more, may take longer.
DEFAULT_BUDGET = 0.2
DEFAULT_PASS_BUDGET = 0.45
DEFAULT_MAX_SAMPLES = 200
#: In the page a play's search may take as long as the wait before the bot's card allows,
#: since it runs in that wait (hearts.table.bot_turns.BotTurns.think_ahead: a trick's leader from
#: the trick's last card, through the trick shown and its pause, 1.87 s at the default pace), up
#: to this many seconds...
PAGE_BUDGET_CAP = 1.5
#: ...filling this share of the pause: between slices the page paints and the browser idles.
PAUSE_SHARE = 0.75
#: In the page the bots' passes are searched while you choose yours (BotTurns.think_ahead), so they
#: may go on for as long as you take, up to this budget and sample cap; your pass cuts them to
#: the default budget (a :class:`Cutoff`), so that a quick player waits no longer for them.
#: Four seconds each: on a phone, where Python runs about 8x slower than CPython, a player who
#: takes twelve seconds over the pass gives each bot about 0.5 s of CPython's search, enough for
#: most to reach the sample cap as on a desktop (docs/log/ai-2026-12-05.md, session 37).
PAGE_PASS_BUDGET = 4.0
PAGE_PASS_SAMPLES = 400
#: A shoot line is taken only if at least this share of the samples reach the moon.
MOON_CONFIDENCE = 0.5
#: Evaluate a moon line only with a hand this strong (cards J or higher) or points already in.
_SHOOT_HIGH_CARDS = 6
_SHOOT_POINTS = 4
#: How many shortlisted passes the sampling compares (the default of ``Limits.pass_candidates``):
#: sixteen, not eight, in the same budget gave up less to a converged pass search
#: (``lab.search_regret --passes``; docs/log/ai-2026-12-04.md, sessions 28-29).
PASS_SHORTLIST = 16


@dataclass(frozen=True)
class Limits:
    """How much Hard may think: seconds per play and per pass, and a sample cap.

    ``clock`` measures the seconds: wall time for a player waiting; the arena can pass
    :func:`time.process_time` so that other programs on a shared machine do not weaken Hard.
    ``slice_seconds`` is how long a sliced search works before it pauses (same clock).
    ``play_for_game`` False makes Hard ignore the match totals and value every hand by its
    points alone, as on a lone hand (:mod:`hearts.ai.objective`): the arena's comparison.
    ``pass_candidates`` is how many passes of a shortlist the pass search races, on at most
    ``pass_samples`` samples (None: ``max_samples``, the plays' cap): the learned pass model's
    shortlist (:mod:`hearts.ai.pass_model`), or the static heuristic's if ``pass_model`` is False
    (the arena's ``--no-pass-model``).
    ``cutoff``, if given, may shorten the budgets while the search runs (:class:`Cutoff`).
    ``lead_budget``, if given, replaces ``budget`` for a play that leads a trick: the page
    searches a trick's leader while the finished trick is shown as well as in its pause
    (:func:`page_play_budget`), so the arena gives leads their own budget to play the page's Hard.
    """

    budget: float = DEFAULT_BUDGET
    pass_budget: float = DEFAULT_PASS_BUDGET
    max_samples: int = DEFAULT_MAX_SAMPLES
    clock: Callable[[], float] = time.perf_counter
    slice_seconds: float = DEFAULT_SLICE
    play_for_game: bool = True
    pass_candidates: int = PASS_SHORTLIST
    pass_samples: int | None = None
    cutoff: Cutoff | None = None
    lead_budget: float | None = None
    pass_model: bool = True

    def play_budget(self, leads: bool) -> float:
        """Seconds for a play: ``lead_budget`` for a lead if given, else ``budget``."""
        return self.lead_budget if leads and self.lead_budget is not None else self.budget

    def stopwatch(self) -> Stopwatch:
        """A stopwatch for one search, started now."""
        return Stopwatch(self.clock, self.slice_seconds, self.cutoff)


def page_play_budget(pause_seconds: float) -> float:
    """Seconds Hard may search a play in the page when the page waits ``pause_seconds`` before
    the bot's card (its pause; for a trick's leader also the finished trick shown): a search run
    ahead in that wait then keeps the player waiting no longer, however slow the device (the
    budget is wall time). Never less than the default, so a quick pace (快进, the tests'
    ``?pace=0``) plays as before.

    >>> [round(page_play_budget(pause), 3) for pause in (0.0, 0.6, 1.87, 3.0)]
    [0.2, 0.45, 1.403, 1.5]
    """
    return min(PAGE_BUDGET_CAP, max(DEFAULT_BUDGET, PAUSE_SHARE * pause_seconds))


def page_pass_limits() -> Limits:
    """A bot's pass search in the page, run while you choose yours: up to :data:`PAGE_PASS_BUDGET`
    (the page gives it a :class:`Cutoff` and cuts it to :data:`DEFAULT_PASS_BUDGET` when you pass)."""
    return Limits(pass_budget=PAGE_PASS_BUDGET, pass_samples=PAGE_PASS_SAMPLES)


@dataclass(frozen=True)
class PlayChoice:
    """A searched play: the card, and what the search saw (for hints and tests)."""

    card: int
    expected: float
    shooting: bool
    samples: int
    #: Every candidate's playout results, keyed (shoot line, card); empty when the play was
    #: forced. A review (:mod:`hearts.ai.verdicts`) compares the card played against the choice.
    entries: Mapping[tuple[bool, int], Entry] = field(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class PassChoice:
    """A searched pass: the three cards, and every pass compared (empty when there was no choice)."""

    cards: tuple[int, int, int]
    entries: Mapping[tuple[int, int, int], Entry] = field(default_factory=dict, compare=False, repr=False)


def candidate_cards(legal: int, outside: int) -> list[int]:
    """One card per group of equivalent legal cards.

    Two cards of a suit are equivalent when no card of ``outside`` lies between them: they then
    win and lose exactly the same tricks. ``outside`` must hold every card still held by another
    seat *and the cards on the table in the current trick*: with ♥5 on the table, ♥4 ducks and
    ♥6 wins, though nobody holds a card between them. Q♠ is never grouped, since it carries
    points. The highest card of each group represents it.
    """
    candidates: list[int] = []
    previous = -1
    bits = legal
    while bits:
        low = bits & -bits
        card = low.bit_length() - 1
        bits ^= low
        between = outside & (low - 1) & ~((2 << previous) - 1) if previous >= 0 else 0
        if previous >= 0 and previous // 13 == card // 13 and not between and QUEEN_OF_SPADES not in (card, previous):
            candidates[-1] = card
        else:
            candidates.append(card)
        previous = card
    return candidates


def search_play(view: View, rng: Random, limits: Limits) -> PlayChoice:
    """Hard's play, searched without pausing (:func:`search_play_steps` run to the end)."""
    return run_steps(search_play_steps(view, rng, limits))


def _moon_seats(view: View, readable: Sequence[bool]) -> tuple[int | None, int]:
    """The seat on its way to the moon (or None), and as a seat mask the seats that may shoot in
    the playouts."""
    me = view.seat
    # In the playouts only a seat already on its way to the moon may play for it, and only if it
    # has stopped playing Normal's way (Normal never shoots).
    threat = moon_threat(view.points, queen_taken(view))
    shooters = 1 << threat if threat is not None and threat != me and not readable[threat] else 0
    return threat, shooters


def search_play_steps(view: View, rng: Random, limits: Limits, keep: int | None = None) -> Steps[PlayChoice]:
    """Hard's play: the candidate with the lowest mean score over sampled playouts (sliced).

    ``keep``, a legal card, is never pruned from the race (in any line), so that its estimate
    rests on as many samples as the choice's; a review passes the card the player played.
    """
    watch = limits.stopwatch()
    knowledge = knowledge_of(view)
    candidates = candidate_cards(view.legal_mask, knowledge.unseen | _mask(view.current_trick.cards))
    if len(candidates) == 1:
        return PlayChoice(candidates[0], 0.0, False, 0)
    prior = representative(normal_play(view), candidates)
    candidates.sort(key=lambda card: card != prior)  # ties go to the heuristic's card
    # The representative among the candidates in card order (the prior now comes first).
    kept = None if keep is None else representative(keep, sorted(candidates))
    lines = [False, True] if _may_shoot(view) else [False]
    keys = [(line, card) for line in lines for card in candidates]
    me, trick = view.seat, view.current_trick
    readings = read_plays(view)
    value = objective_for(me, view.totals if limits.play_for_game else None)
    history = past_plays(view, readings.readable)
    threat, shooters = _moon_seats(view, readings.readable)

    new_sample = sample_maker(view, knowledge, readings, history, rng)
    shown_after = _voids_after(view, knowledge, candidates)

    def evaluate(sample: Sample, key: tuple[bool, int]) -> tuple[float, bool]:
        base, draws, modelled = sample
        state = base.copy()
        state.play(key[1])
        points = play_out(state, me, key[0], shown_after[key[1]], shooters, modelled, draws)
        return value(points), points[me] == 26

    budget, line_of, is_kept = limits.play_budget(not trick.cards), (lambda key: key[0]), (lambda key: key[1] == kept)
    alive, entries = yield from race_steps(
        keys, new_sample, evaluate, watch, budget, limits.max_samples, line_of, is_kept
    )
    choice = _chosen(alive, entries, committed=threat == me)
    return PlayChoice(choice[1], entries[choice].mean, choice[0], len(entries[choice].scores), entries)


def _voids_after(view: View, knowledge: Knowledge, candidates: list[int]) -> dict[int, tuple[int, ...]]:
    """The voids every seat has shown once the seat to play has played each candidate (a card
    off the suit led shows it void there)."""
    shown = shown_voids(view, knowledge)
    trick, me = view.current_trick, view.seat
    led = trick.cards[0] // 13 if trick.cards else None
    return {
        card: shown
        if led is None or card // 13 == led
        else tuple(mask | (1 << led if seat == me else 0) for seat, mask in enumerate(shown))
        for card in candidates
    }


def _chosen(
    alive: Iterable[tuple[bool, int]], entries: Mapping[tuple[bool, int], Entry], committed: bool
) -> tuple[bool, int]:
    """The (shoot line, card) the race chose: the best duck, unless the best shoot scores better
    and the playouts shot the moon often enough with it (or the seat is on its way already)."""
    duck = min((key for key in alive if not key[0]), key=lambda key: entries[key].mean)
    shoots = [key for key in alive if key[0]]
    if not shoots:
        return duck
    shoot = min(shoots, key=lambda key: entries[key].mean)
    confident = entries[shoot].moons >= MOON_CONFIDENCE * len(entries[shoot].scores)
    return shoot if (confident or committed) and entries[shoot].mean < entries[duck].mean else duck


def representative(card: int, candidates: list[int]) -> int:
    """The candidate standing for ``card``'s group: the first candidate at or above it in its suit."""
    for candidate in candidates:
        if candidate // 13 == card // 13 and candidate >= card:
            return candidate
    return card


def _may_shoot(view: View) -> bool:
    """Whether a moon is still possible for this seat and worth the time to evaluate."""
    mine = view.points[view.seat]
    if sum(view.points) != mine:
        return False
    high = sum(1 for card in view.hand if card % 13 >= 9)
    return mine >= _SHOOT_POINTS or high >= _SHOOT_HIGH_CARDS


def search_pass(view: View, rng: Random, limits: Limits) -> tuple[int, int, int]:
    """Hard's pass, searched without pausing (:func:`search_pass_steps` run to the end)."""
    return run_steps(search_pass_steps(view, rng, limits))


def search_pass_steps(view: View, rng: Random, limits: Limits) -> Steps[tuple[int, int, int]]:
    """Hard's pass: the learned model's shortlist, each pass checked by playing sampled deals out (sliced).

    In a sample the other seats' cards are dealt at random, they pass by the heuristic, and
    the whole hand is played out; the pass with the lowest mean score wins.
    """
    return (yield from pass_choice_steps(view, rng, limits)).cards


def pass_choice_steps(
    view: View, rng: Random, limits: Limits, keep: tuple[int, int, int] | None = None
) -> Steps[PassChoice]:
    """:func:`search_pass_steps` with every pass's results; ``keep`` (three cards of the hand,
    ascending) joins the race if the shortlist lacks it and is never pruned: a review passes
    the cards the player passed."""
    watch = limits.stopwatch()
    shortlist = (
        model_shortlist(view.hand_mask, view.pass_direction, limits.pass_candidates)
        if limits.pass_model and view.pass_target is not None
        else pass_shortlist(view.hand_mask, limits.pass_candidates)
    )
    if keep is not None and keep not in shortlist:
        shortlist.append(keep)
    if view.pass_target is None or len(shortlist) == 1:
        return PassChoice(shortlist[0])
    me = view.seat
    offset = (view.pass_target - me) % 4
    value = objective_for(me, view.totals if limits.play_for_game else None)

    def new_sample() -> tuple[list[int], list[int]]:
        dealt = _deal_others(view, rng)
        dealt[me] = view.hand_mask
        gifts = [_mask(best_pass(dealt[seat])) if seat != me else 0 for seat in range(4)]
        return dealt, gifts

    def evaluate(sample: tuple[list[int], list[int]], trio: tuple[int, int, int]) -> tuple[float, bool]:
        dealt, gifts = sample
        gifts = gifts[:]
        gifts[me] = _mask(trio)
        points = played_after_passing(dealt, gifts, offset, me)
        return value(points), points[me] == 26

    samples = limits.max_samples if limits.pass_samples is None else limits.pass_samples
    alive, entries = yield from race_steps(
        shortlist, new_sample, evaluate, watch, limits.pass_budget, samples, keep=lambda trio: trio == keep
    )
    return PassChoice(min(alive, key=lambda trio: entries[trio].mean), entries)


def played_after_passing(dealt: list[int], gifts: list[int], offset: int, me: int) -> list[int]:
    """The raw points of the hand ``dealt`` (masks by seat) once each seat has given its ``gifts``
    to the seat ``offset`` places on, played out from the first trick by the playouts' policies
    (``me`` playing Normal's way too): a sample of the pass search."""
    holdings = [dealt[seat] & ~gifts[seat] | gifts[(seat - offset) % 4] for seat in range(4)]
    leader = next(seat for seat in range(4) if holdings[seat] & 1)
    return play_out(PlayState(holdings, leader, (), True, False, (0, 0, 0, 0), 13), me, False)


def _deal_others(view: View, rng: Random) -> list[int]:
    """The 39 cards this seat cannot see, dealt 13 to each other seat."""
    rest = FULL_DECK ^ view.hand_mask
    cards = [card for card in range(52) if rest >> card & 1]
    rng.shuffle(cards)
    holdings = [0, 0, 0, 0]
    others = [seat for seat in range(4) if seat != view.seat]
    for index, card in enumerate(cards):
        holdings[others[index // 13]] |= 1 << card
    return holdings


def _mask(cards: tuple[int, ...] | list[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask
