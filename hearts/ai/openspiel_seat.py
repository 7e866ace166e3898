"""An OpenSpiel ISMCTS player for the arena, as the yardstick for Hard.

OpenSpiel's ``hearts`` game is replayed from our hand's record (deal, passes, plays) and its
``ISMCTSBot`` is asked for the next action. ISMCTS resamples the hidden cards from the
information state itself, so giving it the replayed state does not let it peek.

Only the arena imports this module, and only when an ``ismcts`` seat is asked for, so the wheel
never needs ``open_spiel`` (``pip install -r requirements-bench.txt`` provides it).

Seats are relabelled so that the deciding seat is OpenSpiel's player 0: the play order and pass
directions are rotation-invariant, and OpenSpiel 2.0.2 crashes when ISMCTS is asked to pass
for a player other than 0 after earlier players have passed.
"""

from __future__ import annotations

from typing import Any

from ..cards import DECK, Card
from ..hand import Hand

GAME = "hearts(qs_breaks_hearts=false)"
SIMULATIONS = 1000
UCT_C = 2.0
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


class IsmctsSeat:
    """``pyspiel.ISMCTSBot`` with ``RandomRolloutEvaluator`` and 1,000 simulations."""

    def __init__(self, seed: int, simulations: int = SIMULATIONS) -> None:
        import pyspiel  # type: ignore[import-not-found]

        self._pyspiel = pyspiel
        self._game = pyspiel.load_game(GAME)
        self._seed = seed % (1 << 31)
        self._simulations = simulations
        self._calls = 0

    def _bot(self) -> Any:
        self._calls += 1
        seed = (self._seed + 7919 * self._calls) % (1 << 31)
        evaluator = self._pyspiel.RandomRolloutEvaluator(1, seed)
        return self._pyspiel.ISMCTSBot(seed, evaluator, UCT_C, self._simulations, -1,
                                       self._pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)

    def _state(self, hand: Hand, seat: int, with_passes: bool) -> Any:
        state = self._game.new_initial_state()
        state.apply_action(_PASS_CHANCE[hand.pass_direction])
        order = [(seat + player) % 4 for player in range(4)]
        for index in range(13):
            for ours in order:
                state.apply_action(to_action(hand.dealt[ours][index]))
        if with_passes and hand.pass_direction != "none":
            for ours in order:
                for card in hand.passed[ours] or ():
                    state.apply_action(to_action(card))
        return state

    def choose_pass(self, hand: Hand, seat: int) -> tuple[Card, Card, Card]:
        state = self._state(hand, seat, with_passes=False)
        bot = self._bot()
        chosen = []
        for _ in range(3):
            action = bot.step(state)
            chosen.append(from_action(action))
            state.apply_action(action)
        return tuple(chosen)  # type: ignore[return-value]

    def choose_play(self, hand: Hand, seat: int) -> Card:
        state = self._state(hand, seat, with_passes=True)
        for card in hand.plays:
            state.apply_action(to_action(card))
        if state.current_player() != (hand.turn - seat) % 4:
            raise RuntimeError("OpenSpiel replay is out of step with the hand")
        card = from_action(self._bot().step(state))
        if card not in hand.legal():
            raise RuntimeError(f"OpenSpiel chose {card}, which is not legal here")
        return card
