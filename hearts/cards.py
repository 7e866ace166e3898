"""Cards: codes outside, small integers and bitmasks inside.

A card is an index ``suit * 13 + rank`` (0..51), with suits in the order ``C D S H`` and ranks
``2 .. A`` as 0..12. Outside the engine a card is its two-letter code (``"QS"``); inside, a set
of cards is an ``int`` bitmask, which is what makes legal-move checks and playouts cheap.

>>> c = parse_card("QS")
>>> str(c), c.suit, c.rank, c.zh, c.symbol, c.name("en")
('QS', 'S', 'Q', '黑桃Q', '♠Q', 'queen of spades')
>>> cards_of(mask_of(["2C", "AH"]))
(Card('2C'), Card('AH'))
"""

from __future__ import annotations

from typing import Iterable, Union

from .strings import DEFAULT_LANGUAGE, SUIT_SYMBOLS, Phrase, phrase

RANKS = "23456789TJQKA"
#: Ranks printed as more than their letter (``T`` is printed ``10``).
_PRINTED_RANKS = {"T": "10"}
SUITS = "CDSH"
CLUBS, DIAMONDS, SPADES, HEARTS = range(4)

FULL_DECK = (1 << 52) - 1
CARD_BITS = tuple(1 << index for index in range(52))
SUIT_MASKS = tuple(((1 << 13) - 1) << (13 * suit) for suit in range(4))
HEARTS_MASK = SUIT_MASKS[HEARTS]
QUEEN_OF_SPADES = SPADES * 13 + RANKS.index("Q")
TWO_OF_CLUBS = CLUBS * 13 + 0
QUEEN_MASK = 1 << QUEEN_OF_SPADES
POINTS_MASK = HEARTS_MASK | QUEEN_MASK
#: Penalty points of each card by index: 1 per heart, 13 for Q♠.
CARD_POINTS = tuple(13 if index == QUEEN_OF_SPADES else int(index // 13 == HEARTS) for index in range(52))


class InvalidCard(ValueError):
    """A card code that is not a card, such as ``"1S"`` or ``"QX"``."""


class Card(int):
    """One card; an ``int`` (its index) that prints as its code.

    Being an int lets the engine use ``1 << card`` directly; being a distinct class gives it a
    readable ``str`` and ``repr`` and names in each language for the page.
    """

    __slots__ = ()

    @property
    def suit(self) -> str:
        """The suit letter: ``C``, ``D``, ``S`` or ``H``."""
        return SUITS[self // 13]

    @property
    def rank(self) -> str:
        """The rank letter, ``2`` .. ``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return RANKS[self % 13]

    @property
    def suit_index(self) -> int:
        return self // 13

    @property
    def rank_index(self) -> int:
        return self % 13

    def name(self, language: str = DEFAULT_LANGUAGE) -> str:
        """The card's name as a screen reader says it: ``黑桃Q``, ``紅心10``, ``queen of spades``."""
        return self.name_phrase().said_in(language)

    def name_phrase(self) -> Phrase:
        """The card's name as a phrase, for sentences said again in another language."""
        rank = phrase(f"rank_name.{self.rank}") if self.rank in "TJQKA" else self.rank
        return phrase("card.name", suit=phrase(f"suit.{self.suit}"), rank=rank)

    @property
    def zh(self) -> str:
        """The card's name in Simplified Chinese (the default language): ``黑桃Q``, ``红心10``."""
        return self.name()

    @property
    def symbol(self) -> str:
        """The short printed form, the same in every language: ``♠Q``, ``♥10``."""
        return SUIT_SYMBOLS[self.suit] + _PRINTED_RANKS.get(self.rank, self.rank)

    @property
    def points(self) -> int:
        """Penalty points: 1 for a heart, 13 for Q♠, 0 otherwise."""
        return 13 if self == QUEEN_OF_SPADES else int(self // 13 == HEARTS)

    def __str__(self) -> str:
        return _CODES[self]

    def __repr__(self) -> str:
        return f"Card('{self}')"


_CODES = tuple(rank + suit for suit in SUITS for rank in RANKS)
DECK: tuple[Card, ...] = tuple(Card(index) for index in range(52))
_BY_CODE = {str(card): card for card in DECK}
#: Each card's bit, by card. ``sum(map(BIT_OF.__getitem__, cards))`` is the mask of cards already
#: known to be :class:`Card` objects, computed in C: a dict's bound ``__getitem__`` costs about a
#: third of a tuple's (``CARD_BITS.__getitem__`` goes through a slot wrapper).
BIT_OF: dict[int, int] = {card: 1 << card for card in DECK}

CardLike = Union[Card, str]


def parse_card(value: CardLike) -> Card:
    """Return the :class:`Card` for a code (``"QS"``, case-insensitive, ``"10S"`` accepted) or a Card."""
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        code = value.strip().upper()
        if code.startswith("10"):
            code = "T" + code[2:]
        found = _BY_CODE.get(code)
        if found is not None:
            return found
        raise InvalidCard(f"not a card: {value!r} (expected rank 23456789TJQKA + suit CDSH, e.g. 'QS')")
    raise InvalidCard(f"not a card: {value!r} (expected a card code such as 'QS')")


def parse_cards(values: Iterable[CardLike], *, distinct: bool = True) -> tuple[Card, ...]:
    """Parse many cards; with ``distinct`` a repeated card is an error."""
    if isinstance(values, str):
        raise InvalidCard(f"expected a sequence of card codes, got the string {values!r}")
    cards = tuple(parse_card(value) for value in values)
    if distinct and len(set(cards)) != len(cards):
        repeated = sorted({str(c) for c in cards if cards.count(c) > 1})
        raise InvalidCard(f"card given twice: {', '.join(repeated)}")
    return cards


def mask_of(cards: Iterable[CardLike]) -> int:
    """The bitmask of a collection of cards."""
    mask = 0
    for value in cards:
        mask |= 1 << (value if type(value) is Card else parse_card(value))
    return mask


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards in a bitmask, in deck order (by suit C D S H, then by rank)."""
    cached = SUIT_RUNS.get(mask)
    return join_suits(mask) if cached is None else cached


#: The cards of every single-suit mask met so far (at most 4 x 8191 entries): ``legal()`` is
#: asked for once per move, usually for one suit, so a lookup replaces building a tuple bit by
#: bit; a mask spanning suits is joined from its four single-suit parts.
SUIT_RUNS: dict[int, tuple[Card, ...]] = {0: ()}
#: The same tuples indexed by suit and 13-bit rank pattern, for the join.
_RUNS_BY_SUIT: list[list[tuple[Card, ...] | None]] = [[()] + [None] * 8191 for _ in range(4)]
_SUIT_BITS = (1 << 13) - 1


def _suit_run(suit: int, pattern: int) -> tuple[Card, ...]:
    run = _RUNS_BY_SUIT[suit][pattern]
    if run is None:
        shift = 13 * suit
        run = tuple(DECK[shift + rank] for rank in range(13) if pattern >> rank & 1)
        _RUNS_BY_SUIT[suit][pattern] = SUIT_RUNS[pattern << shift] = run
    return run


def join_suits(mask: int) -> tuple[Card, ...]:
    """:func:`cards_of` for a mask that is not in :data:`SUIT_RUNS` (one spanning suits), for
    callers that have just looked there themselves."""
    clubs, diamonds, spades, hearts = _RUNS_BY_SUIT
    runs = (clubs[mask & _SUIT_BITS], diamonds[mask >> 13 & _SUIT_BITS], spades[mask >> 26 & _SUIT_BITS],
            hearts[mask >> 39])
    if None in runs:  # a suit pattern not met yet (an empty suit is (), which is not None)
        runs = tuple(_suit_run(suit, mask >> 13 * suit & _SUIT_BITS) for suit in range(4))
    return runs[0] + runs[1] + runs[2] + runs[3]


def highest(mask: int) -> Card:
    """The highest-index card of a non-empty mask (within one suit: the highest rank)."""
    return DECK[mask.bit_length() - 1]


def lowest(mask: int) -> Card:
    """The lowest-index card of a non-empty mask (within one suit: the lowest rank)."""
    return DECK[(mask & -mask).bit_length() - 1]


def count(mask: int) -> int:
    """How many cards are in a mask."""
    return mask.bit_count()


def points_in(mask: int) -> int:
    """Penalty points held in a mask of cards."""
    return (mask & HEARTS_MASK).bit_count() + (13 if mask & QUEEN_MASK else 0)


def sort_cards(cards: Iterable[CardLike]) -> tuple[Card, ...]:
    """Cards in display order: grouped by suit (C D S H), low to high within a suit."""
    return tuple(sorted(parse_card(c) for c in cards))
