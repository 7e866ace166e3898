"""The table as the page shows it, in pure Python: every UI decision, none of the DOM.

A :class:`Table` wraps a :class:`hearts.Match` with what the player sees and does: the cards
selected, which cards are playable, the last message, markers, what covers the table (the menu,
a panel), difficulty and settings. The page (``web/main.py``) calls one action per tap
(:meth:`Table.act`, hearts.table.actions), then renders :meth:`Table.state` — a plain dict — and
saves :meth:`Table.save_document`. Its other jobs are modules of their own, each holding the
table: the bots' turns and the page's timers (:attr:`Table.bots`, hearts.table.bot_turns), the
menu and the panels opened over the table (:attr:`Table.covers`, hearts.table.covers), 复盘
(:attr:`Table.review`, hearts.table.review_controller), the statistics (:attr:`Table.stats`,
hearts.table.stats_keeper) and the save's format (hearts.table.save_document).

>>> table = Table(seed=5)
>>> state = table.state()
>>> state["phase"] == Phase.PASS == "pass", state["pass_button"]["label"]
(True, '传给左家')
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Unpack

from ..game.autofinish import autofinish, offer_message
from ..game.cards import QUEEN_OF_SPADES, Card, parse_card
from ..game.errors import SaveError
from ..game.hand import Hand
from ..game.levels import check_level
from ..game.match import Match
from ..game.phase import HandPhase
from ..game.record import record_filename, record_json
from ..game.strings import Phrase, phrase, text
from .actions import ActionData, PageActions
from .backups import Backups
from .bot_turns import BotTurns
from .covers import Covers
from .hint_ahead import HintsAhead
from .keys import key_command, swipe_command
from .reply import Reply
from .review_controller import ReviewController
from .save_document import SavedTable
from .saved_verdicts import Reviews
from .screen import screen
from .settings import Settings
from .state import HUMAN, MENU_PAGES, OVERLAYS, Modal, Phase, TableState
from .stats_keeper import StatsKeeper
from .storage import (
    UNREADABLE_PREFIX,
    Storage,
    StorageUnavailable,
    keep_unreadable,
    load_settings,
    read_save,
    write_game,
)
from .tips import Scene, Tutor

if TYPE_CHECKING:
    from .replay_viewer import Viewer

DEFAULT_LEVEL = "normal"


class Table:
    """One player (seat 0) against three bots, with the state of the page around the match."""

    def __init__(self, match: Match | None = None, *, seed: int | None = None, level: str = DEFAULT_LEVEL) -> None:
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
        #: ... and has begun to move to its winner (the page animates it; see BotTurns.wait_over).
        self.sweeping = False
        #: 「快进」 was asked for: the bots play at FAST_FORWARD pace until your turn or a panel.
        self.fast = False
        #: What covers the table, if anything (see :class:`Modal`): the menu, a panel the player
        #: opened (one of OVERLAYS: the table takes no card taps and the bots wait), the question
        #: before a new game, or ``superseded`` (another tab saved this game since: this tab stops
        #: so it cannot overwrite it).
        self.modal: Modal | None = None
        #: What the browser says about fullscreen (:meth:`browser_fullscreen`): offered, and on now.
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
        #: The newcomer's tip up now (hearts.table.tips); :meth:`update_tips` moves it on.
        self.tutor = Tutor(game_over=self.match.over)
        #: The deal a confirmed 「重玩此局」 starts the new game with.
        self.pending_deal: int | None = None
        #: 复盘 (issue 21): the AI's verdicts on your decisions in this game's finished hands,
        #: the open viewer, and why an imported file was refused.
        self.reviews = Reviews()
        self.viewer: Viewer | None = None
        self.import_error: Phrase | None = None
        self.bots = BotTurns(self)
        self.hints = HintsAhead(self)
        self.review = ReviewController(self)
        self.stats = StatsKeeper(self)
        self.covers = Covers(self)
        self.actions = PageActions(self)
        self.backups = Backups(self)

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
        return "settings" if self.modal == Modal.SETTINGS else "main"

    @property
    def overlay(self) -> Modal | None:
        """The panel the player opened over the table, if one is open."""
        return self.modal if self.modal in OVERLAYS else None

    @property
    def superseded(self) -> bool:
        return self.modal == Modal.SUPERSEDED

    @property
    def confirming_new_game(self) -> bool:
        return self.modal == Modal.CONFIRM_NEW_GAME

    @property
    def phase(self) -> Phase:
        """The phase the page draws: the end of the game once its panel shows."""
        if self.panel() == "game":
            return Phase.GAME_OVER
        if self.hand.phase == HandPhase.OVER:
            return Phase.HAND_OVER
        return Phase(self.hand.phase)

    @property
    def hand(self) -> Hand:
        return self.match.hand

    @property
    def human_cards(self) -> tuple[Card, ...]:
        return self.hand.hands[HUMAN]

    def received_cards(self) -> tuple[Card, ...]:
        """The cards marked 「收到」: received this hand, still held, before your first play."""
        received = self.hand.received[HUMAN]
        if not received or len(self.human_cards) < 13:
            return ()
        held = set(self.human_cards)
        return tuple(card for card in received if card in held)

    def _in_play(self) -> bool:
        return self.hand.phase == HandPhase.PLAY and not self.collecting and not self.blocked()

    def your_turn(self) -> bool:
        """True when a tap on a card can play it."""
        return self._in_play() and self.hand.turn == HUMAN

    def ai_due(self) -> bool:
        """Whether a bot is to play now (the page lets it after a pause: hearts.table.bot_turns)."""
        return self._in_play() and self.hand.turn != HUMAN

    def blocked(self) -> bool:
        """A panel or another tab keeps the table from taking card taps (the menu does not)."""
        return self.modal is not None and self.modal not in MENU_PAGES

    def moon_threat(self) -> int | None:
        """The seat holding every point taken so far this hand (once there are points)."""
        points = self.hand.points
        taken = sum(points)
        if self.hand.phase != HandPhase.PLAY or taken == 0:
            return None
        return next((seat for seat in range(4) if points[seat] == taken), None)

    def markers(self) -> list[str]:
        shown = [("marker.hearts_broken", self.hand.hearts_broken), ("marker.queen_played", self.hand.queen_played)]
        return [text(key, self.language) for key, on in shown if on]

    def panel(self) -> str | None:
        """Which panel covers the table: superseded, confirm_new_game, game, hand or None."""
        if self.modal is not None and not self.menu_open:
            return self.modal
        if self.hand.phase == HandPhase.OVER and not self.collecting:
            return "game" if self.match.over else "hand"
        return None

    def position(self) -> tuple[int, int, int, bool]:
        """Where the game stands: which match, hand, how many cards passed and played."""
        passed = sum(given is not None for given in self.hand.passed)
        return (id(self.match), self.match.hand_number, passed * 100 + len(self.hand.plays), self.collecting)

    def pass_enabled(self) -> bool:
        """「传牌」 can be pressed: three cards chosen, nothing covering the table."""
        return self.hand.phase == HandPhase.PASS and len(self.selection) == 3 and not self.blocked()

    def hint_enabled(self) -> bool:
        """「提示」 can be asked for: your pass or your turn, nothing covering the table."""
        return not self.blocked() and (self.hand.phase == HandPhase.PASS or self.your_turn())

    def fast_forward_offered(self) -> bool:
        """「快进」 is offered while bots play on: until your turn or a panel comes up."""
        return (
            self.hand.phase == HandPhase.PLAY
            and not self.blocked()
            and (self.ai_due() or (self.collecting and len(self.hand.tricks) < 13))
        )

    def last_trick_available(self) -> bool:
        """「上一墩」 is offered during play once a trick has been completed."""
        return self.hand.phase == HandPhase.PLAY and bool(self.hand.tricks) and not self.blocked()

    def autofinish_offer(self) -> str | None:
        """The sentence offering 「自动完成」 on your turn once the rest of the hand is decided
        (decided from what you can see: hearts.game.autofinish), else None."""
        if self.hand.phase != HandPhase.PLAY or self.hand.turn != HUMAN or self.blocked():
            return None
        return offer_message(self.hand, HUMAN, self.language)

    def state(self) -> TableState:
        """Everything the page renders, as plain data (hearts.table.screen lays it out)."""
        return screen(self)

    def key_command(self, key: str, *, on_card: bool, on_button: bool) -> str | None:
        """What a key press asks :meth:`act` for now (hearts.table.keys), or None."""
        return key_command(self, key, on_card=on_card, on_button=on_button)

    def swipe_command(self, across: float, down: float) -> str | None:
        """What a swipe (CSS pixels moved) asks :meth:`act` for now (hearts.table.keys), or None."""
        return swipe_command(self, across, down)

    # ----- your cards --------------------------------------------------------------------------

    def act(self, action: str, **data: Unpack[ActionData]) -> Reply:
        """Do what a tap on ``data-action=action`` or a key (:meth:`key_command`) asks, with
        what the action needs (hearts.table.actions). An unknown action does nothing."""
        return self.actions.act(action, data)

    def tap_card(self, card: Card | str) -> str | None:
        """A tap on a card of your hand. Returns ``"played"`` when the tap played it."""
        if self.blocked():
            return None
        chosen = parse_card(card)
        if chosen not in self.human_cards:
            return None
        if self.collecting:
            self.collect()
        if self.hand.phase == HandPhase.PASS:
            self._toggle_pass_card(chosen)
        elif self.hand.phase == HandPhase.PLAY:
            refusal = self.hand.why_illegal(chosen, HUMAN)
            if refusal is not None:
                self.message = refusal.message
            elif self.selection == [chosen]:
                self._play(chosen)
                return "played"
            else:
                self.selection, self.message = [chosen], None
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

    def confirm_pass_steps(self) -> Generator[None, None, bool]:
        """Give the 3 selected cards; the bots give theirs and the exchange happens at once. In
        slices: yields None between slices of the bots' search, so the page can let the browser
        breathe. Nothing changes before the end, and nothing at all if the table moved on
        meanwhile (the selection changed, a panel came up)."""
        if not self.pass_enabled():
            return False
        given = list(self.selection)
        passes = yield from self.bots.pass_steps()
        if self.blocked() or self.hand.phase != HandPhase.PASS or self.selection != given:
            return False
        self.hand.pass_cards(HUMAN, given)
        for seat, cards in passes.items():
            self.hand.pass_cards(seat, cards)
        self.bots.passes_ahead = None
        self.selection, self.message, self.notices = [], None, []
        return True

    def play_selected(self) -> bool:
        """The 「出牌」 button: play the selected card."""
        if not self.your_turn() or len(self.selection) != 1:
            return False
        self._play(self.selection[0])
        return True

    def _play(self, card: Card) -> None:
        self.record_play(HUMAN, card)
        self.selection, self.message, self.notices = [], None, []

    def hint_steps(self) -> Generator[None, None, bool]:
        """「提示」: select the recommended cards and say why, in slices (HintsAhead.hint_steps)."""
        return self.hints.hint_steps()

    def think_ahead(self) -> bool:
        """One slice of what the page searches in its idle time (web/main.py runs one a task);
        returns whether there was anything. Your hint first, once you have asked for one
        (hearts.table.hint_ahead): you are likely to ask for it before you decide. Then the
        bots' searches (BotTurns.think_ahead): their passes while you choose, in play the bot on
        turn."""
        return self.hints.think_ahead() or self.bots.think_ahead()

    def record_play(self, seat: int, card: Card) -> bool:
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
        if self.hand.phase == HandPhase.OVER and self.hand.moon is not None:
            self.cues.append("moon")
        return completed is not None

    def collect(self) -> None:
        """Take the completed trick off the table (after its animation, or on a tap)."""
        self.collecting = self.sweeping = False

    def fast_forward(self) -> None:
        """「快进」: the bots play on at FAST_FORWARD pace (see BotTurns.next_wait)."""
        self.fast = True
        self.bots.hurry()

    def finish_now(self) -> bool:
        """「自动完成」: play the hand out at once; the points are those playing on gives."""
        if self.autofinish_offer() is None:
            return False
        if self.collecting:
            self.collect()
        autofinish(self.hand, HUMAN)
        self.selection, self.message, self.notices = [], None, []
        return True

    def take_cues(self) -> list[str]:
        """The sounds due since the last call, if sound is on: ``your_turn``, ``queen``,
        ``hearts_broken``, ``moon``. The page plays them; asking clears them."""
        your_turn = self.your_turn()
        if your_turn and not self._was_your_turn:
            self.cues.append("your_turn")
        self._was_your_turn = your_turn
        due, self.cues = self.cues, []
        return due if self.settings.sound else []

    # ----- hands and games ---------------------------------------------------------------------

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
        self.new_match(seed)
        return True

    def request_new_game(self) -> None:
        """「新游戏」 from the menu asks first, since the game in progress would be lost."""
        if not self.superseded:
            self.modal, self.pending_deal = Modal.CONFIRM_NEW_GAME, None

    def confirm_new_game(self, seed: int | None = None) -> bool:
        if not self.confirming_new_game:
            return False
        self.modal = None
        self.new_match(seed, self.pending_deal)
        return True

    def cancel_new_game(self) -> None:
        if self.confirming_new_game:
            self.modal = None
        self.pending_deal = None

    def new_match(self, seed: int | None, deal_number: int | None = None) -> None:
        """A new game (of deal ``deal_number`` first, if given): what the last one left goes."""
        self.match = Match(seed, deal_number=deal_number)
        self.reviews = Reviews()
        if self.overlay is not None:
            self.modal, self.viewer = None, None
        self.pending_deal = None
        self._start_hand()

    def replay_deal(self, seed: int | None = None) -> bool:
        """「重玩此局」 at the end of a hand: a new game whose first hand is this hand's deal.
        Mid-game it asks first (the game in progress would be lost); after the last hand it
        starts at once."""
        kind = self.panel()
        if kind == "game":
            self.new_match(seed, self.match.deal_number)
        elif kind == "hand":
            self.modal, self.pending_deal = Modal.CONFIRM_NEW_GAME, self.match.deal_number
        return kind in ("game", "hand")

    def set_level(self, level: str) -> None:
        """Choose the difficulty; the bots of the hand in progress keep theirs."""
        check_level(level)
        if level == self.next_level:
            return
        self.next_level = level
        key = "message.level_unchanged" if level == self.level else "message.level_next_hand"
        self.message = phrase(key, level=phrase(f"level.{level}"))

    def export_record(self, stamp: str) -> tuple[str, str] | None:
        """「导出牌局」 once the game is over: (file name, JSON text) of its full record.
        ``stamp`` (the page gives the date and time) makes the file name unique."""
        if not self.match.over:
            return None
        return record_filename(stamp, self.language), record_json(self.match)

    # ----- settings and the browser --------------------------------------------------------------

    def choose_setting(self, name: str, value: object) -> None:
        """Change one setting (ValueError for an unknown name or value; nothing changes then)."""
        self.settings = self.settings.choose(name, value)

    def browser_fullscreen(self, offered: bool, on: bool) -> None:
        """What the browser says about fullscreen, for the menu the table lays out."""
        self.can_fullscreen, self.in_fullscreen = offered, on

    def storage_refused(self) -> None:
        """The browser refused a write (full, locked down): say progress is not saved."""
        self.saving_failed = True

    def other_tab_saved(self) -> None:
        """Another tab wrote the save: stop here and say where the game goes on."""
        self.modal = Modal.SUPERSEDED

    # ----- the newcomer's tips ----------------------------------------------------------------

    def update_tips(self) -> None:
        """Bring the newcomer's tip up to date with the table (hearts.table.tips decides). The page
        calls this after every change, before saving, so a tip that came up is saved as seen
        and the end of the game the tips ran in switches them off."""
        hand, dimmed = self.hand, self.your_turn() and len(self.hand.legal()) < len(self.human_cards)
        moon_threat, hearts_broken = self.moon_threat() not in (None, HUMAN), bool(hand.hearts_broken)
        scene = Scene(hand.phase, dimmed, hearts_broken, moon_threat, len(hand.tricks), self.match.over)
        self.settings = self.tutor.step(scene, self.settings)

    def dismiss_tip(self) -> None:
        """「知道了」 on the tip."""
        self.tutor.dismiss()

    # ----- saving ----------------------------------------------------------------------------

    def save_document(self) -> str:
        """The whole state worth keeping (hearts.table.save_document)."""
        saved = SavedTable(self.match, self.selection, self.level, self.next_level, self.collecting, self.reviews)
        return saved.to_json()

    @classmethod
    def from_save(cls, document: str) -> Table:
        """Load :meth:`save_document` output; anything else raises :class:`SaveError`."""
        saved = SavedTable.from_json(document)
        table = cls(saved.match, level=saved.level)
        table.next_level, table.collecting = saved.next_level, saved.collecting
        table.selection, table.reviews = saved.selection, saved.reviews
        return table

    def save(self, storage: Storage) -> bool:
        """Write the save and the settings; on failure keep playing and say that progress is not saved."""
        if self.superseded:
            return False
        self.saving_failed = not write_game(storage, self.save_document(), self.settings.to_json())
        return not self.saving_failed


def open_table(storage: Storage, seed: int | None = None) -> Table:
    """The saved game and settings, each read on its own (see :func:`open_game`)."""
    table = open_game(storage, seed)
    table.settings, problem = load_settings(storage)
    if problem is not None:
        table.load_problem = "; ".join(filter(None, (table.load_problem, problem)))
    return table


def open_game(storage: Storage, seed: int | None = None) -> Table:
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
