"""An OpenSpiel ISMCTS player for the arena, as the yardstick for Hard.

OpenSpiel's ``hearts`` game is replayed from our hand's record (deal, passes, plays) and its
``ISMCTSBot`` is asked for the next action. ISMCTS resamples the hidden cards from the
information state itself, so giving it the replayed state does not let it peek.

Only the arena imports this module, and only when an ``ismcts`` seat is asked for, so the wheel
never needs ``open_spiel`` (``pip install -r requirements-bench.txt`` provides it).

Seats are relabelled so that the deciding seat is OpenSpiel's player 0: the play order and pass
directions are rotation-invariant, and OpenSpiel 2.0.2 crashes when ISMCTS is asked to pass
for a player other than 0 after earlier players have passed.

Each decision is asked of a small server process (:mod:`lab.ismcts_server`, one per
arena process) that answers every question from the same memory, with address randomisation
off: the same hand, seat and seed then get the same card in every run, whatever was played
before. Two runs that differ only in another bot's code differ only where that bot's play
does. The server runs with the Python of this process, so runs repeat each other when they use
the same Python installation (the same venv); a system that refuses to turn randomisation off
still plays correctly, but then differently from run to run. The answers also depend on the
server's program text: editing it (even a comment) changes which card a given seed picks. Its
move from ``hearts/ai/`` into :mod:`lab` (which edited its text) was such an edit: answers
files kept before it are refused (:func:`answers_depend_on`), and ISMCTS plays other cards on the
same seeds than in the runs recorded before that move (docs/log/ai-2026-11-30.md).

Since an answer depends only on its question, the arena can keep them (``--ismcts-answers
FILE``, :func:`keep_answers`): a later run on the same deals then asks the server only where
the hand went differently, so comparing a change to Hard costs a fraction of a first run.
"""

from __future__ import annotations

import ctypes
import hashlib
import importlib.util
import sys
from pathlib import Path

from hearts.game.cards import DECK, Card
from hearts.game.hand import Hand
from hearts.game.view import View

from . import ismcts_server
from .answer_cache import KeptAnswers
from .line_process import LineProcess, PerProcess

SIMULATIONS = 1000
#: ``personality(2)``'s flag that turns address space randomisation off for a new program.
_ADDR_NO_RANDOMIZE = 0x0040000
#: Our suits are C D S H, OpenSpiel's C D H S; its card index is rank * 4 + suit.
_SUIT_TO_OPENSPIEL = (0, 1, 3, 2)
_PASS_CHANCE = {"none": 0, "left": 1, "across": 2, "right": 3}


def to_action(card: int) -> int:
    """OpenSpiel's action for one of our cards."""
    suit, rank = divmod(card, 13)
    return rank * 4 + _SUIT_TO_OPENSPIEL[suit]


def from_action(action: int) -> Card:
    rank, suit = divmod(action, 4)
    return DECK[_SUIT_TO_OPENSPIEL.index(suit) * 13 + rank]


def replay_actions(hand: Hand, seat: int, with_passes: bool) -> list[int]:
    """OpenSpiel's actions that replay ``hand`` up to its passes, ``seat`` as player 0."""
    actions = [_PASS_CHANCE[hand.pass_direction]]
    order = [(seat + player) % 4 for player in range(4)]
    for index in range(13):
        actions.extend(to_action(hand.dealt[ours][index]) for ours in order)
    if with_passes and hand.pass_direction != "none":
        for ours in order:
            actions.extend(to_action(card) for card in hand.passed[ours] or ())
    return actions


class IsmctsSeat:
    """``pyspiel.ISMCTSBot`` with ``RandomRolloutEvaluator`` and 1,000 simulations, seated at
    ``hand``: a player for :func:`hearts.play_hand` whose views only say which seat asks (it
    replays the hand's record, and ISMCTS resamples the hidden cards itself)."""

    def __init__(self, seed: int, hand: Hand, simulations: int = SIMULATIONS) -> None:
        self._seed = seed % (1 << 31)
        self._hand = hand
        self._simulations = simulations
        self._calls = 0

    def _ask(self, actions: list[int], steps: int) -> list[int]:
        """The ``steps`` actions ISMCTS chooses after ``actions``, each decision with its own seed."""
        self._calls += 1
        seed = (self._seed + 7919 * self._calls) % (1 << 31)
        question = " ".join(map(str, [seed, self._simulations, steps, *actions]))
        answer = _kept.answer(question, lambda asked: server().ask(asked))
        return [int(action) for action in answer.split()]

    def choose_pass(self, view: View) -> tuple[Card, Card, Card]:
        first, second, third = self._ask(replay_actions(self._hand, view.seat, with_passes=False), 3)
        return from_action(first), from_action(second), from_action(third)

    def choose_play(self, view: View) -> Card:
        hand = self._hand
        actions = replay_actions(hand, view.seat, with_passes=True)
        actions.extend(to_action(card) for card in hand.plays)
        card = from_action(self._ask(actions, 1)[0])
        if card not in hand.legal():
            raise RuntimeError(f"OpenSpiel chose {card}, which is not legal here")
        return card


class IsmctsServer(LineProcess):
    """The running :mod:`lab.ismcts_server` of this process."""

    def __init__(self) -> None:
        if importlib.util.find_spec("pyspiel") is None:
            raise ImportError("ismcts seats need OpenSpiel: pip install -r requirements-bench.txt")
        super().__init__(
            [sys.executable, "-c", server_source()],
            cwd="/",
            env={"PYTHONHASHSEED": "0"},
            preexec_fn=_without_address_randomisation,
        )

    def ask(self, question: str) -> str:
        """Ask one question (see :mod:`lab.ismcts_server`); a server that stopped (a bad
        action) is an error here."""
        reply = self.reply(question)
        if reply is None:
            raise RuntimeError("the ISMCTS server stopped (its error is above)")
        return reply


def server_source() -> str:
    """The server's program text, which is also part of what its answers depend on."""
    return Path(ismcts_server.__file__).read_text(encoding="utf-8")


def keep_answers(path: str | None) -> None:
    """Keep every answer in (and take known ones from) the SQLite file ``path``; ``None``: none.

    A file kept for another Python or server program raises ValueError here, before any play.
    """
    _kept.keep(path)


def answers_depend_on() -> str:
    """What besides the question an answer depends on: the server's memory, given by its Python
    and its program text (see the module docstring)."""
    import pyspiel

    source = hashlib.sha256(server_source().encode()).hexdigest()[:16]
    return f"{sys.executable} pyspiel {pyspiel.__version__} server {source}"


_kept = KeptAnswers(answers_depend_on)


#: This process's server (:class:`lab.line_process.PerProcess`): an arena worker starts its own.
server = PerProcess(IsmctsServer)


def _without_address_randomisation() -> None:
    """In the server's process before it starts: the same addresses on every run."""
    ctypes.CDLL(None, use_errno=True).personality(_ADDR_NO_RANDOMIZE)
