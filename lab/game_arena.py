"""Duplicate games: whole games to 100, each game's deals replayed with the seats rotated.

    python -m lab.arena --games 8 --seats hard,normal,normal,normal --seed 1 --clock cpu [--no-game-objective]
    python -m lab.arena --games 8 --seed 1 --clock cpu --fork-objective --hands FORKED.jsonl

A game is a :class:`hearts.Match`: its deals follow from its seed, so replaying the match seed
with the seats rotated gives every bot every seat's cards, hand after hand, as far as that
replay lasts (a game's length depends on its play). Bots are given :meth:`hearts.Match.view`,
which carries the running totals, so Hard plays for the game near 100 unless its limits say
not to (``play_for_game``; the arena's ``--no-game-objective``).

Per bot: games played (one per seat per rotation), games won and their share, mean final place
(1 = won; equal totals share a place) with a 95% interval over the duplicate games (the
independent unit), points per hand and decision times. The hand-by-hand arena (``--deals``)
measures points; this one measures what a player plays for.

``--fork-objective`` measures the game objective itself: each game is played once up to the
first hand that can end it and finished twice from there, Hard playing for the game and for
the hand's points (:func:`play_forked_game`), and the two finishes are compared game by game
(:func:`lab.compare_games.compare_forked`).
"""

from __future__ import annotations

import copy
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, TextIO

from hearts.ai import Limits
from hearts.ai.objective import game_may_end
from hearts.game.match import Match
from hearts.game.phase import HandPhase
from hearts.game.rules import ranks

from .runs import play_tasks
from .seats import Timed, make_player
from .seats import bot_seed as seat_seed
from .stats import mean_ci95, p99

#: A game that has not ended after this many hands is stopped and scored as it stands (a
#: safeguard: real games end within about 30 hands).
MAX_HANDS = 60


@dataclass
class GameTally:
    """One bot's results over whole games."""

    game_means: list[float] = field(default_factory=list)
    games: int = 0
    wins: int = 0
    places: list[int] = field(default_factory=list)
    hands: int = 0
    points: int = 0
    decision_cpu_ms: list[float] = field(default_factory=list)


def play_game(names: list[str], match_seed: int, bot_seed: int, limits: Limits) -> dict[str, Any]:
    """One whole game with ``names[seat]`` at each seat; its totals, places, hands and timings."""
    match = Match(match_seed)
    times: list[list[tuple[float, float]]] = [[] for _ in range(4)]
    play_hands(match, names, bot_seed, limits, times)
    return _result(match, times)


def play_forked_game(names: list[str], match_seed: int, bot_seed: int, limits: Limits) -> dict[bool, dict[str, Any]]:
    """One game played once up to the first hand that can end it, then finished twice from
    there: Hard playing for the game (key True) and for the hand's points (False).

    Up to that hand the game objective changes nothing (:func:`hearts.ai.objective.game_may_end`),
    so the two finishes share every earlier card and differ only by the objective: the paired
    difference is the objective's whole effect on this game, at the cost of one game and two
    finishes instead of two games, and with the CPU clock too (two whole games on a CPU clock
    part ways at the first search the clock cuts differently)."""
    match = Match(match_seed)
    times: list[list[tuple[float, float]]] = [[] for _ in range(4)]
    bot_seed = play_hands(match, names, bot_seed, limits, times, stop=lambda: game_may_end(match.totals))
    results = {}
    for objective in (False, True):
        branch, branch_times = copy.deepcopy((match, times))
        play_hands(branch, names, bot_seed, replace(limits, play_for_game=objective), branch_times)
        results[objective] = _result(branch, branch_times) | {"forked_at": match.hand_number}
    return results


def play_hands(
    match: Match,
    names: list[str],
    bot_seed: int,
    limits: Limits,
    times: list[list[tuple[float, float]]],
    stop: Callable[[], bool] = lambda: False,
) -> int:
    """Play ``match`` from its current hand until it is over (or :data:`MAX_HANDS`), or until
    ``stop()`` holds before a hand is begun; return the bot seed of the next hand."""
    while not stop():
        hand = match.hand
        players = [
            Timed(make_player(name, seat_seed(bot_seed, seat), limits, hand), times[seat])
            for seat, name in enumerate(names)
        ]
        if hand.phase == HandPhase.PASS:
            for seat in range(4):
                hand.pass_cards(seat, players[seat].choose_pass(match.view(seat)))
        while hand.phase == HandPhase.PLAY:
            mover = hand.turn
            assert mover is not None
            hand.play(players[mover].choose_play(match.view(mover)))
        if match.over or match.hand_number >= MAX_HANDS:
            break
        match.next_hand()
        bot_seed += 1
    return bot_seed


def _result(match: Match, times: list[list[tuple[float, float]]]) -> dict[str, Any]:
    totals = match.totals
    return {
        "totals": totals,
        "places": ranks(totals),
        "winner": match.winner,
        "hands": match.hand_number,
        "times": times,
    }


def play_game_rotations(task: tuple[list[str], int, int, Limits]) -> list[dict[str, Any]]:
    """Game ``index`` of the run played once per rotation of the seats; one record per
    (rotation, seat)."""
    return _rotations(task, lambda *game: {None: play_game(*game)})


def play_forked_rotations(task: tuple[list[str], int, int, Limits]) -> list[dict[str, Any]]:
    """:func:`play_game_rotations` with each game forked (:func:`play_forked_game`): one record
    per (rotation, seat, objective), marked ``"objective": "on"`` or ``"off"``."""
    return _rotations(
        task,
        lambda *game: {"on" if objective else "off": result for objective, result in play_forked_game(*game).items()},
    )


def _rotations(
    task: tuple[list[str], int, int, Limits],
    play: Callable[[list[str], int, int, Limits], dict[str | None, dict[str, Any]]],
) -> list[dict[str, Any]]:
    """Game ``index`` once per rotation of the seats by ``play``, which gives its results keyed
    by the objective of a forked finish (None: not forked); one record per result and seat."""
    names, seed, index, limits = task
    match_seed = seed * 1_000_003 + index
    records: list[dict[str, Any]] = []
    for rotation in range(4):
        seated = [names[(seat + rotation) % 4] for seat in range(4)]
        for objective, result in play(seated, match_seed, (match_seed * 4 + rotation) * 1000, limits).items():
            fork = {} if objective is None else {"objective": objective, "forked_at": result["forked_at"]}
            records.extend(
                {
                    "game": index,
                    "match_seed": match_seed,
                    "rotation": rotation,
                    "seat": seat,
                    "first": seat == -rotation % 4,
                    "name": name,
                    "total": result["totals"][seat],
                    "place": result["places"][seat],
                    "won": result["winner"] == seat,
                    "hands": result["hands"],
                    "times": result["times"][seat],
                }
                | fork
                for seat, name in enumerate(seated)
            )
    return records


def run_games(
    names: list[str],
    games: int,
    seed: int,
    workers: int = 1,
    limits: Limits | None = None,
    progress: bool = False,
    log: TextIO | None = None,
    forked: bool = False,
) -> dict[str, GameTally]:
    """Play ``games`` duplicate games and tally them per bot name (Ctrl-C reports those done);
    write each (game, rotation, seat) as a JSON line to ``log`` if given. ``forked`` forks each
    game where the objective can first matter (:func:`play_forked_game`); the tallies are then
    per bot and objective (``hard/on``, ``normal/off``, …)."""
    tasks = [(names, seed, index, limits or Limits()) for index in range(games)]
    tallies: dict[str, GameTally] = {}
    started = time.perf_counter()
    work = play_forked_rotations if forked else play_game_rotations
    try:
        for done, records in enumerate(play_tasks(work, tasks, workers, log), start=1):
            _add(tallies, records)
            if progress:
                places = ", ".join(f"{name} place {statistics.fmean(t.places):.2f}" for name, t in tallies.items())
                print(
                    f"  {done}/{games} games, {time.perf_counter() - started:.0f} s: {places}",
                    file=sys.stderr,
                    flush=True,
                )
    except KeyboardInterrupt:
        print("  interrupted: reporting the games completed", file=sys.stderr, flush=True)
    return tallies


def _add(tallies: dict[str, GameTally], records: list[dict[str, Any]]) -> None:
    per_name: dict[str, list[int]] = {}
    for record in records:
        label = _label(record)
        tally = tallies.setdefault(label, GameTally())
        tally.games += 1
        tally.wins += record["won"]
        tally.places.append(record["place"])
        tally.hands += record["hands"]
        tally.points += record["total"]
        tally.decision_cpu_ms.extend(cpu for _, cpu in record["times"])
        per_name.setdefault(label, []).append(record["place"])
    for name, places in per_name.items():
        tallies[name].game_means.append(sum(places) / len(places))


def _label(record: dict[str, Any]) -> str:
    """The bot a record counts for: its name, and in a forked run its objective."""
    return f"{record['name']}/{record['objective']}" if "objective" in record else record["name"]


def games_summary(tallies: dict[str, GameTally]) -> dict[str, dict[str, float]]:
    """Per bot: games, wins and their share, mean place with its 95% interval, points per hand,
    CPU milliseconds per decision."""
    result = {}
    for name, tally in tallies.items():
        mean, half = mean_ci95(tally.game_means)
        cpu = sorted(tally.decision_cpu_ms)
        result[name] = {
            "games": tally.games,
            "wins": tally.wins,
            "win_share": round(tally.wins / tally.games, 3),
            "mean_place": round(mean, 3),
            "ci95": round(half, 3),
            "points_per_hand": round(tally.points / tally.hands, 3),
            "cpu_ms_median": round(statistics.median(cpu), 3),
            "cpu_ms_p99": round(p99(cpu), 3),
        }
    return result
