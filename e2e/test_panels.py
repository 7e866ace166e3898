"""「上一墩」, 「计分表」, 「统计」, 牌局编号 (重玩此局, entry, export) and 「自动完成」 through the page."""

from __future__ import annotations

import json

import states
from playwright.sync_api import expect

from hearts import deal_hands
from hearts.game.record import format_deal_number, match_from_record
from hearts.table import Table
from hearts.table.storage import STATS_KEY


def stats_in_storage(game) -> dict:
    return json.loads(game.page.evaluate(f"localStorage.getItem('{STATS_KEY}')"))


def panel(game):
    return game.page.locator("#app .panel")


def open_from_menu(game, label: str) -> None:
    game.button("菜单").click()
    game.button(label).click()


def test_last_trick_shows_who_played_what_and_closes_cleanly(game):
    save = states.human_to_move_mid_trick()
    trick = Table.from_save(save).hand.tricks[-1]
    game.open(save)
    before = game.snapshot()
    game.button("上一墩").click()
    expect(panel(game).locator("h2")).to_have_text(f"上一墩（第 {len(Table.from_save(save).hand.tricks)} 墩）")
    rows = panel(game).locator("tbody tr")
    expect(rows).to_have_count(4)
    seats = ["你", "左家", "对家", "右家"]
    for index, (seat, card) in enumerate(trick.plays):
        expect(rows.nth(index)).to_contain_text(seats[seat] + card.zh)
    expect(panel(game).locator("tr.won")).to_contain_text(seats[trick.winner])
    expect(panel(game)).to_contain_text(f"{seats[trick.winner]}收下这一墩，{trick.points} 分")
    game.button("关闭").click()
    expect(panel(game)).to_have_count(0)
    assert game.snapshot() == before
    game.button("上一墩").click()
    game.page.keyboard.press("Escape")
    expect(panel(game)).to_have_count(0)
    assert game.snapshot() == before


def test_score_sheet_from_the_menu(game):
    save = states.start_of_hand(4)
    match = Table.from_save(save).match
    game.open(save)
    open_from_menu(game, "计分表")
    sheet = panel(game).locator("table.sheet")
    expect(sheet.locator("tbody tr")).to_have_count(3)
    expect(sheet.locator("tbody tr").nth(1).locator("td").nth(1)).to_have_text(
        format_deal_number(match.deal_numbers[1])
    )
    expect(sheet.locator("tfoot td")).to_have_text(["总分", "", ""] + [str(t) for t in match.totals] + [""])
    game.button("关闭").click()
    expect(panel(game)).to_have_count(0)


def test_game_over_counts_statistics_once_exports_the_record_and_replays_the_deal(game):
    game.finish_game(states.last_trick_of_game()[0])
    finished = Table.from_save(json.dumps(game.saved())).match
    expect(panel(game)).to_contain_text(f"牌局编号 {format_deal_number(finished.deal_number)}")
    expect(panel(game).locator("table.sheet tbody tr")).to_have_count(finished.hand_number)

    with game.page.expect_download() as caught:
        game.button("导出牌局").click()
    download = caught.value
    assert download.suggested_filename.startswith("红心大战牌局-") and download.suggested_filename.endswith(".json")
    with open(download.path(), encoding="utf-8") as exported:
        assert match_from_record(json.load(exported)) == finished

    counted = stats_in_storage(game)
    assert counted["games_played"] == 1 and counted["hands_played"] == finished.hand_number
    game.reload()
    expect(game.app).to_have_attribute("data-phase", "game_over")
    assert stats_in_storage(game) == counted

    open_from_menu(game, "统计")
    rows = panel(game).locator("tbody tr")
    expect(rows.filter(has_text="已玩场数")).to_contain_text("1")
    expect(rows.filter(has_text="获胜场数")).to_contain_text(str(counted["games_won"]))
    game.button("重置统计").click()
    expect(panel(game).locator("h2")).to_have_text("清除全部统计？")
    game.button("取消").click()
    expect(rows.filter(has_text="已玩场数")).to_contain_text("1")
    game.button("重置统计").click()
    game.button("重置统计").click()
    expect(rows.filter(has_text="已玩场数")).to_have_text("已玩场数0")
    assert stats_in_storage(game)["games_played"] == 0
    game.button("关闭").click()

    game.button("重玩此局").click()
    expect(game.app).to_have_attribute("data-phase", "pass")
    expect(game.app).to_have_attribute("data-hand-number", "1")
    assert game.saved()["match"]["deal_numbers"] == [finished.deal_number]
    assert game.hand_codes() == [str(card) for card in deal_hands(finished.deal_number)[0]]


def test_replay_mid_game_and_playing_a_typed_deal_number(game):
    game.open(states.last_trick_of_first_hand())
    game.wait_for_you_or_panel()
    game.tap(game.playable()[0])
    game.tap(game.playable()[0])
    game.wait_for_you_or_panel()
    number = game.saved()["match"]["deal_numbers"][0]
    expect(panel(game)).to_contain_text(f"牌局编号 {format_deal_number(number)}")
    expect(panel(game).locator("table.sheet tbody tr")).to_have_count(1)
    game.button("重玩此局").click()
    expect(panel(game)).to_contain_text(f"牌局编号 {format_deal_number(number)}")
    game.button("确定").click()
    expect(game.app).to_have_attribute("data-phase", "pass")
    assert game.saved()["match"]["deal_numbers"] == [number]
    assert game.hand_codes() == [str(card) for card in deal_hands(number)[0]]

    open_from_menu(game, "牌局编号")
    field = game.page.get_by_label("牌局编号", exact=True)
    expect(field).to_be_focused()
    field.fill("12a")
    game.button("开始").click()
    expect(game.page.locator(".field-error")).to_have_text("牌局编号只能由数字组成")
    expect(field).to_have_value("12a")
    expect(field).to_have_attribute("aria-invalid", "true")
    assert game.saved()["match"]["deal_numbers"] == [number]
    field.fill("12 3456")
    field.press("Enter")
    expect(panel(game)).to_have_count(0)
    assert game.saved()["match"]["deal_numbers"] == [123456]
    assert game.hand_codes() == [str(card) for card in deal_hands(123456)[0]]


def test_auto_finish_ends_the_hand_as_playing_on_would(game):
    save = states.decided_for_you()
    expected = Table.from_save(save)
    expected.finish_now()
    game.open(save)
    button = game.button("自动完成")
    expect(button).to_be_visible()
    expect(game.page.locator(".message")).to_contain_text("可以自动完成本手")
    button.click()
    expect(game.app).to_have_attribute("data-phase", "hand_over")
    rows = panel(game).locator("table.scores tbody tr")
    expect(rows).to_have_count(4)
    assert [int(rows.nth(seat).locator("td").nth(1).inner_text()) for seat in range(4)] == expected.hand.scores
