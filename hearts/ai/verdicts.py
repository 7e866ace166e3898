"""复盘's verdict: each of one seat's decisions in a finished hand, judged by Hard's search.

A decision (the pass, or one play) is judged from the seat's :class:`hearts.View` at that moment,
rebuilt by replaying the hand to that point (:func:`decisions`): exactly what a hint could have
known then, never the hidden cards. Hard's search runs on that view with the decision taken
kept in the race (:func:`hearts.ai.search.search_play_steps`'s ``keep``), so the card played and
Hard's choice are measured on the same sampled deals; the verdict is their expected points and
the difference. A decision that costs at least :data:`COST_THRESHOLD` points is flagged.

The verdict speaks in points, so the search minimises the hand's points even near the end of a
game (the view carries no match totals, as :meth:`hearts.Hand.view` gives it). The search has no
time budget, only a sample cap: the same decision gives the same verdict on every machine, and
the slices (:mod:`hearts.ai.steps`) decide only when the page breathes, never the answer.

>>> from hearts import Hand, deal_hands
>>> hand = Hand(deal_hands(5), "none")
>>> judged = run_steps(verdict_steps(hand.view(hand.turn), hand.legal()[:1]))
>>> judged.kind, judged.taken, judged.cost, judged.flagged
('play', (Card('2C'),), 0.0, False)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ..game.cards import DECK, Card, parse_card
from ..game.errors import SaveError
from ..game.document import check_document, reading
from ..game.hand import Hand
from ..game.phase import HandPhase
from ..game.strings import Phrase, phrase
from ..game.view import View
from .bots import Bot
from .hints import HINT_SEED
from .racing import Entry
from .search import Limits, pass_choice_steps, representative, search_play_steps
from .steps import Steps, run_steps

#: A decision that costs this many expected points or more is marked in the viewer.
COST_THRESHOLD = 1.0
#: Samples per decision. No clock budget: the verdict depends on the samples alone.
REVIEW_SAMPLES = 200
REVIEW_LIMITS = Limits(budget=math.inf, pass_budget=math.inf, max_samples=REVIEW_SAMPLES)
#: The search's random numbers come from the hint's seed, so a verdict and a hint asked at the
#: same moment start from the same samples.
REVIEW_SEED = HINT_SEED
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
    cards (Hard's choice; the cards taken when nothing was better), on the same samples."""

    kind: str  # "pass" or "play"
    trick: int
    taken: tuple[Card, ...]
    better: tuple[Card, ...]
    taken_expected: float
    best_expected: float
    samples: int

    @property
    def cost(self) -> float:
        """Expected points lost by this decision against the best one (never negative)."""
        return round(max(0.0, self.taken_expected - self.best_expected), _DIGITS)

    @property
    def flagged(self) -> bool:
        """Whether the viewer marks this decision as a mistake."""
        return self.cost >= COST_THRESHOLD

    def message(self) -> Phrase:
        """The verdict in words: what it cost and what was better, or that it was sound."""
        taken = _symbols(self.taken)
        if not self.flagged:
            return phrase(f"review.{self.kind}.sound", cards=taken)
        return phrase(f"review.{self.kind}.costly", cards=taken, cost=f"{self.cost:.1f}",
                      better=_symbols(self.better))

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "trick": self.trick, "taken": [str(card) for card in self.taken],
                "better": [str(card) for card in self.better], "taken_expected": self.taken_expected,
                "best_expected": self.best_expected, "samples": self.samples}

    @classmethod
    def from_dict(cls, data: Any) -> "Verdict":
        """A verdict read back from :meth:`to_dict`; :class:`hearts.SaveError` if malformed."""
        with reading("a saved verdict"):
            kind, trick, samples = data["kind"], data["trick"], data["samples"]
            taken = tuple(parse_card(code) for code in data["taken"])
            better = tuple(parse_card(code) for code in data["better"])
            expected = [float(data["taken_expected"]), float(data["best_expected"])]
            count = 3 if kind == "pass" else 1
            if (kind not in ("pass", "play") or type(trick) is not int or not 0 <= trick <= 13
                    or (trick == 0) != (kind == "pass") or len(taken) != count or len(better) != count
                    or type(samples) is not int or not all(math.isfinite(value) for value in expected)):
                raise SaveError(f"a saved verdict is malformed: {data!r}")
        return cls(kind, trick, taken, better, expected[0], expected[1], samples)


@dataclass(frozen=True)
class HandReview:
    """The verdicts on one seat's decisions in one hand, in order (the pass first, if any)."""

    seat: int
    verdicts: tuple[Verdict, ...]

    @property
    def cost(self) -> float:
        """Expected points lost in the flagged decisions. Smaller differences are left out: the
        best of several noisy estimates is biased low, so they are mostly that bias."""
        return round(sum(verdict.cost for verdict in self.verdicts if verdict.flagged), _DIGITS)

    def summary(self) -> Phrase:
        """The line under the hand: about how many points its decisions lost, or none."""
        if not any(verdict.flagged for verdict in self.verdicts):
            return phrase("review.summary.sound")
        return phrase("review.summary.costly", cost=str(round(self.cost)))

    def to_dict(self) -> dict[str, Any]:
        return {"format": REVIEW_FORMAT, "version": REVIEW_VERSION, "seat": self.seat,
                "verdicts": [verdict.to_dict() for verdict in self.verdicts]}

    @classmethod
    def from_dict(cls, data: Any) -> "HandReview":
        """A hand's review read back from :meth:`to_dict` (kept with the saved game)."""
        check_document(data, REVIEW_FORMAT, REVIEW_VERSION, "a saved review")
        with reading("a saved review"):
            seat, saved = data["seat"], data["verdicts"]
            if type(seat) is not int or not 0 <= seat <= 3 or not isinstance(saved, list):
                raise SaveError("a saved review needs a seat 0-3 and a list of verdicts")
            return cls(seat, tuple(Verdict.from_dict(verdict) for verdict in saved))


def decisions(hand: Hand, seat: int) -> list[Decision]:
    """``seat``'s decisions in ``hand`` (finished or not), each with the view it had then.

    The hand is replayed from its deal, so each view is the one :meth:`hearts.Hand.view` gave
    at that moment; later plays and the other seats' cards are not in it.
    """
    replay = Hand(hand.dealt, hand.pass_direction)
    found: list[Decision] = []
    given = hand.passed[seat]
    if replay.phase == HandPhase.PASS and given is not None:
        found.append(Decision(0, replay.view(seat), tuple(sorted(given))))
    for giver, cards in enumerate(hand.passed):
        if cards is not None:
            replay.pass_cards(giver, cards)
    for card in hand.plays:
        if replay.turn == seat:
            found.append(Decision(len(replay.tricks) + 1, replay.view(seat), (card,)))
        replay.play(card)
    return found


def verdict_steps(view: View, taken: Sequence[Card], limits: Limits = REVIEW_LIMITS) -> Steps[Verdict]:
    """The verdict on taking ``taken`` (3 cards in the pass phase, else 1) in ``view``, sliced:
    yields None between slices of about 30 ms, returns the :class:`Verdict`."""
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
    line = choice.shooting
    return _judged("play", trick, (line, representative(card, candidates)), (line, choice.card),
                   choice.entries, (card,))


def verdict(view: View, taken: Sequence[Card], limits: Limits = REVIEW_LIMITS) -> Verdict:
    """:func:`verdict_steps` run to the end."""
    return run_steps(verdict_steps(view, taken, limits))


def review_steps(hand: Hand, seat: int, limits: Limits = REVIEW_LIMITS,
                 ready: Callable[[Verdict], None] | None = None) -> Steps[HandReview]:
    """Every verdict on ``seat``'s decisions in ``hand``, sliced; ``ready`` is told each verdict
    as soon as it is known, so a viewer can show it while the rest are worked out. It also
    pauses after each decision, so no slice spans two searches."""
    verdicts = []
    for decision in decisions(hand, seat):
        judged = yield from verdict_steps(decision.view, decision.taken, limits)
        verdicts.append(judged)
        if ready is not None:
            ready(judged)
        yield None
    return HandReview(seat, tuple(verdicts))


def review_hand(hand: Hand, seat: int, limits: Limits = REVIEW_LIMITS) -> HandReview:
    """:func:`review_steps` run to the end."""
    return run_steps(review_steps(hand, seat, limits))


def _judged(kind: str, trick: int, taken_key: Any, best_key: Any, entries: Any,
            taken: tuple[Card, ...] | None = None) -> Verdict:
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
