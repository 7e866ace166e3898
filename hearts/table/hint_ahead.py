"""「提示」 searched ahead: your next hint worked out while you think, so that the tap finds it ready.

Your view is complete once the card before your turn is down (in play), or once the cards are
dealt (your pass), and nothing you do before deciding changes it. The hint's search has a fixed
seed and a sample cap (hearts.ai.hints), and its budget counts only time inside its slices, so
run ahead in the page's idle time it gives the hint the tap would have begun, sooner (exactly so
when the sample cap, not the clock, ends it, as on a desktop). At a phone's speed the Hard
bots' posterior made a hint's search about a third dearer (docs/log/ai-2026-12-07.md); searched
ahead, the wait for it goes. It costs a search a decision, so the page runs it only once you
have asked for a hint (:attr:`HintsAhead.wanted`, this visit): a player who never does pays
nothing. It goes before the bots' passes (hearts.table.machine.Table.think_ahead): a player who
asks for hints asks before passing, and then finds the hint ready and the bots' passes little
behind; one who passes without asking this time may wait for the bots' passes up to the hint's
search longer.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

from ..game.cards import Card
from ..game.hand import Hand
from ..game.match import Match
from ..game.phase import HandPhase
from ..game.strings import Phrase
from .bot_turns import PASS_AHEAD_SLICE, load_ai
from .state import HUMAN

if TYPE_CHECKING:
    from ..ai.steps import Ahead

#: A hint: the cards it selects (three to pass, one to play) and why.
Hint = tuple[list[Card], Phrase]


class TableForHints(Protocol):
    """What the hint reads and changes of the table (:class:`hearts.table.Table` has it)."""

    @property
    def match(self) -> Match: ...
    @property
    def hand(self) -> Hand: ...

    collecting: bool
    selection: list[Card]
    message: Phrase | None

    def blocked(self) -> bool: ...
    def collect(self) -> None: ...
    def position(self) -> tuple[int, int, int, bool]: ...


@dataclass
class HintSearch:
    """The hint's search for one decision: the hand (held so that it is never mistaken for a
    later one), its phase and the cards played when it began."""

    hand: Hand
    phase: HandPhase
    plays: int
    search: Ahead[Hint]


class HintsAhead:
    """Your hint's search, begun ahead once you have asked for a hint, and finished at the tap."""

    def __init__(self, table: TableForHints) -> None:
        self.table = table
        #: You asked for a hint this visit: from then on each of your decisions is searched ahead.
        self.wanted = False
        self.ahead: HintSearch | None = None

    def hint_steps(self) -> Generator[None, None, bool]:
        """「提示」: select the recommended cards and say why. In slices (yields None between
        slices of the search, none if it was searched ahead); the hint is dropped if the table
        moved on before it was ready. From now on your decisions are searched ahead."""
        table = self.table
        if table.blocked():
            return False
        if table.collecting:
            table.collect()
        if not self.due():
            return False
        self.wanted = True
        position = table.position()
        chosen, reason = yield from self.search().finish_steps()
        if table.blocked() or table.position() != position:
            return False
        table.selection, table.message = chosen, reason
        return True

    def due(self) -> bool:
        """Whether you have a decision a hint is for: your pass, or your play (a finished trick
        may still be shown before your lead), with nothing covering the table."""
        hand = self.table.hand
        yours = hand.phase == HandPhase.PASS or (hand.phase == HandPhase.PLAY and hand.turn == HUMAN)
        return yours and not self.table.blocked()

    def think_ahead(self) -> bool:
        """One slice of the hint's search for your decision, if you want hints and it is not
        done; returns whether there was anything to do. In the pass phase its slices are as short
        as the bots' (:data:`PASS_AHEAD_SLICE`): your taps choosing cards wait for one at most."""
        if not (self.wanted and self.due()):
            return False
        search = self.search(ahead=True)
        if search.done:
            return False
        search.advance()
        return True

    def search(self, *, ahead: bool = False) -> Ahead[Hint]:
        """The hint's search for your decision now: the one begun ahead, or a new one (with
        short slices in the pass phase if ``ahead``). Call only when :meth:`due`."""
        kept, hand = self.ahead, self.table.hand
        if kept is None or kept.hand is not hand or kept.phase != hand.phase or kept.plays != len(hand.plays):
            ai = load_ai()
            view = self.table.match.view(HUMAN)
            if hand.phase == HandPhase.PASS:
                limits = ai.hints.HINT_LIMITS
                if ahead:
                    limits = replace(limits, slice_seconds=PASS_AHEAD_SLICE)
                steps = _pass_hint(ai.hint_pass_steps(view, limits))
            else:
                steps = _play_hint(ai.hint_play_steps(view))
            kept = self.ahead = HintSearch(hand, hand.phase, len(hand.plays), ai.steps.Ahead(steps))
        return kept.search


def _pass_hint(steps: Generator[None, None, tuple[tuple[Card, Card, Card], Phrase]]) -> Generator[None, None, Hint]:
    cards, reason = yield from steps
    return list(cards), reason


def _play_hint(steps: Generator[None, None, tuple[Card, Phrase]]) -> Generator[None, None, Hint]:
    card, reason = yield from steps
    return [card], reason
