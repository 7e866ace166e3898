"""Computer players and hints. Every entry point takes a seat's :class:`hearts.View` and
nothing else, so no bot and no hint can see a hidden card.

>>> import hearts, hearts.ai
>>> hand = hearts.Hand(hearts.deal_hands(3), "none")
>>> view = hand.view(hand.turn)
>>> str(hearts.ai.bot("normal", seed=1).choose_play(view))
'2C'
"""

from .bots import LEVELS, Bot, Easy, Hard, Normal, Strategy, bot
from .hints import hint_pass, hint_pass_steps, hint_play, hint_play_steps
from .search import Limits, page_pass_limits, page_play_budget
from .steps import run_steps

__all__ = [
    "LEVELS",
    "Strategy",
    "Bot",
    "Easy",
    "Normal",
    "Hard",
    "bot",
    "hint_pass",
    "hint_play",
    "hint_pass_steps",
    "hint_play_steps",
    "Limits",
    "page_pass_limits",
    "page_play_budget",
    "run_steps",
]
