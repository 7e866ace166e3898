"""The arena's ISMCTS decisions, made so that the same question always gets the same answer.

OpenSpiel's ``ISMCTSBot`` with a fixed seed still answers differently from call to call: its
choices depend on where its tables land in memory, so a run against ISMCTS could not be
repeated, and two runs of two versions of Hard differed on every hand, not only where Hard
played differently. This server removes that: it starts once, with address randomisation off
(see :mod:`lab.openspiel_seat`), loads the game, and then forks a fresh child for each
question. Every child starts from the very same memory, so its answer depends only on the
question: the seed, the number of simulations and steps, and the game's actions so far.

The file runs as a script (``python -c <this source>``, from ``/`` and with a fixed
environment, so that no path of the checkout changes the server's memory). It imports nothing
from ``hearts``: the wheel never needs ``pyspiel``, and the server's memory must not depend on
the checkout either.

Protocol, one line each way: ``seed simulations steps action...`` in, the ``steps`` actions
chosen out (space-separated integers). The asking seat is always OpenSpiel's player 0. End of
input, or a question that fails (its error goes to stderr), stops the server.
"""

from __future__ import annotations

import os
from typing import Any

GAME = "hearts(qs_breaks_hearts=false)"
UCT_C = 2.0
#: A child's exit status when its question never came: the client closed the pipe.
_NO_QUESTION = 3


def answer(game: Any, question: str) -> str:
    """The actions ISMCTS chooses for one question (see the module docstring)."""
    import pyspiel

    seed, simulations, steps, *actions = (int(field) for field in question.split())
    state = game.new_initial_state()
    for action in actions:
        state.apply_action(action)
    if state.current_player() != 0:
        raise ValueError(f"the actions leave player {state.current_player()} to move, not the asking player 0")
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    bot = pyspiel.ISMCTSBot(
        seed, evaluator, UCT_C, simulations, -1, pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False
    )
    chosen = []
    for _ in range(steps):
        action = bot.step(state)
        chosen.append(action)
        state.apply_action(action)
    return " ".join(map(str, chosen))


def _answer_one(game: Any) -> None:
    """In a fresh child: read one question from stdin, write its answer to stdout, exit."""
    question = b""
    while not question.endswith(b"\n"):
        chunk = os.read(0, 65536)
        if not chunk:
            os._exit(_NO_QUESTION)
        question += chunk
    os.write(1, (answer(game, question.decode()) + "\n").encode())
    os._exit(0)


def serve() -> None:
    """Fork a child per question until the input ends; the parent itself never changes."""
    import pyspiel

    game = pyspiel.load_game(GAME)
    while True:
        child = os.fork()
        if child == 0:
            _answer_one(game)
        _, status = os.waitpid(child, 0)
        if status != 0:
            return


if __name__ == "__main__":
    serve()
