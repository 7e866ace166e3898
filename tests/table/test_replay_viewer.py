"""复盘 at the table (issue 21): the viewer's panel and markup for a known game, ``Table.act`` to
open, step, jump and close it, its keys and swipes, the background judging of your decisions,
the reviews kept in the save (and a damaged one dropped, never the game), and 「导入牌局」."""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest

from hearts import Match
from hearts.game.record import record_json
from hearts.game.strings import LANGUAGES, text
from hearts.table import Reply, Table
from hearts.table.markup import panel_html, review_html
from hearts.table.saved_verdicts import Reviews, decision_count

from ..elements import Elements
from ..games import known_match
from ..replays import step_of_trick
from ..slicing import drive
from ..text import CJK


def finished_table(hands: int = 2) -> Table:
    """A table at the end of hand ``hands`` of seed 3's known game (its end-of-hand panel up)."""
    return Table(known_match(hands))


def judge_all(table: Table) -> int:
    """Run every background job to its end, as the page does a slice at a time; how many ran."""
    jobs = 0
    while (job := table.review.job()) is not None:
        assert drive(job)[0] is True
        jobs += 1
    return jobs


@functools.cache
def judged_document(hands: int = 2) -> str:
    """The save of :func:`finished_table` once every decision is judged (judged once per run)."""
    table = finished_table(hands)
    judge_all(table)
    return table.save_document()


def judged_table(hands: int = 2) -> Table:
    return Table.from_save(judged_document(hands))


def panel(table: Table) -> dict[str, Any]:
    shown = table.state()["panel"]
    assert shown is not None
    return shown


# ----- the viewer's panel and markup -----------------------------------------------------------


def test_the_viewer_shows_the_last_finished_hand_from_its_deal_with_every_seat_named() -> None:
    table = finished_table()
    assert table.panel() == "hand" and table.act("review") == Reply()
    shown = panel(table)
    assert shown["kind"] == "review" and shown["title"] == "复盘 · 第 2 手"
    assert (shown["position"], shown["step_label"]) == ("第 1/15 步", "发牌")
    assert not shown["previous"]["enabled"] and shown["next"]["enabled"]
    assert [len(seat["cards"]) for seat in shown["seats"]] == [13, 13, 13, 13]
    assert shown["seats"][1]["label"].startswith("左家的牌：")
    assert shown["verdict"] is None and shown["summary"] == "AI 正在分析…"
    assert [jump["label"] for jump in shown["jumps"]][:4] == ["发牌", "传牌", "1", "2"]
    assert [hand["label"] for hand in shown["hands"]] == ["第 1 手", "第 2 手"]


def test_the_viewer_markup_is_a_named_dialog_with_its_steps_and_seats_for_screen_readers() -> None:
    table = finished_table()
    table.act("review")
    table.act("review-step", step="4")
    shown = panel(table)
    markup = panel_html(shown)
    assert markup == review_html(shown)
    elements = Elements(markup)
    assert elements.with_attribute("role", "dialog")[0]["aria-labelledby"] == "panel-title"
    assert elements.with_attribute("data-action", "review-next")[0]["aria-disabled"] == "false"
    assert "data-autofocus" in elements.with_attribute("data-action", "review-next")[0]
    jumps = elements.with_attribute("data-action", "review-step")
    assert len(jumps) == 15 and [jump["aria-current"] for jump in jumps].index("true") == 4
    assert jumps[4]["aria-label"] == "第 3 墩" and "aria-label" not in jumps[0]
    assert len(elements.with_attribute("data-action", "review-hand")) == 2
    # Each seat's cards and the trick are read as sentences; the printed symbols are hidden.
    assert all(seat["label"] in markup for seat in shown["seats"])
    assert markup.count('class="mini-card ') == sum(len(seat["cards"]) for seat in shown["seats"]) + 4
    assert len(shown["table"]) == 4 and sum(play["winner"] for play in shown["table"]) == 1
    assert len(shown["plays"]) == 4 and all(f"<li>{play}</li>" in markup for play in shown["plays"])
    assert shown["plays"][0].startswith(shown["table"][0]["name"]), "the trick is read in play order"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_viewer_speaks_the_players_language(language: str) -> None:
    table = finished_table()
    table.choose_setting("language", language)
    table.act("review")
    table.act("review-next")
    shown = panel(table)
    assert shown["title"] == text("replay.title", language, number=2)
    assert shown["previous"]["label"] == text("button.previous_step", language)
    words = json.dumps(shown, ensure_ascii=False)
    if language == "en":
        assert not CJK.search(words), words


def test_a_costly_decision_is_marked_in_its_step_and_its_jump_button() -> None:
    table = judged_table()
    table.act("review", hand="1")
    replay = table.viewer.replay
    costly = [trick for trick, verdict in replay.verdicts.items() if verdict.flagged]
    assert costly, "seed 3's first hand, played by Normal, has a costly decision to show"
    table.act("review-step", step=str(step_of_trick(replay, costly[-1]) if costly[-1] else 1))
    shown = panel(table)
    assert shown["verdict"]["costly"] and "预计多失" in shown["verdict"]["text"]
    assert shown["summary"].startswith("本手决策共多失约")
    marked = [jump for jump in shown["jumps"] if jump["costly"]]
    assert len(marked) == len(costly) and all("（有失误）" in jump["name"] for jump in marked)


# ----- Table.act: open, step, jump, close ------------------------------------------------------


def test_stepping_stays_within_the_hand_and_a_jump_goes_to_its_trick() -> None:
    table = finished_table()
    table.act("review")
    assert table.act("review-previous") == Reply(save=False) and table.viewer.step == 0
    table.act("review-next")
    table.act("review-next")
    assert table.viewer.step == 2 and panel(table)["step_label"] == "第 1 墩"
    assert table.spoken[:2] == ["第 3/15 步", "第 1 墩"], "a screen reader hears the step"
    table.act("review-step", step="14")
    assert panel(table)["step_label"] == "第 13 墩" and not panel(table)["next"]["enabled"]
    table.act("review-next")
    assert table.viewer.step == 14
    for bad in ("99", "-1", "x", None):
        table.act("review-step", step=bad)
        assert table.viewer.step == 14
    table.act("review-hand", hand="1")
    assert (table.viewer.replay.number, table.viewer.step) == (1, 0)


def test_close_goes_back_to_where_the_viewer_was_opened() -> None:
    table = finished_table()
    table.act("review", hand="1")
    assert table.viewer.replay.number == 1 and table.blocked()
    table.act("close-overlay")
    assert table.modal is None and table.viewer is None and table.panel() == "hand"
    table.act("menu")
    table.act("scoresheet")
    sheet = panel(table)["sheet"]
    assert sheet["review"] == ["复盘第 1 手", "复盘第 2 手"]
    assert 'data-action="review" data-hand="1"' in panel_html(panel(table))
    table.act("review", hand="2")
    assert table.modal == "review" and table.viewer.back == "scoresheet"
    table.act("close-overlay")
    assert table.modal == "scoresheet"


def test_the_viewer_needs_a_finished_hand_and_the_bots_wait_behind_it() -> None:
    table = Table(seed=3)
    assert table.review.open() is False and table.modal is None
    table = finished_table()
    table.match.next_hand()
    table.act("review")
    assert table.modal == "review" and not table.hint_enabled() and not table.ai_due()


def test_game_over_offers_every_hand_of_the_game() -> None:
    from .tables import match_before_last_hand_ends, take_one_step

    table = Table(match_before_last_hand_ends())
    while table.panel() is None:
        take_one_step(table)
    assert table.panel() == "game" and "复盘" in [b["label"] for b in panel(table)["buttons"]]
    table.act("review")
    assert len(panel(table)["hands"]) == table.match.hand_number
    table.act("close-overlay")
    assert table.panel() == "game"


# ----- keys and swipes -------------------------------------------------------------------------


def test_arrows_step_the_viewer_and_escape_closes_it() -> None:
    table = finished_table()
    table.act("review")
    for key, command in (
        ("ArrowRight", "review-next"),
        ("ArrowLeft", "review-previous"),
        ("Escape", "close-overlay"),
        ("h", None),
        ("Enter", None),
    ):
        assert table.key_command(key, on_card=False, on_button=True) == command, key


def test_a_sideways_swipe_steps_the_viewer_and_nothing_else() -> None:
    table = finished_table()
    assert table.swipe_command(-100, 0) is None, "no viewer open"
    table.act("review")
    assert table.swipe_command(-100, 10) == "review-next"
    assert table.swipe_command(100, -10) == "review-previous"
    assert table.swipe_command(20, 0) is None and table.swipe_command(-60, 90) is None


# ----- the background judging ------------------------------------------------------------------


def test_the_hand_in_the_viewer_is_judged_first_and_each_verdict_shows_as_it_comes() -> None:
    table = finished_table()
    table.act("review", hand="1")
    first = table.review.job()
    assert first is not None and drive(first)[0] is True
    assert list(table.viewer.replay.verdicts) == [0], "hand 1's pass first, in the viewer at once"
    assert table.reviews.verdicts(2, table.match.hands[1]) == []
    table.act("review-next")
    assert panel(table)["verdict"]["text"].startswith("传出")
    assert panel(table)["summary"] == "AI 正在分析…"


def test_a_verdict_for_a_game_that_was_replaced_meanwhile_is_dropped() -> None:
    table = finished_table(1)
    job = table.review.job()
    assert job is not None
    next(job)
    table.act("play-again") if table.panel() == "game" else table.new_match(5)
    assert drive(job)[0] is False and table.reviews.to_dict() == {}


# ----- the save ---------------------------------------------------------------------------------


def test_reviews_survive_a_save_and_are_not_judged_again() -> None:
    table = judged_table()
    saved = json.loads(table.save_document())
    assert saved["version"] == 2 and sorted(saved["reviews"]) == ["1", "2"]
    again = Table.from_save(table.save_document())
    assert again.review.job() is None
    again.act("review")
    assert not panel(again)["summary"].startswith("AI")
    assert again.save_document() == table.save_document()


def damaged(document: str, change: Any) -> str:
    data = json.loads(document)
    change(data["reviews"])
    return json.dumps(data)


@pytest.mark.parametrize(
    "change",
    [
        lambda reviews: reviews["1"].update(format="other"),
        lambda reviews: reviews["1"]["verdicts"][0].update(taken=["2C", "3C", "4C"]),
        lambda reviews: reviews["1"]["verdicts"][1].update(taken_expected="lots"),
        lambda reviews: reviews["1"]["verdicts"].append(reviews["1"]["verdicts"][1]),
        lambda reviews: reviews["1"].update(seat=2),
    ],
    ids=["format", "other cards", "not a number", "twice", "another seat"],
)
def test_a_damaged_review_is_dropped_and_judged_again_never_the_game(change: Any) -> None:
    table = judged_table()
    document = damaged(table.save_document(), change)
    again = Table.from_save(document)
    assert again.match.to_dict() == table.match.to_dict()
    assert again.reviews.verdicts(1, again.match.hands[0]) == [] and again.reviews.problem
    assert len(again.reviews.verdicts(2, again.match.hands[1])) == decision_count(again.match.hands[1])
    job = again.review.job()
    assert job is not None and drive(job)[0] is True, "hand 1 is judged again"
    assert again.reviews.verdicts(1, again.match.hands[0]) == table.reviews.verdicts(1, table.match.hands[0])[:1]


def test_a_reviews_field_that_is_not_an_object_loses_only_the_reviews() -> None:
    table = judged_table()
    data = json.loads(table.save_document())
    data["reviews"] = ["nonsense"]
    again = Table.from_save(json.dumps(data))
    assert again.reviews.to_dict() == {} and again.match.to_dict() == table.match.to_dict()
    assert Reviews.from_dict({"2": [], "x": {}, "3": {"format": "hearts.review"}}).to_dict() == {
        "3": {"format": "hearts.review"}
    }


# ----- 「导入牌局」 --------------------------------------------------------------------------------


def test_import_asks_the_browser_for_a_file_and_opens_its_hands() -> None:
    table = Table(seed=8)
    before = table.save_document()
    table.act("menu")
    assert table.act("import") == Reply(save=False, browser="choose-file") and table.modal is None
    assert table.act("import-record", text=record_json(known_match(2)))
    shown = panel(table)
    assert shown["title"] == "复盘 · 第 1 手" and len(shown["hands"]) == 2 and table.viewer.imported
    job = table.review.job()
    assert job is not None and drive(job)[0] is True
    assert table.viewer.replay.verdicts and table.reviews.to_dict() == {}, "an import's verdicts are not saved"
    table.act("close-overlay")
    assert table.modal is None and table.save_document() == before


@pytest.mark.parametrize(
    ("content", "code"),
    [("not json", "not_json"), ('{"format": "hearts.save"}', "not_record"), (record_json(Match(seed=4)), "no_hands")],
)
def test_a_bad_file_is_refused_with_the_reason_and_nothing_else_changes(content: str, code: str) -> None:
    table = Table(seed=8)
    table.choose_setting("language", "en")
    before = table.save_document()
    table.act("import-record", text=content)
    shown = panel(table)
    assert shown["kind"] == "import_failed" and shown["lines"] == [text(f"import.{code}", "en")]
    assert shown["title"] == "Import a game"
    table.act("close-overlay")
    assert table.modal is None and table.save_document() == before


def test_markup_of_the_reviewable_score_sheet_names_each_button_by_its_hand() -> None:
    table = finished_table()
    elements = Elements(panel_html(panel(table)))
    buttons = elements.with_attribute("data-action", "review")
    assert [button.get("aria-label") for button in buttons] == ["复盘第 1 手", "复盘第 2 手", None]
    assert [button.get("data-hand") for button in buttons] == ["1", "2", None]
