"""Hard's machinery: equivalent cards, the sampling race, the time budget."""

from __future__ import annotations

import itertools
import time

from hearts.ai.bots import Bot
from hearts.ai.racing import race_steps
from hearts.ai.search import Limits, candidate_cards, search_play
from hearts.ai.steps import Stopwatch, run_steps
from hearts.cards import DECK, mask_of

from .positions import no_pass_hand, play_all


def codes(cards: list[int]) -> list[str]:
    return [str(DECK[card]) for card in cards]


def test_cards_with_no_outside_card_between_them_are_one_candidate() -> None:
    legal = mask_of(["2H", "3H", "5H", "9C"])
    unseen_with_4h = mask_of(["4H", "6H", "TC"])
    assert codes(candidate_cards(legal, unseen_with_4h)) == ["9C", "3H", "5H"]
    assert codes(candidate_cards(legal, mask_of(["6H"]))) == ["9C", "5H"]


def test_the_queen_of_spades_is_never_grouped() -> None:
    legal = mask_of(["JS", "QS", "KS"])
    assert codes(candidate_cards(legal, mask_of(["AS"]))) == ["JS", "QS", "KS"]


def test_race_drops_a_clearly_worse_candidate() -> None:
    counter = itertools.count()
    scores = {"good": 0.0, "bad": 10.0, "noisy": 0.0}

    def evaluate(sample: int, key: str) -> tuple[float, bool]:
        return scores[key] + (sample % 3 - 1 if key == "noisy" else 0), False

    alive, entries = run_steps(race_steps(["good", "bad", "noisy"], lambda: next(counter), evaluate,
                                          Stopwatch(time.perf_counter), 60.0, 40))
    assert "bad" not in alive and "good" in alive
    assert len(entries["bad"].scores) < len(entries["good"].scores)


def test_race_takes_one_whole_sample_even_past_its_budget() -> None:
    alive, entries = run_steps(race_steps(["a", "b"], lambda: 0, lambda sample, key: (1.0, False),
                                          Stopwatch(time.perf_counter), -1.0, 50))
    assert set(alive) == {"a", "b"}
    assert all(len(entry.scores) == 1 for entry in entries.values())


def test_hard_holds_its_budget() -> None:
    hand = no_pass_hand("AC 5D 9D KD 3S 8S 2H", "3C", "4C", "2C", fill_order=(3, 0, 1, 2))
    play_all(hand, "2C AC 3C 4C")
    view = hand.view(0)
    bot = Bot("hard", 1)
    start = time.process_time()
    choice = search_play(view, bot.rng_for(view), Limits(budget=0.05, max_samples=10_000, clock=time.process_time))
    assert choice.card in [card for card in range(52) if view.legal_mask >> card & 1]
    assert choice.samples < 10_000
    assert time.process_time() - start < 5.0
