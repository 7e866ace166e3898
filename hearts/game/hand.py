"""One hand of Hearts: pass -> play -> over, with per-seat views and a JSON form.

>>> from hearts.game.deal import deal_hands
>>> hand = Hand(deal_hands(7), "none")
>>> hand.phase, str(hand.legal()[0])
('play', '2C')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .cards import (
    BIT_OF,
    CLUBS_MASK,
    DECK,
    DIAMONDS_MASK,
    FULL_DECK,
    HEARTS,
    HEARTS_MASK,
    QUEEN_MASK,
    SPADES_MASK,
    SUIT_MASK_OF,
    SUIT_RUNS,
    Card,
    CardLike,
    InvalidCard,
    cards_of,
    distinct_cards,
    parse_card,
)
from .deal import Deal
from .document import Document, check_document, check_fields, reading
from .errors import IllegalPass, IllegalPlay, SaveError
from .phase import HandPhase
from .rules import (
    NO_SUIT,
    TWO_OF_CLUBS_MASK,
    complete_trick,
    hand_scores,
    illegal_reason,
    legal_mask,
    moon_shooter,
    trick_points,
)
from .trick import Trick
from .view import View

#: Hearts are the last suit (C D S H), cards 39..51: a comparison tells a heart without a mask.
_FIRST_HEART = HEARTS * 13
_new_trick = Trick.__new__
PASS_OFFSETS = {"left": 1, "right": 3, "across": 2, "none": 0}
HAND_FORMAT = "hearts.hand"
HAND_VERSION = 1
HAND_FIELDS = frozenset({"format", "version", "deal", "pass_direction", "passes", "plays"})


def pass_target(seat: int, direction: str) -> int | None:
    """The seat that ``seat`` passes to in ``direction`` (None for ``"none"``)."""
    offset = PASS_OFFSETS[direction]
    return (seat + offset) % 4 if offset else None


class Hand(Document):
    """One deal played from the pass to the last trick.

    The state changes only through :meth:`pass_cards` and :meth:`play`; each either succeeds
    completely or raises without changing anything.
    """

    def __init__(self, hands: Sequence[Iterable[CardLike]], pass_direction: str = "left") -> None:
        if pass_direction not in PASS_OFFSETS:
            raise ValueError(f"pass_direction must be one of {', '.join(PASS_OFFSETS)}, got {pass_direction!r}")
        # A Deal from deal_hands() is checked by construction; anything else is checked here.
        dealt = hands if type(hands) is Deal else Deal(hands)
        self._holding = dealt.masks()
        #: The hands as dealt, before passing, each sorted.
        self.dealt: Deal = dealt
        self.pass_direction = pass_direction
        self.passed: list[tuple[Card, ...] | None] = [None] * 4
        self.received: list[tuple[Card, ...] | None] = [None] * 4
        self._given = [0, 0, 0, 0]  # the passed cards as masks, for the exchange
        self.tricks: list[Trick] = []
        self.points = [0, 0, 0, 0]
        self._hearts_broken = False
        self._trick: list[Card] = []
        self._leader = 0
        #: The legal mask of the seat to move (0 outside play), kept current by every change of
        #: turn: ``play()`` validates against it and ``legal()`` reads it, so a move costs one
        #: rule evaluation, not one for the question and another for the answer.
        self._legal = 0
        self.turn: int | None = None
        self.phase = HandPhase.PASS
        if pass_direction == "none":
            self._start_play()

    # ----- passing -------------------------------------------------------------------------

    def pass_cards(self, seat: int, cards: Iterable[CardLike]) -> None:
        """``seat`` gives 3 of its cards; the exchange happens once all four seats have given."""
        if self.phase != HandPhase.PASS:
            raise IllegalPass("wrong_phase", f"cards can only be passed in the pass phase, not in {self.phase!r}")
        if type(seat) is not int or not 0 <= seat <= 3:  # the common case without a call
            _check_seat(seat)
        if self.passed[seat] is not None:
            raise IllegalPass("already_passed", f"seat {seat} has already passed {_codes(self.passed[seat])}")
        try:
            given, cards = distinct_cards(cards)
        except InvalidCard as problem:
            raise InvalidCard(f"pass: {problem}") from None
        if given.bit_count() != 3:
            raise IllegalPass("wrong_count", f"pass exactly 3 cards, got {given.bit_count()}")
        if given & ~self._holding[seat]:
            raise IllegalPass(
                "not_in_hand", f"seat {seat} does not hold {_codes(cards_of(given & ~self._holding[seat]))}"
            )
        self.passed[seat] = cards
        self._given[seat] = given
        if None not in self.passed:
            self._exchange()

    def _exchange(self) -> None:
        offset = PASS_OFFSETS[self.pass_direction]
        holding, given, passed, received = self._holding, self._given, self.passed, self.received
        for seat in range(4):
            source = (seat - offset) & 3
            holding[seat] = holding[seat] ^ given[seat] | given[source]
            received[seat] = passed[source]
        self._start_play()

    def _start_play(self) -> None:
        self.phase = HandPhase.PLAY
        holding = self._holding
        leader = 0
        while not holding[leader] & TWO_OF_CLUBS_MASK:
            leader += 1
        self._leader = self.turn = leader
        self._legal = legal_mask(holding[leader], NO_SUIT, True, False)

    # ----- playing -------------------------------------------------------------------------

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards now, sorted (the full state: not for bots, see :meth:`view`)."""
        return tuple(cards_of(mask) for mask in self._holding)

    @property
    def current_trick(self) -> Trick:
        """The trick being played (possibly empty); its ``winner`` is None."""
        return Trick(self._leader, tuple(self._trick), None, trick_points(self._trick))

    @property
    def plays(self) -> tuple[Card, ...]:
        """Every card played this hand, in order."""
        return tuple(card for trick in self.tricks for card in trick.cards) + tuple(self._trick)

    @property
    def hearts_broken(self) -> bool:
        """True once a heart has been played to any trick (Q♠ does not break hearts)."""
        # play() records a break when the trick is complete (only a lead depends on it).
        return self._hearts_broken or any(card >= _FIRST_HEART for card in self._trick)

    @property
    def queen_played(self) -> bool:
        """True once Q♠ has been played."""
        return self.played_mask & QUEEN_MASK != 0

    @property
    def played_mask(self) -> int:
        """The mask of every card played so far: the cards no seat holds any more."""
        holding = self._holding
        return FULL_DECK ^ (holding[0] | holding[1] | holding[2] | holding[3])

    def legal_mask(self) -> int:
        """The bitmask of cards the seat to move may play (0 outside the play phase)."""
        return self._legal

    def legal(self) -> tuple[Card, ...]:
        """The cards the seat to move may play, sorted (empty outside the play phase)."""
        # cards_of(), written out: this runs once per move; an empty mask gives () either way.
        legal = self._legal
        runs = SUIT_RUNS
        return (
            runs.get(legal)
            or runs[legal & CLUBS_MASK]
            + runs[legal & DIAMONDS_MASK]
            + runs[legal & SPADES_MASK]
            + runs[legal & HEARTS_MASK]
        )

    def why_illegal(self, card: CardLike, seat: int | None = None) -> IllegalPlay | None:
        """Why ``card`` may not be played now (by ``seat``, default the seat to move), or None."""
        played = parse_card(card)
        if self.turn is None:
            return IllegalPlay("wrong_phase", played)
        if seat is not None and seat != self.turn:
            return IllegalPlay("not_your_turn", played)
        led = self._trick[0] // 13 if self._trick else NO_SUIT
        code = illegal_reason(played, self._holding[self.turn], led, not self.tricks, self.hearts_broken)
        if code is None:
            return None
        return IllegalPlay(code, played, "CDSH"[led] if code == "must_follow" else None)

    def play(self, card: CardLike) -> Trick | None:
        """The seat to move plays ``card``; returns the trick if this card completed one.

        Raises :class:`IllegalPlay` (state unchanged) if the card may not be played.
        """
        if type(card) is not Card:  # type() is a specialised call; .__class__ is a slow lookup
            card = parse_card(card)
        bit = BIT_OF[card]
        if not self._legal & bit:
            raise self.why_illegal(card) or IllegalPlay("wrong_phase", card)
        # The hot path of every hand the page and the benchmarks play, so it only records what
        # cannot be derived later (voids, the led suit, the play order are derived), and it
        # works out the next seat's legal cards while the state is at hand.
        holding = self._holding
        seat = self.turn or 0  # never None here: a legal card means a seat to move
        holding[seat] ^= bit
        trick = self._trick
        trick.append(card)
        if len(trick) == 4:
            return self._complete_trick()
        seat = self.turn = (seat + 1) & 3
        # Following suit, the commonest answer, is settled here without a call; legal_mask()
        # (the rule's one full statement) decides when the seat cannot follow.
        self._legal = holding[seat] & SUIT_MASK_OF[trick[0]] or legal_mask(
            holding[seat], trick[0] // 13, not self.tricks, self._hearts_broken
        )
        return None

    def _complete_trick(self) -> Trick:
        trick = self._trick
        cards = tuple(trick)
        trick.clear()
        offset, points = complete_trick(cards)
        leader = self._leader
        winner = self._leader = (leader + offset) & 3
        # Trick(leader, cards, winner, points) written out: running __init__ costs more than
        # setting the four slots here, and this runs for every trick of every hand.
        done = _new_trick(Trick)
        done.leader = leader
        done.cards = cards
        done.winner = winner
        done.points = points
        tricks = self.tricks
        tricks.append(done)
        if points:
            self.points[winner] += points
            if points % 13:  # a trick holds at most 4 hearts, so points % 13 counts its hearts
                self._hearts_broken = True
        if len(tricks) == 13:
            self.phase = HandPhase.OVER
            self.turn = None
            self._legal = 0
        else:
            self.turn = winner
            holding = self._holding[winner]
            # Once hearts are broken any card may be led; legal_mask() says what may be led before.
            self._legal = holding if self._hearts_broken else legal_mask(holding, NO_SUIT, False, False)
        return done

    # ----- results -------------------------------------------------------------------------

    @property
    def scores(self) -> list[int] | None:
        """Each seat's score for this hand once it is over (moon applied), else None."""
        return hand_scores(self.points) if self.phase == HandPhase.OVER else None

    @property
    def moon(self) -> int | None:
        """The seat that shot the moon, once the hand is over; otherwise None."""
        return moon_shooter(self.points) if self.phase == HandPhase.OVER else None

    # ----- information ---------------------------------------------------------------------

    def view(self, seat: int) -> View:
        """Everything ``seat`` may know now, and nothing more (see :class:`hearts.game.view.View`)."""
        _check_seat(seat)
        plays = tuple(play for trick in (*self.tricks, self.current_trick) for play in trick.plays)
        void_suits = [0, 0, 0, 0]
        for trick in (*self.tricks, self.current_trick):
            for seat_played, card in trick.plays[1:]:
                if card // 13 != trick.cards[0] // 13:
                    void_suits[seat_played] |= 1 << (trick.cards[0] // 13)
        target = pass_target(seat, self.pass_direction)
        source = pass_target(seat, {"left": "right", "right": "left"}.get(self.pass_direction, self.pass_direction))
        return View(
            seat=seat,
            phase=self.phase,
            pass_direction=self.pass_direction,
            pass_target=target,
            pass_source=source,
            hand_mask=self._holding[seat],
            passed=self.passed[seat],
            received=self.received[seat],
            plays=plays,
            tricks=tuple(self.tricks),
            current_trick=self.current_trick,
            points=tuple(self.points),
            hearts_broken=self.hearts_broken,
            queen_played=self.queen_played,
            void_suits=tuple(void_suits),
            turn=self.turn,
            legal_mask=self.legal_mask() if self.turn == seat else 0,
            played_mask=self.played_mask,
        )

    # ----- persistence ---------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The hand as plain data: the deal, the passes given and the cards played."""
        return {
            "format": HAND_FORMAT,
            "version": HAND_VERSION,
            "deal": [_codes(cards) for cards in self.dealt],
            "pass_direction": self.pass_direction,
            "passes": [None if given is None else _codes(given) for given in self.passed],
            "plays": _codes(self.plays),
        }

    @classmethod
    def from_dict(cls, data: Any) -> Hand:
        """Rebuild a hand by replaying its record, so a tampered record cannot load."""
        check_document(data, HAND_FORMAT, HAND_VERSION, "a saved hand")
        check_fields(data, HAND_FIELDS, "a saved hand")
        with reading("a saved hand"):
            hand = cls(data["deal"], data["pass_direction"])
            passes = data["passes"]
            if not isinstance(passes, list) or len(passes) != 4:
                raise SaveError("'passes' must be a list of 4 entries")
            for seat, given in enumerate(passes):
                if given is not None:
                    hand.pass_cards(seat, given)
            plays = data["plays"]
            if not isinstance(plays, list):
                raise SaveError("'plays' must be a list of card codes")
            for number, card in enumerate(plays, start=1):
                try:
                    hand.play(card)
                except IllegalPlay as refused:
                    raise SaveError(f"saved play {number} ({card}) is not legal: {refused.code}") from refused
        return hand

    def __repr__(self) -> str:
        return f"<Hand {self.pass_direction} phase={self.phase} tricks={len(self.tricks)} points={self.points}>"


def _check_seat(seat: object) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 4:
        raise ValueError(f"seat must be 0, 1, 2 or 3, got {seat!r}")


def _codes(cards: Iterable[int] | None) -> list[str]:
    return [str(DECK[card]) for card in cards or ()]
