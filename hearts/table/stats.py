"""Statistics kept across games for the human (seat 0), stored by the page as versioned JSON.

The page calls :meth:`Stats.record` whenever a hand ends (and again when the game ends). Each
finished hand is counted once, keyed by the game's id and the hand's number, so calling it twice,
after a reload, or for a game that is later abandoned never counts a hand twice; a game's result
is counted once, when the match is over.

>>> from hearts import Match
>>> stats = Stats()
>>> stats.record(Match(seed=1))          # nothing finished yet
False
>>> stats.games_played, stats.win_rate
(0, None)
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, TypeGuard

from ..game.cards import QUEEN_OF_SPADES
from ..game.document import Document, check_document
from ..game.errors import SaveError
from ..game.hand import Hand
from ..game.match import Match
from ..game.phase import HandPhase
from ..game.rules import HAND_POINTS
from ..game.strings import DEFAULT_LANGUAGE, text

STATS_FORMAT = "hearts.stats"
STATS_VERSION = 1
HUMAN = 0
#: How many game ids are remembered to refuse counting twice. The page only ever records the
#: game it holds, so a short memory is enough and keeps the saved document small.
REMEMBERED_GAMES = 100
_COUNTERS = ("games_played", "games_won", "hands_played", "points", "moons_shot", "moons_suffered", "queens_taken")
_FIELDS = _COUNTERS + ("best_game", "worst_game", "hands_counted", "games_counted")


class Stats(Document):
    """Counters over every hand and game the human has finished, plus the best and worst game.

    ``best_game`` / ``worst_game`` are ``{"total": int, "game": str}`` (lowest / highest final
    total; ``game`` is the label the caller gave, e.g. a date) or None before a finished game.
    """

    def __init__(self) -> None:
        self._hands_counted: dict[str, int] = {}  # unfinished game id -> hands counted so far
        self._games_counted: list[str] = []  # ids of finished games, oldest first
        self.reset()

    def reset(self) -> None:
        """Zero every figure (the 「统计」 panel's reset, once the player confirms).

        Which hands were already counted is kept, so hands finished before the reset never
        count again when the game in progress is next recorded.
        """
        self.games_played = 0
        self.games_won = 0
        self.hands_played = 0
        self.points = 0
        self.moons_shot = 0
        self.moons_suffered = 0
        self.queens_taken = 0
        self.best_game: dict[str, Any] | None = None
        self.worst_game: dict[str, Any] | None = None

    # ----- recording -----------------------------------------------------------------------

    def record(self, match: Match, game_id: str | None = None, label: str | None = None) -> bool:
        """Count the finished hands of ``match`` not counted yet, and its result once it is over.

        ``game_id`` identifies the game across reloads (default: its seed, which the save
        keeps); ``label`` names it in best / worst game (default: the id). Returns whether
        anything was counted.
        """
        game = str(match.seed) if game_id is None else str(game_id)
        if game in self._games_counted:
            return False
        counted = self._hands_counted.pop(game, 0)
        finished = [hand for hand in match.hands if hand.phase == HandPhase.OVER]
        for hand in finished[counted:]:
            self._count_hand(hand)
        changed = len(finished) > counted
        if match.over:
            self._count_game(match, label or game)
            self._games_counted = (self._games_counted + [game])[-REMEMBERED_GAMES:]
            return True
        self._hands_counted[game] = max(counted, len(finished))  # re-inserted last: most recent
        while len(self._hands_counted) > REMEMBERED_GAMES:
            del self._hands_counted[next(iter(self._hands_counted))]
        return changed

    def _count_hand(self, hand: Hand) -> None:
        scores = hand.scores
        assert scores is not None, "only finished hands are counted"
        self.hands_played += 1
        self.points += scores[HUMAN]
        if hand.moon == HUMAN:
            self.moons_shot += 1
        elif hand.moon is not None:
            self.moons_suffered += 1
        if any(trick.winner == HUMAN and QUEEN_OF_SPADES in trick.cards for trick in hand.tricks):
            self.queens_taken += 1

    def _count_game(self, match: Match, label: str) -> None:
        total = match.totals[HUMAN]
        self.games_played += 1
        self.games_won += int(match.winner == HUMAN)
        if self.best_game is None or total < self.best_game["total"]:
            self.best_game = {"total": total, "game": label}
        if self.worst_game is None or total > self.worst_game["total"]:
            self.worst_game = {"total": total, "game": label}

    # ----- figures -------------------------------------------------------------------------

    @property
    def win_rate(self) -> float | None:
        """Games won / games played (0..1), None before the first finished game."""
        return self.games_won / self.games_played if self.games_played else None

    @property
    def average_points(self) -> float | None:
        """The human's mean score per finished hand, None before the first one."""
        return self.points / self.hands_played if self.hands_played else None

    def summary(self, language: str = DEFAULT_LANGUAGE) -> list[tuple[str, str]]:
        """(label, value) rows for the 「统计」 panel, in display order."""
        none = text("stats.none", language)

        def game(result: dict[str, Any] | None) -> str:
            return none if result is None else text("stats.game_result", language, **result)

        rate, average = self.win_rate, self.average_points
        values = {
            "games_played": str(self.games_played),
            "games_won": str(self.games_won),
            "win_rate": none if rate is None else f"{rate * 100:.1f}%",
            "hands_played": str(self.hands_played),
            "average_points": none if average is None else f"{average:.2f}",
            "moons_shot": str(self.moons_shot),
            "moons_suffered": str(self.moons_suffered),
            "queens_taken": str(self.queens_taken),
            "best_game": game(self.best_game),
            "worst_game": game(self.worst_game),
        }
        return [(text(f"stats.{name}", language), value) for name, value in values.items()]

    # ----- persistence ---------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Plain data with a checksum, so a hand-edited or damaged document is refused."""
        body: dict[str, Any] = {name: getattr(self, name) for name in _COUNTERS}
        body.update(
            best_game=self.best_game,
            worst_game=self.worst_game,
            hands_counted=[[game, count] for game, count in self._hands_counted.items()],
            games_counted=list(self._games_counted),
        )
        return {"format": STATS_FORMAT, "version": STATS_VERSION, **body, "check": _checksum(body)}

    @classmethod
    def from_dict(cls, data: Any) -> Stats:
        """Rebuild statistics, raising :class:`hearts.SaveError` for anything not written by
        :meth:`to_dict` of this version (wrong shape, impossible figures, bad checksum)."""
        check_document(data, STATS_FORMAT, STATS_VERSION, "saved statistics")
        body = {key: value for key, value in data.items() if key not in ("format", "version", "check")}
        if data.get("check") != _checksum(body):
            raise SaveError("saved statistics do not match their checksum (damaged or edited)")
        if set(body) != set(_FIELDS):
            raise SaveError(f"saved statistics have the fields {sorted(body)}, expected {sorted(_FIELDS)}")
        stats = cls()
        for name in _COUNTERS:
            setattr(stats, name, _count(body, name))
        stats.best_game = _game_result(body, "best_game")
        stats.worst_game = _game_result(body, "worst_game")
        stats._hands_counted = _hands_counted(body.get("hands_counted"))
        stats._games_counted = _game_ids(body.get("games_counted"))
        _check_consistent(stats)
        return stats

    def __repr__(self) -> str:
        return f"<Stats games={self.games_played} won={self.games_won} hands={self.hands_played}>"


def _checksum(body: dict[str, Any]) -> str:
    canonical = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


def _is_count(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _count(body: dict[str, Any], name: str) -> int:
    value = body.get(name)
    if not _is_count(value):
        raise SaveError(f"saved statistics: {name!r} must be a whole number ≥ 0, got {value!r}")
    return value


def _game_result(body: dict[str, Any], name: str) -> dict[str, Any] | None:
    value = body.get(name)
    if value is None:
        return None
    if (
        not isinstance(value, dict)
        or set(value) != {"total", "game"}
        or not _is_count(value["total"])
        or not isinstance(value["game"], str)
    ):
        raise SaveError(f"saved statistics: {name!r} must be null or {{total, game}}, got {value!r}")
    return dict(value)


def _hands_counted(value: object) -> dict[str, int]:
    if not isinstance(value, list) or not all(
        isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], str) and _is_count(entry[1])
        for entry in value
    ):
        raise SaveError("saved statistics: 'hands_counted' must be a list of [game id, hands] pairs")
    return {game: count for game, count in value}


def _game_ids(value: object) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(game, str) for game in value):
        raise SaveError("saved statistics: 'games_counted' must be a list of game ids")
    return list(value)


def _check_consistent(stats: Stats) -> None:
    """Refuse figures no sequence of recorded games could produce."""
    problems = []
    if stats.games_won > stats.games_played:
        problems.append("more games won than played")
    if stats.moons_shot + stats.moons_suffered > stats.hands_played:
        problems.append("more moons than hands")
    if stats.queens_taken > stats.hands_played:
        problems.append("Q♠ taken more often than hands played")
    if stats.points > HAND_POINTS * stats.hands_played:
        problems.append("more points than hands could give")
    if (stats.best_game is None) != (stats.games_played == 0) or (stats.worst_game is None) != (
        stats.games_played == 0
    ):
        problems.append("best and worst game must be given exactly when games were played")
    elif (
        stats.best_game is not None
        and stats.worst_game is not None
        and stats.best_game["total"] > stats.worst_game["total"]
    ):
        problems.append("best game worse than worst game")
    if problems:
        raise SaveError("saved statistics are inconsistent: " + "; ".join(problems))
