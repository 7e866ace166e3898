"""The table as the page shows it, in pure Python: every UI decision, none of the DOM.

A :class:`Table` wraps a :class:`hearts.Match` with what the player sees and does: the cards
selected, which cards are playable, the last message, markers, panels, difficulty, the
computer players' turns and the saved document. The page (``web/main.py``) calls one action per
tap, then renders :meth:`Table.state` — a plain dict — and saves :meth:`Table.save_document`.

>>> table = Table(seed=5)
>>> state = table.state()
>>> state["phase"] == Phase.PASS == "pass", state["pass_button"]["label"]
(True, '传给左家')
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, Generator, NamedTuple

from .autofinish import autofinish, offer_message
from .cards import QUEEN_OF_SPADES, Card, parse_card, parse_cards
from .errors import SaveError
from .document import Migration, check_fields, load_json, reading, upgrade
from .hand import Hand
from .keys import key_command, swipe_command
from .levels import check_level
from .match import Match
from .panels import RULES_SECTIONS
from .record import InvalidDealNumber, RecordError, parse_deal_number, record_filename, record_json
from .reviews import Reviews, decision_count, next_unjudged, totals_before
from .settings import FAST_FORWARD, Pacing, Settings, pacing
from .state import HUMAN, OVER, Phase, TableState
from .storage import (UNREADABLE_PREFIX, Storage, StorageUnavailable, keep_unreadable, load_settings, read_save,
                      read_stats, stats_class, write_game, write_stats)
from .strings import Phrase, phrase, say, text
from .screen import screen
from .tips import Scene, Tutor

if TYPE_CHECKING:
    from .stats import Stats

DEFAULT_LEVEL = "normal"
SAVE_FORMAT = "hearts.table"
SAVE_VERSION = 2
#: ``SAVE_MIGRATIONS[n]`` turns a version-``n`` save into version ``n + 1`` (hearts.document.upgrade);
#: tests/saves/ keeps a save of every version, each of which must go on loading. Version 2 adds
#: ``reviews`` (复盘's verdicts, hearts.reviews): a version-1 game has none yet.
SAVE_MIGRATIONS: dict[int, Migration] = {1: lambda saved: {**saved, "version": 2, "reviews": {}}}
SAVE_FIELDS = frozenset({"format", "version", "match", "selection", "level", "next_level", "collecting",
                         "reviews"})
_SEED_MIX = (1 << 63) - 25
#: Seconds per slice of the bots' pass searches run ahead while you choose (the page's other
#: searches run 30 ms slices, hearts.ai.steps.DEFAULT_SLICE): a tap waits for the slice under way.
PASS_AHEAD_SLICE = 0.01
#: What covers the table (``Table.modal``): the menu, on its main page or on the settings; a
#: panel the player opened; the question before a new game; or the notice that another tab
#: took the game. At most one at a time.
MENU_PAGES = frozenset({"menu", "settings"})
OVERLAYS = frozenset({"last_trick", "scoresheet", "stats", "confirm_reset_stats", "deal_entry", "rules",
                      "review", "import_failed"})




def load_ai() -> ModuleType:
    """:mod:`hearts.ai`, imported on first use: the page shows the table (and accepts taps)
    before the bots' code is loaded, then warms it up with this call."""
    from . import ai

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


@dataclass(frozen=True)
class Reply:
    """What the page does after :meth:`Table.act`, beyond drawing the state.

    ``save``: save, then redraw and sound the cues (else only redraw, if ``draw``); ``steps``:
    the action is a computation in slices (hearts.ai.steps) the page runs one per browser task,
    then saves and redraws; ``browser``: what only the browser can do — ``fullscreen``,
    ``reload``, ``download`` (``file``: name and text), ``focus-menu`` (the menu just opened),
    ``focus-menu-button``, ``focus-rules-section`` (its heading), or a move of the keyboard
    focus along your hand (``previous-card``, ``next-card``, ``first-card``).
    """

    save: bool = True
    draw: bool = True
    steps: Generator[None, None, Any] | None = None
    #: Start ``steps`` once the browser has painted, not within the tap: a search that takes
    #: slices (the hint; the bots' passes, at 困难) need not hold up the tap's frame by its first
    #: one.
    paint_first: bool = False
    browser: str | None = None
    file: tuple[str, str] | None = None


CHANGED = Reply()
NOTHING = Reply(save=False, draw=False)


class Wait(NamedTuple):
    """The next timer the page runs (:meth:`Table.next_wait`): what it is for, and how long."""

    purpose: str
    ms: int


@dataclass
class PassesAhead:
    """The bots' pass searches in one hand at one level, begun while you choose yours: by seat,
    the seat whose slice is next, and the cutoff your pass applies to all three."""

    hand: Hand
    level: str
    cutoff: Any
    searches: dict[int, Any] = field(default_factory=dict)
    next_seat: int = 1


@dataclass
class PlayAhead:
    """The search of the bot on turn, begun early by :meth:`Table.think_ahead`, with the position
    it is for (the hand itself, held so that it is never mistaken for a later one; the cards
    played; the level) and the cutoff 「快进」 applies to it."""

    hand: Hand
    plays: int
    level: str
    search: Any
    cutoff: Any


class Table:
    """One player (seat 0) against three bots, with the state of the page around the match."""

    def __init__(self, match: Match | None = None, *, seed: int | None = None,
                 level: str = DEFAULT_LEVEL) -> None:
        check_level(level)
        self.match = match if match is not None else Match(seed)
        #: The bots' level for the current hand; a new choice waits in ``next_level``.
        self.level = level
        self.next_level = level
        #: Pass phase: up to 3 cards to give. Play phase: at most 1 legal card.
        self.selection: list[Card] = []
        self.message: Phrase | None = None
        self.notices: list[Phrase] = []
        #: A completed trick is still on the table (shown until collected) ...
        self.collecting = False
        #: ... and has begun to move to its winner (the page animates it; see :meth:`wait_over`).
        self.sweeping = False
        #: 「快进」 was asked for: the bots play at FAST_FORWARD pace until your turn or a panel.
        self.fast = False
        #: What covers the table, if anything: "menu", "settings" (the menu's settings page),
        #: "confirm_new_game", "superseded" (another tab saved this game since: this tab stops
        #: so it cannot overwrite it), or a panel the player opened (one of OVERLAYS: while one
        #: is open the table takes no card taps and the bots wait).
        self.modal: str | None = None
        #: What the browser says about fullscreen (the page sets these): offered, and on now.
        self.can_fullscreen = False
        self.in_fullscreen = False
        self.saving_failed = False
        #: Why the save could not be read (for the console, not the player), if it could not.
        self.load_problem: str | None = None
        self.settings = Settings()
        #: What the screen reader says about the last move (a play, and the trick's winner).
        self.spoken: list[Phrase] = []
        #: Sounds due since the page last asked (see :meth:`take_cues`).
        self.cues: list[str] = []
        self._was_your_turn = False
        #: The section of 「玩法」 shown (the one read last, when it opens again).
        self.rules_section = RULES_SECTIONS[0]
        #: The newcomer's tip up now (hearts.tips); :meth:`update_tips` moves it on.
        self.tutor = Tutor(game_over=self.match.over)
        #: 「牌局编号」 entry: what was typed (kept after a refusal) and why it was refused.
        self.deal_entry = ""
        self.deal_entry_error: str | None = None
        #: The deal a confirmed 「重玩此局」 starts the new game with.
        self.pending_deal: int | None = None
        self.stats_rows: list[tuple[str, str]] = []
        #: (seed, hand number) last counted in the statistics, so each redraw does not reread them.
        self._recorded: tuple[int, int] | None = None
        #: The bots' search limits (None: each level's defaults, a play's budget from
        #: ``pause_seconds``); tests fix them to repeat exactly.
        self.limits: Any = None
        #: How long the page waits before the next bot's card (:meth:`wait_until_card`, scaled
        #: by ``?pace=``), which the page sets as it starts waiting: a play's search, run ahead
        #: in that wait, may take about as long (hearts.ai.page_play_budget).
        self.pause_seconds = 0.0
        #: The search of the bot on turn, begun early by :meth:`think_ahead`.
        self._ahead: PlayAhead | None = None
        #: The bots' pass searches, begun by :meth:`think_ahead` while you choose yours.
        self._passes_ahead: PassesAhead | None = None
        #: 复盘 (issue 21): the AI's verdicts on your decisions in this game's finished hands,
        #: the open viewer (hearts.viewer.Viewer), and why an imported file was refused.
        self.reviews = Reviews()
        self.viewer: Any = None
        self.import_error: Phrase | None = None

    # ----- reading ---------------------------------------------------------------------------

    @property
    def language(self) -> str:
        return self.settings.language

    @property
    def menu_open(self) -> bool:
        return self.modal in MENU_PAGES

    @property
    def menu_page(self) -> str:
        """The menu shows its main page or the settings page."""
        return "settings" if self.modal == "settings" else "main"

    @property
    def overlay(self) -> str | None:
        """The panel the player opened over the table, if one is open."""
        return self.modal if self.modal in OVERLAYS else None

    @property
    def superseded(self) -> bool:
        return self.modal == "superseded"

    @property
    def confirming_new_game(self) -> bool:
        return self.modal == "confirm_new_game"

    def menu_panel_allowed(self) -> bool:
        """A panel of the menu (玩法, 计分表, 统计, 牌局编号, 复盘, 导入牌局) may open: not over the
        question before a new game, nor once another tab has taken the game."""
        return not (self.superseded or self.confirming_new_game)

    @property
    def phase(self) -> Phase:
        """The phase the page draws: the end of the game once its panel shows."""
        if self.panel() == "game":
            return Phase.GAME_OVER
        if self.hand.phase == OVER:
            return Phase.HAND_OVER
        return Phase(self.hand.phase)

    def _text(self, key: str, **values: object) -> str:
        """A string of :mod:`hearts.strings` in the player's language."""
        return text(key, self.language, **values)

    @property
    def hand(self) -> Hand:
        return self.match.hand

    @property
    def human_cards(self) -> tuple[Card, ...]:
        return self.hand.hands[HUMAN]

    def human_has_played(self) -> bool:
        """Whether seat 0 has played a card in this hand (the 「收到」 marks go then)."""
        return len(self.human_cards) < 13

    def received_cards(self) -> tuple[Card, ...]:
        """The cards marked 「收到」: received this hand, still held, before your first play."""
        received = self.hand.received[HUMAN]
        if not received or self.human_has_played():
            return ()
        held = set(self.human_cards)
        return tuple(card for card in received if card in held)

    def your_turn(self) -> bool:
        """True when a tap on a card can play it."""
        return (self.hand.phase == Phase.PLAY and self.hand.turn == HUMAN and not self.collecting
                and not self.blocked())

    def blocked(self) -> bool:
        """A panel or another tab keeps the table from taking card taps (the menu does not)."""
        return self.modal is not None and self.modal not in MENU_PAGES

    def moon_threat(self) -> int | None:
        """The seat holding every point taken so far this hand (once there are points)."""
        points = self.hand.points
        taken = sum(points)
        if self.hand.phase != Phase.PLAY or taken == 0:
            return None
        return next((seat for seat in range(4) if points[seat] == taken), None)

    def markers(self) -> list[str]:
        shown = []
        if self.hand.hearts_broken:
            shown.append(self._text("marker.hearts_broken"))
        if self.hand.queen_played:
            shown.append(self._text("marker.queen_played"))
        return shown

    def panel(self) -> str | None:
        """Which panel covers the table: superseded, confirm_new_game, game, hand or None."""
        if self.superseded:
            return "superseded"
        if self.confirming_new_game:
            return "confirm_new_game"
        if self.overlay is not None:
            return self.overlay
        if self.hand.phase == OVER and not self.collecting:
            return "game" if self.match.over else "hand"
        return None

    # ----- actions ---------------------------------------------------------------------------

    def tap_card(self, card: Card | str) -> str | None:
        """A tap on a card of your hand. Returns ``"played"`` when the tap played it."""
        if self.blocked():
            return None
        chosen = parse_card(card)
        if chosen not in self.human_cards:
            return None
        if self.collecting:
            self.collect()
        if self.hand.phase == Phase.PASS:
            self._toggle_pass_card(chosen)
            return None
        if self.hand.phase != Phase.PLAY:
            return None
        refusal = self.hand.why_illegal(chosen, HUMAN)
        if refusal is not None:
            self.message = refusal.message
            return None
        if self.selection == [chosen]:
            self._play(chosen)
            return "played"
        self.selection = [chosen]
        self.message = None
        return None

    def _toggle_pass_card(self, card: Card) -> None:
        if card in self.selection:
            self.selection.remove(card)
        elif len(self.selection) < 3:
            self.selection.append(card)
        else:
            self.message = phrase("message.pass_three_only")
            return
        self.message = None

    def confirm_pass(self) -> bool:
        """Give the 3 selected cards; the bots give theirs and the exchange happens at once."""
        return bool(load_ai().run_steps(self.confirm_pass_steps()))

    def confirm_pass_steps(self) -> Generator[None, None, bool]:
        """:meth:`confirm_pass` in slices: yields None between slices of the bots' search, so
        the page can let the browser breathe. Nothing changes before the end, and nothing at
        all if the table moved on meanwhile (the selection changed, a panel came up)."""
        if self.blocked() or self.hand.phase != Phase.PASS or len(self.selection) != 3:
            return False
        given = list(self.selection)
        self._passes().cutoff.cut((self.limits or load_ai().Limits()).pass_budget)
        passes = {}
        for seat in range(1, 4):
            passes[seat] = yield from self._pass_search(seat).finish_steps()
        if self.blocked() or self.hand.phase != Phase.PASS or self.selection != given:
            return False
        self.hand.pass_cards(HUMAN, given)
        for seat, cards in passes.items():
            self.hand.pass_cards(seat, cards)
        self._passes_ahead = None
        self.selection = []
        self.message = None
        self.notices = []
        return True

    def play_selected(self) -> bool:
        """The 「出牌」 button: play the selected card."""
        if not self.your_turn() or len(self.selection) != 1:
            return False
        self._play(self.selection[0])
        return True

    def _play(self, card: Card) -> None:
        self._record_play(HUMAN, card)
        self.selection = []
        self.message = None
        self.notices = []

    def hint(self) -> bool:
        """「提示」: select the recommended cards and say why."""
        return bool(load_ai().run_steps(self.hint_steps()))

    def hint_steps(self) -> Generator[None, None, bool]:
        """:meth:`hint` in slices (yields None between slices of the search); the hint is
        dropped if the table moved on before it was ready."""
        if self.blocked():
            return False
        if self.collecting:
            self.collect()
        view = self.match.view(HUMAN)
        position = self.position()
        if self.hand.phase == Phase.PASS:
            cards, reason = yield from load_ai().hint_pass_steps(view)
            chosen = list(parse_cards(cards))
        elif self.your_turn():
            card, reason = yield from load_ai().hint_play_steps(view)
            chosen = [parse_card(card)]
        else:
            return False
        if self.blocked() or self.position() != position:
            return False
        self.selection = chosen
        self.message = reason
        return True

    def position(self) -> tuple[int, int, int, bool]:
        """Where the game stands: which match, hand, how many cards passed and played."""
        passed = sum(given is not None for given in self.hand.passed)
        return (id(self.match), self.match.hand_number, passed * 100 + len(self.hand.plays), self.collecting)

    def ai_due(self) -> bool:
        """Whether a bot is to play now (the page calls :meth:`ai_step` after a pause)."""
        return (self.hand.phase == Phase.PLAY and self.hand.turn != HUMAN and not self.collecting
                and not self.blocked())

    def think_ahead(self) -> bool:
        """One slice of a bot's search before it is due; returns whether there was anything left
        to think about. In play, the bot on turn: its view is complete as soon as the card
        before it is played, so the page may call this while that card animates and while a
        finished trick is shown, and :meth:`ai_step_steps` goes on with the same search. In the
        pass phase, the bots' passes, a slice of each in turn: their views are complete once the
        cards are dealt and nothing you do changes them, so they are searched while you choose
        and :meth:`confirm_pass_steps` goes on with them. Either way the bot picks the cards it
        would have picked starting later (same seed, a budget that counts only time spent
        searching), sooner; a pass may even search longer the longer you choose
        (:meth:`_pass_search`)."""
        if self.hand.phase == Phase.PASS:
            if self.blocked():
                return False
            passes = self._passes()
            for _ in range(3):
                seat = passes.next_seat
                passes.next_seat = seat % 3 + 1
                search = self._pass_search(seat)
                if not search.done:
                    search.advance()
                    return True
            return False
        if self.hand.phase != Phase.PLAY or self.hand.turn in (None, HUMAN):
            return False
        ahead = self._search_ahead(self.hand.turn)
        if ahead.done:
            return False
        ahead.advance()
        return True

    def _passes(self) -> PassesAhead:
        """The bots' pass searches for this hand at this level (new ones if either changed)."""
        kept = self._passes_ahead
        if kept is None or kept.hand is not self.hand or kept.level != self.level:
            kept = self._passes_ahead = PassesAhead(self.hand, self.level, load_ai().steps.Cutoff())
        return kept

    def _pass_search(self, seat: int) -> Any:
        """The search for ``seat``'s pass in this hand: the one begun ahead, or a new one. In the
        page it may search up to ``hearts.ai.search.PAGE_PASS_BUDGET`` while you choose, and your
        pass cuts it to the budget a search begun then would have (the three share a cutoff), so
        you never wait longer for it than for that search (fixed limits are cut to their own). Its
        slices are short (:data:`PASS_AHEAD_SLICE`): it runs while you tap, and a tap waits for
        the slice under way."""
        passes = self._passes()
        if seat not in passes.searches:
            ai = load_ai()
            limits = self.limits or ai.page_pass_limits()
            limits = replace(limits, slice_seconds=min(limits.slice_seconds, PASS_AHEAD_SLICE),
                             cutoff=passes.cutoff)
            steps = self._bot(seat, limits).choose_pass_steps(self.match.view(seat))
            passes.searches[seat] = ai.steps.Ahead(steps)
        return passes.searches[seat]

    def _search_ahead(self, seat: int) -> Any:
        """The search for ``seat``'s play in this position: the one begun ahead, or a new one."""
        ahead = self._ahead
        if (ahead is None or ahead.hand is not self.hand or ahead.plays != len(self.hand.plays)
                or ahead.level != self.level):
            ai = load_ai()
            cutoff = ai.steps.Cutoff()
            limits = replace(self._play_limits(), cutoff=cutoff)
            steps = self._bot(seat, limits).choose_play_steps(self.match.view(seat))
            ahead = self._ahead = PlayAhead(self.hand, len(self.hand.plays), self.level, ai.steps.Ahead(steps), cutoff)
        return ahead.search

    def ai_step(self) -> dict[str, Any] | None:
        """The bot on turn plays one card. Returns what happened, for the animation."""
        happened: dict[str, Any] | None = load_ai().run_steps(self.ai_step_steps())
        return happened

    def ai_step_steps(self) -> Generator[None, None, dict[str, Any] | None]:
        """:meth:`ai_step` in slices (yields None between slices of the bot's search); plays
        nothing if the table moved on before the bot had chosen."""
        if not self.ai_due():
            return None
        seat = self.hand.turn
        assert seat is not None
        position = self.position()
        card = parse_card((yield from self._search_ahead(seat).finish_steps()))
        self._ahead = None
        if not self.ai_due() or self.position() != position:
            return None
        completed = self._record_play(seat, card)
        return {"seat": seat, "card": str(card), "trick_complete": completed}

    def _record_play(self, seat: int, card: Card) -> bool:
        """Play ``card`` for ``seat``, with what a screen reader says and the sounds it makes.
        Returns whether the card completed a trick."""
        hearts_were_broken = self.hand.hearts_broken
        completed = self.hand.play(card)
        self.collecting = completed is not None
        self.spoken = [phrase("announce.play", seat=phrase(f"seat.{seat}"), card=card.name_phrase())]
        if completed is not None:
            self.spoken.append(phrase("announce.trick", seat=phrase(f"seat.{completed.winner}")))
        if card == QUEEN_OF_SPADES:
            self.cues.append("queen")
        if self.hand.hearts_broken and not hearts_were_broken:
            self.cues.append("hearts_broken")
        if self.hand.phase == OVER and self.hand.moon is not None:
            self.cues.append("moon")
        return completed is not None

    def collect(self) -> None:
        """Take the completed trick off the table (after its animation, or on a tap)."""
        self.collecting = False
        self.sweeping = False

    def next_hand(self) -> bool:
        """「下一手」: deal the next hand; a difficulty chosen meanwhile takes effect now."""
        if self.panel() != "hand":
            return False
        self.match.next_hand()
        self._start_hand()
        return True

    def _start_hand(self) -> None:
        self.level = self.next_level
        self.selection = []
        self.collect()
        self.message = phrase("pass.none") if self.hand.pass_direction == "none" else None

    def play_again(self, seed: int | None = None) -> bool:
        """「再来一场」 after the end of a game."""
        if self.panel() != "game":
            return False
        self._new_match(seed)
        return True

    def request_new_game(self) -> None:
        """「新游戏」 from the menu asks first, since the game in progress would be lost."""
        if not self.superseded:
            self.modal = "confirm_new_game"
            self.pending_deal = None

    def confirm_new_game(self, seed: int | None = None) -> bool:
        if not self.confirming_new_game:
            return False
        self.modal = None
        self._new_match(seed, self.pending_deal)
        return True

    def cancel_new_game(self) -> None:
        if self.confirming_new_game:
            self.modal = None
        self.pending_deal = None

    def _new_match(self, seed: int | None, deal_number: int | None = None) -> None:
        self.match = Match(seed, deal_number=deal_number)
        self.reviews = Reviews()
        if self.overlay is not None:
            self.modal = None
            self.viewer = None
        self.pending_deal = None
        self._start_hand()

    def set_level(self, level: str) -> None:
        """Choose the difficulty; the bots of the hand in progress keep theirs."""
        check_level(level)
        if level == self.next_level:
            return
        self.next_level = level
        if level == self.level:
            self.message = phrase("message.level_unchanged", level=phrase(f"level.{level}"))
        else:
            self.message = phrase("message.level_next_hand", level=phrase(f"level.{level}"))

    def toggle_menu(self) -> None:
        """The menu button: opens the menu on its main page, or closes it. It does not open
        over a panel that covers the table (the panel is modal)."""
        if self.menu_open:
            self.modal = None
        elif self.modal is None:
            self.modal = "menu"

    def open_settings(self) -> None:
        """「设置」 in the menu: the menu shows the settings instead."""
        if self.modal is None or self.menu_open:
            self.modal = "settings"

    def choose_setting(self, name: str, value: object) -> None:
        """Change one setting (ValueError for an unknown name or value; nothing changes then)."""
        self.settings = self.settings.choose(name, value)

    def take_cues(self) -> list[str]:
        """The sounds due since the last call, if sound is on: ``your_turn``, ``queen``,
        ``hearts_broken``, ``moon``. The page plays them; asking clears them."""
        your_turn = self.your_turn()
        if your_turn and not self._was_your_turn:
            self.cues.append("your_turn")
        self._was_your_turn = your_turn
        due, self.cues = self.cues, []
        return due if self.settings.sound else []

    def act(self, action: str, **data: Any) -> Reply:
        """Do what a tap on ``data-action=action`` or a key (:meth:`key_command`) asks.

        ``data``: what the action needs — ``code`` (a card), ``level``, ``name`` and ``value``
        (a setting, as the page's attributes spell it), ``typed`` (a deal number), ``storage``
        (the statistics), ``stamp`` (the exported file's date and time). An unknown action
        does nothing.
        """
        handler = ACTIONS.get(action)
        return NOTHING if handler is None else handler(self, data)

    def next_wait(self) -> Wait | None:
        """The next pause the page waits out before :meth:`wait_over`, if any: ``collect`` (a
        completed trick is shown, then moves to its winner) or ``bot`` (a bot's turn comes).

        Fast-forward ends here once it is your turn or a panel comes up; until then the bots
        and the shown tricks go at FAST_FORWARD pace (a trick's move keeps the player's pace).
        """
        if self.your_turn() or self.panel() is not None:
            self.fast = False
        pace = self._pace()
        if self.collecting:
            if self.sweeping:
                return Wait("collect", pacing(self.settings.speed).collect_move)
            return Wait("collect", pace.trick_shown)
        if self.ai_due():
            return Wait("bot", pace.ai_delay)
        return None

    def wait_until_card(self, wait: Wait | None) -> int:
        """Milliseconds from the start of ``wait`` (the page's next timer, :meth:`next_wait`)
        until the bot on turn plays its card; 0 if no bot is to play next. A bot's pause is
        all; a finished trick shown is followed by its move to the winner and, if the winner is
        a bot, its pause: that leader's view is complete from the trick's last card, so its
        search may use the whole of it (:meth:`think_ahead`)."""
        if wait is None or self.hand.phase != Phase.PLAY or self.hand.turn in (None, HUMAN):
            return 0
        if wait.purpose != "collect":
            return wait.ms
        move = 0 if self.sweeping else pacing(self.settings.speed).collect_move
        return wait.ms + move + self._pace().ai_delay

    def _pace(self) -> Pacing:
        """The bots' and shown tricks' delays now: FAST_FORWARD while 「快进」 lasts."""
        return FAST_FORWARD if self.fast else pacing(self.settings.speed)

    def wait_over(self) -> Reply:
        """The pause of :meth:`next_wait` is over: a shown trick starts to move to its winner,
        a moved one is collected, or the bot on turn starts to think."""
        if self.collecting:
            if not self.sweeping:
                self.sweeping = True
                return Reply(save=False)
            self.collect()
            return CHANGED
        if self.ai_due():
            return Reply(steps=self.ai_step_steps())
        return CHANGED

    def fast_forward(self) -> None:
        """「快进」: the bots play on at FAST_FORWARD pace (see :meth:`next_wait`). A play searched
        ahead for a longer wait stops at the budget of a quick one, so that nobody waits for it."""
        self.fast = True
        if self._ahead is not None:
            self._ahead.cutoff.cut(self._play_limits(pause_seconds=0.0).budget)

    def key_command(self, key: str, *, on_card: bool, on_button: bool) -> str | None:
        """What a key press asks :meth:`act` for now (hearts.keys), or None."""
        return key_command(self, key, on_card=on_card, on_button=on_button)

    def swipe_command(self, across: float, down: float) -> str | None:
        """What a swipe (CSS pixels moved) asks :meth:`act` for now (hearts.keys), or None."""
        return swipe_command(self, across, down)

    def pass_enabled(self) -> bool:
        """「传牌」 can be pressed: three cards chosen, nothing covering the table."""
        return self.hand.phase == Phase.PASS and len(self.selection) == 3 and not self.blocked()

    def other_tab_saved(self) -> None:
        """Another tab wrote the save: stop here and say where the game goes on."""
        self.modal = "superseded"

    # ----- last trick, score sheet, statistics, deal numbers, auto-finish ----------------------

    def last_trick_available(self) -> bool:
        """「上一墩」 is offered during play once a trick has been completed."""
        return self.hand.phase == Phase.PLAY and bool(self.hand.tricks) and not self.blocked()

    def show_last_trick(self) -> bool:
        if not self.last_trick_available():
            return False
        self._open("last_trick")
        return True

    def show_rules(self) -> bool:
        """「玩法」 from the menu, at the section read last."""
        if not self.menu_panel_allowed():
            return False
        self._open("rules")
        return True

    def show_rules_section(self, section: str) -> bool:
        """Jump to another section of the open 「玩法」; an unknown section changes nothing."""
        if self.overlay != "rules" or section not in RULES_SECTIONS:
            return False
        self.rules_section = section
        return True

    def show_scoresheet(self) -> bool:
        """「计分表」 from the menu."""
        if not self.menu_panel_allowed():
            return False
        self._open("scoresheet")
        return True

    def _open(self, overlay: str) -> None:
        if self.collecting:
            self.collect()
        self.modal = overlay

    def close_overlay(self) -> None:
        """「关闭」 (or Escape): back to the table exactly as it was (the viewer: to where it was
        opened from, the score sheet or the menu)."""
        if self.overlay is not None:
            self.modal = self.viewer.back if self.modal == "review" else None
        self.viewer = None
        self.deal_entry = ""
        self.deal_entry_error = None

    def show_stats(self, storage: Storage) -> bool:
        """「统计」 from the menu: the figures as stored now."""
        if not self.menu_panel_allowed():
            return False
        stats = self._read_stats(storage)
        self.stats_rows = (stats if stats is not None else stats_class()()).summary(self.language)
        self._open("stats")
        return True

    def request_reset_stats(self) -> bool:
        if self.overlay != "stats":
            return False
        self.modal = "confirm_reset_stats"
        return True

    def cancel_reset_stats(self) -> None:
        if self.overlay == "confirm_reset_stats":
            self.modal = "stats"

    def confirm_reset_stats(self, storage: Storage) -> bool:
        """Zero the statistics (hands already counted stay counted: see Stats.reset)."""
        if self.overlay != "confirm_reset_stats":
            return False
        stats = self._read_stats(storage)
        if stats is None:
            return False
        stats.reset()
        if not self._write_stats(storage, stats):
            return False
        self.stats_rows = stats.summary(self.language)
        self.modal = "stats"
        return True

    def record_stats(self, storage: Storage, label: str) -> bool:
        """Count finished hands (and the game, once over) in the statistics, exactly once.

        The page calls this after every successful :meth:`save`, never before: if the tab
        closes between the two writes, the save already holds the finished hand and the next
        start counts it; :class:`hearts.stats.Stats` remembers per game how many hands it
        counted, so recounting after a reload, a redraw or a failed write adds nothing.
        ``label`` names the game in 「最佳一场」/「最差一场」 (the page gives the date).
        """
        if self.superseded or self.saving_failed or self.hand.phase != OVER:
            return False
        mark = (self.match.seed, self.match.hand_number)
        if self._recorded == mark:
            return False
        stats = self._read_stats(storage)
        if stats is None:
            return False
        if stats.record(self.match, label=label) and not self._write_stats(storage, stats):
            return False
        self._recorded = mark
        return True

    def _write_stats(self, storage: Storage, stats: "Stats") -> bool:
        if write_stats(storage, stats):
            return True
        self.saving_failed = True
        return False

    def _read_stats(self, storage: Storage) -> "Stats | None":
        """The stored statistics (hearts.storage.read_stats), saying so if they were unreadable."""
        read = read_stats(storage)
        if read.problem is not None:
            self.load_problem = read.problem
        if read.notice is not None:
            self.notices.append(phrase(read.notice))
        return read.stats

    def open_deal_entry(self) -> bool:
        """「牌局编号」 from the menu: type a number to play that deal."""
        if not self.menu_panel_allowed():
            return False
        self._open("deal_entry")
        self.deal_entry = ""
        self.deal_entry_error = None
        return True

    def submit_deal_number(self, typed: str, seed: int | None = None) -> bool:
        """Start a new game whose first hand is the typed deal; bad input is kept with the
        reason, and nothing else changes."""
        if self.overlay != "deal_entry":
            return False
        try:
            number = parse_deal_number(typed, self.language)
        except InvalidDealNumber as refusal:
            self.deal_entry = typed
            self.deal_entry_error = refusal.message
            return False
        self.close_overlay()
        self._new_match(seed, number)
        return True

    def replay_deal(self, seed: int | None = None) -> bool:
        """「重玩此局」 at the end of a hand: a new game whose first hand is this hand's deal.
        Mid-game it asks first (the game in progress would be lost); after the last hand it
        starts at once."""
        kind = self.panel()
        if kind == "game":
            self._new_match(seed, self.match.deal_number)
            return True
        if kind != "hand":
            return False
        self.modal = "confirm_new_game"
        self.pending_deal = self.match.deal_number
        return True

    def export_record(self, stamp: str) -> tuple[str, str] | None:
        """「导出牌局」 once the game is over: (file name, JSON text) of its full record.
        ``stamp`` (the page gives the date and time) makes the file name unique."""
        if not self.match.over:
            return None
        return record_filename(stamp, self.language), record_json(self.match)

    def autofinish_offer(self) -> str | None:
        """The sentence offering 「自动完成」 on your turn once the rest of the hand is decided
        (decided from what you can see: hearts.autofinish), else None."""
        hand = self.hand
        if hand.phase != Phase.PLAY or hand.turn != HUMAN or self.blocked():
            return None
        return offer_message(hand, HUMAN, self.language)

    def finish_now(self) -> bool:
        """「自动完成」: play the hand out at once; the points are those playing on gives."""
        if self.autofinish_offer() is None:
            return False
        if self.collecting:
            self.collect()
        autofinish(self.hand, HUMAN)
        self.selection = []
        self.message = None
        self.notices = []
        return True

    # ----- 复盘: the hand viewer, the AI's verdicts and 「导入牌局」 (issue 21) ----------------------

    def open_review(self, number: int | None = None) -> bool:
        """「复盘」: the viewer on hand ``number`` of this game (None: the last finished one), with
        every finished hand of the game to choose from. 「关闭」 goes back to what was open."""
        finished = [(index, hand) for index, hand in enumerate(self.match.hands, start=1) if hand.phase == OVER]
        if not self.menu_panel_allowed() or self.modal == "review" or not finished:
            return False
        from .replay import HandReplay
        from .viewer import Viewer

        replays = []
        for index, hand in finished:
            replay = HandReplay(hand, index)
            for verdict in self.reviews.verdicts(index, hand):
                replay.add_verdict(verdict)
            replays.append(replay)
        numbers = [index for index, _ in finished]
        shown = numbers.index(number) if number in numbers else -1
        self._open_viewer(Viewer(replays, back=self.modal, shown=shown))
        return True

    def _open_viewer(self, viewer: Any) -> None:
        self._open("review")
        self.viewer = viewer
        self._say_step()

    def review_move(self, by: int) -> bool:
        """「上一步」/「下一步」 (←/→, a swipe): ``by`` steps in the hand shown."""
        return self.overlay == "review" and self.viewer.move(by) and self._say_step()

    def review_go(self, step: int) -> bool:
        """Jump to step ``step`` of the hand shown (the deal, the pass, a trick)."""
        return self.overlay == "review" and self.viewer.go_to(step) and self._say_step()

    def review_hand(self, number: int) -> bool:
        """Show another hand of the viewer, from its deal."""
        return self.overlay == "review" and self.viewer.show_hand(number) and self._say_step()

    def _say_step(self) -> bool:
        """A screen reader hears the step shown (the page's live region, as for a play)."""
        step = self.viewer.replay.step(self.viewer.step)
        self.spoken = [self.viewer.replay.position(step.index), step.label, *step.description()]
        return True

    def review_pending(self, replay: Any) -> bool:
        """Whether some of your decisions in ``replay``'s hand are still to be judged."""
        return len(replay.verdicts) < decision_count(replay.hand, replay.seat)

    def request_import(self) -> Reply:
        """「导入牌局」 from the menu: the browser asks for the file (then :meth:`import_record`)."""
        if not self.menu_panel_allowed():
            return NOTHING
        if self.menu_open:
            self.toggle_menu()
        return Reply(save=False, browser="choose-file")

    def import_record(self, text: str) -> bool:
        """The chosen file's text: its finished hands open in the viewer, or the reason it is
        refused shows. The game in progress is not touched either way."""
        if not self.menu_panel_allowed() or self.modal == "review":
            return False
        from .replay import import_record
        from .viewer import Viewer

        try:
            replays = import_record(text)
        except RecordError as refusal:
            self.import_error = refusal.message
            self.modal = "import_failed"
            return False
        self._open_viewer(Viewer(replays, back=None, shown=0, imported=True))
        return True

    def review_job(self) -> Generator[None, None, bool] | None:
        """The next of your decisions to judge in the background, as steps the page runs a slice
        per browser task between everything else (None: all are judged). The hand in the viewer
        comes first, then this game's finished hands, the latest first. The steps record the
        verdict at their end (if the game is still the same) and return whether they did."""
        # The viewer's modules load with the first job, in the background, and so not in the
        # tap that first opens the viewer.
        from . import viewer  # noqa: F401

        shown = self.viewer if self.overlay == "review" else None
        if shown is not None and shown.imported:
            earlier = [replay.hand for replay in shown.replays[:shown.shown]]
            decision = next_unjudged(shown.replay.hand, shown.replay.seat, shown.replay.verdicts,
                                     totals_before(earlier))
            if decision is not None:
                return self._judge_steps(decision, shown.replay, None)
        numbers = list(range(len(self.match.hands), 0, -1))
        if shown is not None and not shown.imported:
            numbers.insert(0, shown.replay.number)
        for number in numbers:
            hand = self.match.hands[number - 1]
            if hand.phase == OVER:
                decision = self.reviews.next_decision(number, hand, totals_before(self.match.hands[:number - 1]))
                if decision is not None:
                    return self._judge_steps(decision, None, number)
        return None


    def _judge_steps(self, decision: Any, replay: Any, number: int | None) -> Generator[None, None, bool]:
        from .ai.review import verdict_steps

        match = self.match
        verdict = yield from verdict_steps(decision.view, decision.taken)
        if replay is not None:
            replay.add_verdict(verdict)
            return True
        if self.match is not match or number is None:
            return False
        self.reviews.add(number, verdict)
        shown = None if self.viewer is None or self.viewer.imported else self.viewer.replay_of(number)
        if shown is not None:
            shown.add_verdict(verdict)
        return True

    # ----- the newcomer's tips ----------------------------------------------------------------

    def update_tips(self) -> None:
        """Bring the newcomer's tip up to date with the table (hearts.tips decides). The page
        calls this after every change, before saving, so a tip that came up is saved as seen
        and the end of the game the tips ran in switches them off."""
        self.settings = self.tutor.step(self._scene(), self.settings)

    def dismiss_tip(self) -> None:
        """「知道了」 on the tip."""
        self.tutor.dismiss()

    def _scene(self) -> Scene:
        hand = self.hand
        dimmed = self.your_turn() and len(hand.legal()) < len(self.human_cards)
        return Scene(phase=hand.phase, dimmed=dimmed, hearts_broken=bool(hand.hearts_broken),
                     moon_threat=self.moon_threat() not in (None, HUMAN), tricks=len(hand.tricks),
                     game_over=self.match.over)

    def _play_limits(self, pause_seconds: float | None = None) -> Any:
        """A play's search limits: the tests' if fixed, else a budget the wait allows
        (``pause_seconds``, or :attr:`pause_seconds` if not given)."""
        if self.limits is not None:
            return self.limits
        ai = load_ai()
        return ai.Limits(budget=ai.page_play_budget(self.pause_seconds if pause_seconds is None else pause_seconds))

    def _bot(self, seat: int, limits: Any) -> Any:
        """``seat``'s bot for its next decision, at this table's level."""
        return load_ai().bot(self.level, seed=self._bot_seed(seat), limits=limits)

    def _bot_seed(self, seat: int) -> int:
        """The seed of ``seat``'s next decision: the deal, the seat and the cards played so far."""
        hand_plays = len(self.hand.plays)
        return (self.match.seed * 1_000_003 + self.match.hand_number * 1009 + seat * 101
                + hand_plays) % _SEED_MIX

    # ----- what the page draws ---------------------------------------------------------------

    def state(self) -> TableState:
        """Everything the page renders, as plain data (hearts.screen lays it out)."""
        return screen(self)

    def fast_forward_offered(self) -> bool:
        """「快进」 is offered while bots play on: until your turn or a panel comes up."""
        return self.hand.phase == Phase.PLAY and not self.blocked() and (
            self.ai_due() or (self.collecting and len(self.hand.tricks) < 13))

    def hint_enabled(self) -> bool:
        """「提示」 can be asked for: your pass or your turn, nothing covering the table."""
        return not self.blocked() and (self.hand.phase == Phase.PASS or self.your_turn())

    # ----- saving ----------------------------------------------------------------------------

    def save_document(self) -> str:
        """The whole state worth keeping: the match, your selection and the settings."""
        return json.dumps({
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "match": self.match.to_dict(),
            "selection": [str(card) for card in self.selection],
            "level": self.level,
            "next_level": self.next_level,
            "collecting": self.collecting,
            "reviews": self.reviews.to_dict(),
        }, separators=(",", ":"))

    @classmethod
    def from_save(cls, document: str) -> "Table":
        """Load :meth:`save_document` output; anything else raises :class:`SaveError`."""
        data = upgrade(load_json(document), SAVE_FORMAT, SAVE_VERSION, SAVE_MIGRATIONS, "a saved table")
        check_fields(data, SAVE_FIELDS, "a saved table")
        with reading("a saved table"):
            table = cls(Match.from_dict(data["match"]), level=data["level"])
            table.next_level = data["next_level"]
            check_level(table.next_level)
            table.collecting = data["collecting"]
            table.selection = list(parse_cards(data["selection"]))
        # A damaged review is dropped when read (hearts.reviews), never the game with it.
        table.reviews = Reviews.from_dict(data["reviews"])
        table._check_collecting()
        table._check_selection()
        return table

    def _check_collecting(self) -> None:
        if not isinstance(self.collecting, bool):
            raise SaveError("'collecting' must be true or false")
        if self.collecting and (not self.hand.tricks or self.hand.current_trick.cards):
            raise SaveError("the save shows a trick being collected, but no trick is complete")

    def _check_selection(self) -> None:
        held = set(self.human_cards)
        if any(card not in held for card in self.selection):
            raise SaveError("the saved selection holds cards you do not have")
        if self.hand.phase == Phase.PASS and len(self.selection) > 3:
            raise SaveError("the saved selection has more than 3 cards to pass")
        if self.hand.phase == Phase.PLAY and (len(self.selection) > 1 or any(
                self.hand.why_illegal(card, HUMAN) for card in self.selection)):
            raise SaveError("the saved selection is not one playable card")
        if self.hand.phase == OVER and self.selection:
            raise SaveError("a selection after the end of the hand")

    def save(self, storage: Storage) -> bool:
        """Write the save and the settings; on failure keep playing and say that progress is not saved."""
        if self.superseded:
            return False
        self.saving_failed = not write_game(storage, self.save_document(), self.settings.to_json())
        return not self.saving_failed


def open_table(storage: Storage, seed: int | None = None) -> Table:
    """The saved game and settings, each read on its own (see :func:`_open_game`)."""
    table = _open_game(storage, seed)
    table.settings, problem = load_settings(storage)
    if problem is not None:
        table.load_problem = "; ".join(filter(None, (table.load_problem, problem)))
    return table


def _open_game(storage: Storage, seed: int | None = None) -> Table:
    """The saved game if there is a readable one, else a fresh game with a notice saying why.

    An unreadable save is copied under an ``UNREADABLE_PREFIX`` key before anything overwrites
    it, so a player (or a later version) can still recover it.
    """
    try:
        saved = read_save(storage)
    except StorageUnavailable:
        table = Table(seed=seed)
        table.saving_failed = True
        return table
    if saved is None:
        return Table(seed=seed)
    try:
        return Table.from_save(saved)
    except SaveError as problem:
        table = Table(seed=seed)
        table.notices.append(phrase("notice.unreadable_save"))
        table.load_problem = str(problem)
        if not keep_unreadable(storage, saved, UNREADABLE_PREFIX):
            table.notices.append(phrase("notice.unreadable_not_kept"))
        return table


def _setting_value(value: object) -> object:
    """A setting's value as the page's ``data-value`` spells it: switches are "true"/"false"."""
    return {"true": True, "false": False}.get(str(value), value)


def _do(method: Callable[..., object], *args: object) -> Reply:
    """Call a table action; whatever it did (or refused), the page saves and redraws."""
    method(*args)
    return CHANGED


def _menu(table: Table, change: Callable[[], None]) -> Reply:
    """The menu opened or turned a page: keyboard users land in it, not behind it."""
    change()
    return Reply(browser="focus-menu") if table.menu_open else CHANGED


def _fullscreen(table: Table) -> Reply:
    table.toggle_menu()
    return Reply(browser="fullscreen")


def _export(table: Table, stamp: str) -> Reply:
    exported = table.export_record(stamp)
    return CHANGED if exported is None else Reply(browser="download", file=exported)


def _rules_section(table: Table, section: str) -> Reply:
    """A jump in 「玩法」 takes the keyboard and the screen reader to the section's heading."""
    table.show_rules_section(section)
    return Reply(browser="focus-rules-section")


def _close_menu(table: Table, browser: str | None) -> Reply:
    if table.menu_open:
        table.toggle_menu()
    return Reply(save=False, browser=browser)


def _view(change: Callable[[int], bool], value: int | None) -> Reply:
    """A step in the viewer: redrawn, not saved (the viewer is not part of the save)."""
    if value is not None:
        change(value)
    return Reply(save=False)


def _number(value: object) -> int | None:
    """A number the page's ``data-`` attribute spells, or None if it does not."""
    return int(value) if isinstance(value, str) and value.isdigit() else None


#: Every action of the page, by its ``data-action`` name (and the key commands').
ACTIONS: dict[str, Callable[[Table, dict[str, Any]], Reply]] = {
    "card": lambda table, data: _do(table.tap_card, str(data["code"])),
    "pass": lambda table, data: Reply(steps=table.confirm_pass_steps(), paint_first=True),
    "play": lambda table, data: _do(table.play_selected),
    "hint": lambda table, data: Reply(steps=table.hint_steps(), paint_first=True),
    "trick": lambda table, data: _do(table.collect) if table.collecting else NOTHING,
    "fast": lambda table, data: _do(table.fast_forward),
    "menu": lambda table, data: _menu(table, table.toggle_menu),
    "settings": lambda table, data: _menu(table, table.open_settings),
    "close-menu": lambda table, data: _close_menu(table, "focus-menu-button"),
    "dismiss-menu": lambda table, data: _close_menu(table, None),
    "level": lambda table, data: _do(table.set_level, str(data["level"])),
    "setting": lambda table, data: _do(table.choose_setting, str(data["name"]), _setting_value(data["value"])),
    "fullscreen": lambda table, data: _fullscreen(table),
    "new-game": lambda table, data: _do(table.request_new_game),
    "confirm-new-game": lambda table, data: _do(table.confirm_new_game),
    "cancel-new-game": lambda table, data: _do(table.cancel_new_game),
    "next-hand": lambda table, data: _do(table.next_hand),
    "play-again": lambda table, data: _do(table.play_again),
    "reload": lambda table, data: Reply(save=False, draw=False, browser="reload"),
    "last-trick": lambda table, data: _do(table.show_last_trick),
    "scoresheet": lambda table, data: _do(table.show_scoresheet),
    "stats": lambda table, data: _do(table.show_stats, data["storage"]),
    "reset-stats": lambda table, data: _do(table.request_reset_stats),
    "confirm-reset-stats": lambda table, data: _do(table.confirm_reset_stats, data["storage"]),
    "cancel-reset-stats": lambda table, data: _do(table.cancel_reset_stats),
    "deal-entry": lambda table, data: _do(table.open_deal_entry),
    "submit-deal": lambda table, data: _do(table.submit_deal_number, str(data["typed"])),
    "close-overlay": lambda table, data: _do(table.close_overlay),
    "replay": lambda table, data: _do(table.replay_deal),
    "export": lambda table, data: _export(table, str(data["stamp"])),
    "autofinish": lambda table, data: _do(table.finish_now),
    "rules": lambda table, data: _do(table.show_rules),
    "rules-section": lambda table, data: _rules_section(table, str(data["section"])),
    "dismiss-tip": lambda table, data: _do(table.dismiss_tip),
    "review": lambda table, data: _do(table.open_review, _number(data.get("hand"))),
    "review-previous": lambda table, data: _view(table.review_move, -1),
    "review-next": lambda table, data: _view(table.review_move, 1),
    "review-step": lambda table, data: _view(table.review_go, _number(data.get("step"))),
    "review-hand": lambda table, data: _view(table.review_hand, _number(data.get("hand"))),
    "import": lambda table, data: table.request_import(),
    "import-record": lambda table, data: _do(table.import_record, str(data["text"])),
    "previous-card": lambda table, data: Reply(save=False, draw=False, browser="previous-card"),
    "next-card": lambda table, data: Reply(save=False, draw=False, browser="next-card"),
    "first-card": lambda table, data: Reply(save=False, draw=False, browser="first-card"),
}
