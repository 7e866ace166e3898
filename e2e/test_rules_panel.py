"""「玩法」 and the newcomer's tips through the page (issue 22): the panel at the three viewports,
its contents, 「关闭」 and Esc, names for screen readers and axe; the passing tip of a first visit,
and none once a game is over."""

from __future__ import annotations

import json
import re
from urllib.parse import urljoin

import states
from contexts import VIEWPORTS
from page_checks import fits, serious_violations
from playwright.sync_api import expect

SETTINGS_KEY = "hearts.settings"


def open_rules(game) -> None:
    game.button("菜单").click()
    game.button("玩法").click()


def saved_settings(game) -> dict:
    return json.loads(game.page.evaluate(f"localStorage.getItem('{SETTINGS_KEY}')"))


def test_a_first_visit_gets_the_passing_tip_and_the_rules_read_well_at_every_size(game):
    game.open()
    tip = game.page.locator("[data-region='tip']")
    expect(tip).to_have_attribute("role", "status")
    expect(tip).to_contain_text("传牌：送走危险的牌")
    expect(tip.get_by_role("button", name="知道了")).to_be_visible()
    for shape in ("portrait", "landscape", "desktop"):
        width, height = VIEWPORTS[shape]
        game.page.set_viewport_size({"width": width, "height": height})
        game.screenshot(f"tip-{shape}")
        shown = tip.bounding_box()
        for card in game.page.locator(".hand [data-code], .seat-left, .seat-right, .seat-top").all():
            box = card.bounding_box()
            assert shown["y"] + shown["height"] <= box["y"], f"{shape}: the tip never covers the cards"

    open_rules(game)
    dialog = game.page.get_by_role("dialog", name="玩法")
    expect(dialog).to_be_visible()
    contents = dialog.get_by_role("navigation", name="目录")
    expect(contents.get_by_role("button")).to_have_text(["规则", "操作", "技巧", "公平"])
    expect(contents.get_by_role("button", name="规则")).to_be_focused()
    heading = dialog.get_by_role("heading", level=3)
    expect(heading).to_have_text("规则")
    expect(dialog).to_contain_text("若为 104、60、75、88：这一场结束，60 分的一家获胜。")
    for shape in ("desktop", "portrait", "landscape"):
        width, height = VIEWPORTS[shape]
        game.page.set_viewport_size({"width": width, "height": height})
        game.screenshot(f"rules-{shape}")
        assert fits(game, game.page.locator(".panel-rules")), shape
        assert fits(game, game.button("关闭")) and fits(game, contents), shape
        size = game.page.evaluate("parseFloat(getComputedStyle(document.querySelector('.rules-section p')).fontSize)")
        assert size >= 14, (shape, size)
        body = game.page.locator(".panel-rules .panel-body").bounding_box()
        assert body["height"] >= 150, (shape, body)

    contents.get_by_role("button", name="技巧").click()
    expect(heading).to_have_text("技巧")
    expect(heading).to_be_focused()
    expect(contents.get_by_role("button", name="技巧")).to_have_attribute("aria-current", "true")
    expect(contents.get_by_role("button", name="规则")).to_have_attribute("aria-current", "false")
    game.screenshot("rules-landscape-strategy")
    contents.get_by_role("button", name="公平").focus()
    game.page.keyboard.press("Enter")
    expect(heading).to_have_text("公平")
    # In a player's words (issue 53), the source a link away: the wheel the page itself runs.
    expect(dialog).to_contain_text("程序只把这个座位能看到的东西交给它")
    source = dialog.get_by_role("link", name="下载源代码（zip）")
    response = game.page.request.get(game.base_url + source.get_attribute("href"))
    assert response.ok and response.body()[:2] == b"PK", "the link downloads the wheel, a zip file"
    game.button("关闭").click()
    expect(dialog).to_have_count(0)

    open_rules(game)
    expect(heading).to_have_text("公平")
    game.page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(game.app).to_have_attribute("data-phase", "pass")

    tip.get_by_role("button", name="知道了").click()
    expect(tip).to_be_empty()
    assert saved_settings(game)["tips_seen"] == ["pass"]
    game.reload()
    expect(game.app).to_have_attribute("data-phase", "pass")
    expect(tip).to_be_empty()


def test_axe_finds_nothing_serious_on_the_rules_and_the_tip(game):
    game.page.set_viewport_size(dict(zip(("width", "height"), VIEWPORTS["portrait"])))
    game.page.emulate_media(reduced_motion="reduce")
    game.open()
    expect(game.page.locator(".tip")).to_be_visible()
    assert serious_violations(game) == [], "the passing tip"
    open_rules(game)
    for section in ("规则", "操作", "技巧", "公平"):
        game.page.get_by_role("navigation", name="目录").get_by_role("button", name=section).click()
        expect(game.page.locator(".rules-section h3")).to_have_text(section)
        assert serious_violations(game) == [], section


def test_after_the_first_game_no_tip_comes(game):
    game.open(states.last_trick_of_game()[0], settings=states.settings(tips=True))
    game.wait_for_you_or_panel()
    game.tap(game.playable()[0])
    game.tap(game.playable()[0])
    game.wait_for_you_or_panel()
    expect(game.app).to_have_attribute("data-phase", "game_over")
    assert saved_settings(game)["tips"] is False
    game.button("再来一场").click()
    expect(game.app).to_have_attribute("data-phase", "pass")
    expect(game.page.locator("[data-region='tip']")).to_be_empty()
    game.page.get_by_role("button", name="菜单").click()
    game.page.locator('[data-action="settings"]').click()
    expect(game.page.locator('.menu [data-name="tips"]')).to_have_attribute("aria-pressed", "false")


def test_the_licences_are_linked_from_how_to_play_and_every_text_resolves(game):
    game.open()
    open_rules(game)
    link = game.page.get_by_role("dialog").get_by_role("link", name="开源许可")
    expect(link).to_have_attribute("target", "_blank")
    url = link.evaluate("a => a.href")
    listing = game.page.request.get(url)
    assert listing.ok and "Pyodide 314.0.7" in listing.text() and "@pyscript/core 0.7.31" in listing.text()
    texts = re.findall(r'href="([^":]+\.txt)"', listing.text())
    assert len(texts) > 3
    for href in texts:
        assert game.page.request.get(urljoin(url, href)).ok, href
