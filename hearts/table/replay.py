"""复盘's viewer, without the DOM: a finished hand as steps, and what the viewer shows at each.

The hand is over, so everything is revealed: step 0 is the deal (all four hands), then the
pass (who gave which three cards to whom; no step on a hand that does not pass), then each
trick in order. :meth:`HandReplay.step` gives what the page draws at a step: every seat's
remaining cards, the cards on the table in play order, the points so far, the AI's verdict on
the viewer's own decision at that step once it is known (:mod:`hearts.ai.verdicts`), and the
words: a short label and a full sentence for screen readers, as :class:`hearts.game.strings.Phrase`
so the page says them in the player's language.

:func:`import_record` is 「导入牌局」's pure part: the text of an exported record in, the
finished hands to view out, or :class:`hearts.game.record.RecordError` with the reason.

>>> from hearts import Hand, deal_hands
>>> from hearts.game.driver import play_rest
>>> from hearts.ai import bot
>>> hand = play_rest(Hand(deal_hands(9), "none"), [bot("normal", seed) for seed in range(4)])
>>> replay = HandReplay(hand, number=1)
>>> len(replay), replay.step(0).label, replay.step(1).label.said_in("en")
(14, '发牌', 'Trick 1')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..ai.verdicts import HandReview, Verdict
from ..game.cards import Card, cards_of, mask_of
from ..game.hand import Hand, pass_target
from ..game.phase import HandPhase
from ..game.record import RecordError, match_from_record
from ..game.strings import Phrase, phrase
from ..game.trick import Trick

SEATS = range(4)


@dataclass(frozen=True)
class Pass:
    """One seat's three cards given to another."""

    giver: int
    receiver: int
    cards: tuple[Card, ...]

    def description(self) -> Phrase:
        return phrase("replay.passed", giver=_seat(self.giver), receiver=_seat(self.receiver), cards=_names(self.cards))


@dataclass(frozen=True)
class Step:
    """What the viewer shows at one step.

    ``kind`` is ``"deal"``, ``"pass"`` or ``"trick"``; ``trick`` the trick's number (0 before
    play). ``hands`` are the cards each seat still holds *after* this step (so at a trick, the
    four on the table have left them); ``table`` the cards on the table as (seat, card) in play
    order; ``points`` each seat's raw points after this step. ``scores`` (moon applied) only
    at the last step. ``verdict`` is the AI's verdict on the viewer's decision at this step (its
    pass, or its card in this trick), None until known or for the deal.
    """

    index: int
    kind: str
    trick: int
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[tuple[int, Card], ...]
    passes: tuple[Pass, ...]
    leader: int | None
    winner: int | None
    taken: int
    points: tuple[int, ...]
    scores: tuple[int, ...] | None
    verdict: Verdict | None

    @property
    def label(self) -> Phrase:
        """The step's short name, for the viewer's heading and the list to jump to a trick."""
        if self.kind == "trick":
            return phrase("replay.step.trick", number=self.trick)
        return phrase(f"replay.step.{self.kind}")

    def description(self) -> tuple[Phrase, ...]:
        """What a screen reader says for the step: the passes, or the trick's plays and taker."""
        if self.kind == "pass":
            return tuple(exchange.description() for exchange in self.passes)
        if self.kind == "deal":
            return tuple(self.hand_label(seat) for seat in SEATS)
        plays = tuple(phrase("announce.play", seat=_seat(seat), card=card.name_phrase()) for seat, card in self.table)
        assert self.leader is not None and self.winner is not None
        return plays + (
            phrase("replay.trick", leader=_seat(self.leader), winner=_seat(self.winner), points=self.taken),
        )

    def hand_label(self, seat: int) -> Phrase:
        """A seat's remaining cards, as a screen reader names them."""
        cards = self.hands[seat]
        return phrase("replay.cards", seat=_seat(seat), cards=_names(cards) if cards else phrase("replay.no_cards"))

    def points_label(self, seat: int) -> Phrase:
        """A seat's points so far, in words."""
        return phrase("replay.points", seat=_seat(seat), points=self.points[seat])


class HandReplay:
    """A finished hand as the viewer's steps, and the verdicts on ``seat``'s decisions.

    Verdicts arrive one by one while the review runs in the background (:meth:`add_verdict`),
    or all at once from a saved review (:meth:`add_review`).
    """

    def __init__(self, hand: Hand, number: int, seat: int = 0) -> None:
        if hand.phase != HandPhase.OVER:
            raise ValueError("only a finished hand can be replayed")
        self.hand = hand
        self.number = number
        self.seat = seat
        self.verdicts: dict[int, Verdict] = {}
        self._steps = _steps(hand)

    def __len__(self) -> int:
        return len(self._steps)

    @property
    def title(self) -> Phrase:
        return phrase("replay.title", number=self.number)

    def step(self, index: int) -> Step:
        """What the viewer shows at step ``index`` (0 = the deal); IndexError past the last."""
        if not 0 <= index < len(self._steps):
            raise IndexError(f"step {index} of a replay with {len(self._steps)} steps")
        shown = self._steps[index]
        decision = None if shown.kind == "deal" else self.verdicts.get(shown.trick)
        return Step(
            index,
            shown.kind,
            shown.trick,
            shown.hands,
            shown.table,
            shown.passes,
            shown.leader,
            shown.winner,
            shown.taken,
            shown.points,
            shown.scores,
            decision,
        )

    def position(self, index: int) -> Phrase:
        """「第 3/15 步」: where the viewer is."""
        return phrase("replay.step_of", step=index + 1, steps=len(self._steps))

    def add_verdict(self, verdict: Verdict) -> None:
        """Show ``verdict`` at its step (the pass step, or its trick's)."""
        self.verdicts[verdict.trick] = verdict

    def add_review(self, review: HandReview) -> None:
        """Show every verdict of a finished review (for instance one kept with the saved game)."""
        if review.seat != self.seat:
            raise ValueError(f"a review of seat {review.seat} on a replay for seat {self.seat}")
        for verdict in review.verdicts:
            self.add_verdict(verdict)


def import_record(text: str | bytes | bytearray) -> list[HandReplay]:
    """「导入牌局」: the finished hands of an exported record, to open in the viewer.

    Raises :class:`hearts.game.record.RecordError` (``message``: the reason, a phrase) for a file
    that is not a record, is of another version, is damaged or edited, or breaks the rules;
    the checks are :func:`hearts.game.record.match_from_record`'s. A record with no finished hand is
    refused too (``no_hands``): there is nothing to view.
    """
    match = match_from_record(text)
    replays = [
        HandReplay(hand, number) for number, hand in enumerate(match.hands, start=1) if hand.phase == HandPhase.OVER
    ]
    if not replays:
        raise RecordError("no_hands", "the record has no finished hand")
    return replays


def _steps(hand: Hand) -> list[Step]:
    holding = [mask_of(cards) for cards in hand.dealt]
    points = [0, 0, 0, 0]
    steps = [_shown(0, "deal", 0, holding, (), (), None, points)]
    if hand.pass_direction != "none":
        passes = []
        for giver in SEATS:
            given = hand.passed[giver]
            receiver = pass_target(giver, hand.pass_direction)
            assert given is not None and receiver is not None  # a finished hand has passed
            passes.append(Pass(giver, receiver, tuple(sorted(given))))
        for exchange in passes:
            holding[exchange.giver] &= ~mask_of(exchange.cards)
            holding[exchange.receiver] |= mask_of(exchange.cards)
        steps.append(_shown(1, "pass", 0, holding, (), tuple(passes), None, points))
    for number, trick in enumerate(hand.tricks, start=1):
        for seat, card in trick.plays:
            holding[seat] &= ~(1 << card)
        assert trick.winner is not None
        points[trick.winner] += trick.points
        steps.append(_shown(len(steps), "trick", number, holding, trick.plays, (), trick, points))
    last = steps[-1]
    steps[-1] = Step(
        last.index,
        last.kind,
        last.trick,
        last.hands,
        last.table,
        last.passes,
        last.leader,
        last.winner,
        last.taken,
        last.points,
        tuple(hand.scores or ()),
        None,
    )
    return steps


def _shown(
    index: int,
    kind: str,
    number: int,
    holding: list[int],
    table: Any,
    passes: tuple[Pass, ...],
    trick: Trick | None,
    points: list[int],
) -> Step:
    return Step(
        index,
        kind,
        number,
        tuple(cards_of(mask) for mask in holding),
        tuple(table),
        passes,
        None if trick is None else trick.leader,
        None if trick is None else trick.winner,
        0 if trick is None else trick.points,
        tuple(points),
        None,
        None,
    )


def _seat(seat: int) -> Phrase:
    return phrase(f"seat.{seat}")


def _names(cards: tuple[Card, ...]) -> tuple[Phrase, ...]:
    return tuple(card.name_phrase() for card in cards)
