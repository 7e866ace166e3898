"""复盘's viewer state (hearts.table.replay) for a known record at every step, and 「导入牌局」's refusals."""

from __future__ import annotations

import copy
import io
import json
from collections.abc import Callable
from typing import Any

import pytest

from hearts import Hand, Match
from hearts.ai.verdicts import HandReview, Verdict
from hearts.game.cards import parse_card
from hearts.game.record import RecordError, game_record, record_json
from hearts.game.strings import LANGUAGES, text
from hearts.table.replay import HandReplay, import_record
from lab.review import review_record

from ..games import known_match
from ..replays import step_of_trick


def test_the_viewer_state_at_every_step_of_a_known_hand() -> None:
    hand = known_match(1).hands[0]
    replay = HandReplay(hand, number=1)
    assert hand.pass_direction == "left" and len(replay) == 15
    live = Hand(hand.dealt, hand.pass_direction)

    deal = replay.step(0)
    assert (deal.kind, deal.trick, deal.table, deal.passes, deal.points) == ("deal", 0, (), (), (0, 0, 0, 0))
    assert deal.hands == tuple(hand.dealt) and deal.verdict is None and deal.scores is None
    assert str(deal.label) == "发牌"

    for seat in range(4):
        live.pass_cards(seat, hand.passed[seat])
    exchange = replay.step(1)
    assert exchange.kind == "pass" and exchange.hands == live.hands and exchange.table == ()
    assert [(p.giver, p.receiver, p.cards) for p in exchange.passes] == [
        (seat, (seat + 1) % 4, tuple(sorted(hand.passed[seat]))) for seat in range(4)
    ]
    assert exchange.description()[0] == f"你把{'、'.join(c.name() for c in sorted(hand.passed[0]))}传给左家"

    for number, trick in enumerate(hand.tricks, start=1):
        for _ in range(4):
            live.play(hand.plays[len(live.plays)])
        shown = replay.step(number + 1)
        assert step_of_trick(replay, number) == number + 1
        assert (shown.kind, shown.trick, shown.leader, shown.winner, shown.taken) == (
            "trick",
            number,
            trick.leader,
            trick.winner,
            trick.points,
        )
        assert shown.table == trick.plays and shown.hands == live.hands
        assert shown.points == tuple(live.points)
        assert shown.scores == (tuple(hand.scores or ()) if number == 13 else None)
        assert shown.label.said_in("en") == f"Trick {number}"
        assert len(shown.description()) == 5
    assert replay.step(14).hands == ((), (), (), ())
    with pytest.raises(IndexError):
        replay.step(15)


def test_the_first_trick_of_the_known_record_in_words() -> None:
    replay = HandReplay(known_match(1).hands[0], number=1)
    first = replay.step(2)
    plays = [(seat, str(card)) for seat, card in first.table]
    assert plays[0][1] == "2C" and first.leader == plays[0][0]
    said = first.description()
    assert said[0] == f"{text(f'seat.{plays[0][0]}')}出梅花2"
    assert said[-1].said_in("en").endswith(f"took the trick, {first.taken} points")
    assert replay.title.said_in("zh-Hant") == "復盤 · 第 1 手" and replay.position(2) == "第 3/15 步"


def test_every_trick_s_line_says_who_led_it_without_calling_it_the_opening_lead() -> None:
    replay = HandReplay(known_match(1).hands[0], number=1)
    for number in range(1, 14):
        shown = replay.step(step_of_trick(replay, number))
        line = shown.description()[-1]
        leader = text(f"seat.{shown.leader}")
        assert line.startswith(f"{leader}先出，") and "首攻" not in line.said_in("zh-Hant"), line


def test_a_hand_without_a_pass_has_no_pass_step() -> None:
    match = known_match(4)
    replay = HandReplay(match.hands[3], number=4)
    assert match.hands[3].pass_direction == "none" and len(replay) == 14
    assert [replay.step(i).kind for i in range(2)] == ["deal", "trick"] and step_of_trick(replay, 1) == 1


def test_verdicts_appear_at_their_step_once_known() -> None:
    replay = HandReplay(known_match(1).hands[0], number=1)
    assert all(replay.step(i).verdict is None for i in range(len(replay)))
    pass_verdict = Verdict(
        "pass", 0, tuple(replay.hand.passed[0] or ()), tuple(replay.hand.passed[0] or ()), 4.0, 4.0, 8
    )
    replay.add_verdict(pass_verdict)
    assert replay.step(1).verdict == pass_verdict and replay.step(0).verdict is None
    mine = next(card for seat, card in replay.hand.tricks[4].plays if seat == 0)
    play_verdict = Verdict("play", 5, (mine,), (mine,), 1.0, 1.0, 8)
    replay.add_review(HandReview(0, (pass_verdict, play_verdict)))
    assert replay.step(step_of_trick(replay, 5)).verdict == play_verdict
    with pytest.raises(ValueError):
        replay.add_review(HandReview(1, ()))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_step_has_words_in_every_language(language: str) -> None:
    replay = HandReplay(known_match(1).hands[0], number=1)
    for index in range(len(replay)):
        shown = replay.step(index)
        words = [
            shown.label,
            *shown.description(),
            *(shown.hand_label(s) for s in range(4)),
            *(shown.points_label(s) for s in range(4)),
            replay.position(index),
        ]
        assert all(w.said_in(language) and "{" not in w.said_in(language) for w in words)
    assert replay.step(len(replay) - 1).hand_label(0).said_in(language) == text(
        "replay.cards", language, seat=text("seat.0", language), cards=text("replay.no_cards", language)
    )


def test_an_unfinished_hand_is_not_replayed() -> None:
    with pytest.raises(ValueError):
        HandReplay(Match(seed=1).hand, number=1)


# ----- 「导入牌局」 --------------------------------------------------------------------------------


def test_import_opens_every_finished_hand() -> None:
    match = known_match(2)
    match.next_hand()  # a third hand just dealt: not finished, not offered
    replays = import_record(record_json(match))
    assert [(r.number, r.hand) for r in replays] == [(1, match.hands[0]), (2, match.hands[1])]


def edited(change: Callable[[dict[str, Any]], object]) -> str:
    record = copy.deepcopy(game_record(known_match(1)))
    change(record)
    return json.dumps(record)


def first(record: dict[str, Any]) -> dict[str, Any]:
    hand: dict[str, Any] = record["hands"][0]
    return hand


REFUSED = {
    "not_json": lambda: '{"format": "hearts.record", ',
    "not_record": lambda: json.dumps({"format": "hearts.match", "version": 1}),
    "version": lambda: edited(lambda r: r.update(version=2)),
    "malformed": lambda: edited(lambda r: first(r).pop("tricks")),
    "impossible": lambda: edited(lambda r: first(r).update(passes=[first(r)["dealt"][0][:3]] * 4)),
    "tampered": lambda: edited(lambda r: first(r)["dealt"][0].reverse() or first(r)["dealt"].reverse()),
}


@pytest.mark.parametrize("code", sorted(REFUSED))
def test_import_refuses_bad_files_with_the_reason_in_the_page_s_language(code: str) -> None:
    with pytest.raises(RecordError) as refused:
        import_record(REFUSED[code]())
    assert refused.value.code == code
    for language in LANGUAGES:
        assert refused.value.message.said_in(language) == text(f"import.{code}", language)


@pytest.mark.parametrize(
    "change",
    [
        lambda r: first(r)["tricks"][0]["cards"].reverse(),  # ♣2 no longer leads: illegal
        lambda r: first(r)["tricks"][3].update(winner=(first(r)["tricks"][3]["winner"] + 1) % 4),
        lambda r: first(r).update(points=[26, 0, 0, 0]),
        lambda r: r.update(totals=[0, 0, 0, 0]),
    ],
)
def test_import_refuses_edited_plays_and_figures(change: Callable[[dict[str, Any]], object]) -> None:
    with pytest.raises(RecordError) as refused:
        import_record(edited(change))
    assert refused.value.code in ("impossible", "tampered")


def test_a_played_card_changed_to_another_is_impossible() -> None:
    def swap(record: dict[str, Any]) -> None:
        trick = first(record)["tricks"][0]
        trick["cards"][0] = "3C" if trick["cards"][0] == "2C" else trick["cards"][0]

    with pytest.raises(RecordError) as refused:
        import_record(edited(swap))
    assert refused.value.code == "impossible"


def test_a_record_without_a_finished_hand_has_nothing_to_view() -> None:
    with pytest.raises(RecordError) as refused:
        import_record(record_json(Match(seed=5)))
    assert refused.value.code == "no_hands" and refused.value.message.said_in("en") == text("import.no_hands", "en")


def test_lab_review_prints_every_hand_s_verdicts() -> None:
    out = io.StringIO()
    review_record(record_json(known_match(1)), 0, "en", out)
    lines = out.getvalue().splitlines()
    assert lines[0] == "Review · hand 1" and len(lines) == 16
    assert all("Passing" in line for line in lines[1:2]) and all("Playing" in line for line in lines[2:15])
    out = io.StringIO()
    review_record(record_json(known_match(1)), 0, "en", out, as_json=True)
    saved = json.loads(out.getvalue())
    assert saved[0]["hand"] == 1 and HandReview.from_dict({k: v for k, v in saved[0].items() if k != "hand"}).seat == 0
    assert parse_card(saved[0]["verdicts"][1]["taken"][0])
