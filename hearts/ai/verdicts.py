"""复盘's verdict: each of one seat's decisions in a finished hand, judged by Hard's search.

A decision (the pass, or one play) is judged from the seat's :class:`hearts.View` at that moment,
rebuilt by replaying the hand to that point (:func:`decisions`): exactly what a hint could have
known then, never the hidden cards. Hard's search runs on that view with the decision taken
kept in the race (:func:`hearts.ai.search.search_play_steps`'s ``keep``), so the card played and
Hard's choice are measured on the same sampled deals; the verdict is their expected points and
the difference. A decision that costs at least :data:`COST_THRESHOLD` points is flagged.

The verdict asks the hint's question: given the game before the hand (its finished hands,
``earlier`` of :func:`decisions`: their totals and tricks, as 「提示」 had them), the search
minimises what the hint minimises — the hand's points, or near 100 the game's expected loss
(:mod:`hearts.ai.objective`). Judged by the hand's points alone, a hint that took points to keep
someone else from ending the game would be marked as a blunder. A game verdict
(:attr:`Verdict.for_game`) speaks in shares of a lost game when it flags a decision, and says
how many of the hand's points a sound decision gave up for the game (:attr:`Verdict.given_up`,
from a second search by points alone). The search has no time budget, only a sample cap: the
same decision gives the same verdict on every machine, and the slices (:mod:`hearts.ai.steps`)
decide only when the page breathes, never the answer.

>>> from hearts import Hand, deal_hands
>>> hand = Hand(deal_hands(5), "none")
>>> judged = run_steps(verdict_steps(hand.view(hand.turn), hand.legal()[:1]))
>>> judged.kind, judged.taken, judged.cost, judged.flagged
('play', (Card('2C'),), 0.0, False)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..game.cards import DECK, Card, parse_card
from ..game.document import check_document, reading
from ..game.errors import SaveError
from ..game.hand import Hand
from ..game.match import game_before
from ..game.phase import HandPhase
from ..game.strings import Phrase, phrase
from ..game.view import View
from .bots import Bot
from .objective import GAME_LOSS, game_may_end
from .racing import Entry
from .search import DEFAULT_MAX_SAMPLES, Limits, pass_choice_steps, representative, search_play_steps
from .steps import Steps, run_steps

#: A decision that costs this many expected points or more is marked in the viewer.
COST_THRESHOLD = 1.0
#: Samples per decision, the hint's cap too. No clock budget: the verdict depends on the samples alone.
REVIEW_SAMPLES = DEFAULT_MAX_SAMPLES
REVIEW_LIMITS = Limits(budget=math.inf, pass_budget=math.inf, max_samples=REVIEW_SAMPLES)
#: The search's random numbers come from this seed, the hint's too, so a verdict and a hint asked
#: at the same moment start from the same samples.
REVIEW_SEED = 0
REVIEW_FORMAT = "hearts.review"
REVIEW_VERSION = 1
_DIGITS = 2  # expected points are kept to 1/100 point, so JSON reads back to the same verdict


@dataclass(frozen=True)
class Decision:
    """One decision of a seat: the view it had then, and the card(s) it chose.

    ``trick`` is 0 for the pass and the trick's number (1 … 13) for a play.
    """

    trick: int
    view: View
    taken: tuple[Card, ...]


@dataclass(frozen=True)
class Verdict:
    """Hard's judgement of one decision: the expected points of the cards taken and of the best
    cards (Hard's choice; the cards taken when nothing was better), on the same samples.

    ``for_game``: judged by the game's objective (near 100, as the hint plays): the expected
    values are then game costs, :data:`hearts.ai.objective.GAME_LOSS` a lost game, and
    ``given_up`` the hand points the decision cost against the best play for points alone."""

    kind: str  # "pass" or "play"
    trick: int
    taken: tuple[Card, ...]
    better: tuple[Card, ...]
    taken_expected: float
    best_expected: float
    samples: int
    for_game: bool = False
    given_up: float = 0.0

    @property
    def cost(self) -> float:
        """Expected points (or game cost) lost by this decision against the best one (never negative)."""
        return round(max(0.0, self.taken_expected - self.best_expected), _DIGITS)

    @property
    def game_share(self) -> float:
        """A game verdict's cost as a percentage of a lost game."""
        return 100.0 * self.cost / GAME_LOSS

    @property
    def flagged(self) -> bool:
        """Whether the viewer marks this decision as a mistake."""
        return self.cost >= COST_THRESHOLD

    def message(self) -> Phrase:
        """The verdict in words: what it cost and what was better, or that it was sound."""
        taken = _symbols(self.taken)
        if self.flagged and self.for_game:
            return phrase(
                f"review.{self.kind}.costly_game",
                cards=taken,
                share=f"{self.game_share:.0f}",
                better=_symbols(self.better),
            )
        if self.flagged:
            return phrase(
                f"review.{self.kind}.costly", cards=taken, cost=f"{self.cost:.1f}", better=_symbols(self.better)
            )
        if self.for_game and self.given_up >= COST_THRESHOLD:
            return phrase(f"review.{self.kind}.for_game", cards=taken, cost=f"{self.given_up:.1f}")
        return phrase(f"review.{self.kind}.sound", cards=taken)

    def to_dict(self) -> dict[str, Any]:
        game = {"for_game": True, "given_up": self.given_up} if self.for_game else {}
        return {
            "kind": self.kind,
            "trick": self.trick,
            "taken": [str(card) for card in self.taken],
            "better": [str(card) for card in self.better],
            "taken_expected": self.taken_expected,
            "best_expected": self.best_expected,
            "samples": self.samples,
            **game,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Verdict:
        """A verdict read back from :meth:`to_dict`; :class:`hearts.SaveError` if malformed."""
        with reading("a saved verdict"):
            kind, trick, samples = data["kind"], data["trick"], data["samples"]
            taken = tuple(parse_card(code) for code in data["taken"])
            better = tuple(parse_card(code) for code in data["better"])
            # A verdict saved before issue 53 has neither: it was judged by the hand's points.
            for_game, given_up = data.get("for_game", False), float(data.get("given_up", 0.0))
            expected = [float(data["taken_expected"]), float(data["best_expected"]), given_up]
            count = 3 if kind == "pass" else 1
            if (
                kind not in ("pass", "play")
                or type(trick) is not int
                or not 0 <= trick <= 13
                or (trick == 0) != (kind == "pass")
                or len(taken) != count
                or len(better) != count
                or type(samples) is not int
                or type(for_game) is not bool
                or given_up < 0
                or not all(math.isfinite(value) for value in expected)
            ):
                raise SaveError(f"a saved verdict is malformed: {data!r}")
        return cls(kind, trick, taken, better, expected[0], expected[1], samples, for_game, given_up)


@dataclass(frozen=True)
class HandReview:
    """The verdicts on one seat's decisions in one hand, in order (the pass first, if any)."""

    seat: int
    verdicts: tuple[Verdict, ...]

    @property
    def cost(self) -> float:
        """Expected points lost in the flagged decisions judged by points. Smaller differences
        are left out: the best of several noisy estimates is biased low, so they are mostly that bias."""
        return round(
            sum(verdict.cost for verdict in self.verdicts if verdict.flagged and not verdict.for_game), _DIGITS
        )

    @property
    def game_share(self) -> float:
        """The flagged game verdicts' cost, as a percentage of a lost game."""
        return sum(verdict.game_share for verdict in self.verdicts if verdict.flagged and verdict.for_game)

    def summary(self) -> Phrase:
        """The line under the hand: about how many points (or, near 100, how much of the game)
        its decisions lost, or none. A hand's verdicts share one objective: the totals it began with."""
        if any(verdict.flagged and not verdict.for_game for verdict in self.verdicts):
            return phrase("review.summary.costly", cost=str(round(self.cost)))
        if any(verdict.flagged for verdict in self.verdicts):
            return phrase("review.summary.costly_game", share=str(round(self.game_share)))
        return phrase("review.summary.sound")

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": REVIEW_FORMAT,
            "version": REVIEW_VERSION,
            "seat": self.seat,
            "verdicts": [verdict.to_dict() for verdict in self.verdicts],
        }

    @classmethod
    def from_dict(cls, data: Any) -> HandReview:
        """A hand's review read back from :meth:`to_dict` (kept with the saved game)."""
        check_document(data, REVIEW_FORMAT, REVIEW_VERSION, "a saved review")
        with reading("a saved review"):
            seat, saved = data["seat"], data["verdicts"]
            if type(seat) is not int or not 0 <= seat <= 3 or not isinstance(saved, list):
                raise SaveError("a saved review needs a seat 0-3 and a list of verdicts")
            return cls(seat, tuple(Verdict.from_dict(verdict) for verdict in saved))


def decisions(hand: Hand, seat: int, earlier: Sequence[Hand] | None = None) -> list[Decision]:
    """``seat``'s decisions in ``hand`` (finished or not), each with the view it had then.

    The hand is replayed from its deal, so each view is the one :meth:`hearts.Hand.view` gave
    at that moment; later plays and the other seats' cards are not in it. ``earlier``, the
    game's finished hands before this one (None: a lone hand), give each view the game's totals
    and earlier hands as :meth:`hearts.Match.view` gives them to 「提示」, so that the verdict
    judges by the hint's objective and reads the other seats as the hint did.
    """
    replay = Hand(hand.dealt, hand.pass_direction)
    found: list[Decision] = []
    given = hand.passed[seat]
    known, shown = (None, ()) if earlier is None else game_before(earlier)

    def view() -> View:
        return replace(replay.view(seat), totals=known, earlier_hands=shown)

    if replay.phase == HandPhase.PASS and given is not None:
        found.append(Decision(0, view(), tuple(sorted(given))))
    for giver, cards in enumerate(hand.passed):
        if cards is not None:
            replay.pass_cards(giver, cards)
    for card in hand.plays:
        if replay.turn == seat:
            found.append(Decision(len(replay.tricks) + 1, view(), (card,)))
        replay.play(card)
    return found


def verdict_steps(view: View, taken: Sequence[Card], limits: Limits = REVIEW_LIMITS) -> Steps[Verdict]:
    """The verdict on taking ``taken`` (3 cards in the pass phase, else 1) in ``view``, sliced:
    yields None between slices of about 30 ms, returns the :class:`Verdict`.

    With match totals in ``view`` that this hand may end the game with, the search judges by
    the game, as the hint plays (unless ``limits.play_for_game`` is False); a decision it finds
    sound is then searched again by the hand's points alone, for :attr:`Verdict.given_up`."""
    judged = yield from judged_steps(view, taken, limits)
    if not judges_for_game(view, limits):
        return judged
    judged = replace(judged, for_game=True)
    if judged.flagged:
        return judged
    by_points = yield from judged_steps(view, taken, replace(limits, play_for_game=False))
    return replace(judged, given_up=by_points.cost)


def judges_for_game(view: View, limits: Limits) -> bool:
    """Whether a decision in ``view`` is judged (and hinted) by the game's objective: near 100,
    unless ``limits.play_for_game`` is False."""
    return limits.play_for_game and view.totals is not None and game_may_end(view.totals)


def judged_steps(view: View, taken: Sequence[Card], limits: Limits) -> Steps[Verdict]:
    """One search of the decision, by the objective ``limits`` and ``view`` give (no second
    search by points: :func:`verdict_steps` adds that near 100; the hint calls this for it)."""
    rng = Bot(REVIEW_SEED).rng_for(view)
    if view.phase == HandPhase.PASS:
        trio = _trio(sorted(taken))
        if len(set(trio)) != 3 or any(not view.hand_mask >> card & 1 for card in trio):
            raise ValueError(f"{_symbols(tuple(DECK[card] for card in trio))} is not a pass from this hand")
        passed = yield from pass_choice_steps(view, rng, limits, keep=trio)
        return _judged("pass", 0, trio, passed.cards, passed.entries)
    if len(taken) != 1 or not view.legal_mask >> taken[0] & 1:
        raise ValueError(f"{_symbols(tuple(DECK[card] for card in taken))} is not one legal card in this view")
    card = DECK[taken[0]]
    choice = yield from search_play_steps(view, rng, limits, keep=card)
    trick = len(view.tricks) + 1
    if not choice.entries:  # one candidate: the play was forced (or all cards equivalent)
        return Verdict("play", trick, (card,), (card,), 0.0, 0.0, 0)
    candidates = sorted({key[1] for key in choice.entries})
    played = representative(card, candidates)
    # The card played is judged in its better line: a hint that went for the moon with it (on
    # fewer samples, its race having ended sooner) is measured as a moon attempt, not a duck.
    lines = [line for line in (choice.shooting, not choice.shooting) if (line, played) in choice.entries]
    taken_line = min(lines, key=lambda line: choice.entries[(line, played)].mean)
    return _judged("play", trick, (taken_line, played), (choice.shooting, choice.card), choice.entries, (card,))


def verdict(view: View, taken: Sequence[Card], limits: Limits = REVIEW_LIMITS) -> Verdict:
    """:func:`verdict_steps` run to the end."""
    return run_steps(verdict_steps(view, taken, limits))


def review_steps(
    hand: Hand,
    seat: int,
    limits: Limits = REVIEW_LIMITS,
    ready: Callable[[Verdict], None] | None = None,
    earlier: Sequence[Hand] | None = None,
) -> Steps[HandReview]:
    """Every verdict on ``seat``'s decisions in ``hand``, sliced; ``ready`` is told each verdict
    as soon as it is known, so a viewer can show it while the rest are worked out. It also
    pauses after each decision, so no slice spans two searches."""
    verdicts = []
    for decision in decisions(hand, seat, earlier):
        judged = yield from verdict_steps(decision.view, decision.taken, limits)
        verdicts.append(judged)
        if ready is not None:
            ready(judged)
        yield None
    return HandReview(seat, tuple(verdicts))


def review_hand(
    hand: Hand, seat: int, limits: Limits = REVIEW_LIMITS, earlier: Sequence[Hand] | None = None
) -> HandReview:
    """:func:`review_steps` run to the end (``earlier``: the game's hands before this one, if known)."""
    return run_steps(review_steps(hand, seat, limits, earlier=earlier))


def _judged(
    kind: str, trick: int, taken_key: Any, best_key: Any, entries: Any, taken: tuple[Card, ...] | None = None
) -> Verdict:
    """The verdict from the race's results: both keys' means over the samples they share (the
    race gives every candidate the same samples, in order, for as long as it runs)."""
    best_cards = best_key if kind == "pass" else (best_key[1],)
    shown = taken if taken is not None else tuple(DECK[card] for card in taken_key)
    better = tuple(DECK[card] for card in best_cards)
    if taken_key == best_key or not entries:
        mean = entries[best_key].mean if entries else 0.0
        samples = len(entries[best_key].scores) if entries else 0
        return Verdict(kind, trick, shown, shown, round(mean, _DIGITS), round(mean, _DIGITS), samples)
    mine: Entry = entries[taken_key]
    best: Entry = entries[best_key]
    shared = min(len(mine.scores), len(best.scores))
    taken_mean = sum(mine.scores[:shared]) / shared
    best_mean = sum(best.scores[:shared]) / shared
    if taken_mean <= best_mean:  # on these samples the decision taken was as good: nothing better
        better = shown
    return Verdict(kind, trick, shown, better, round(taken_mean, _DIGITS), round(best_mean, _DIGITS), shared)


def _trio(cards: Sequence[int]) -> tuple[int, int, int]:
    if len(cards) != 3:
        raise ValueError(f"a pass is 3 cards, got {len(cards)}")
    return int(cards[0]), int(cards[1]), int(cards[2])


def _symbols(cards: tuple[Card, ...]) -> tuple[str, ...]:
    return tuple(card.symbol for card in cards)
