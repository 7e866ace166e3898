"""Deal numbers as players type and read them, and a game's full record as a JSON file.

A deal number (牌局编号, 0 … 4 294 967 295) reproduces a hand's cards exactly
(:func:`hearts.deal_hands`). Players read it grouped by four digits from the right, as Chinese
groups large numbers, and may type it back with or without the spaces, in half- or full-width
digits.

The record (``format`` ``"hearts.record"``, ``version`` 1) is what 「导出牌局」 saves::

    {"format": "hearts.record", "version": 1,
     "seed": int,                      # the match seed: with the deal numbers, replays the game
     "over": bool, "winner": seat | null,
     "totals": [4 ints], "standings": [{"seat", "rank", "total"}, ...],   # lowest total first
     "hands": [{
        "number": 1, "deal_number": int, "pass_direction": "left|right|across|none",
        "dealt": [[13 codes] x 4],     # each seat's cards as dealt, before passing
        "passes": [[3 codes] | null x 4],   # what each seat gave (null: not given / no pass)
        "tricks": [{"number": 1, "leader": seat, "cards": [codes in play order],
                    "seats": [seat of each card], "winner": seat, "points": int}, ...],
        "current_trick": {"leader": seat, "cards": [...], "seats": [...]} | null,
        "points": [4 ints],            # raw points taken (hearts + 13 for Q♠)
        "scores": [4 ints] | null,     # the hand's scores once it is over (moon applied)
        "moon": seat | null,
        "totals": [4 ints] | null},    # the running totals after this hand
        ...]}

Seats are 0 = you, 1 = left, 2 = across, 3 = right; cards are codes such as ``"QS"``, ``"TH"``.
:func:`match_from_record` reads a record back and refuses one that is not exactly what this
module writes for the game it replays.

>>> format_deal_number(4294967295)
'42 9496 7295'
>>> parse_deal_number(" 42 9496 7295 ")
4294967295
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

from .deal import DEAL_NUMBER_LIMIT, deal_hands
from .document import check_document, load_json
from .errors import HeartsError, IllegalPass, IllegalPlay, InvalidDeal, SaveError
from .hand import HAND_FORMAT, HAND_VERSION
from .match import MATCH_FORMAT, MATCH_VERSION, Match
from .strings import DEFAULT_LANGUAGE, Phrase, phrase, text
from .trick import Trick

RECORD_FORMAT = "hearts.record"
RECORD_VERSION = 1
_DIGITS = re.compile(r"[0-9]+")


class InvalidDealNumber(HeartsError, ValueError):
    """Typed text that is not a deal number; ``code`` is ``"empty"``, ``"not_digits"`` or
    ``"too_large"`` and ``message`` the sentence the page shows."""

    def __init__(self, code: str, typed: str, language: str = DEFAULT_LANGUAGE) -> None:
        self.code = code
        self.message = text(f"deal_number.{code}", language, limit=DEAL_NUMBER_LIMIT - 1)
        super().__init__(f"{code}: {self.message} ({typed!r})")


class RecordError(SaveError):
    """A record :func:`match_from_record` refuses, with ``code`` saying why in the player's
    terms: ``not_json``, ``not_record``, ``version``, ``malformed`` (fields missing or of the
    wrong type), ``impossible`` (a deal, pass or play the rules forbid) or ``tampered`` (a deal
    that is not its number's, or figures that differ from what the plays give).
    ``message`` is the sentence the page shows (「导入牌局」)."""

    def __init__(self, code: str, detail: str) -> None:
        self.code = code
        self.message: Phrase = phrase(f"import.{code}")
        super().__init__(f"{code}: {detail}")


def parse_deal_number(typed: str, language: str = DEFAULT_LANGUAGE) -> int:
    """The deal number a player typed: digits, spaces allowed anywhere, full-width accepted.

    Raises :class:`InvalidDealNumber` with a message in ``language`` otherwise.
    """
    compact = "".join(unicodedata.normalize("NFKC", str(typed)).split())
    if not compact:
        raise InvalidDealNumber("empty", typed, language)
    if not _DIGITS.fullmatch(compact):
        raise InvalidDealNumber("not_digits", typed, language)
    number = int(compact)
    if number >= DEAL_NUMBER_LIMIT:
        raise InvalidDealNumber("too_large", typed, language)
    return number


def format_deal_number(number: int) -> str:
    """A deal number as shown to players: groups of four digits from the right."""
    digits = str(number)
    head = len(digits) % 4
    groups = ([digits[:head]] if head else []) + [digits[i : i + 4] for i in range(head, len(digits), 4)]
    return " ".join(groups)


def game_record(match: Match) -> dict[str, Any]:
    """The full record of ``match`` as plain data (see the module docstring for the format)."""
    hands = []
    totals = [0, 0, 0, 0]
    for number, (hand, deal_number) in enumerate(zip(match.hands, match.deal_numbers), start=1):
        scores = hand.scores
        if scores is not None:
            totals = [total + score for total, score in zip(totals, scores)]
        current = hand.current_trick
        hands.append(
            {
                "number": number,
                "deal_number": deal_number,
                "pass_direction": hand.pass_direction,
                "dealt": [_codes(cards) for cards in hand.dealt],
                "passes": [None if given is None else _codes(given) for given in hand.passed],
                "tricks": [dict(number=index, **_trick(trick)) for index, trick in enumerate(hand.tricks, start=1)],
                "current_trick": _trick(current) if current.cards else None,
                "points": list(hand.points),
                "scores": scores,
                "moon": hand.moon,
                "totals": list(totals) if scores is not None else None,
            }
        )
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "seed": match.seed,
        "over": match.over,
        "winner": match.winner,
        "totals": match.totals,
        "standings": match.standings(),
        "hands": hands,
    }


def record_json(match: Match) -> str:
    """The record as the text of the exported file (indented, so it reads in any editor)."""
    return json.dumps(game_record(match), ensure_ascii=False, indent=1)


def record_filename(game: str, language: str = DEFAULT_LANGUAGE) -> str:
    """The file name for an exported record; ``game`` names it (e.g. a date and time)."""
    return text("record.filename", language, game=game)


def match_from_record(data: Any) -> Match:
    """Rebuild the match a record describes, replaying every pass and play.

    Raises :class:`RecordError` (a :class:`hearts.SaveError`) for a record that is malformed,
    of another version, holds an illegal play, or whose derived figures (winners, points,
    totals…) differ from the replay; its ``code`` and ``message`` say which.
    """
    if isinstance(data, (str, bytes, bytearray)):
        try:
            data = load_json(data)
        except SaveError as problem:
            raise RecordError("not_json", str(problem)) from None
    try:
        check_document(data, RECORD_FORMAT, RECORD_VERSION, "a game record")
    except SaveError as problem:
        ours = isinstance(data, dict) and data.get("format") == RECORD_FORMAT
        raise RecordError("version" if ours else "not_record", str(problem)) from None
    try:
        hands = data["hands"]
        saved = {
            "format": MATCH_FORMAT,
            "version": MATCH_VERSION,
            "seed": data["seed"],
            "deal_numbers": [hand["deal_number"] for hand in hands],
            "hands": [_hand_dict(hand) for hand in hands],
        }
    except (KeyError, TypeError) as problem:
        raise RecordError("malformed", f"game record is incomplete or malformed: {problem!r}") from None
    _check_deals(hands)
    try:
        match = Match.from_dict(saved)
    except SaveError as problem:
        raise RecordError("impossible" if _breaks_rules(problem) else "malformed", str(problem)) from problem
    if game_record(match) != data:
        raise RecordError("tampered", "game record does not match the game its plays replay (edited or damaged)")
    return match


def _check_deals(hands: list[dict[str, Any]]) -> None:
    """Refuse a hand whose dealt cards are not those its deal number gives (an edited deal)."""
    for index, hand in enumerate(hands, start=1):
        number = hand["deal_number"]
        if type(number) is int and 0 <= number < DEAL_NUMBER_LIMIT:
            if hand["dealt"] != [_codes(cards) for cards in deal_hands(number)]:
                raise RecordError("tampered", f"hand {index}'s cards are not those of deal number {number}")


def _breaks_rules(problem: BaseException) -> bool:
    """Whether the replay was refused by the rules (an illegal pass or play, a bad deal)."""
    cause: BaseException | None = problem
    while cause is not None:
        if isinstance(cause, (IllegalPlay, IllegalPass, InvalidDeal)):
            return True
        cause = cause.__cause__ or cause.__context__
    return False


def _hand_dict(hand: dict[str, Any]) -> dict[str, Any]:
    """A record's hand in :meth:`hearts.Hand.to_dict` form (deal, passes, plays)."""
    tricks = list(hand["tricks"]) + ([hand["current_trick"]] if hand["current_trick"] else [])
    return {
        "format": HAND_FORMAT,
        "version": HAND_VERSION,
        "deal": hand["dealt"],
        "pass_direction": hand["pass_direction"],
        "passes": hand["passes"],
        "plays": [card for trick in tricks for card in trick["cards"]],
    }


def _trick(trick: Trick) -> dict[str, Any]:
    fields: dict[str, Any] = {"leader": trick.leader, "cards": _codes(trick.cards), "seats": list(trick.seats)}
    if trick.winner is not None:
        fields.update(winner=trick.winner, points=trick.points)
    return fields


def _codes(cards: Any) -> list[str]:
    return [str(card) for card in cards]
