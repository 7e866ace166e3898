"""xinxin, Nathan Sturtevant's Hearts program, as an arena seat: the strongest open yardstick.

The program (GPL-3.0) is vendored under ``lab/xinxin/vendor/`` and built with its pipe driver
``lab/xinxin/driver.cpp`` by ``make xinxin`` into :data:`DRIVER`; it never enters the wheel or
the site. Each decision is one line to that driver: the hand's record (deal, passes, plays) with
the deciding seat relabelled as xinxin's player 0, and the driver rebuilds the game and asks
Sturtevant's strongest player (``main.cpp``'s first: PIMC over sampled worlds with UCT). Its
search samples worlds from what player 0 could know (``HeartsGameState::getiiGameState``), so
being handed the whole record does not let it peek, as with the ISMCTS seat
(:mod:`lab.openspiel_seat`).

Its settings are the number of sampled worlds and the simulations a move shared among them:
30 × 10,000 by default, Sturtevant's strongest published setting (:func:`configure`, the arena's
``--xinxin-worlds``/``--xinxin-sims``). The driver rebuilds every player from the question's seed
and runs one thread, so an answer depends only on its question and the driver's binary, and is
kept like ISMCTS's (:func:`keep_answers`, ``--xinxin-answers``).

Only the arena imports this module (``make xinxin`` first; a missing driver is a clear error).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from hearts.game.cards import Card, parse_card
from hearts.game.hand import Hand
from hearts.game.view import View

from .answer_cache import KeptAnswers
from .line_process import LineProcess, PerProcess

WORLDS = 30
SIMULATIONS = 10_000
#: The driver ``make xinxin`` builds (the Makefile's ``XINXIN``).
DRIVER = Path(__file__).resolve().parent.parent / "build" / "xinxin" / "xinxin"

_settings = (WORLDS, SIMULATIONS)


def configure(worlds: int, simulations: int) -> None:
    """Every xinxin seat of this process (and of arena workers forked after) searches
    ``worlds`` sampled worlds sharing ``simulations`` simulations a move."""
    global _settings
    if not 1 <= worlds <= 1000 or not worlds <= simulations <= 10_000_000:
        raise ValueError(f"xinxin needs 1 to 1000 worlds and worlds to 10^7 simulations, got {worlds}, {simulations}")
    _settings = (worlds, simulations)


def record(hand: Hand, seat: int) -> str:
    """The driver's last three fields for ``hand`` so far, with ``seat`` as player 0: the deal,
    the passes once made, and the plays (lab/xinxin/driver.cpp)."""
    order = [(seat + player) % 4 for player in range(4)]
    deal = " ".join(str(card) for ours in order for card in hand.dealt[ours])
    made = [hand.passed[ours] for ours in order]
    passes = " ".join(str(card) for cards in made for card in cards or ()) if None not in made else ""
    plays = " ".join(str(card) for card in hand.plays)
    return f"{hand.pass_direction} | {deal} | {passes} | {plays}"


class XinxinSeat:
    """xinxin seated at ``hand``: a player for :func:`hearts.play_hand` whose views only say which
    seat asks (it replays the hand's record, and xinxin samples the hidden cards itself)."""

    def __init__(self, seed: int, hand: Hand) -> None:
        self._seed = seed % (1 << 31)
        self._hand = hand
        self._calls = 0

    def _ask(self, seat: int) -> list[Card]:
        """xinxin's answer for ``seat``, each decision with its own seed."""
        self._calls += 1
        seed = (self._seed + 7919 * self._calls) % (1 << 31)
        worlds, simulations = _settings
        question = f"move {seed} {worlds} {simulations} {record(self._hand, seat)}"
        answer = _kept.answer(question, lambda asked: driver().ask(asked))
        return [parse_card(code) for code in answer.split()]

    def choose_pass(self, view: View) -> tuple[Card, Card, Card]:
        first, second, third = self._ask(view.seat)
        return first, second, third

    def choose_play(self, view: View) -> Card:
        (card,) = self._ask(view.seat)
        if card not in self._hand.legal():
            raise RuntimeError(f"xinxin chose {card}, which is not legal here")
        return card


class Driver(LineProcess):
    """A running ``lab/xinxin/driver.cpp`` of this process."""

    def __init__(self) -> None:
        if not DRIVER.exists():
            raise FileNotFoundError(f"{DRIVER} is missing: build it with `make xinxin`")
        super().__init__([str(DRIVER)])

    def ask(self, question: str) -> str:
        """The driver's answer to one question; its ``error …`` answers raise ValueError."""
        reply = self.reply(question)
        if not reply:
            raise RuntimeError(f"the xinxin driver stopped (status {self.returncode}; its error is above)")
        if reply.startswith("error "):
            raise ValueError(f"xinxin: {reply.removeprefix('error ')} (question: {question})")
        return reply


#: This process's driver (:class:`lab.line_process.PerProcess`): an arena worker starts its own.
driver = PerProcess(Driver)


def keep_answers(path: str | None) -> None:
    """Keep every answer in (and take known ones from) the SQLite file ``path``; ``None``: none.

    A file kept for another driver binary raises ValueError here, before any play.
    """
    _kept.keep(path)


def answers_depend_on() -> str:
    """What besides the question an answer depends on: the driver's binary."""
    if not DRIVER.exists():
        raise FileNotFoundError(f"{DRIVER} is missing: build it with `make xinxin`")
    return f"xinxin driver {hashlib.sha256(DRIVER.read_bytes()).hexdigest()[:16]}"


_kept = KeptAnswers(answers_depend_on)
