"""The AI's verdicts on your decisions, per finished hand of the game, as the saved table keeps
them (the ``reviews`` field of :meth:`hearts.table.Table.save_document`).

Saved reviews are read lazily: reading one checks it against the hand with
:func:`hearts.ai.verdicts.decisions`, and :mod:`hearts.ai` is not loaded when the page opens a
save (the table shows before the bots' code loads). A review that is damaged, or does not match
the hand's decisions, is dropped (the background judges the hand again); the game is never lost
for it.

>>> Reviews.from_dict({"1": {"format": "hearts.review"}, "x": 3}).to_dict()
{'1': {'format': 'hearts.review'}}
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

from ..game.errors import SaveError
from ..game.hand import Hand

if TYPE_CHECKING:
    from ..ai.verdicts import Decision, Verdict

#: Your seat, whose decisions are judged.
SEAT = 0


class Reviews:
    """Verdicts by hand number (1, 2, …) of one game; a hand's may be partial while judged."""

    def __init__(self, saved: dict[int, Any] | None = None) -> None:
        #: Saved reviews not read yet, as JSON data.
        self._saved: dict[int, Any] = dict(saved or {})
        self._read: dict[int, list[Verdict]] = {}
        #: Why a saved review was dropped (for the console, not the player), if one was.
        self.problem: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The reviews as the save keeps them: ``{"1": HandReview.to_dict(), …}``."""
        from ..ai.verdicts import HandReview

        kept = {str(number): data for number, data in self._saved.items()}
        for number, verdicts in self._read.items():
            kept[str(number)] = HandReview(SEAT, tuple(verdicts)).to_dict()
        return dict(sorted(kept.items(), key=lambda item: int(item[0])))

    @classmethod
    def from_dict(cls, data: Any) -> Reviews:
        """The saved field; entries that are not a hand number with an object are dropped."""
        if not isinstance(data, dict):
            return cls()
        return cls(
            {
                int(key): value
                for key, value in data.items()
                if isinstance(key, str) and key.isdigit() and isinstance(value, dict)
            }
        )

    def verdicts(self, number: int, hand: Hand) -> list[Verdict]:
        """The verdicts known on hand ``number`` (``hand``), in order of its decisions."""
        if number in self._saved:
            self._read[number] = self._checked(self._saved.pop(number), hand)
        return list(self._read.get(number, []))

    def add(self, number: int, verdict: Verdict) -> None:
        self._read.setdefault(number, []).append(verdict)

    def next_decision(self, number: int, hand: Hand, earlier: Sequence[Hand] | None = None) -> Decision | None:
        """The first of your decisions in ``hand`` not judged yet, or None once all are;
        ``earlier`` (the game's hands before it) go into its view, as the hint had them."""
        return next_unjudged(hand, SEAT, {verdict.trick for verdict in self.verdicts(number, hand)}, earlier)

    def _checked(self, data: Any, hand: Hand) -> list[Verdict]:
        """A saved review read back, or [] if it is damaged or judges other decisions."""
        from ..ai.verdicts import HandReview, decisions

        try:
            review = HandReview.from_dict(data)
            taken = {found.trick: found.taken for found in decisions(hand, SEAT)}
            tricks = [verdict.trick for verdict in review.verdicts]
            if (
                review.seat != SEAT
                or len(set(tricks)) != len(tricks)
                or any(taken.get(verdict.trick) != verdict.taken for verdict in review.verdicts)
            ):
                raise SaveError("a saved review judges decisions this hand does not have")
        except SaveError as problem:
            self.problem = str(problem)
            return []
        return list(review.verdicts)


def decision_count(hand: Hand, seat: int = SEAT) -> int:
    """How many decisions ``seat`` took in a finished ``hand``: its 13 plays and its pass, if any."""
    return 13 + (hand.passed[seat] is not None)


def next_unjudged(
    hand: Hand, seat: int, judged: Collection[int], earlier: Sequence[Hand] | None = None
) -> Decision | None:
    """The first of ``seat``'s decisions in a finished ``hand`` whose trick (0: the pass) is not
    in ``judged``, or None once all are (then without loading :mod:`hearts.ai`). ``earlier``:
    the game's hands before it, so that the verdict judges as the hint did (the totals near 100,
    the other seats' earlier plays)."""
    if len(judged) >= decision_count(hand, seat):
        return None
    from ..ai.verdicts import decisions

    return next((found for found in decisions(hand, seat, earlier) if found.trick not in judged), None)
