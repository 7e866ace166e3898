"""Engine speed benchmark: full random hands per second.

    python -m lab.bench [--seconds 1.0] [--rounds 5] [--clock wall|cpu] [--json]

Measures, alternating in one run so machine noise hits all alike:

* ``public``: the public API as the page uses it — deal, random passes, ``legal()``/``play()``
  to the end, ``scores``;
* ``fastplay``: the AI's fast path (:class:`hearts.game.fastplay.PlayState`) playing a dealt,
  passed hand to the end with random legal cards;
* ``openspiel``: OpenSpiel's C++ hearts (``hearts(qs_breaks_hearts=false)``) driven from Python
  with random legal actions, chance nodes (the deal) included — if ``open_spiel`` is installed
  (``pip install -r requirements-bench.txt``).

Each figure is the median over rounds; the ratio line compares public and OpenSpiel.

Wall-clock figures on a shared machine are noisy. ``--only NAME --hands N`` plays exactly N
hands of one contender (after warming the engine's caches) and prints nothing, for counting
instructions, which noise does not change: run it under
``valgrind --tool=callgrind --callgrind-out-file=/dev/null`` with N = 201 and N = 1 and divide
the difference of the "Collected" totals by 200.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from random import Random

from hearts.game.cards import CARD_BITS, cards_of
from hearts.game.deal import deal_hands
from hearts.game.fastplay import PlayState
from hearts.game.hand import Hand
from hearts.game.phase import HandPhase

# The contenders keep their own loops rather than hearts.play_hand: what is measured is the
# engine's own calls, as the page makes them, not the View the driver builds for every decision.
# Every contender draws its random choices the same way, one uniform pick at a time from the
# options on offer (``int(random() * len(options))``), as the OpenSpiel driver must: the figures
# then compare the engines, not the cost of different ways of drawing random numbers.


def random_playout(state: PlayState, rng: Random) -> list[int]:
    """Play ``state`` (modified in place) to the end with uniformly random legal cards; return
    the raw points per seat. The cheapest playout: the baseline of the fast path's speed
    (the AI's own playouts are in :mod:`hearts.ai.playout`)."""
    while state.tricks_left:
        legal = state.legal()
        choices = []
        while legal:
            low = legal & -legal
            choices.append(low.bit_length() - 1)
            legal ^= low
        state.play(choices[int(rng.random() * len(choices))])
    return state.points


def public_api_hand(rng: Random) -> list[int] | None:
    """One hand through the public API with random choices."""
    random = rng.random
    hand = Hand(deal_hands(rng.getrandbits(32)), "left")
    for seat in range(4):
        cards = list(hand.dealt[seat])  # three distinct cards at random: pick, remove, pick again
        hand.pass_cards(
            seat, (cards.pop(int(random() * 13)), cards.pop(int(random() * 12)), cards.pop(int(random() * 11)))
        )
    while hand.phase == HandPhase.PLAY:
        legal = hand.legal()
        hand.play(legal[int(random() * len(legal))])
    return hand.scores


def fastplay_hand(rng: Random) -> list[int]:
    """One hand on the fast path: deal, random passes drawn alike, then a random playout."""
    random = rng.random
    dealt = [sum(map(CARD_BITS.__getitem__, cards)) for cards in deal_hands(rng.getrandbits(32))]
    given = []
    for mask in dealt:
        cards = list(cards_of(mask))
        given.append(
            CARD_BITS[cards.pop(int(random() * 13))]
            | CARD_BITS[cards.pop(int(random() * 12))]
            | CARD_BITS[cards.pop(int(random() * 11))]
        )
    holdings = [dealt[seat] ^ given[seat] | given[(seat + 3) & 3] for seat in range(4)]  # passing left
    leader = next(seat for seat in range(4) if holdings[seat] & 1)
    return random_playout(PlayState(holdings, leader, (), True, False, (0, 0, 0, 0), 13), rng)


def openspiel_hand_factory() -> Callable[[Random], object] | None:
    """A function playing one random OpenSpiel hand, or None if open_spiel is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("hearts(qs_breaks_hearts=false)")

    def openspiel_hand(rng: Random) -> object:
        random = rng.random
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(random() * len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[int(random() * len(actions))])
        return state.returns()

    return openspiel_hand


def hands_per_second(
    play_one: Callable[[Random], object], seconds: float, seed: int, clock: Callable[[], float] = time.perf_counter
) -> float:
    rng = Random(seed)
    count = 0
    start = clock()
    deadline = start + seconds
    while True:
        play_one(rng)
        count += 1
        if count % 16 == 0 and clock() >= deadline:
            break
    return count / (clock() - start)


CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def run(seconds: float, rounds: int, clock: str = "wall") -> dict[str, float]:
    contenders: dict[str, Callable[[Random], object]] = {"public": public_api_hand, "fastplay": fastplay_hand}
    openspiel = openspiel_hand_factory()
    if openspiel is not None:
        contenders["openspiel"] = openspiel
    samples: dict[str, list[float]] = {name: [] for name in contenders}
    for round_number in range(rounds):
        for name, play_one in contenders.items():
            samples[name].append(hands_per_second(play_one, seconds, round_number, CLOCKS[clock]))
    return {name: statistics.median(values) for name, values in samples.items()}


def warm_caches() -> None:
    """Fill the card-tuple caches a long run fills anyway, so a short counted run compares alike."""
    for suit in range(4):
        for pattern in range(1 << 13):
            cards_of(pattern << (13 * suit))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one timed round per contender")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds; the median is reported")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--clock",
        choices=tuple(CLOCKS),
        default="wall",
        help="cpu: this process's CPU time, steadier than wall time on a busy machine",
    )
    parser.add_argument("--only", choices=("public", "fastplay", "openspiel"), help="with --hands: one contender")
    parser.add_argument("--hands", type=int, help="play exactly this many hands of --only, print nothing")
    options = parser.parse_args(argv)
    if options.only:
        contender = {"public": public_api_hand, "fastplay": fastplay_hand}.get(options.only) or openspiel_hand_factory()
        if contender is None:
            parser.error("open_spiel is not installed")
        warm_caches()
        rng = Random(0)
        for _ in range(options.hands or 1):
            contender(rng)
        return
    rates = run(options.seconds, options.rounds, options.clock)
    if "openspiel" in rates:
        rates["public_vs_openspiel"] = rates["public"] / rates["openspiel"]
        rates["fastplay_vs_openspiel"] = rates["fastplay"] / rates["openspiel"]
    if options.json:
        print(json.dumps({key: round(value, 2) for key, value in rates.items()}))
        return
    print(
        f"random full hands per second (median of {options.rounds} rounds of {options.seconds:g} s, "
        f"{options.clock} clock)"
    )
    for name in ("public", "fastplay", "openspiel"):
        if name in rates:
            print(f"  {name:10s} {rates[name]:10.0f}")
    if "openspiel" in rates:
        print(f"  public / openspiel   = {rates['public_vs_openspiel']:.2f}x (target >= 1.5x)")
        print(f"  fastplay / openspiel = {rates['fastplay_vs_openspiel']:.2f}x")
    else:
        print("  openspiel not installed: pip install -r requirements-bench.txt")


if __name__ == "__main__":
    main()
