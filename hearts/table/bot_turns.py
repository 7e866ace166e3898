"""The bots' turns at the table, and the page's timers around them.

The page waits a pause before each bot's card and shows a finished trick before it moves to its
winner (:meth:`BotTurns.next_wait`, :meth:`BotTurns.wait_over`). Meanwhile it runs the bots'
searches ahead a slice per idle task (:meth:`BotTurns.think_ahead`): a bot's view is complete once
the card before its turn is down (in play), or once the cards are dealt (its pass), so by its turn
it has less left to do and plays the same card sooner. :mod:`hearts.ai` is loaded on first use
(:func:`load_ai`), so the table shows before the bots' code is imported.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field, replace
from types import ModuleType
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from ..game.cards import Card, parse_card
from ..game.hand import Hand
from ..game.match import Match
from ..game.phase import HandPhase
from .reply import CHANGED, Reply
from .settings import FAST_FORWARD, Pacing, Settings, pacing
from .state import HUMAN

if TYPE_CHECKING:
    from ..ai.bots import Bot
    from ..ai.search import Limits
    from ..ai.steps import Ahead, Cutoff

#: Seconds per slice of the bots' pass searches run ahead while you choose (the page's other
#: searches run 30 ms slices, hearts.ai.steps.DEFAULT_SLICE): a tap waits for the slice under way.
PASS_AHEAD_SLICE = 0.01
SEED_MIX = (1 << 63) - 25


def load_ai() -> ModuleType:
    """:mod:`hearts.ai`, imported on first use: the page shows the table (and accepts taps)
    before the bots' code is loaded, then warms it up with this call."""
    from .. import ai

    return ai


def pause_before_end(steps: Generator[None, None, Any]) -> Generator[None, None, Any]:
    """``steps`` with one more pause just before the end, if it paused at all.

    The page runs a slice of ``steps`` per browser task and redraws in the task where they
    end; this keeps the last slice of a long search and that redraw (a few tens of ms) in two
    tasks, so neither adds to the other. A computation done in one slice (Easy, Normal, a
    forced card) gains no pause: it still ends within the tap that asked for it.

    >>> def two_slices():
    ...     yield None
    ...     return "card"
    >>> steps = pause_before_end(two_slices())
    >>> next(steps), next(steps)
    (None, None)
    >>> next(steps)
    Traceback (most recent call last):
    StopIteration: card
    """
    paused = False
    try:
        while True:
            try:
                next(steps)
            except StopIteration as done:
                if paused:
                    yield None
                return done.value
            paused = True
            yield None
    finally:
        steps.close()


class Wait(NamedTuple):
    """The next timer the page runs (:meth:`BotTurns.next_wait`): what it is for, and how long."""

    purpose: str
    ms: int


@dataclass
class PassesAhead:
    """The bots' pass searches in one hand at one level, begun while you choose yours: by seat,
    the seat whose slice is next, and the cutoff your pass applies to all three."""

    hand: Hand
    level: str
    cutoff: Cutoff
    searches: dict[int, Ahead[tuple[Card, Card, Card]]] = field(default_factory=dict)
    next_seat: int = 1


@dataclass
class PlayAhead:
    """The search of the bot on turn, begun early by :meth:`BotTurns.think_ahead`, with the
    position it is for (the hand itself, held so that it is never mistaken for a later one; the
    cards played; the level) and the cutoff 「快进」 applies to it."""

    hand: Hand
    plays: int
    level: str
    search: Ahead[Card]
    cutoff: Cutoff


class TableForBots(Protocol):
    """What the bots' turns read and change of the table (:class:`hearts.table.Table` has it)."""

    @property
    def match(self) -> Match: ...
    @property
    def hand(self) -> Hand: ...
    @property
    def level(self) -> str: ...
    @property
    def settings(self) -> Settings: ...

    collecting: bool
    sweeping: bool
    fast: bool

    def ai_due(self) -> bool: ...
    def your_turn(self) -> bool: ...
    def blocked(self) -> bool: ...
    def panel(self) -> str | None: ...
    def position(self) -> tuple[int, int, int, bool]: ...
    def collect(self) -> None: ...
    def record_play(self, seat: int, card: Card) -> bool: ...


class BotTurns:
    """The three bots of one table: their searches, begun ahead and finished at their turn, and
    the pauses the page waits out before their cards."""

    def __init__(self, table: TableForBots) -> None:
        self.table = table
        #: The bots' search limits (None: each level's defaults, a play's budget from
        #: ``pause_seconds``); tests fix them to repeat exactly.
        self.limits: Limits | None = None
        #: How long the page waits before the next bot's card (:meth:`wait_until_card`, scaled
        #: by ``?pace=``), which the page sets as it starts waiting (:meth:`plan_search`): a play's
        #: search, run ahead in that wait, may take about as long (hearts.ai.page_play_budget).
        self.pause_seconds = 0.0
        #: The search of the bot on turn, begun early by :meth:`think_ahead`.
        self.ahead: PlayAhead | None = None
        #: The bots' pass searches, begun by :meth:`think_ahead` while you choose yours.
        self.passes_ahead: PassesAhead | None = None

    # ----- searching -------------------------------------------------------------------------

    def think_ahead(self) -> bool:
        """One slice of a bot's search before it is due; returns whether there was anything left
        to think about. In play, the bot on turn: its view is complete as soon as the card
        before it is played, so the page may call this while that card animates and while a
        finished trick is shown, and :meth:`ai_step_steps` goes on with the same search. In the
        pass phase, the bots' passes, a slice of each in turn: their views are complete once the
        cards are dealt and nothing you do changes them, so they are searched while you choose
        and :meth:`pass_steps` goes on with them. Either way the bot picks the cards it would
        have picked starting later (same seed, a budget that counts only time spent searching),
        sooner; a pass may even search longer the longer you choose (:meth:`pass_search`)."""
        hand = self.table.hand
        if hand.phase == HandPhase.PASS:
            return not self.table.blocked() and self._advance_a_pass()
        if hand.phase != HandPhase.PLAY or hand.turn in (None, HUMAN):
            return False
        ahead = self.search_ahead(hand.turn)
        if ahead.done:
            return False
        ahead.advance()
        return True

    def _advance_a_pass(self) -> bool:
        """A slice of the next bot's pass search still under way, if any."""
        passes = self.passes()
        for _ in range(3):
            seat = passes.next_seat
            passes.next_seat = seat % 3 + 1
            search = self.pass_search(seat)
            if not search.done:
                search.advance()
                return True
        return False

    def passes(self) -> PassesAhead:
        """The bots' pass searches for this hand at this level (new ones if either changed)."""
        kept, table = self.passes_ahead, self.table
        if kept is None or kept.hand is not table.hand or kept.level != table.level:
            kept = self.passes_ahead = PassesAhead(table.hand, table.level, load_ai().steps.Cutoff())
        return kept

    def pass_search(self, seat: int) -> Ahead[tuple[Card, Card, Card]]:
        """The search for ``seat``'s pass in this hand: the one begun ahead, or a new one. In the
        page it may search up to ``hearts.ai.search.PAGE_PASS_BUDGET`` while you choose, and your
        pass cuts it to the budget a search begun then would have (the three share a cutoff), so
        you never wait longer for it than for that search (fixed limits are cut to their own). Its
        slices are short (:data:`PASS_AHEAD_SLICE`): it runs while you tap, and a tap waits for
        the slice under way."""
        passes = self.passes()
        if seat not in passes.searches:
            ai = load_ai()
            limits = self.limits or ai.page_pass_limits()
            limits = replace(limits, slice_seconds=min(limits.slice_seconds, PASS_AHEAD_SLICE), cutoff=passes.cutoff)
            steps = self.bot(seat, limits).choose_pass_steps(self.table.match.view(seat))
            passes.searches[seat] = ai.steps.Ahead(steps)
        return passes.searches[seat]

    def pass_steps(self) -> Generator[None, None, dict[int, tuple[Card, Card, Card]]]:
        """The three bots' passes, once you have given yours: the searches begun ahead are cut to
        the budget of a search begun now, and finished (yields None between slices)."""
        self.passes().cutoff.cut((self.limits or load_ai().Limits()).pass_budget)
        passes = {}
        for seat in range(1, 4):
            passes[seat] = yield from self.pass_search(seat).finish_steps()
        return passes

    def search_ahead(self, seat: int) -> Ahead[Card]:
        """The search for ``seat``'s play in this position: the one begun ahead, or a new one."""
        ahead, hand, level = self.ahead, self.table.hand, self.table.level
        if ahead is None or ahead.hand is not hand or ahead.plays != len(hand.plays) or ahead.level != level:
            ai = load_ai()
            cutoff = ai.steps.Cutoff()
            limits = replace(self.play_limits(), cutoff=cutoff)
            steps = self.bot(seat, limits).choose_play_steps(self.table.match.view(seat))
            ahead = self.ahead = PlayAhead(hand, len(hand.plays), level, ai.steps.Ahead(steps), cutoff)
        return ahead.search

    def ai_step_steps(self) -> Generator[None, None, dict[str, Any] | None]:
        """The bot on turn plays one card, in slices (yields None between slices of its search);
        returns what happened, for the animation. Plays nothing if the table moved on before the
        bot had chosen."""
        table = self.table
        if not table.ai_due():
            return None
        seat = table.hand.turn
        assert seat is not None
        position = table.position()
        card = parse_card((yield from self.search_ahead(seat).finish_steps()))
        self.ahead = None
        if not table.ai_due() or table.position() != position:
            return None
        completed = table.record_play(seat, card)
        return {"seat": seat, "card": str(card), "trick_complete": completed}

    def play_limits(self, pause_seconds: float | None = None) -> Limits:
        """A play's search limits: the tests' if fixed, else a budget the wait allows
        (``pause_seconds``, or :attr:`pause_seconds` if not given)."""
        if self.limits is not None:
            return self.limits
        ai = load_ai()
        limits: Limits = ai.Limits(
            budget=ai.page_play_budget(self.pause_seconds if pause_seconds is None else pause_seconds)
        )
        return limits

    def bot(self, seat: int, limits: Limits) -> Bot:
        """``seat``'s bot for its next decision, at this table's level."""
        chosen: Bot = load_ai().bot(self.table.level, seed=self.bot_seed(seat), limits=limits)
        return chosen

    def bot_seed(self, seat: int) -> int:
        """The seed of ``seat``'s next decision: the deal, the seat and the cards played so far."""
        match = self.table.match
        return (match.seed * 1_000_003 + match.hand_number * 1009 + seat * 101 + len(match.hand.plays)) % SEED_MIX

    def hurry(self) -> None:
        """「快进」: a play searched ahead for a longer wait stops at the budget of a quick one, so
        that nobody waits for it."""
        if self.ahead is not None:
            self.ahead.cutoff.cut(self.play_limits(pause_seconds=0.0).budget)

    # ----- the page's timers -----------------------------------------------------------------

    def next_wait(self) -> Wait | None:
        """The next pause the page waits out before :meth:`wait_over`, if any: ``collect`` (a
        completed trick is shown, then moves to its winner) or ``bot`` (a bot's turn comes).

        Fast-forward ends here once it is your turn or a panel comes up; until then the bots
        and the shown tricks go at FAST_FORWARD pace (a trick's move keeps the player's pace).
        """
        table = self.table
        if table.your_turn() or table.panel() is not None:
            table.fast = False
        now = self._pacing()
        if table.collecting:
            if table.sweeping:
                return Wait("collect", pacing(table.settings.speed).collect_move)
            return Wait("collect", now.trick_shown)
        if table.ai_due():
            return Wait("bot", now.ai_delay)
        return None

    def wait_until_card(self, wait: Wait | None) -> int:
        """Milliseconds from the start of ``wait`` (the page's next timer, :meth:`next_wait`)
        until the bot on turn plays its card; 0 if no bot is to play next. A bot's pause is
        all; a finished trick shown is followed by its move to the winner and, if the winner is
        a bot, its pause: that leader's view is complete from the trick's last card, so its
        search may use the whole of it (:meth:`think_ahead`)."""
        hand = self.table.hand
        if wait is None or hand.phase != HandPhase.PLAY or hand.turn in (None, HUMAN):
            return 0
        if wait.purpose != "collect":
            return wait.ms
        move = 0 if self.table.sweeping else pacing(self.table.settings.speed).collect_move
        return wait.ms + move + self._pacing().ai_delay

    def plan_search(self, wait: Wait | None, scale: float) -> None:
        """The page starts waiting out ``wait``, its delays times ``scale`` (``?pace=``'s factor,
        hearts.table.delay_factor): a play searched ahead in that wait may take about as long
        (:meth:`play_limits`)."""
        self.pause_seconds = self.wait_until_card(wait) * scale / 1000

    def _pacing(self) -> Pacing:
        """The bots' and shown tricks' delays now: FAST_FORWARD while 「快进」 lasts."""
        return FAST_FORWARD if self.table.fast else pacing(self.table.settings.speed)

    def wait_over(self) -> Reply:
        """The pause of :meth:`next_wait` is over: a shown trick starts to move to its winner,
        a moved one is collected, or the bot on turn starts to think."""
        table = self.table
        if table.collecting:
            if not table.sweeping:
                table.sweeping = True
                return Reply(save=False)
            table.collect()
            return CHANGED
        if table.ai_due():
            return Reply(steps=self.ai_step_steps())
        return CHANGED
