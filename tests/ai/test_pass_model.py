"""The learned pass model (hearts.ai.pass_model) and the search's use of it."""

from __future__ import annotations

from random import Random

from hearts.ai.pass_model import FACTS, VERSION, all_passes, model_shortlist, pass_facts, ranked_passes
from hearts.ai.pass_weights import VERSION as WEIGHTS_VERSION
from hearts.ai.pass_weights import WEIGHTS
from hearts.ai.passing import pass_shortlist
from hearts.ai.search import Limits, pass_choice_steps
from hearts.ai.steps import run_steps
from hearts.game.cards import mask_of, parse_card
from hearts.game.deal import deal_hands
from hearts.game.hand import Hand

FACT = {name: index for index, name in enumerate(FACTS)}


def _trio(*codes: str) -> tuple[int, int, int]:
    first, second, third = sorted(int(parse_card(code)) for code in codes)
    return first, second, third


def test_there_is_a_weight_for_every_fact_and_a_pass_for_every_trio() -> None:
    assert len(WEIGHTS) == len(FACTS)
    assert WEIGHTS_VERSION == VERSION, "the facts changed: retrain (python -m lab.train_pass)"
    hand = mask_of("2C 5C JC QC AC 5D 6D 8D 9D 3S 7S KS QH".split())
    passes = all_passes(hand)
    assert len(passes) == 286 == len(set(passes))
    assert all(len(pass_facts(hand, trio, "left")) == len(FACTS) for trio in passes[:5])


def test_the_facts_of_a_pass_say_what_leaves_and_what_stays() -> None:
    """Q♠ with two low spades, passed left with ♦A and ♦K (the only diamonds): the queen passed
    unguarded and to the left, diamonds emptied, no Q♠ kept."""
    hand = mask_of("2C 3C 4C 5C 6C 7C 8C KD AD 3S 5S QS 2H".split())
    facts = pass_facts(hand, _trio("QS", "KD", "AD"), "left")
    assert facts[FACT["Q♠ passed, fewer than 4 low spades"]] == 1.0
    assert facts[FACT["Q♠ passed left"]] == 1.0 and facts[FACT["Q♠ passed right"]] == 0.0
    assert facts[FACT["minor cards passed, Q up"]] == 2.0
    assert facts[FACT["diamonds emptied"]] == 1.0 and facts[FACT["clubs emptied"]] == 0.0
    assert facts[FACT["Q♠ kept, low spades kept / 4 (at most 1)"]] == 0.0
    kept = pass_facts(hand, _trio("KD", "AD", "2H"), "right")
    assert kept[FACT["Q♠ kept, low spades kept / 4 (at most 1)"]] == 2 / 4
    assert kept[FACT["Q♠ kept, fewer than 3 low spades kept"]] == 1.0
    assert kept[FACT["hearts emptied"]] == 1.0


def test_the_ranking_follows_the_weights_and_ties_go_to_the_lower_cards() -> None:
    hand = mask_of("2C 3C 4C 5C 6C 7C 8C KD AD 3S 5S QS 2H".split())
    only_queen = tuple(1.0 if name == "Q♠ passed, fewer than 4 low spades" else 0.0 for name in FACTS)
    ranked = ranked_passes(hand, "left", only_queen)
    assert len(ranked) == 286
    assert all(int(parse_card("QS")) in trio for trio in ranked[:66])  # C(12, 2) passes hold Q♠
    assert ranked[:66] == sorted(ranked[:66]) and ranked[66:] == sorted(ranked[66:])


def test_the_direction_counts_where_the_weights_say() -> None:
    """Q♠ passed to the right is worth more than to the left in version 1: the search must hand the
    model the direction ("left", "right", "across"), not the target seat."""
    hand = mask_of("2C 3C 4C 5C 6C 7C 8C KD AD 3S 5S QS 2H".split())
    queen = _trio("QS", "KD", "AD")
    assert pass_facts(hand, queen, "right") != pass_facts(hand, queen, "left")
    assert pass_facts(hand, queen, "across")[FACT["Q♠ passed left"]] == 0.0
    queen_passes = {
        direction: sum(int(parse_card("QS")) in trio for trio in ranked_passes(hand, direction, WEIGHTS, 10))
        for direction in ("left", "right")
    }
    assert queen_passes["right"] > queen_passes["left"]


def test_the_search_races_the_models_shortlist_unless_told_not_to() -> None:
    """Hard's pass search compares the model's best passes for the hand's direction, or the
    heuristic's with ``pass_model=False``; either way it answers one of them."""
    rng = Random(3)
    for number, direction in enumerate(("left", "right", "across")):
        hand = Hand(deal_hands(rng.randrange(1 << 30)), direction)
        view = hand.view(0)
        for use_model in (True, False):
            limits = Limits(pass_budget=10, pass_samples=16, pass_candidates=6, pass_model=use_model)
            choice = run_steps(pass_choice_steps(view, Random(number), limits))
            static = pass_shortlist(view.hand_mask, 6)
            expected = model_shortlist(view.hand_mask, direction, 6) if use_model else static
            assert set(choice.entries) == set(expected)
            assert choice.cards in expected
