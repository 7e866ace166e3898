"""复盘 through the page (issue 21): the viewer from the end-of-hand panel, stepped with its
buttons, ←/→ and a swipe at the three viewports, the AI's verdicts arriving in the background and
kept by a reload, 「关闭」/Esc back to where the player was, the score sheet's buttons, and
「导入牌局」 with a good and a bad file. One page throughout (e2e/table_page.py), at pace 0."""

from __future__ import annotations

import json

import states
from contexts import VIEWPORTS
from page_checks import fits, serious_violations
from playwright.sync_api import expect

from browser_harness import SETTLED
from hearts import Match
from hearts.game.record import record_json

PENDING = "AI 正在分析…"


def finished_record(seed: int = 12, hands: int = 2) -> str:
    """An exported record of a game with ``hands`` finished hands."""
    match = Match(seed=seed)
    for _ in range(hands):
        states.play_out(match)
        match.next_hand()
    return record_json(match)


def viewer(game):
    return game.page.get_by_role("dialog", name="复盘 · 第 1 手")


def fits_drawn(game, locator) -> bool:
    """``fits``, asked again while the viewer is drawn anew (a verdict came in meanwhile)."""
    for _ in range(20):
        if fits(game, locator):
            return True
        game.page.wait_for_timeout(100)
    return False


def test_the_viewer_steps_through_the_hand_and_its_verdicts_arrive_and_stay(game):
    game.open(states.hand_over(), settings=states.settings())
    expect(game.app).to_have_attribute("data-phase", "hand_over")
    game.page.locator(".panel-hand").get_by_role("button", name="复盘", exact=True).click()
    dialog = viewer(game)
    expect(dialog).to_be_visible()
    expect(game.button("下一步")).to_be_focused()
    expect(dialog.locator(".review-position")).to_contain_text("第 1/15 步")
    expect(dialog.locator(".review-seats li")).to_have_count(4)
    assert "你的牌：" in dialog.locator(".review-seats li").first.inner_text()
    expect(game.button("上一步")).to_have_attribute("aria-disabled", "true")

    game.button("下一步").click()
    expect(dialog.locator(".review-position")).to_contain_text("传牌")
    expect(dialog.locator(".review-now p").first).to_contain_text("你把")
    game.page.keyboard.press("ArrowRight")
    expect(dialog.locator(".review-position")).to_contain_text("第 1 墩")
    expect(dialog.locator(".review-trick li")).to_have_count(4)
    expect(game.page.locator("[data-region='spoken']")).to_contain_text("第 1 墩")
    game.page.keyboard.press("ArrowLeft")
    expect(dialog.locator(".review-position")).to_contain_text("传牌")
    dialog.locator('[data-action="review-step"][data-step="14"]').click()
    expect(dialog.locator(".review-position")).to_contain_text("第 15/15 步")
    expect(game.button("下一步")).to_have_attribute("aria-disabled", "true")

    for shape in ("portrait", "landscape", "desktop"):
        width, height = VIEWPORTS[shape]
        game.page.set_viewport_size({"width": width, "height": height})
        game.screenshot(f"review-{shape}")
        game.page.evaluate(SETTLED)
        for button in ("上一步", "下一步", "关闭"):
            assert fits_drawn(game, game.button(button)), (shape, button)
        assert fits_drawn(game, game.page.locator(".panel-review")), shape

    # The verdicts come in the background, each shown as it is ready, then the hand's summary.
    summary = dialog.locator(".review-summary")
    expect(summary).not_to_have_text(PENDING, timeout=90_000)
    assert "本手决策" in summary.inner_text()
    dialog.locator('[data-action="review-step"][data-step="1"]').click()
    expect(dialog.locator(".verdict")).to_contain_text("传出")
    saved = game.saved()["reviews"]["1"]
    assert saved["format"] == "hearts.review" and len(saved["verdicts"]) == 14
    assert serious_violations(game) == []

    game.page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(game.page.locator(".panel-hand")).to_be_visible()

    game.reopen()  # as a reload does: the verdicts are read back, not worked out again
    game.page.locator(".panel-hand").get_by_role("button", name="复盘", exact=True).click()
    expect(summary).not_to_have_text(PENDING, timeout=2_000)
    assert game.saved()["reviews"]["1"] == saved


def test_swipes_the_score_sheet_and_english(game):
    game.open(states.hand_over(), settings=states.settings(language="en"))
    game.button("Menu").click()
    game.button("Score sheet").click()
    game.page.get_by_role("button", name="Review hand 1").click()
    dialog = game.page.get_by_role("dialog", name="Review · hand 1")
    expect(dialog.locator(".review-position")).to_contain_text("Step 1 of 15")
    swipe = """([dx]) => { const panel = document.querySelector('.panel-review');
        const at = (x) => [new Touch({identifier: 1, target: panel, clientX: x, clientY: 300})];
        panel.dispatchEvent(new TouchEvent('touchstart', {changedTouches: at(200), bubbles: true}));
        panel.dispatchEvent(new TouchEvent('touchend', {changedTouches: at(200 + dx), bubbles: true})); }"""
    game.page.evaluate(swipe, [-120])
    expect(dialog.locator(".review-position")).to_contain_text("The pass")
    game.page.evaluate(swipe, [120])
    expect(dialog.locator(".review-position")).to_contain_text("The deal")
    game.button("Close").click()
    expect(game.page.get_by_role("dialog", name="Score sheet")).to_be_visible()


def test_import_opens_a_record_and_refuses_a_bad_file(game):
    game.open(states.human_to_move_mid_trick(), settings=states.settings())
    before = game.page.evaluate("localStorage.getItem('hearts.save')")
    record = finished_record()

    def choose(name: str, content: str) -> None:
        game.button("菜单").click()
        with game.page.expect_file_chooser() as chooser:
            game.button("导入牌局").click()
        chooser.value.set_files(
            files=[{"name": name, "mimeType": "application/json", "buffer": content.encode("utf-8")}]
        )

    choose("game.json", record)
    dialog = game.page.get_by_role("dialog", name="复盘 · 第 1 手")
    expect(dialog).to_be_visible()
    hands = dialog.get_by_role("navigation", name="选择一手")
    hands.get_by_role("button", name="第 2 手").click()
    expect(game.page.get_by_role("dialog", name="复盘 · 第 2 手")).to_be_visible()
    game.page.keyboard.press("Escape")
    expect(game.app).to_have_attribute("data-turn", "0")

    tampered = json.loads(record)
    tampered["hands"][0]["scores"][0] += 5
    choose("edited.json", json.dumps(tampered))
    refusal = game.page.get_by_role("dialog", name="导入牌局")
    expect(refusal).to_contain_text("牌局记录与它的出牌不符")
    game.button("关闭").click()
    choose("notes.json", "not json at all")
    expect(refusal).to_contain_text("这个文件不是牌局记录")
    game.button("关闭").click()
    expect(game.app).to_have_attribute("data-turn", "0")
    assert game.page.evaluate("localStorage.getItem('hearts.save')") == before, "the game is untouched"
