"""The saved table: the JSON document the page keeps in localStorage after every change, and its
reading back, which refuses anything but a table this program could have saved.

The document holds the match, your selection, the bots' level now and next, whether a finished
trick is still shown, and 复盘's verdicts (:mod:`hearts.table.saved_verdicts`). Its format is
versioned: ``SAVE_MIGRATIONS`` carries every older save forward (tests/table/saves/ keeps one of
each version, which must go on loading).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..game.cards import Card, parse_cards
from ..game.document import Migration, check_fields, load_json, reading, upgrade
from ..game.errors import SaveError
from ..game.levels import check_level
from ..game.match import Match
from ..game.phase import HandPhase
from .saved_verdicts import Reviews
from .state import HUMAN

SAVE_FORMAT = "hearts.table"
SAVE_VERSION = 2
#: ``SAVE_MIGRATIONS[n]`` turns a version-``n`` save into version ``n + 1`` (hearts.game.document.upgrade);
#: tests/table/saves/ keeps a save of every version, each of which must go on loading. Version 2 adds
#: ``reviews`` (复盘's verdicts, hearts.table.saved_verdicts): a version-1 game has none yet.
SAVE_MIGRATIONS: dict[int, Migration] = {1: lambda saved: {**saved, "version": 2, "reviews": {}}}
SAVE_FIELDS = frozenset({"format", "version", "match", "selection", "level", "next_level", "collecting", "reviews"})
WHAT = "a saved table"


@dataclass
class SavedTable:
    """What a save keeps of the table: everything else starts afresh on reload."""

    match: Match
    selection: list[Card]
    level: str
    next_level: str
    collecting: bool
    reviews: Reviews

    def to_json(self) -> str:
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "version": SAVE_VERSION,
                "match": self.match.to_dict(),
                "selection": [str(card) for card in self.selection],
                "level": self.level,
                "next_level": self.next_level,
                "collecting": self.collecting,
                "reviews": self.reviews.to_dict(),
            },
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, document: str) -> SavedTable:
        """Read :meth:`to_json` output (of any version); anything else raises :class:`SaveError`."""
        data = upgrade(load_json(document), SAVE_FORMAT, SAVE_VERSION, SAVE_MIGRATIONS, WHAT)
        check_fields(data, SAVE_FIELDS, WHAT)
        with reading(WHAT):
            match = Match.from_dict(data["match"])
            level = data["level"]
            check_level(level)
            next_level = data["next_level"]
            check_level(next_level)
            collecting = data["collecting"]
            selection = list(parse_cards(data["selection"]))
        # A damaged review is dropped when read (hearts.table.saved_verdicts), never the game with it.
        saved = cls(match, selection, level, next_level, collecting, Reviews.from_dict(data["reviews"]))
        saved.check()
        return saved

    def check(self) -> None:
        """Refuse a table the game could not have reached (a save edited by hand, or damaged)."""
        hand = self.match.hand
        if not isinstance(self.collecting, bool):
            raise SaveError("'collecting' must be true or false")
        if self.collecting and (not hand.tricks or hand.current_trick.cards):
            raise SaveError("the save shows a trick being collected, but no trick is complete")
        held = set(hand.hands[HUMAN])
        if any(card not in held for card in self.selection):
            raise SaveError("the saved selection holds cards you do not have")
        if hand.phase == HandPhase.PASS and len(self.selection) > 3:
            raise SaveError("the saved selection has more than 3 cards to pass")
        if hand.phase == HandPhase.PLAY and (
            len(self.selection) > 1 or any(hand.why_illegal(card, HUMAN) for card in self.selection)
        ):
            raise SaveError("the saved selection is not one playable card")
        if hand.phase == HandPhase.OVER and self.selection:
            raise SaveError("a selection after the end of the hand")
