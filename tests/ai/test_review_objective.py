"""复盘 asks the hint's question (issue 53): near 100 it judges a decision by the game, as
「提示」 played it, and says when a sound play gave up points of the hand for the game."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from hearts import Hand, View
from hearts.ai import hint_play
from hearts.ai.bots import Bot
from hearts.ai.hints import play_reason
from hearts.ai.search import search_play_steps
from hearts.ai.steps import run_steps
from hearts.ai.verdicts import REVIEW_LIMITS, HandReview, Verdict, decisions, review_hand, verdict
from hearts.game.cards import parse_card, parse_cards
from hearts.game.deal import deal_hands
from hearts.game.errors import SaveError
from hearts.game.view import EarlierHands
from hearts.table import Table

from ..games import played_hands
from ..positions import play_all
from ..slicing import drive

#: Seat 0 lowest, seat 1 one point from 100: a hand that may end the game.
NEAR_100 = (40, 99, 60, 70)
LIMITS = replace(REVIEW_LIMITS, max_samples=60)


def spade_trick() -> Hand:
    """Deal 5 without passing, seat 0 to play to ♠3 with ♠7 ♠9 ♠10 ♠K."""
    hand = Hand(deal_hands(5), "none")
    play_all(hand, "2C 8C 5C KC 3S")
    return hand


def test_near_100_the_hint_s_play_is_judged_by_the_game_not_marked_as_a_blunder() -> None:
    view = spade_trick().view(0)
    near = replace(view, totals=NEAR_100)
    card, _ = hint_play(near, LIMITS)
    by_points = verdict(view, [card], LIMITS)
    by_game = verdict(near, [card], LIMITS)
    assert card == parse_card("KS")
    assert by_points.flagged and not by_points.for_game, "by the hand's points alone the hint looks costly"
    assert by_game.for_game and not by_game.flagged and by_game.cost == 0
    assert by_game.given_up == by_points.cost >= 1
    assert by_game.message() == f"出♠K：本手预计多失 {by_points.cost:.1f} 分，但临近 100 分，这样整局更有利"
    assert by_game.message().said_in("en").startswith(f"Playing ♠K gave up about {by_points.cost:.1f} points")


def test_near_100_the_hint_says_the_points_it_gives_up_for_the_game_as_复盘_will() -> None:
    view = spade_trick().view(0)
    near = replace(view, totals=NEAR_100)
    card, reason = hint_play(near, LIMITS)
    given_up = verdict(near, [card], LIMITS).given_up
    assert reason.key == "hint.for_game" and given_up >= 1
    plain = play_reason(near, card, False)
    assert reason == f"{plain}（本手预计多失 {given_up:.1f} 分，但临近 100 分，这样整局更有利）"
    english = f"(about {given_up:.1f} more points this hand, but near 100 it is better for the game)"
    assert reason.said_in("en").endswith(english)


def test_near_100_a_hint_that_gives_up_nothing_keeps_its_plain_reason() -> None:
    hand = Hand(deal_hands(0), "none")
    view = replace(hand.view(hand.turn), totals=NEAR_100)
    assert hint_play(view, LIMITS)[1] == "只能出♣2"


def test_far_from_100_the_totals_change_nothing() -> None:
    hand = spade_trick()
    far = replace(hand.view(0), totals=(10, 20, 30, 40))
    assert verdict(far, parse_cards(["KS"]), LIMITS) == verdict(hand.view(0), parse_cards(["KS"]), LIMITS)


def test_decisions_carry_the_totals_and_the_hands_the_game_had_before_the_hand() -> None:
    match = played_hands(4, 12)
    hand, earlier = match.hands[11], match.hands[:11]
    found = decisions(hand, 0, earlier)
    assert all(decision.view.totals == (90, 77, 53, 66) for decision in found)
    assert all(decision.view.earlier_hands == tuple(tuple(before.tricks) for before in earlier) for decision in found)
    assert all(decision.view.totals is None and not decision.view.earlier_hands for decision in decisions(hand, 0))


def test_the_background_judges_a_hand_near_100_by_the_hint_s_objective() -> None:
    match = played_hands(4, 12)
    table = Table(match)
    job = table.review.job()
    assert job is not None and drive(job)[0] is True
    (judged,) = table.reviews.verdicts(12, match.hands[11])
    assert judged.for_game


def test_the_background_judges_with_the_game_s_earlier_hands_as_the_hint_had_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from hearts.ai import verdicts

    seen: list[EarlierHands] = []
    real_verdict_steps = verdicts.verdict_steps

    def spy(view: View, *rest: Any) -> Any:
        seen.append(view.earlier_hands)
        return real_verdict_steps(view, *rest)

    monkeypatch.setattr(verdicts, "verdict_steps", spy)
    match = played_hands(4, 3)
    job = Table(match).review.job()
    assert job is not None and drive(job)[0] is True
    assert seen == [tuple(tuple(hand.tricks) for hand in match.hands[:2])], "the latest hand is judged first"


def test_a_costly_game_verdict_speaks_in_shares_of_a_game() -> None:
    costly = Verdict("play", 3, tuple(parse_cards(["AS"])), tuple(parse_cards(["4S"])), 20.0, 10.0, 200, True)
    assert costly.flagged and round(costly.game_share) == 19
    assert costly.message() == "出♠A 让整局输面预计增加 19%，更好的是 ♠4（临近 100 分，按整局胜负算）"
    review = HandReview(0, (costly,))
    assert review.summary() == "本手决策共让整局输面增加约 19%"
    assert review.summary().said_in("en") == "This hand's decisions cost about 19% of a game in all"


def test_a_game_verdict_is_kept_and_an_old_one_reads_as_judged_by_points() -> None:
    sound = Verdict("play", 3, tuple(parse_cards(["KS"])), tuple(parse_cards(["KS"])), 5.0, 5.0, 60, True, 3.1)
    assert Verdict.from_dict(sound.to_dict()) == sound
    old = {key: value for key, value in sound.to_dict().items() if key not in ("for_game", "given_up")}
    assert Verdict.from_dict(old) == replace(sound, for_game=False, given_up=0.0)
    with pytest.raises(SaveError):
        Verdict.from_dict({**sound.to_dict(), "for_game": "yes"})
    with pytest.raises(SaveError):
        Verdict.from_dict({**sound.to_dict(), "given_up": -1})


def test_a_whole_hand_reviewed_with_its_totals_is_judged_by_the_game() -> None:
    match = played_hands(4, 12)
    hand = match.hands[11]
    review = review_hand(hand, 0, LIMITS, earlier=match.hands[:11])
    assert len(review.verdicts) == 13 and all(judged.for_game for judged in review.verdicts)


def test_the_card_played_is_kept_in_the_race_when_the_heuristic_prefers_a_higher_one_of_its_suit() -> None:
    """The card judged must be measured on every sample: ♥9 here, while Normal's prior is ♥K,
    which comes first among the candidates (it was pruned after 8 samples of 24)."""
    hand = Hand(deal_hands(0), "none")
    while len(hand.plays) < 11:
        hand.play(hand.legal()[0])
    view = hand.view(hand.turn)
    choice = run_steps(search_play_steps(view, Bot(0).rng_for(view), LIMITS, keep=parse_card("9H")))
    most = max(len(entry.scores) for entry in choice.entries.values())
    assert {len(entry.scores) for key, entry in choice.entries.items() if key[1] == parse_card("9H")} == {most}


def test_a_hint_going_for_the_moon_is_judged_as_a_moon_attempt() -> None:
    """The hint's race ends once one card per line is left; 复盘's, keeping the card played in
    both lines, runs on and may then prefer to duck: the card is judged in its better line
    (judged as a duck, ♣8 here cost 1.8 points)."""
    hand = Hand(deal_hands(55), "none")
    play_all(hand, "2C TC 6C")
    view = hand.view(hand.turn)
    limits = replace(REVIEW_LIMITS, max_samples=80)
    card, reason = hint_play(view, limits)
    assert card == parse_card("8C") and reason.key == "hint.play.shoot"
    assert not verdict(view, [card], limits).flagged
