"""The phases of a hand (:attr:`hearts.game.hand.Hand.phase`, :attr:`hearts.game.view.View.phase`)."""

from __future__ import annotations

from enum import StrEnum


class HandPhase(StrEnum):
    """Where a hand stands: its pass, its play, or over once its last trick is taken. A string
    (a save or a record holds the value); its ``repr`` is the value's too, so that a message or a
    log that shows a phase reads as it did when the phase was a plain string."""

    PASS = "pass"
    PLAY = "play"
    OVER = "over"

    def __repr__(self) -> str:
        return repr(self.value)
