"""Match: seeded deals, the pass cycle, totals, the end rule, standings and JSON."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts import HeartsError, Match, SaveError, deal_hands, pass_direction_for

from ..games import finish_hand, finished_match, known_match


def test_pass_cycle_left_right_across_none_repeats() -> None:
    assert [pass_direction_for(n) for n in range(1, 10)] == [
        "left",
        "right",
        "across",
        "none",
        "left",
        "right",
        "across",
        "none",
        "left",
    ]


def test_match_hands_follow_the_cycle() -> None:
    match, rng = Match(seed=3), random.Random(3)
    directions = [match.hand.pass_direction]
    for _ in range(4):
        finish_hand(match, rng)
        if match.over:
            break
        match.next_hand()
        directions.append(match.hand.pass_direction)
    assert directions == ["left", "right", "across", "none", "left"][: len(directions)]
    assert match.hands[3].phase != "pass"  # the fourth hand goes straight to play


def test_same_seed_deals_the_same_cards() -> None:
    assert Match(seed=99).hand.dealt == Match(seed=99).hand.dealt
    assert Match(seed=99).hand.dealt != Match(seed=100).hand.dealt
    match = Match(seed=99)
    assert match.hand.dealt == deal_hands(match.deal_number)


def test_totals_add_hand_scores_and_next_hand_needs_a_finished_hand() -> None:
    match, rng = Match(seed=5), random.Random(5)
    with pytest.raises(HeartsError, match="not over"):
        match.next_hand()
    finish_hand(match, rng)
    first = match.hand.scores
    assert match.totals == first and match.history == [first]
    match.next_hand()
    assert match.hand_number == 2 and match.totals == first


def test_the_bots_view_carries_the_tricks_of_the_game_s_earlier_hands() -> None:
    match = known_match(3)
    view = match.view(2)
    assert view.earlier_hands == tuple(tuple(hand.tricks) for hand in match.hands[:2])
    assert all(len(tricks) == 13 for tricks in view.earlier_hands)
    assert Match.from_json(match.to_json()).view(2).earlier_hands == view.earlier_hands, "kept across a reload"
    assert known_match(1).view(0).earlier_hands == () and match.hand.view(2).earlier_hands == ()


def test_chosen_deal_number_is_used() -> None:
    match, rng = Match(seed=5), random.Random(5)
    finish_hand(match, rng)
    match.next_hand(deal_number=1234)
    assert match.deal_number == 1234 and match.hand.dealt == deal_hands(1234)
    assert Match.from_json(match.to_json()) == match


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=(1 << 63) - 1))
def test_match_always_ends_with_a_unique_lowest(seed: int) -> None:
    match, rng = Match(seed=seed), random.Random(seed)
    while True:
        finish_hand(match, rng)
        if match.over:
            break
        assert match.hand_number < 60
        match.next_hand()
    totals = match.totals
    assert max(totals) >= 100 and totals.count(min(totals)) == 1
    assert match.winner == totals.index(min(totals))
    standings = match.standings()
    assert standings[0]["seat"] == match.winner and standings[0]["rank"] == 1
    assert [row["total"] for row in standings] == sorted(totals)
    with pytest.raises(HeartsError, match="over"):
        match.next_hand()


def test_winner_is_none_while_playing() -> None:
    match = Match(seed=1)
    assert not match.over and match.winner is None


def test_seed_is_validated() -> None:
    for bad in (-1, "7", 1.5, True, 1 << 63):
        with pytest.raises(ValueError, match="seed"):
            Match(seed=bad)  # type: ignore[arg-type]


def test_match_json_round_trip() -> None:
    match, rng = Match(seed=11), random.Random(11)
    finish_hand(match, rng)
    match.next_hand()
    match.hand.pass_cards(0, match.hand.hands[0][:3])
    again = Match.from_json(match.to_json())
    assert again == match and again.totals == match.totals and again.hand.passed == match.hand.passed


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(version=2), "version"),
        (lambda d: d.update(format="hearts.hand"), "not a saved match"),
        (lambda d: d["deal_numbers"].__setitem__(0, 7), "does not match its deal number"),
        (lambda d: d["hands"].__setitem__(1, d["hands"][0]), "pass direction"),
        (lambda d: d.update(hands=[]), "at least one hand"),
        (lambda d: d.update(seed="x"), "seed"),
        (lambda d: d["hands"][0]["plays"].pop(), "not finished"),
    ],
)
def test_tampered_match_json_is_refused(mutate, message: str) -> None:  # type: ignore[no-untyped-def]
    match, rng = Match(seed=11), random.Random(11)
    finish_hand(match, rng)
    match.next_hand()
    data = match.to_dict()
    mutate(data)
    with pytest.raises(SaveError, match=message):
        Match.from_json(json.dumps(data))


def test_match_continuing_after_its_end_is_refused() -> None:
    data = finished_match(2).to_dict()
    data["hands"].append(data["hands"][0])
    data["deal_numbers"].append(data["deal_numbers"][0])
    with pytest.raises(SaveError, match="after it was over"):
        Match.from_json(json.dumps(data))
