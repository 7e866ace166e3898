"""Saves across format versions, and saves edited by hand into impossible games.

``tests/table/saves/table-v<N>.json`` is a save written by the release that wrote version N (frozen
when that version was current). Each must keep loading through ``SAVE_MIGRATIONS``; a change
of the format bumps ``SAVE_VERSION``, adds a migration and a new file here.
"""

from __future__ import annotations

import json
import re

import pytest

from hearts import Match, SaveError
from hearts.game.document import upgrade
from hearts.game.strings import text
from hearts.table.machine import Table, open_table
from hearts.table.save_document import SAVE_FORMAT, SAVE_MIGRATIONS, SAVE_VERSION
from hearts.table.storage import SAVE_KEY, UNREADABLE_PREFIX

from .driving import ai_step
from .tables import MemoryStorage, kept_versions


def saved_versions() -> dict[int, str]:
    return kept_versions("table")


# ----- the migration mechanism -----------------------------------------------------------------


def chain(log: list[int]) -> dict:
    def step(version: int):
        def migrate(doc: dict) -> dict:
            log.append(version)
            return {**doc, "version": version + 1, f"added_in_{version + 1}": True}

        return migrate

    return {1: step(1), 2: step(2)}


def test_migrations_run_in_order_from_the_documents_own_version():
    log: list[int] = []
    done = upgrade({"format": "f", "version": 1}, "f", 3, chain(log), "a test document")
    assert log == [1, 2] and done == {"format": "f", "version": 3, "added_in_2": True, "added_in_3": True}
    log.clear()
    assert upgrade({"format": "f", "version": 2}, "f", 3, chain(log), "a test document")["version"] == 3
    assert log == [2]


def test_the_current_version_is_not_migrated():
    log: list[int] = []
    document = {"format": "f", "version": 3}
    assert upgrade(document, "f", 3, chain(log), "a test document") == document and log == []


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ({"format": "f", "version": 4}, "version 4; this program reads version 3"),
        ({"format": "f", "version": 0}, "version 0, which this program can no longer read"),
        ({"format": "f", "version": "1"}, "version '1'"),
        ({"format": "g", "version": 1}, "not a test document"),
        (["f", 1], "JSON object"),
    ],
)
def test_future_unknown_and_foreign_versions_are_refused(document, message):
    with pytest.raises(SaveError, match=re.escape(message)):
        upgrade(document, "f", 3, chain([]), "a test document")


def test_a_broken_migration_is_refused_not_trusted():
    with pytest.raises(SaveError, match="did not give version 2"):
        upgrade({"format": "f", "version": 1}, "f", 2, {1: lambda doc: doc}, "a test document")
    with pytest.raises(SaveError, match="lacks the field 'level'"):
        upgrade({"format": "f", "version": 1}, "f", 2, {1: lambda doc: {**doc, "x": doc["level"]}}, "a test document")


# ----- saves of every format version -----------------------------------------------------------


def test_there_is_a_save_of_every_version_and_a_migration_from_each_earlier_one():
    assert sorted(saved_versions()) == list(range(1, SAVE_VERSION + 1))
    assert sorted(SAVE_MIGRATIONS) == list(range(1, SAVE_VERSION))


@pytest.mark.parametrize("version", sorted(saved_versions()))
def test_a_save_of_each_version_loads_and_plays_on(version):
    document = saved_versions()[version]
    table = Table.from_save(document)
    again = json.loads(table.save_document())
    assert again["version"] == SAVE_VERSION and again["format"] == SAVE_FORMAT
    if version == SAVE_VERSION:
        assert table.save_document() == document
    state = table.state()
    assert sum(len(table.hand.hands[seat]) for seat in range(4)) + len(table.hand.plays) == 52
    assert state["phase"] == "play" and len(table.selection) == 1 and table.your_turn()
    while table.panel() is None:
        if table.collecting:
            table.collect()
        elif table.your_turn():
            table.tap_card(table.hand.legal()[0])
            table.tap_card(table.hand.legal()[0])
        else:
            ai_step(table)
    assert table.panel() == "hand"


def test_the_version_1_save_keeps_what_the_player_had():
    table = Table.from_save(saved_versions()[1])
    assert table.match.hand_number == 2 and table.match.totals == [4, 18, 4, 0]
    assert (table.level, table.next_level) == ("easy", "hard")
    assert [str(card) for card in table.selection] == ["KD"]
    assert len(table.hand.tricks) == 4 and table.hand.current_trick.cards


def test_version_2_adds_the_verdicts_and_a_version_1_game_has_none_yet():
    assert Table.from_save(saved_versions()[1]).reviews.to_dict() == {}
    table = Table.from_save(saved_versions()[2])
    assert len(table.reviews.verdicts(1, table.match.hands[0])) == 14 and table.review.job() is None


def test_a_save_from_a_later_release_is_refused_with_the_notice():
    data = json.loads(saved_versions()[SAVE_VERSION])
    data["version"] = SAVE_VERSION + 1
    refused(json.dumps(data), f"version {SAVE_VERSION + 1}")


# ----- saves edited into impossible games ------------------------------------------------------


def refused(document: str, reason: str) -> None:
    """``document`` is not played: a fresh game with the notice, the save kept aside as it was."""
    with pytest.raises(SaveError, match=reason):
        Table.from_save(document)
    storage = MemoryStorage({SAVE_KEY: document})
    table = open_table(storage, seed=99)
    assert table.notices == [text("notice.unreadable_save")]
    assert storage.items[UNREADABLE_PREFIX + "1"] == document
    assert table.match.seed == 99 and table.match.hand_number == 1 and table.state()["phase"] == "pass"
    table.save(storage)
    assert json.loads(storage.items[SAVE_KEY])["match"]["seed"] == 99
    assert storage.items[UNREADABLE_PREFIX + "1"] == document


def edited(change) -> str:
    data = json.loads(saved_versions()[SAVE_VERSION])
    change(data)
    return json.dumps(data)


def held() -> list[str]:
    return [str(card) for card in Table.from_save(saved_versions()[SAVE_VERSION]).human_cards]


def current_hand(data: dict) -> dict:
    return data["match"]["hands"][-1]


def test_a_card_dealt_twice_is_refused():
    def twice(data):
        deal = current_hand(data)["deal"]
        deal[0][0] = deal[1][0]

    refused(edited(twice), "exactly once")


def test_a_hand_of_14_cards_is_refused():
    def fourteen(data):
        deal = current_hand(data)["deal"]
        deal[0].append(deal[1].pop())

    refused(edited(fourteen), "seat 0 has 14 cards")


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda data: data.update(totals=[0, 0, 0, 0]), "totals"),
        (lambda data: data["match"].update(totals=[0, 0, 0, 100]), "totals"),
        (lambda data: current_hand(data).update(points=[0, 0, 0, 26]), "points"),
        (lambda data: data["match"]["hands"][0].update(scores=[26, 0, 0, 0]), "scores"),
    ],
)
def test_scores_written_into_a_save_are_refused(change, field):
    """Scores are never saved (they are replayed from the cards played), so a save claiming
    scores of its own was edited: refused rather than loaded with other figures."""
    refused(edited(change), f"does not write: {field}")


def test_points_moved_by_editing_the_plays_are_refused():
    def swap(data):
        plays = data["match"]["hands"][0]["plays"]
        plays[4], plays[8] = plays[8], plays[4]

    refused(edited(swap), r"saved play \d+ \(\w\w\) is not legal")


def test_plays_before_every_seat_has_passed_are_refused():
    refused(edited(lambda data: current_hand(data)["passes"].__setitem__(3, None)), "not legal: wrong_phase")


def test_passes_in_a_hand_without_passing_are_refused():
    match = Match(seed=5)
    while match.hand_number < 4:
        for seat in range(4):
            match.hand.pass_cards(seat, match.hand.hands[seat][:3])
        while match.hand.phase != "over":
            match.hand.play(match.hand.legal()[0])
        match.next_hand()
    data = json.loads(Table(match).save_document())
    assert current_hand(data)["pass_direction"] == "none"
    current_hand(data)["passes"][0] = [str(card) for card in match.hand.hands[0][:3]]
    refused(json.dumps(data), "saved hand is invalid")


def test_a_hand_following_an_unfinished_one_is_refused():
    refused(edited(lambda data: data["match"]["hands"][0]["plays"].pop()), "not finished")


def test_a_changed_pass_direction_is_refused():
    refused(edited(lambda data: current_hand(data).update(pass_direction="left")), "pass direction")


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda data: data.update(collecting=True), "no trick is complete"),
        (lambda data: data.update(collecting="yes"), "true or false"),
        (lambda data: data.update(selection=held()[:3]), "not one playable card"),
        (lambda data: data.update(selection=[]) or data.update(level="expert"), "level must be one of"),
    ],
)
def test_table_state_impossible_in_this_phase_is_refused(change, reason):
    refused(edited(change), reason)
