"""One hand of Hearts: pass -> play -> over, with per-seat views and a JSON form.

>>> from hearts.deal import deal_hands
>>> hand = Hand(deal_hands(7), "none")
>>> hand.phase, str(hand.legal()[0])
('play', '2C')
"""

from __future__ import annotations

import json
from typing import Any, Iterable, Sequence

from .cards import (
    DECK,
    FULL_DECK,
    HEARTS,
    SUIT_MASKS,
    QUEEN_MASK,
    Card,
    CardLike,
    BIT_OF,
    SUIT_RUNS,
    InvalidCard,
    cards_of,
    join_suits,
    parse_card,
)
from .document import check_document, check_fields, load_json, reading
from .errors import IllegalPass, IllegalPlay, InvalidDeal, SaveError
from .rules import NO_SUIT, TWO_OF_CLUBS_MASK, complete_trick, hand_scores, illegal_reason, legal_mask, moon_shooter, trick_points
from .trick import Trick
from .view import View

#: Hearts are the last suit (C D S H), cards 39..51: a comparison tells a heart without a mask.
_FIRST_HEART = HEARTS * 13
PASS_OFFSETS = {"left": 1, "right": 3, "across": 2, "none": 0}
HAND_FORMAT = "hearts.hand"
HAND_VERSION = 1
HAND_FIELDS = frozenset({"format", "version", "deal", "pass_direction", "passes", "plays"})


def pass_target(seat: int, direction: str) -> int | None:
    """The seat that ``seat`` passes to in ``direction`` (None for ``"none"``)."""
    offset = PASS_OFFSETS[direction]
    return (seat + offset) % 4 if offset else None


class Hand:
    """One deal played from the pass to the last trick.

    The state changes only through :meth:`pass_cards` and :meth:`play`; each either succeeds
    completely or raises without changing anything.
    """

    def __init__(self, hands: Sequence[Iterable[CardLike]], pass_direction: str = "left") -> None:
        if pass_direction not in PASS_OFFSETS:
            raise ValueError(f"pass_direction must be one of {', '.join(PASS_OFFSETS)}, got {pass_direction!r}")
        self._holding, dealt = _check_deal(hands)
        #: The hands as dealt, before passing, each sorted.
        self.dealt: tuple[tuple[Card, ...], ...] = dealt
        self.pass_direction = pass_direction
        self.passed: list[tuple[Card, ...] | None] = [None] * 4
        self.received: list[tuple[Card, ...] | None] = [None] * 4
        self._given = [0, 0, 0, 0]  # the passed cards as masks, for the exchange
        self.tricks: list[Trick] = []
        self.points = [0, 0, 0, 0]
        self._hearts_broken = False
        self._trick: list[Card] = []
        self._leader = 0
        self._led = NO_SUIT  # suit of the current trick's first card
        self._first_trick = True
        #: The legal mask of the seat to move (0 outside play), kept current by every change of
        #: turn: ``play()`` validates against it and ``legal()`` reads it, so a move costs one
        #: rule evaluation, not one for the question and another for the answer.
        self._legal = 0
        self.turn: int | None = None
        self.phase = "pass"
        if pass_direction == "none":
            self._start_play()

    # ----- passing -------------------------------------------------------------------------

    def pass_cards(self, seat: int, cards: Iterable[CardLike]) -> None:
        """``seat`` gives 3 of its cards; the exchange happens once all four seats have given."""
        if self.phase != "pass":
            raise IllegalPass("wrong_phase", f"cards can only be passed in the pass phase, not in {self.phase!r}")
        _check_seat(seat)
        if self.passed[seat] is not None:
            raise IllegalPass("already_passed", f"seat {seat} has already passed {_codes(self.passed[seat])}")
        try:
            given, cards = _distinct_cards(cards)
        except InvalidCard as problem:
            raise InvalidCard(f"pass: {problem}") from None
        if given.bit_count() != 3:
            raise IllegalPass("wrong_count", f"pass exactly 3 cards, got {given.bit_count()}")
        if given & ~self._holding[seat]:
            raise IllegalPass("not_in_hand", f"seat {seat} does not hold {_codes(cards_of(given & ~self._holding[seat]))}")
        self.passed[seat] = cards
        self._given[seat] = given
        if None not in self.passed:
            self._exchange()

    def _exchange(self) -> None:
        offset = PASS_OFFSETS[self.pass_direction]
        given = self._given
        for seat in range(4):
            target = (seat + offset) & 3
            self._holding[seat] ^= given[seat]
            self._holding[target] |= given[seat]
            self.received[target] = self.passed[seat]
        self._start_play()

    def _start_play(self) -> None:
        self.phase = "play"
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
        # cards_of(), inlined: this runs once per move; an empty mask gives () either way.
        return SUIT_RUNS.get(self._legal) or join_suits(self._legal)

    def why_illegal(self, card: CardLike, seat: int | None = None) -> IllegalPlay | None:
        """Why ``card`` may not be played now (by ``seat``, default the seat to move), or None."""
        played = parse_card(card)
        if self.turn is None:
            return IllegalPlay("wrong_phase", played)
        if seat is not None and seat != self.turn:
            return IllegalPlay("not_your_turn", played)
        code = illegal_reason(played, self._holding[self.turn], self._led, self._first_trick, self.hearts_broken)
        if code is None:
            return None
        return IllegalPlay(code, played, "CDSH"[self._led] if code == "must_follow" else None)

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
        # cannot be derived later (voids and the play order are derived), and it works out the
        # next seat's legal cards while the state is at hand.
        holding = self._holding
        seat = self.turn
        holding[seat] ^= bit
        trick = self._trick
        trick.append(card)
        size = len(trick)
        if size == 4:
            return self._complete_trick()
        if size == 1:
            led = self._led = card // 13
        else:
            led = self._led
        seat = self.turn = (seat + 1) & 3
        # Following suit, the commonest answer, is settled here without a call; legal_mask()
        # (the rule's one full statement) decides when the seat cannot follow.
        self._legal = holding[seat] & SUIT_MASKS[led] or legal_mask(
            holding[seat], led, self._first_trick, self._hearts_broken)
        return None

    def _complete_trick(self) -> Trick:
        cards = tuple(self._trick)
        self._trick.clear()
        offset, points = complete_trick(cards)
        leader = self._leader
        winner = self._leader = (leader + offset) & 3
        done = Trick(leader, cards, winner, points)
        tricks = self.tricks
        tricks.append(done)
        if points:
            self.points[winner] += points
            if points % 13:  # a trick holds at most 4 hearts, so points % 13 counts its hearts
                self._hearts_broken = True
        self._led = NO_SUIT
        self._first_trick = False
        if len(tricks) == 13:
            self.phase = "over"
            self.turn = None
            self._legal = 0
        else:
            self.turn = winner
            self._legal = legal_mask(self._holding[winner], NO_SUIT, False, self._hearts_broken)
        return done

    # ----- results -------------------------------------------------------------------------

    @property
    def scores(self) -> list[int] | None:
        """Each seat's score for this hand once it is over (moon applied), else None."""
        return hand_scores(self.points) if self.phase == "over" else None

    @property
    def moon(self) -> int | None:
        """The seat that shot the moon, once the hand is over; otherwise None."""
        return moon_shooter(self.points) if self.phase == "over" else None

    # ----- information ---------------------------------------------------------------------

    def view(self, seat: int) -> View:
        """Everything ``seat`` may know now, and nothing more (see :class:`hearts.view.View`)."""
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

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: Any) -> "Hand":
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

    @classmethod
    def from_json(cls, text: str) -> "Hand":
        return cls.from_dict(load_json(text))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        return f"<Hand {self.pass_direction} phase={self.phase} tricks={len(self.tricks)} points={self.points}>"


def _check_seat(seat: object) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 4:
        raise ValueError(f"seat must be 0, 1, 2 or 3, got {seat!r}")


def _check_deal(hands: Sequence[Iterable[CardLike]]) -> tuple[list[int], tuple[tuple[Card, ...], ...]]:
    """The four holdings as masks and as sorted cards, after checking they are 4 x 13 cards
    making one deck."""
    if isinstance(hands, (str, bytes)) or not hasattr(hands, "__len__") or len(hands) != 4:
        raise InvalidDeal("a deal is four hands of 13 cards")
    masks = []
    ordered = []
    for seat, cards in enumerate(hands):
        try:
            mask, cards = _distinct_cards(cards)
        except InvalidCard as problem:
            raise InvalidDeal(f"seat {seat}: {problem}") from None
        if mask.bit_count() != 13:
            raise InvalidDeal(f"seat {seat} has {mask.bit_count()} cards, expected 13")
        masks.append(mask)
        ordered.append(cards)
    if masks[0] | masks[1] | masks[2] | masks[3] != FULL_DECK:
        everything = [card for seat_mask in masks for card in cards_of(seat_mask)]
        raise InvalidDeal(f"the four hands must hold each card exactly once; repeated: {_repeated(everything)}")
    return masks, tuple(ordered)


def _repeated(cards: Iterable[CardLike]) -> str:
    parsed = [parse_card(card) for card in cards]
    return ", ".join(str(card) for card in sorted({card for card in parsed if parsed.count(card) > 1}))


def _distinct_cards(cards: Iterable[CardLike]) -> tuple[int, tuple[Card, ...]]:
    """The mask of ``cards`` and the cards in deck order, refusing non-cards and a card given
    twice with :class:`InvalidCard` (callers add what the cards were for to its message).

    The order comes from sorting the (usually already sorted) cards, which costs about half of
    building the tuple back from the mask with :func:`cards_of`."""
    if type(cards) is not tuple:
        if isinstance(cards, (str, bytes)) or not hasattr(cards, "__iter__"):
            raise InvalidCard(f"expected a sequence of card codes, got {cards!r}")
        cards = tuple(cards)
    if set(map(type, cards)) != _ONLY_CARDS:  # codes from JSON or a caller: parse them first
        cards = tuple(map(parse_card, cards))
    # A sum of powers of two has as many bits set as terms only if no two terms are equal.
    mask = sum(map(BIT_OF.__getitem__, cards))
    if mask.bit_count() != len(cards):
        raise InvalidCard(f"card given twice: {_repeated(cards)}")
    return mask, tuple(sorted(cards))


_ONLY_CARDS = {Card}


def _codes(cards: Iterable[int] | None) -> list[str]:
    return [str(DECK[card]) for card in cards or ()]
