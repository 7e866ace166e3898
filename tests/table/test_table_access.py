"""The table in the player's language, what a screen reader hears, the sounds due, and what
each key does (issue 6, items 6-8) — all decided here, without a browser."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from hearts.game.strings import LANGUAGES, STRINGS
from hearts.table import Table
from hearts.table.panels import RULES_SECTIONS

from ..positions import moon_hand
from ..text import CJK
from .driving import ai_step, confirm_pass, hint
from .tables import MemoryStorage, finish_hand, pass_first_three, run_bots, table_in_play


def strings_in(value: Any) -> Iterator[str]:
    """Every string the page would draw from a state (the language list is written in each
    language's own words on purpose, so it is left out)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in (
                "languages",
                "language",
                "phase",
                "level",
                "next_level",
                "code",
                "suit",
                "kind",
                "action",
                "value",
                "target",
            ):
                yield from strings_in(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from strings_in(item)


def only_in(language: str) -> set[str]:
    """Strings of ``language``'s table that no other language's table has."""
    others = {value for other in LANGUAGES if other != language for value in STRINGS[other].values()}
    return {value for value in STRINGS[language].values() if value not in others and "{" not in value}


def tables_in_every_state(language: str) -> Iterator[Table]:
    """A table in the pass phase with a message and a newcomer's tip, in play with a hint, with a
    refusal, with the menu's settings page open, under each panel the player opens (and a
    refused deal number, and each section of 「玩法」), and at the end of a hand (a moon, the
    score sheet)."""
    table = Table(seed=8)
    table.choose_setting("language", language)
    table.update_tips()
    assert table.state()["tip"] is not None
    hint(table)
    yield table
    pass_first_three(table)
    run_bots(table)
    hint(table)
    yield table
    refused = next((card for card in table.human_cards if table.hand.why_illegal(card)), None)
    if refused is not None:
        table.tap_card(refused)
        yield table
    table.covers.open_settings()
    yield table
    table.covers.toggle_menu()
    while not table.hand.tricks:  # play on to the first completed trick, for 「上一墩」
        run_bots(table)
        table.tap_card(table.hand.legal()[0])
        table.play_selected()
    run_bots(table)
    covers = table.covers
    for show in (
        covers.show_last_trick,
        covers.show_scoresheet,
        lambda: covers.show_stats(MemoryStorage()),
        covers.open_deal_entry,
    ):
        assert show()
        yield table
        table.covers.close_overlay()
    table.covers.open_deal_entry()
    table.covers.submit_deal_number("12x")
    yield table
    table.covers.close_overlay()
    assert table.covers.show_rules()
    for section in RULES_SECTIONS:
        assert table.covers.show_rules_section(section)
        yield table
    table.covers.close_overlay()
    finish_hand(table)
    table.hand.points[:] = [0, 0, 26, 0]
    yield table


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_string_of_another_language_reaches_the_state(language: str) -> None:
    foreign = set().union(*(only_in(other) for other in LANGUAGES if other != language))
    for table in tables_in_every_state(language):
        for shown in strings_in(table.state()):
            assert not [word for word in foreign if len(word) > 1 and word in shown], shown
            if language == "en":
                assert not CJK.search(shown), shown


def test_a_message_given_before_switching_language_is_said_in_the_new_one() -> None:
    table = table_in_play()
    refused = next(card for card in table.human_cards if table.hand.why_illegal(card))
    table.tap_card(refused)
    chinese = table.state()["message"]
    table.choose_setting("language", "en")
    assert table.state()["message"] == table.hand.why_illegal(refused).message.said_in("en") != chinese


def test_card_names_follow_the_language() -> None:
    table = table_in_play()
    table.choose_setting("language", "zh-Hant")
    names = {card["code"]: card["name"] for card in table.state()["cards"]}
    assert all(names[str(card)] == card.name("zh-Hant") for card in table.human_cards)


def test_each_play_and_each_trick_winner_is_spoken() -> None:
    table = Table(seed=3)
    table.choose_setting("language", "en")
    pass_first_three(table)
    assert table.state()["spoken"] == ""
    while not table.collecting:
        if table.your_turn():
            table.tap_card(table.hand.legal()[0])
            table.play_selected()
        else:
            play = ai_step(table)
            assert table.state()["spoken"].startswith(f"{('You', 'Left', 'Across', 'Right')[play['seat']]} played ")
    trick = table.hand.tricks[-1]
    last_seat, last_card = trick.plays[-1]
    winner = ("You", "Left", "Across", "Right")[trick.winner]
    assert table.state()["spoken"] == (
        f"{('You', 'Left', 'Across', 'Right')[last_seat]} played {last_card.name('en')} {winner} took the trick"
    )


def test_sounds_are_due_for_your_turn_the_queen_broken_hearts_and_a_moon() -> None:
    table = Table(seed=3)
    table.choose_setting("sound", True)
    table.match.hands[-1] = moon_hand(5)  # seat 3 must lead the queen of spades; you are void
    assert table.take_cues() == []
    ai_step(table)
    assert table.take_cues() == ["queen", "your_turn"]
    table.tap_card("2H")
    assert table.take_cues() == []
    table.tap_card("2H")
    assert table.take_cues() == ["hearts_broken"]
    table.match.hands[-1] = moon_hand(12)  # the last trick: seat 3 leads its last heart
    ai_step(table)
    assert table.take_cues() == ["your_turn"]
    table.tap_card("5D")
    table.play_selected()
    while table.ai_due():
        ai_step(table)
    assert table.hand.moon == 3 and table.take_cues() == ["moon"]


def test_no_sound_when_sound_is_off_and_cues_do_not_pile_up() -> None:
    table = Table(seed=3)
    table.match.hands[-1] = moon_hand(5)
    ai_step(table)
    assert table.take_cues() == []
    table.choose_setting("sound", True)
    assert table.take_cues() == []


# ----- keys ------------------------------------------------------------------------------------


def keys(table: Table, key: str, *, on_card: bool = False, on_button: bool = False) -> str | None:
    return table.key_command(key, on_card=on_card, on_button=on_button)


def test_arrows_move_along_the_hand_and_from_elsewhere_go_to_it() -> None:
    table = Table(seed=3)
    assert keys(table, "ArrowLeft", on_card=True, on_button=True) == "previous-card"
    assert keys(table, "ArrowRight", on_card=True, on_button=True) == "next-card"
    assert keys(table, "ArrowRight") == keys(table, "ArrowLeft", on_button=True) == "first-card"


def test_enter_presses_the_primary_action_unless_a_button_has_the_focus() -> None:
    table = Table(seed=3)
    assert keys(table, "Enter") is None
    for card in table.human_cards[:3]:
        table.tap_card(card)
    assert keys(table, "Enter") == "pass" and keys(table, "Enter", on_card=True, on_button=True) is None
    confirm_pass(table)
    run_bots(table)
    assert keys(table, "Enter") is None
    table.tap_card(table.hand.legal()[0])
    assert keys(table, "Enter") == "play"
    finish_hand(table)
    assert keys(table, "Enter") == "next-hand" == keys(table, "n") == keys(table, "N")


def test_h_asks_for_a_hint_only_when_one_can_be_given() -> None:
    table = Table(seed=3)
    assert keys(table, "h") == keys(table, "H") == "hint"
    pass_first_three(table)
    if table.your_turn():
        table.tap_card(table.hand.legal()[0])
        table.play_selected()
    assert table.ai_due() and keys(table, "h") is None


def test_space_fast_forwards_only_while_bots_play() -> None:
    table = Table(seed=3)
    assert keys(table, " ") is None
    pass_first_three(table)
    if table.your_turn():
        table.tap_card(table.hand.legal()[0])
        table.play_selected()
    assert keys(table, " ", on_button=True) == "fast"
    assert keys(table, "n") is None


def test_escape_closes_the_menu_and_nothing_else_works_through_it() -> None:
    table = Table(seed=3)
    assert keys(table, "Escape") is None
    table.covers.toggle_menu()
    assert [keys(table, key) for key in ("h", "ArrowLeft", "Enter", " ")] == [None] * 4
    assert keys(table, "Escape") == "close-menu"
    table.covers.open_settings()
    assert table.state()["menu"] == {**table.state()["menu"], "open": True, "page": "settings"}
    table.covers.toggle_menu()
    table.covers.toggle_menu()
    assert table.state()["menu"]["page"] == "main"


def test_keys_wait_while_a_confirmation_is_asked() -> None:
    table = Table(seed=3)
    table.request_new_game()
    assert [keys(table, key) for key in ("h", "ArrowRight", "Enter", "n")] == [None] * 4


def test_escape_closes_a_panel_the_player_opened_and_other_keys_wait() -> None:
    table = table_in_play()
    table.covers.show_scoresheet()
    assert [keys(table, key) for key in ("h", "ArrowRight", "Enter", " ")] == [None] * 4
    assert keys(table, "Escape") == "close-overlay"
