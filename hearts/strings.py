"""Every user-facing string, per language, in one place.

Logic refers to strings by key; the page and the engine look them up with :func:`text`.
Keeping them here lets a translator work without reading code, and lets a test check that
no language misses a key.
"""

from __future__ import annotations

DEFAULT_LANGUAGE = "zh-Hans"

SUIT_NAMES = {"C": "梅花", "D": "方块", "S": "黑桃", "H": "红心"}
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "S": "♠", "H": "♥"}
RANK_NAMES = {"T": "10"}

STRINGS: dict[str, dict[str, str]] = {
    "zh-Hans": {
        # Reasons a play is refused (hearts.IllegalPlay.message).
        "illegal.wrong_phase": "现在不能出牌",
        "illegal.not_your_turn": "还没轮到你出牌",
        "illegal.not_in_hand": "你手里没有这张牌",
        "illegal.must_lead_2c": "首墩须先出梅花2",
        "illegal.must_follow.C": "须跟梅花",
        "illegal.must_follow.D": "须跟方块",
        "illegal.must_follow.S": "须跟黑桃",
        "illegal.must_follow.H": "须跟红心",
        "illegal.points_on_first_trick": "首墩不能出分",
        "illegal.hearts_not_broken": "尚未破心，不能首攻红心",
        # Seats as the human sees them.
        "seat.0": "你",
        "seat.1": "左家",
        "seat.2": "对家",
        "seat.3": "右家",
        # Pass directions.
        "pass.left": "传给左家",
        "pass.right": "传给右家",
        "pass.across": "传给对家",
        "pass.none": "本手不传",
    },
}


def text(key: str, language: str = DEFAULT_LANGUAGE, **values: object) -> str:
    """Return the string for ``key`` in ``language``, formatted with ``values``.

    A missing key is a programming error, so it raises ``KeyError`` rather than showing a
    placeholder to the player.
    """
    template = STRINGS[language][key]
    return template.format(**values) if values else template
