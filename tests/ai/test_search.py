"""Hard's machinery: equivalent cards, the sampling race, the time budget."""

from __future__ import annotations

import itertools
import time
from dataclasses import replace

from hearts import Hand, play_rest
from hearts.ai import bot
from hearts.ai.bots import Hard
from hearts.ai.pass_model import model_shortlist
from hearts.ai.passing import pass_shortlist
from hearts.ai.racing import _clearly_worse, race_steps
from hearts.ai.search import Limits, candidate_cards, pass_choice_steps, search_play
from hearts.ai.steps import Stopwatch, run_steps
from hearts.game.cards import DECK, FULL_DECK, mask_of
from hearts.game.view import View

from ..positions import no_pass_hand, play_all
from ..slicing import FakeClock


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

    alive, entries = run_steps(
        race_steps(["good", "bad", "noisy"], lambda: next(counter), evaluate, Stopwatch(time.perf_counter), 60.0, 40)
    )
    assert "bad" not in alive and "good" in alive
    assert len(entries["bad"].scores) < len(entries["good"].scores)


def test_race_takes_one_whole_sample_even_past_its_budget() -> None:
    alive, entries = run_steps(
        race_steps(["a", "b"], lambda: 0, lambda sample, key: (1.0, False), Stopwatch(time.perf_counter), -1.0, 50)
    )
    assert set(alive) == {"a", "b"}
    assert all(len(entry.scores) == 1 for entry in entries.values())


def test_race_with_one_candidate_per_group_still_takes_a_sample() -> None:
    """Nothing is left to race, yet the caller reads every survivor's mean."""
    alive, entries = run_steps(
        race_steps(
            ["duck", "shoot"],
            lambda: 0,
            lambda sample, key: (2.0, False),
            Stopwatch(time.perf_counter),
            60.0,
            50,
            group=lambda key: key,
        )
    )
    assert alive == ["duck", "shoot"]
    assert all(entry.mean == 2.0 and len(entry.scores) == 1 for entry in entries.values())


def test_a_single_sample_is_never_clearly_worse() -> None:
    assert not _clearly_worse([5.0], [0.0])


def test_hard_holds_its_budget() -> None:
    """The budget, not the sample cap, ends the search: on a clock that moves 1 ms per reading,
    50 ms run out long before 10,000 samples."""
    hand = no_pass_hand("AC 5D 9D KD 3S 8S 2H", "3C", "4C", "2C", fill_order=(3, 0, 1, 2))
    play_all(hand, "2C AC 3C 4C")
    view = hand.view(0)
    choice = search_play(view, Hard(1).rng_for(view), Limits(budget=0.05, max_samples=10_000, clock=FakeClock(0.001)))
    assert choice.card in [card for card in range(52) if view.legal_mask >> card & 1]
    assert 0 < choice.samples < 10_000


def test_a_lead_searches_for_its_own_budget_if_given() -> None:
    """``lead_budget`` (the page's leaders search through the trick shown too) ends a lead's
    search, and only a lead's: on a clock that moves 1 ms a reading, a lead with 30 ms takes
    fewer samples than with 300 ms, and a follow is searched for ``budget`` either way."""
    hand = no_pass_hand("AC 5D 9D KD 3S 8S 2H", "3C", "4C", "2C", fill_order=(3, 0, 1, 2))
    play_all(hand, "2C AC 3C 4C")
    lead = hand.view(0)
    assert not lead.current_trick.cards

    def samples(view: View, lead_budget: float | None) -> int:
        limits = Limits(budget=0.3, lead_budget=lead_budget, max_samples=10_000, clock=FakeClock(0.001))
        return search_play(view, Hard(1).rng_for(view), limits).samples

    assert Limits(budget=0.3, lead_budget=0.03).play_budget(True) == 0.03
    assert Limits(budget=0.3).play_budget(True) == Limits(budget=0.3, lead_budget=0.03).play_budget(False) == 0.3
    assert samples(lead, 0.03) < samples(lead, None) == samples(lead, 0.3)
    play_all(hand, "3S")
    follow = hand.view(1)
    assert samples(follow, 0.03) == samples(follow, None) > 0


def moon_position() -> Hand:
    """Seat 0 has taken Q♠ and four hearts and holds every top card; only ♥2 can lose a trick
    (to ♥3), and seat 0 is to lead."""
    hand = Hand(
        [
            "AC KC QC JC TC 9C AS AH KH QH JH TH 2H".split(),
            "2C 3C 4C QS 3S 4S 5S 2D 3D 4D 5D 3H 4H".split(),
            "5C 6C 6S 7S 8S 9S 6D 7D 8D 9D TD 5H 6H".split(),
            "7C 8C TS JS KS 2S JD QD KD AD 7H 8H 9H".split(),
        ],
        "none",
    )
    play_all(hand, "2C 5C 7C AC KC 3C 6C 8C QC 4C 5H 9H JC QS 6H 8H TC 4H TD 7H")
    assert hand.turn == 0 and hand.points == [19, 0, 0, 0]
    return hand


def test_hard_holds_a_moon_line_to_the_end() -> None:
    """Normal leads the low heart and lets the moon go; Hard cashes ♥A first and shoots."""
    hand = moon_position()
    assert str(bot("normal").choose_play(hand.view(0))) == "2H"
    limits = Limits(budget=10.0, max_samples=24)
    play_rest(hand, [bot("hard", 1, limits)] + [bot("normal", seat) for seat in (1, 2, 3)])
    assert hand.moon == 0


def play_moon_position(totals: tuple[int, ...], limits: Limits) -> Hand:
    hand = moon_position()
    players = [bot("hard", 1, limits)] + [bot("normal", seat) for seat in (1, 2, 3)]
    while hand.phase == "play":
        seat = hand.turn
        hand.play(players[seat].choose_play(replace(hand.view(seat), totals=totals)))
    return hand


def test_near_the_end_hard_plays_the_moon_for_its_place_in_the_game() -> None:
    """The same position with match totals 60, 30, 60, 75: a moon adds 26 to the others, puts
    seat 3 over 100 and ends the game, won by seat 1 (56) with seat 0 second. Giving the moon up
    leaves seat 0 at 79 or more against seat 1's 30 with the game going on: as good as lost, and
    likely third or last. (A game that went on used to be valued by the hand's points, and Hard
    then gave the moon up for a heart, ending far behind; by place, the moon is worth more.)"""
    assert play_moon_position((60, 30, 60, 75), Limits(budget=10.0, max_samples=24)).moon == 0


def test_only_a_seat_on_its_way_to_the_moon_that_stopped_playing_as_normal_may_shoot_in_the_playouts(
    monkeypatch,
) -> None:
    """Seat 2 kept ♥9 when it threw ♣K (not Normal's way); seat 1 has played as Normal does.
    Seat 3's playouts let nobody play for the moon while nobody looks like shooting; once a seat
    does (it alone has taken every point, enough of them), that seat may, unless its plays still
    read as Normal's (Normal never shoots)."""
    from hearts.ai import search

    from ..positions import discard_hand

    hand = discard_hand("9H")
    play_all(hand, "KD 5D 9D 9H")
    view = hand.view(3)
    assert hand.turn == 3

    def shooters_seen(threat: int | None) -> set[int]:
        seen: set[int] = set()
        real = search.play_out

        def recording(*args: object, **kwargs: object) -> list[int]:
            seen.add(args[4])  # type: ignore[arg-type]
            return real(*args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(search, "play_out", recording)
        monkeypatch.setattr(search, "moon_threat", lambda points, taken: threat)
        search_play(view, Hard(1).rng_for(view), Limits(budget=10.0, max_samples=8))
        return seen

    assert shooters_seen(None) == {0}
    assert shooters_seen(2) == {0b0100}
    assert shooters_seen(1) == {0}


def test_a_seat_plays_the_fitted_model_in_the_playouts_where_it_is_not_taken_for_normal(monkeypatch) -> None:
    """Seat 2 threw ♣K on a diamond lead and later played ♥9, which Normal would have thrown
    first: its plays proved unreadable, and in seat 3's playouts it plays the fitted model in
    every sample, as does seat 0, which followed ♦4 under ♦A where Normal plays its highest
    diamond. Seat 1, whose plays have not proved false, plays Normal's card in the samples that
    take it for Normal (all of them at a share of 1, none at 0). Had seat 2 played ♥8 (Normal
    keeps it), only seat 0 would be modelled in every sample."""
    from hearts.ai import play_samples, search

    from ..positions import discard_hand

    def modelled_seen(seat_2_heart: str, shares: list[float]) -> set[int]:
        hand = discard_hand(seat_2_heart)
        play_all(hand, f"KD 5D 9D {seat_2_heart}")
        assert hand.turn == 3
        seen: set[int] = set()
        real = search.play_out

        def recording(*args: object) -> list[int]:
            seen.add(args[5])  # type: ignore[arg-type]
            return real(*args)  # type: ignore[arg-type]

        monkeypatch.setattr(search, "play_out", recording)
        monkeypatch.setattr(play_samples, "normal_shares", lambda *_: shares)
        view = hand.view(3)
        search_play(view, Hard(1).rng_for(view), Limits(budget=10.0, max_samples=8))
        return seen

    assert modelled_seen("8H", [1.0] * 4) == {0b0001}
    assert modelled_seen("9H", [1.0] * 4) == {0b0101}
    assert modelled_seen("8H", [1.0, 0.0, 1.0, 1.0]) == {0b0011}
    assert modelled_seen("9H", [1.0, 0.0, 1.0, 1.0]) == {0b0111}


def test_a_card_on_the_table_splits_equivalent_cards() -> None:
    """♦3 led, Q♠ thrown on it, ♦5 winning: seat 0 holds ♦2, ♦4 and ♦6 up (♦5, the only card
    between ♦4 and ♦6, is on the table). ♦4 ducks and ♦6 takes Q♠, so they are two candidates,
    and Hard ducks. Before the table counted, ♦2–♦T were one group, played as ♦T."""
    hand = no_pass_hand("2C 4D 6D", "KC 3D", "3C 5C 6C 7C 8C QS 2S 3S 4S 2H 3H 4H 5H", "4C 5D", fill_order=(0, 1, 3))
    play_all(hand, "2C KC 3C 4C 3D QS 5D")
    view = hand.view(0)
    unseen = FULL_DECK & ~(view.hand_mask | view.played_mask)
    table = mask_of(["3D", "QS", "5D"])
    assert "4D" in codes(candidate_cards(view.legal_mask, unseen | table))
    assert "4D" not in codes(candidate_cards(view.legal_mask, unseen))  # what grouping did without the table
    choice = search_play(view, Hard(1).rng_for(view), Limits(budget=10.0, max_samples=24))
    assert str(DECK[choice.card]) in {"2D", "4D"}


def test_the_pass_search_races_as_many_passes_of_the_shortlist_as_its_limits_say() -> None:
    """The learned model's shortlist by default, the static heuristic's with ``pass_model=False``."""
    hand = Hand([[DECK[card] for card in range(seat, 52, 4)] for seat in range(4)], "left")
    view = hand.view(0)
    for size in (1, 3, 12):
        for use_model in (True, False):
            limits = Limits(pass_budget=10.0, max_samples=4, pass_candidates=size, pass_model=use_model)
            choice = run_steps(pass_choice_steps(view, Hard(1).rng_for(view), limits))
            static = pass_shortlist(view.hand_mask, size)
            shortlist = model_shortlist(view.hand_mask, "left", size) if use_model else static
            assert list(choice.entries) == ([] if size == 1 else shortlist)  # one pass: nothing to race
            assert choice.cards in shortlist


def test_the_pass_may_have_a_sample_cap_of_its_own() -> None:
    hand = Hand([[DECK[card] for card in range(seat, 52, 4)] for seat in range(4)], "left")
    view = hand.view(0)
    for pass_samples, most in ((None, 4), (9, 9)):
        limits = Limits(pass_budget=10.0, max_samples=4, pass_samples=pass_samples)
        choice = run_steps(pass_choice_steps(view, Hard(1).rng_for(view), limits))
        assert len(choice.entries[choice.cards].scores) == most
