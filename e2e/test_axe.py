"""axe-core (from npm, a dev dependency never copied into the site) checks the table in its main
states at phone portrait and desktop: no serious or critical accessibility violation."""

from __future__ import annotations

import pytest
import states
from contexts import new_watched_page
from page_checks import AXE, serious_violations
from playwright.sync_api import expect
from table_page import Game

from browser_harness import SITE


@pytest.fixture(scope="module", params=["portrait", "desktop"])
def checked(request, shared_context, base_url):
    context, watch = shared_context(request.param)
    with new_watched_page(context, watch) as page:
        page.emulate_media(reduced_motion="reduce")  # judge colours after, not during, fades
        yield Game(page, base_url)
    watch.check()


def test_axe_core_is_not_part_of_the_site():
    assert AXE.is_file()
    assert not [path for path in SITE.rglob("*") if "axe" in path.name.lower()]


def test_passing_menu_and_settings_have_no_serious_violations(checked):
    game = checked
    game.open(states.fresh(seed=31))
    game.tap(game.hand_codes()[0])
    assert serious_violations(game) == [], "passing"
    game.page.locator(".menu-button").click()
    expect(game.page.locator(".menu")).to_be_visible()
    assert serious_violations(game) == [], "menu open"
    game.page.locator('[data-action="settings"]').click()
    assert serious_violations(game) == [], "settings"
    game.page.locator('.menu [data-name="dark"]').click()
    expect(game.page.locator("html")).to_have_attribute("data-theme", "dark")
    assert serious_violations(game) == [], "settings, dark theme"


def test_playing_and_end_of_hand_have_no_serious_violations(checked):
    game = checked
    game.open(states.human_to_move_mid_trick(), settings=states.settings(four_colour=True))
    game.tap(game.playable()[0])
    assert serious_violations(game) == [], "playing"
    game.open(states.last_trick_of_first_hand(), settings=states.settings(dark=True))
    game.wait_for_you_or_panel()
    game.tap(game.playable()[0])
    game.tap(game.playable()[0])
    game.wait_for_you_or_panel()
    expect(game.page.locator("#app .panel")).to_be_visible()
    assert serious_violations(game) == [], "end of hand (dark theme)"
