"""红心大战 (Hearts): the rules engine, match flow and AI, in pure Python.

The same code runs in CPython and in the browser on Pyodide. The public API:

>>> import hearts
>>> match = hearts.Match(seed=42)
>>> hand = match.hand
>>> for seat in range(4):
...     hand.pass_cards(seat, hand.hands[seat][:3])
>>> hand.phase, str(hand.legal()[0])
('play', '2C')
"""

from .game.cards import Card, InvalidCard, cards_of, mask_of, parse_card, parse_cards, sort_cards
from .game.deal import deal_hands
from .game.driver import Player, play_hand, play_rest
from .game.errors import HeartsError, IllegalPass, IllegalPlay, InvalidDeal, SaveError
from .game.hand import Hand, pass_target
from .game.match import Match, pass_direction_for
from .game.phase import HandPhase
from .game.trick import Trick
from .game.view import View

__version__ = "0.1.0"

__all__ = [
    "Card",
    "InvalidCard",
    "cards_of",
    "mask_of",
    "parse_card",
    "parse_cards",
    "sort_cards",
    "deal_hands",
    "Player",
    "play_hand",
    "play_rest",
    "HeartsError",
    "IllegalPass",
    "IllegalPlay",
    "InvalidDeal",
    "SaveError",
    "Hand",
    "HandPhase",
    "pass_target",
    "Match",
    "pass_direction_for",
    "Trick",
    "View",
    "__version__",
]
