"""复盘's verdicts (hearts.ai.verdicts): a planted blunder is caught, a sound play is not, the
verdict sees only the seat's view, slices and seeds do not change it, and it is kept as JSON."""

from __future__ import annotations

import json
import math
from random import Random

import pytest

from hearts import Hand, SaveError
from hearts.ai import bot
from hearts.ai.search import Limits
from hearts.ai.steps import run_steps
from hearts.ai.verdicts import (
    COST_THRESHOLD,
    HandReview,
    Verdict,
    decisions,
    review_hand,
    review_steps,
    verdict,
    verdict_steps,
)
from hearts.game.cards import Card, parse_card
from hearts.game.deal import deal_hands
from hearts.game.driver import play_rest
from hearts.game.strings import LANGUAGES

from ..fairness import positions, redealt

#: Fewer samples than the page's review, still free of the clock, for the slower tests.
QUICK = Limits(budget=math.inf, pass_budget=math.inf, max_samples=24)


def cards(codes: str) -> list[Card]:
    return [parse_card(code) for code in codes.split()]


def overtaking_position() -> Hand:
    """Trick 2: Left leads ♠5, Across must drop ♠Q (its only spade), Right plays ♠K; you play
    last with ♠A and low spades: ♠A takes the ♠Q, any low spade ducks under ♠K for nothing."""
    hand = Hand(
        [
            cards("3C 4C AS 4S 3S 2S 2D 3D 4D 2H 3H 4H 5H"),
            cards("AC KC 5S 6S 7S 5D 6D 7D 6H 7H 8H 9H TH"),
            cards("2C 5C 6C 7C 8C QS 8D 9D TD JH QH KH AH"),
            cards("9C TC JC QC KS JS TS 9S 8S JD QD KD AD"),
        ],
        "none",
    )
    for code in "2C 9C 3C AC 5S QS KS".split():
        hand.play(code)
    assert hand.turn == 0
    return hand


def test_overtaking_with_the_ace_onto_the_queen_is_flagged_with_the_duck() -> None:
    judged = verdict(overtaking_position().view(0), cards("AS"))
    assert judged.kind == "play" and judged.trick == 2 and judged.taken == tuple(cards("AS"))
    assert judged.flagged and judged.better == tuple(cards("4S"))  # ♠2-♠4 duck alike; ♠4 stands for them
    assert judged.taken_expected >= 13 and judged.cost >= 10
    assert judged.message() == f"出♠A 预计多失 {judged.cost:.1f} 分，更好的是 ♠4"


def test_ducking_is_not_flagged() -> None:
    view = overtaking_position().view(0)
    for duck in ("4S", "2S"):
        judged = verdict(view, cards(duck))
        assert not judged.flagged and judged.cost < COST_THRESHOLD and judged.better == judged.taken
        assert judged.message() == f"出{parse_card(duck).symbol}：没有明显失误"


def test_a_decision_the_view_does_not_allow_is_refused() -> None:
    view = overtaking_position().view(0)
    for taken in (cards("2H"), cards("4S 2S"), []):
        with pytest.raises(ValueError):
            verdict(view, taken, QUICK)
    dealt = Hand(deal_hands(21), "right").view(0)
    for taken in (cards("QS KS AS"), [dealt.hand[0]] * 3, dealt.hand[:2]):
        if taken != list(dealt.hand[:3]):
            with pytest.raises(ValueError):
                verdict(dealt, taken, QUICK)


def test_a_forced_play_costs_nothing() -> None:
    hand = Hand(deal_hands(5), "none")
    judged = verdict(hand.view(hand.turn), hand.legal())
    assert (judged.cost, judged.samples, judged.better) == (0.0, 0, judged.taken)


def test_passing_low_clubs_instead_of_the_bare_spade_honours_is_flagged() -> None:
    hand = Hand(
        [
            cards("2C 3C 4C QS KS AS 2D 3D 4D 5D 2H 3H 4H"),
            cards("AC KC 5S 6S 7S 5C 6D 7D 6H 7H 8H 9H TH"),
            cards("6C 5H 7C 8C 2S QD 8D 9D TD JH QH KH AH"),
            cards("9C TC JC QC 3S JS TS 9S 8S JD 4S KD AD"),
        ],
        "left",
    )
    view = hand.view(0)
    bad = verdict(view, cards("4C 2C 3C"), QUICK)
    assert bad.kind == "pass" and bad.trick == 0 and bad.taken == tuple(cards("2C 3C 4C"))
    assert bad.flagged and parse_card("QS") in bad.better
    good = verdict(view, bad.better, QUICK)
    assert not good.flagged and good.better == good.taken


@pytest.mark.parametrize("number, direction", [(11, "left"), (13, "none")])
def test_the_verdict_ignores_how_hidden_cards_lie(number: int, direction: str) -> None:
    rng = Random(number)
    for hand, seat in positions(number, direction):
        other = redealt(hand, seat, rng)
        assert other.view(seat) == hand.view(seat)
        assert [other.hands[s] for s in range(4) if s != seat] != [hand.hands[s] for s in range(4) if s != seat]
        for card in hand.legal():
            assert verdict(hand.view(seat), [card], QUICK) == verdict(other.view(seat), [card], QUICK)


def test_the_pass_verdict_ignores_the_other_hands() -> None:
    hand = Hand(deal_hands(21), "right")
    others = [card for seat in (1, 2, 3) for card in hand.dealt[seat]]
    Random(4).shuffle(others)
    other = Hand([hand.dealt[0], others[:13], others[13:26], others[26:]], "right")
    assert other.view(0) == hand.view(0)
    mine = hand.dealt[0][-3:]
    assert verdict(hand.view(0), mine, QUICK) == verdict(other.view(0), mine, QUICK)


def test_sliced_and_whole_agree_and_the_same_decision_gets_the_same_verdict() -> None:
    view = overtaking_position().view(0)
    every_playout = Limits(budget=math.inf, max_samples=60, slice_seconds=0.0)
    steps = verdict_steps(view, cards("AS"), every_playout)
    pauses = 0
    while True:
        try:
            next(steps)
            pauses += 1
        except StopIteration as done:
            sliced: Verdict = done.value
            break
    assert pauses > 10
    whole = Limits(budget=math.inf, max_samples=60, slice_seconds=math.inf)
    assert sliced == verdict(view, cards("AS"), whole) == verdict(view, cards("AS"), whole)


def played_hand(number: int, direction: str) -> Hand:
    return play_rest(Hand(deal_hands(number), direction), [bot("normal", seed) for seed in range(4)])


def test_decisions_are_the_seat_s_views_as_the_hand_gave_them() -> None:
    hand = Hand(deal_hands(8), "across")
    players = [bot("normal", seed) for seed in range(4)]
    seen = [(0, hand.view(2), players[2].choose_pass(hand.view(2)))]
    for seat in range(4):
        hand.pass_cards(seat, seen[0][2] if seat == 2 else players[seat].choose_pass(hand.view(seat)))
    while hand.phase == "play":
        view = hand.view(hand.turn)
        card = players[hand.turn].choose_play(view)
        if hand.turn == 2:
            seen.append((len(hand.tricks) + 1, view, (card,)))
        hand.play(card)
    found = decisions(hand, 2)
    assert [(d.trick, d.view, d.taken) for d in found] == [(t, v, tuple(sorted(c))) for t, v, c in seen]
    assert [d.trick for d in found] == list(range(14))


def test_a_hand_s_review_is_told_as_it_goes_and_reads_back_from_json() -> None:
    hand = played_hand(3, "left")
    told: list[Verdict] = []
    review = run_steps(review_steps(hand, 0, QUICK, told.append))
    assert list(review.verdicts) == told and [v.trick for v in told] == list(range(14))
    assert review == review_hand(hand, 0, QUICK)
    saved = json.loads(json.dumps(review.to_dict()))
    assert HandReview.from_dict(saved) == review
    flagged = [v for v in review.verdicts if v.flagged]
    assert review.cost == round(sum(v.cost for v in flagged), 2)


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d.update(format="hearts.match"),
        lambda d: d.update(version=2),
        lambda d: d.update(seat=4),
        lambda d: d["verdicts"][0].update(kind="lead"),
        lambda d: d["verdicts"][0].update(taken=["ZZ"]),
        lambda d: d["verdicts"][1].update(taken=["2C", "3C"]),
        lambda d: d["verdicts"][1].update(trick=0),
        lambda d: d["verdicts"][1].update(best_expected="lots"),
        lambda d: d["verdicts"][1].pop("samples"),
    ],
)
def test_a_damaged_saved_review_is_refused(edit: object) -> None:
    review = HandReview(
        0,
        (
            Verdict("pass", 0, tuple(cards("2C 3C 4C")), tuple(cards("QS KS AS")), 9.0, 3.0, 24),
            Verdict("play", 1, tuple(cards("5C")), tuple(cards("5C")), 1.0, 1.0, 8),
        ),
    )
    saved = review.to_dict()
    assert HandReview.from_dict(json.loads(json.dumps(saved))) == review
    edit(saved)  # type: ignore[operator]
    with pytest.raises(SaveError):
        HandReview.from_dict(saved)


@pytest.mark.parametrize("language", LANGUAGES)
def test_verdicts_and_summaries_are_said_in_every_language(language: str) -> None:
    costly = Verdict("play", 2, tuple(cards("AS")), tuple(cards("4S")), 13.2, 0.0, 200)
    fine = Verdict("pass", 0, tuple(cards("2C 3C 4C")), tuple(cards("2C 3C 4C")), 5.0, 5.0, 200)
    assert costly.message() == "出♠A 预计多失 13.2 分，更好的是 ♠4"
    for said in (
        costly.message().said_in(language),
        fine.message().said_in(language),
        HandReview(0, (costly, fine)).summary().said_in(language),
        HandReview(0, (fine,)).summary().said_in(language),
    ):
        assert said and "{" not in said
    assert "13" in HandReview(0, (costly, fine)).summary().said_in(language)
    assert HandReview(0, (costly, fine)).summary() == "本手决策共多失约 13 分"
