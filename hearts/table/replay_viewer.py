"""复盘's viewer as the page shows it: which hands it holds, which step is shown, where 「关闭」
goes back to, and the panel it draws (plain data, :func:`review_panel`).

:class:`hearts.table.replay.HandReplay` knows what a hand shows at each step; this module only keeps
the viewer's place among the hands and steps, and lays the step out in the player's language.
The table (:mod:`hearts.table`) opens, steps and closes it; :mod:`hearts.table.markup` draws it.

>>> from hearts.game.driver import play_rest
>>> from hearts import Hand, deal_hands
>>> from hearts.ai import bot
>>> from hearts.table.replay import HandReplay
>>> hand = play_rest(Hand(deal_hands(9), "left"), [bot("easy", seed) for seed in range(4)])
>>> viewer = Viewer([HandReplay(hand, 1)], back=None)
>>> viewer.move(1), viewer.step, viewer.move(-5), viewer.step
(True, 1, True, 0)
"""

from __future__ import annotations

from typing import Any

from ..ai.verdicts import HandReview
from ..game.strings import say, text
from .replay import HandReplay, Step
from .state import Modal, card_face


class Viewer:
    """The open viewer: its hands (``replays``), the one shown, its step, and the modal to go
    back to on 「关闭」 (``back``: None for the table or the end-of-hand panel, else a panel such
    as ``scoresheet`` or the menu it was opened from)."""

    def __init__(self, replays: list[HandReplay], back: Modal | None, shown: int = -1, imported: bool = False) -> None:
        if not replays:
            raise ValueError("a viewer needs at least one finished hand")
        self.replays = replays
        self.back = back
        self.shown = shown % len(replays)
        self.step = 0
        #: The hands come from a file (「导入牌局」), not from the game in progress.
        self.imported = imported

    @property
    def replay(self) -> HandReplay:
        return self.replays[self.shown]

    def move(self, by: int) -> bool:
        """Step ``by`` steps (kept within the hand); returns whether the step changed."""
        return self.go_to(max(0, min(len(self.replay) - 1, self.step + by)))

    def go_to(self, index: int) -> bool:
        """Show step ``index`` of the hand shown; an index out of range changes nothing."""
        if not 0 <= index < len(self.replay) or index == self.step:
            return False
        self.step = index
        return True

    def show_hand(self, number: int) -> bool:
        """Show the hand numbered ``number`` from its deal; an unknown number changes nothing."""
        for index, replay in enumerate(self.replays):
            if replay.number == number and index != self.shown:
                self.shown, self.step = index, 0
                return True
        return False

    def replay_of(self, number: int) -> HandReplay | None:
        return next((replay for replay in self.replays if replay.number == number), None)


def review_panel(viewer: Viewer, language: str, pending: bool) -> dict[str, Any]:
    """The viewer's panel: the step shown, every seat's cards and points, the verdict on your
    decision at this step, the hand's summary, the steps to jump to and the hands to choose.
    ``pending``: the AI is still judging this hand's decisions."""
    replay = viewer.replay
    step = replay.step(viewer.step)
    last = len(replay) - 1
    return {
        "kind": "review",
        "title": say(replay.title, language),
        "position": say(replay.position(viewer.step), language),
        "step_label": say(step.label, language),
        "previous": {"label": text("button.previous_step", language), "enabled": viewer.step > 0},
        "next": {"label": text("button.next_step", language), "enabled": viewer.step < last},
        "lines": [say(line, language) for line in _step_lines(step)],
        "table": [
            {
                "seat": seat,
                "name": text(f"seat.{seat}", language),
                "card": card_face(card, language),
                "leader": seat == step.leader,
                "winner": seat == step.winner,
            }
            for seat, card in step.table
        ],
        "plays": [say(play, language) for play in step.description()[:-1]] if step.kind == "trick" else [],
        "verdict": _verdict(replay, step, language, pending),
        "seats": [_seat(step, seat, language) for seat in range(4)],
        "summary": _summary(replay, language, pending),
        "jumps": _jumps(replay, viewer.step, language),
        "jump_label": text("replay.jump", language),
        "hands": [
            {
                "number": other.number,
                "label": text("status.hand", language, number=other.number),
                "current": other is replay,
            }
            for other in viewer.replays
        ]
        if len(viewer.replays) > 1
        else [],
        "hands_label": text("replay.hands", language),
        "spoken": " ".join(say(line, language) for line in (step.label, *step.description())),
        "buttons": [{"action": "close-overlay", "label": text("button.close", language)}],
    }


def _step_lines(step: Step) -> tuple[Any, ...]:
    """The sentences under the step's name: the passes, or the trick's leader, taker and points."""
    if step.kind == "pass":
        return tuple(exchange.description() for exchange in step.passes)
    if step.kind == "trick":
        return step.description()[-1:]
    return ()


def _seat(step: Step, seat: int, language: str) -> dict[str, Any]:
    return {
        "seat": seat,
        "name": text(f"seat.{seat}", language),
        "points": step.points[seat],
        "points_label": say(step.points_label(seat), language),
        "score": None if step.scores is None else step.scores[seat],
        "label": say(step.hand_label(seat), language),
        "cards": [card_face(card, language) for card in step.hands[seat]],
    }


def _verdict(replay: HandReplay, step: Step, language: str, pending: bool) -> dict[str, Any] | None:
    """Your decision at this step judged, or that it is being judged (None: no decision of yours)."""
    if step.verdict is not None:
        return {"text": say(step.verdict.message(), language), "costly": step.verdict.flagged}
    yours = step.kind == "pass" or any(seat == replay.seat for seat, _ in step.table)
    if step.kind == "deal" or not yours or not pending:
        return None
    return {"text": text("review.pending", language), "costly": False}


def _summary(replay: HandReplay, language: str, pending: bool) -> str:
    """The hand's summary line once every decision is judged; until then, that the AI is at it."""
    if pending or not replay.verdicts:
        return text("review.pending", language) if pending else ""
    review = HandReview(replay.seat, tuple(replay.verdicts[trick] for trick in sorted(replay.verdicts)))
    return say(review.summary(), language)


def _jumps(replay: HandReplay, current: int, language: str) -> list[dict[str, Any]]:
    """A button per step: the deal, the pass and each trick (its number), marked when your
    decision there cost points."""
    jumps = []
    for index in range(len(replay)):
        step = replay.step(index)
        costly = step.verdict is not None and step.verdict.flagged
        name = say(step.label, language)
        jumps.append(
            {
                "step": index,
                "label": str(step.trick) if step.kind == "trick" else name,
                "name": text("replay.costly_step", language, step=name) if costly else name,
                "current": index == current,
                "costly": costly,
            }
        )
    return jumps
