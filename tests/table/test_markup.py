"""hearts.table.markup: the page's HTML for a given state, on CPython — the accessibility names,
pressed and disabled buttons a screen reader and a keyboard rely on."""

from __future__ import annotations

from hearts import __version__
from hearts.table import Table
from hearts.table.markup import actions_html, hand_html, menu_html, opponent_html, panel_html, skeleton
from hearts.table.panels import LICENSES_PAGE

from ..elements import Elements
from .driving import confirm_pass
from .tables import play_out, table_in_play, take_one_step


def test_your_cards_are_buttons_named_by_card_pressed_when_selected_and_disabled_when_unplayable() -> None:
    table = table_in_play()
    legal = {str(card) for card in table.hand.legal()}
    table.tap_card(sorted(legal)[0])
    state = table.state()
    cards = Elements(hand_html(state["cards"], state["labels"])).with_attribute("data-action", "card")
    assert len(cards) == len(table.human_cards)
    for attrs, card in zip(cards, state["cards"]):
        assert attrs["aria-label"] == card["name"] and attrs["data-code"] == card["code"]
        assert attrs["aria-disabled"] == ("false" if card["code"] in legal else "true")
        assert attrs["aria-pressed"] == ("true" if card["code"] == sorted(legal)[0] else "false")


def test_received_cards_say_so_to_screen_readers() -> None:
    table = Table(seed=3)
    for card in table.human_cards[:3]:
        table.tap_card(card)
    confirm_pass(table)
    state = table.state()
    received = Elements(hand_html(state["cards"], state["labels"])).with_attribute("aria-description")
    assert len(received) == 3 and {attrs["aria-description"] for attrs in received} == {"收到"}


def test_the_pass_button_is_disabled_until_three_cards_are_chosen() -> None:
    table = Table(seed=3)
    state = table.state()
    buttons = Elements(actions_html(state))
    assert buttons.with_attribute("data-action", "pass")[0]["aria-disabled"] == "true"
    assert "传给左家" in buttons.texts
    for card in table.human_cards[:3]:
        table.tap_card(card)
    assert Elements(actions_html(table.state())).with_attribute("data-action", "pass")[0]["aria-disabled"] == "false"


def test_fast_forward_shows_while_bots_play_and_is_disabled_once_pressed() -> None:
    table = table_in_play()
    table.tap_card(table.hand.legal()[0])
    table.play_selected()
    assert Elements(actions_html(table.state())).with_attribute("data-action", "fast")[0]["aria-disabled"] == "false"
    table.act("fast")
    assert Elements(actions_html(table.state())).with_attribute("data-action", "fast")[0]["aria-disabled"] == "true"


def test_regions_and_opponents_are_named_in_the_players_language() -> None:
    table = Table(seed=3)
    table.choose_setting("language", "en")
    state = table.state()
    regions = Elements(skeleton(state["labels"])).with_attribute("role", "region")
    assert [attrs["aria-label"] for attrs in regions][:1] == [state["labels"]["seat.region.1"]]
    assert all(attrs["aria-label"] for attrs in regions)
    seat = Elements(opponent_html(state["seats"][1], state["labels"]))
    assert seat.with_attribute("aria-label", state["seats"][1]["summary"])


def test_the_menu_lists_the_items_the_table_chose() -> None:
    table = Table(seed=3)
    state = table.state()
    menu = Elements(menu_html(state["menu"], state["settings"], state["labels"]))
    assert [attrs["data-action"] for attrs in menu.with_attribute("data-action")][3:] == [
        "settings",
        "new-game",
        "scoresheet",
        "import",
        "stats",
        "deal-entry",
        "rules",
        "menu",
    ]
    table.can_fullscreen = True
    state = table.state()
    menu = Elements(menu_html(state["menu"], state["settings"], state["labels"]))
    assert menu.with_attribute("data-action", "fullscreen")
    pressed = menu.with_attribute("aria-pressed", "true")
    assert [attrs["data-level"] for attrs in pressed] == [table.next_level]


def test_a_panel_is_a_modal_dialog_labelled_by_its_title() -> None:
    table = Table(seed=3)
    play_out(table)
    panel = table.state()["panel"]
    dialog = Elements(panel_html(panel)).with_attribute("role", "dialog")[0]
    assert dialog["aria-modal"] == "true" and dialog["aria-labelledby"] == "panel-title"
    assert panel_html(None) == ""


def test_everything_drawn_is_escaped() -> None:
    state = Table(seed=3).state()
    state["pass_button"]["label"] = "<b>&"
    assert "&lt;b&gt;&amp;" in actions_html(state) and "<b>" not in actions_html(state)


def test_a_note_in_the_menu_is_hidden_from_screen_readers_who_hear_the_message_once() -> None:
    table = Table(seed=3)
    table.covers.toggle_menu()
    table.set_level("hard")
    state = table.state()
    notes = Elements(menu_html(state["menu"], state["settings"], state["labels"])).with_attribute("class", "menu-note")
    assert notes == [{"class": "menu-note", "aria-hidden": "true"}]


def test_the_last_trick_shows_faces_and_names_them_for_screen_readers() -> None:
    table = table_in_play()
    while not table.hand.tricks:
        take_one_step(table)
    table.covers.show_last_trick()
    drawn = Elements(panel_html(table.state()["panel"]))
    faces = drawn.with_attribute("class")
    assert len([attrs for attrs in faces if attrs["class"].startswith("mini-card")]) == 4
    assert all(attrs.get("aria-hidden") == "true" for attrs in faces if attrs["class"].startswith("mini-card"))
    names = [card.zh for _, card in table.hand.tricks[-1].plays]
    assert all(name in drawn.texts for name in names), "each card's name is there to be read"


def test_fairness_links_to_the_wheel_the_page_runs() -> None:
    table = Table(seed=3)
    table.covers.show_rules()
    table.covers.show_rules_section("fair")
    # Every section also links to the licences of what the site ships (tests/test_notices.py).
    links = [
        attrs
        for tag, attrs in Elements(panel_html(table.state()["panel"])).tags
        if tag == "a" and attrs.get("href") != LICENSES_PAGE
    ]
    assert links == [
        {
            "class": "btn",
            "href": f"hearts-{__version__}-py3-none-any.whl",
            "download": f"hearts-{__version__}-source.zip",
        }
    ]
    table.covers.show_rules_section("rules")
    assert ".whl" not in panel_html(table.state()["panel"])
