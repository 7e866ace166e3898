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

from collections.abc import Iterable

from .strings import DEFAULT_LANGUAGE, SUIT_SYMBOLS, Phrase, phrase

RANKS = "23456789TJQKA"
#: Ranks printed as more than their letter (``T`` is printed ``10``).
_PRINTED_RANKS = {"T": "10"}
SUITS = "CDSH"
CLUBS, DIAMONDS, SPADES, HEARTS = range(4)

FULL_DECK = (1 << 52) - 1
CARD_BITS = tuple(1 << index for index in range(52))
SUIT_MASKS = tuple(((1 << 13) - 1) << (13 * suit) for suit in range(4))
CLUBS_MASK, DIAMONDS_MASK, SPADES_MASK, HEARTS_MASK = SUIT_MASKS
QUEEN_OF_SPADES = SPADES * 13 + RANKS.index("Q")
TWO_OF_CLUBS = CLUBS * 13 + 0
QUEEN_MASK = 1 << QUEEN_OF_SPADES
POINTS_MASK = HEARTS_MASK | QUEEN_MASK


def points_in(mask: int) -> int:
    """Penalty points held in a mask of cards: 1 per heart, 13 for Q♠ (the rule, stated once)."""
    return (mask & HEARTS_MASK).bit_count() + (13 if mask & QUEEN_MASK else 0)


#: Penalty points of each card by index, for lookups on the hot paths.
CARD_POINTS = tuple(points_in(1 << index) for index in range(52))


#: Card names by (card index, language), as Card.name says them.
_NAMES: dict[tuple[int, str], str] = {}


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

    def name(self, language: str = DEFAULT_LANGUAGE) -> str:
        """The card's name as a screen reader says it: ``黑桃Q``, ``紅心10``, ``queen of spades``.
        Kept once said: the page names all your cards at every redraw, and building the phrase
        was half of that redraw's state (Table.state) in Python."""
        key = (int(self), language)
        said = _NAMES.get(key)
        if said is None:
            said = _NAMES[key] = self.name_phrase().said_in(language)
        return said

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
        return CARD_POINTS[self]

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
#: The mask of each card's whole suit, by card: a dict because indexing a tuple with a Card (an
#: ``int`` subclass) misses the interpreter's fast path for plain ints, and a dict's does not.
SUIT_MASK_OF: dict[int, int] = {card: SUIT_MASKS[card // 13] for card in DECK}

CardLike = Card | str


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


def distinct_cards(cards: Iterable[CardLike]) -> tuple[int, tuple[Card, ...]]:
    """The mask of ``cards`` and the cards in deck order, refusing non-cards and a card given
    twice with :class:`InvalidCard` (callers add what the cards were for to its message).

    The order comes from sorting the (usually already sorted) cards, which costs about half of
    building the tuple back from the mask with :func:`cards_of`."""
    if type(cards) is not tuple:
        if isinstance(cards, (str, bytes)) or not hasattr(cards, "__iter__"):
            raise InvalidCard(f"expected a sequence of card codes, got {cards!r}")
        cards = tuple(cards)
    if not _ONLY_CARDS.issuperset(map(type, cards)):  # codes from JSON or a caller: parse them first
        cards = tuple(map(parse_card, cards))
    # A sum of powers of two has as many bits set as terms only if no two terms are equal.
    mask = sum(map(BIT_OF.__getitem__, cards))
    if mask.bit_count() != len(cards):
        raise InvalidCard(f"card given twice: {repeated_codes(cards)}")
    return mask, tuple(sorted(cards))


_ONLY_CARDS = {Card}


def repeated_codes(cards: Iterable[CardLike]) -> str:
    """The codes of the cards that occur more than once in ``cards``, for error messages."""
    parsed = [parse_card(card) for card in cards]
    return ", ".join(str(card) for card in sorted({card for card in parsed if parsed.count(card) > 1}))


def mask_of(cards: Iterable[CardLike]) -> int:
    """The bitmask of a collection of cards."""
    mask = 0
    for value in cards:
        mask |= 1 << (value if type(value) is Card else parse_card(value))
    return mask


def card_indices(mask: int) -> list[int]:
    """The cards in a bitmask as bare indices, ascending: what the bots' inner loops work on
    (:func:`cards_of` gives :class:`Card` objects)."""
    indices = []
    while mask:
        low = mask & -mask
        indices.append(low.bit_length() - 1)
        mask ^= low
    return indices


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards in a bitmask, in deck order (by suit C D S H, then by rank)."""
    runs = SUIT_RUNS
    return (
        runs.get(mask)
        or runs[mask & CLUBS_MASK] + runs[mask & DIAMONDS_MASK] + runs[mask & SPADES_MASK] + runs[mask & HEARTS_MASK]
    )


class _SuitRuns(dict[int, tuple[Card, ...]]):
    """The cards of single-suit masks, each tuple built the first time its mask is looked up."""

    __slots__ = ()

    def __missing__(self, mask: int) -> tuple[Card, ...]:
        run = self[mask] = tuple(card for card in DECK if mask >> card & 1)
        return run


#: The cards of every single-suit mask met so far (at most 4 x 8191 entries, keyed by the mask
#: in place): ``legal()`` is asked for once per move, usually for one suit, so a lookup
#: replaces building a tuple bit by bit, and a mask spanning suits is joined from its four
#: single-suit parts (see :func:`cards_of`, which code on hot paths writes out).
SUIT_RUNS = _SuitRuns({0: ()})


def highest(mask: int) -> Card:
    """The highest-index card of a non-empty mask (within one suit: the highest rank)."""
    return DECK[mask.bit_length() - 1]


def lowest(mask: int) -> Card:
    """The lowest-index card of a non-empty mask (within one suit: the lowest rank)."""
    return DECK[(mask & -mask).bit_length() - 1]


def sort_cards(cards: Iterable[CardLike]) -> tuple[Card, ...]:
    """Cards in display order: grouped by suit (C D S H), low to high within a suit."""
    return tuple(sorted(parse_card(c) for c in cards))
