"""复盘 at the table (issue 21): the hand viewer, the AI's verdicts on your decisions judged in
the background, and 「导入牌局」.

The table keeps what is saved or drawn (its ``reviews``, the open ``viewer``, an import's
refusal); :class:`ReviewController` opens, steps and fills the viewer. The viewer's modules
(:mod:`hearts.table.replay`, :mod:`hearts.table.replay_viewer`, :mod:`hearts.ai.verdicts`) load
on first use, not with the table.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Protocol

from ..game.match import Match
from ..game.phase import HandPhase
from ..game.record import RecordError
from ..game.strings import Phrase
from .covers import Covers
from .saved_verdicts import Reviews, next_unjudged
from .state import Modal

if TYPE_CHECKING:
    from ..ai.verdicts import Decision
    from .replay import HandReplay
    from .replay_viewer import Viewer


class TableForReview(Protocol):
    """What 复盘 reads and changes of the table (:class:`hearts.table.Table` has it)."""

    @property
    def match(self) -> Match: ...
    @property
    def overlay(self) -> Modal | None: ...

    modal: Modal | None
    reviews: Reviews
    viewer: Viewer | None
    import_error: Phrase | None
    spoken: list[Phrase]

    @property
    def covers(self) -> Covers: ...


class ReviewController:
    """Opens 复盘's viewer over one table, steps it, and judges your decisions in the background."""

    def __init__(self, table: TableForReview) -> None:
        self.table = table

    def open(self, number: int | None = None) -> bool:
        """「复盘」: the viewer on hand ``number`` of this game (None: the last finished one), with
        every finished hand of the game to choose from. 「关闭」 goes back to what was open."""
        table = self.table
        finished = [
            (index, hand) for index, hand in enumerate(table.match.hands, start=1) if hand.phase == HandPhase.OVER
        ]
        if not table.covers.menu_panel_allowed() or table.modal == Modal.REVIEW or not finished:
            return False
        from .replay import HandReplay
        from .replay_viewer import Viewer

        replays = []
        for index, hand in finished:
            replay = HandReplay(hand, index)
            for verdict in table.reviews.verdicts(index, hand):
                replay.add_verdict(verdict)
            replays.append(replay)
        numbers = [index for index, _ in finished]
        shown = numbers.index(number) if number in numbers else -1
        self._open_viewer(Viewer(replays, back=table.modal, shown=shown))
        return True

    def _open_viewer(self, viewer: Viewer) -> None:
        self.table.covers.open(Modal.REVIEW)
        self.table.viewer = viewer
        self._say_step()

    def _shown(self) -> Viewer | None:
        """The viewer, if it is the panel open."""
        return self.table.viewer if self.table.overlay == Modal.REVIEW else None

    def move(self, by: int) -> bool:
        """「上一步」/「下一步」 (←/→, a swipe): ``by`` steps in the hand shown."""
        viewer = self._shown()
        return viewer is not None and viewer.move(by) and self._say_step()

    def go(self, step: int) -> bool:
        """Jump to step ``step`` of the hand shown (the deal, the pass, a trick)."""
        viewer = self._shown()
        return viewer is not None and viewer.go_to(step) and self._say_step()

    def show_hand(self, number: int) -> bool:
        """Show another hand of the viewer, from its deal."""
        viewer = self._shown()
        return viewer is not None and viewer.show_hand(number) and self._say_step()

    def _say_step(self) -> bool:
        """A screen reader hears the step shown (the page's live region, as for a play)."""
        viewer = self.table.viewer
        assert viewer is not None
        step = viewer.replay.step(viewer.step)
        self.table.spoken = [viewer.replay.position(step.index), step.label, *step.description()]
        return True

    def import_record(self, text: str) -> bool:
        """The chosen file's text: its finished hands open in the viewer, or the reason it is
        refused shows. The game in progress is not touched either way."""
        table = self.table
        if not table.covers.menu_panel_allowed() or table.modal == Modal.REVIEW:
            return False
        from .replay import import_record
        from .replay_viewer import Viewer

        try:
            replays = import_record(text)
        except RecordError as refusal:
            table.import_error = refusal.message
            table.modal = Modal.IMPORT_FAILED
            return False
        self._open_viewer(Viewer(replays, back=None, shown=0, imported=True))
        return True

    def job(self) -> Generator[None, None, bool] | None:
        """The next of your decisions to judge in the background, as steps the page runs a slice
        per browser task between everything else (None: all are judged). The hand in the viewer
        comes first, then this game's finished hands, the latest first. The steps record the
        verdict at their end (if the game is still the same) and return whether they did."""
        # The viewer's modules load with the first job, in the background, and so not in the
        # tap that first opens the viewer.
        from . import replay_viewer  # noqa: F401

        shown, match = self._shown(), self.table.match
        if shown is not None and shown.imported:
            earlier = [replay.hand for replay in shown.replays[: shown.shown]]
            decision = next_unjudged(shown.replay.hand, shown.replay.seat, shown.replay.verdicts, earlier)
            if decision is not None:
                return self._judge_steps(decision, shown.replay, None)
        numbers = list(range(len(match.hands), 0, -1))
        if shown is not None and not shown.imported:
            numbers.insert(0, shown.replay.number)
        for number in numbers:
            hand = match.hands[number - 1]
            if hand.phase == HandPhase.OVER:
                decision = self.table.reviews.next_decision(number, hand, match.hands[: number - 1])
                if decision is not None:
                    return self._judge_steps(decision, None, number)
        return None

    def _judge_steps(
        self, decision: Decision, replay: HandReplay | None, number: int | None
    ) -> Generator[None, None, bool]:
        from ..ai.verdicts import verdict_steps

        table, match = self.table, self.table.match
        verdict = yield from verdict_steps(decision.view, decision.taken)
        if replay is not None:
            replay.add_verdict(verdict)
            return True
        if table.match is not match or number is None:
            return False
        table.reviews.add(number, verdict)
        viewer = table.viewer
        shown = None if viewer is None or viewer.imported else viewer.replay_of(number)
        if shown is not None:
            shown.add_verdict(verdict)
        return True
