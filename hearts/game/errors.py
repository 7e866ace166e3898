"""The engine's exceptions: each names the problem, and none leaves a half-changed state."""

from __future__ import annotations

from .strings import phrase


class HeartsError(Exception):
    """Base class of every error the engine raises on bad input."""


class IllegalPlay(HeartsError, ValueError):
    """A card that may not be played now.

    ``code`` is machine-readable (``"must_follow"``, ``"hearts_not_broken"``, …); ``message`` is
    the sentence the page shows to the player, a :class:`~hearts.game.strings.Phrase`: Chinese as
    text, and ``message.said_in("en")`` in another language.
    """

    CODES = (
        "wrong_phase",
        "not_your_turn",
        "not_in_hand",
        "must_lead_2c",
        "must_follow",
        "points_on_first_trick",
        "hearts_not_broken",
    )

    def __init__(self, code: str, card: object = None, led_suit: str | None = None) -> None:
        if code not in self.CODES:
            raise ValueError(f"no illegal play is called {code!r}: the codes are {', '.join(self.CODES)}")
        key = f"illegal.{code}.{led_suit}" if code == "must_follow" else f"illegal.{code}"
        self.code = code
        self.card = card
        self.message = phrase(key)
        super().__init__(f"{code}: {self.message}" + (f" ({card})" if card is not None else ""))


class IllegalPass(HeartsError, ValueError):
    """A pass that is refused: wrong phase, not 3 cards, cards not held, or passing twice."""

    def __init__(self, code: str, detail: str) -> None:
        self.code = code
        super().__init__(f"{code}: {detail}")


class InvalidDeal(HeartsError, ValueError):
    """Hands that are not four sets of 13 distinct cards making one deck."""


class SaveError(HeartsError, ValueError):
    """A saved game (JSON) that cannot be loaded: malformed, tampered with or of another version."""
