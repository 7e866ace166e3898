"""Phone portrait, phone landscape and desktop: every card visible and tappable, nothing cut off,
no scrolling, accessible names; screenshots kept in e2e/artifacts/."""

from __future__ import annotations

import pytest
import states
from contexts import VIEWPORTS, new_watched_page
from playwright.sync_api import expect
from table_page import Game

from browser_harness import SETTLED

MIN_TAP_WIDTH = 28

MEASURE = """() => {
  const cards = [...document.querySelectorAll('.hand [data-code]')];
  const taps = cards.map(card => {
    const box = card.getBoundingClientRect();
    // The part of the card not covered by a later card is where a tap lands on it.
    let width = 0;
    for (let x = Math.floor(box.left) + 1; x < box.right; x += 1) {
      const hit = document.elementFromPoint(x, box.top + 14);
      if (hit && hit.closest('[data-code]') === card) width += 1;
    }
    return {code: card.dataset.code, width, box: [box.left, box.top, box.right, box.bottom]};
  });
  const outside = [...document.querySelectorAll('#app button, .seat, .trick, .topbar')]
    .filter(e => e.offsetParent !== null)
    .map(e => [e.className, e.getBoundingClientRect()])
    .filter(([, r]) => r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5)
    .map(([name]) => name);
  const root = document.scrollingElement;
  return {taps, outside, scroll: [root.scrollWidth - innerWidth, root.scrollHeight - innerHeight]};
}"""


@pytest.fixture(scope="module", params=list(VIEWPORTS))
def shaped(request, shared_context, base_url):
    context, watch = shared_context(request.param)
    with new_watched_page(context, watch) as page:
        yield request.param, Game(page, base_url), watch
    watch.check()


def check_layout(game, cards: int):
    measured = game.page.evaluate(MEASURE)
    assert measured["scroll"] == [0, 0], "the page scrolls"
    assert measured["outside"] == [], f"cut off: {measured['outside']}"
    assert len(measured["taps"]) == cards
    narrow = [(tap["code"], tap["width"]) for tap in measured["taps"] if tap["width"] < MIN_TAP_WIDTH]
    assert narrow == [], f"cards too narrow to tap: {narrow}"


def test_pass_phase_layout(shaped):
    name, game, _ = shaped
    game.open(states.fresh(seed=31))
    check_layout(game, 13)
    codes = game.hand_codes()
    game.tap(codes[12])
    game.tap(codes[6])
    assert game.selected() == [codes[6], codes[12]]
    check_layout(game, 13)
    game.screenshot(f"{name}-pass")


def test_play_phase_layout_and_accessible_names(shaped):
    name, game, _ = shaped
    game.open(states.human_to_move_mid_trick())
    cards = len(game.hand_codes())
    check_layout(game, cards)
    first = game.page.locator(".hand [data-code]").first
    label = first.get_attribute("aria-label")
    assert label[:2] in ("梅花", "方块", "黑桃", "红心")
    expect(game.page.get_by_role("button", name=label, exact=True)).to_have_count(1)
    for seat in ("左家的座位", "对家的座位", "右家的座位", "你的座位"):
        expect(game.page.get_by_role("region", name=seat)).to_have_count(1)
    disabled = game.page.locator('.hand [aria-disabled="true"]').count()
    assert disabled + len(game.playable()) == cards
    game.tap(game.playable()[0])
    game.screenshot(f"{name}-play")


def test_hand_over_panel_fits(shaped):
    name, game, _ = shaped
    game.open(states.last_trick_of_first_hand())
    game.wait_for_you_or_panel()
    game.tap(game.playable()[0])
    game.tap(game.playable()[0])
    game.wait_for_you_or_panel()
    panel = game.page.locator("#app .panel")
    expect(panel).to_be_visible()
    game.page.evaluate(SETTLED)  # at pace 0 the panel is still moving in
    box = panel.bounding_box()
    width, height = VIEWPORTS[name]
    assert box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= width and box["y"] + box["height"] <= height
    expect(game.button("下一手")).to_be_in_viewport()
    game.screenshot(f"{name}-hand-over")


def test_game_over_sheet_fits(shaped):
    """The last panel of a game: totals past 100 make the widest score sheet."""
    name, game, _ = shaped
    game.finish_game(states.last_trick_of_game()[0])
    check_panel_fits(game)
    check_sheet_readable(game)
    game.screenshot(f"{name}-game-over")


def test_english_and_larger_cards_fit(shaped):
    name, game, _ = shaped
    game.open(states.fresh(seed=31), settings=states.settings(language="en", large_cards=True))
    check_layout(game, 13)
    game.screenshot(f"{name}-english-large-pass")
    game.open(states.human_to_move_mid_trick(), settings=states.settings(language="en", large_cards=True))
    check_layout(game, len(game.hand_codes()))
    game.page.locator(".menu-button").click()
    game.page.locator('[data-action="settings"]').click()
    menu = game.page.locator(".menu")
    game.page.evaluate(SETTLED)
    box = menu.bounding_box()
    width, height = VIEWPORTS[name]
    assert box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= width and box["y"] + box["height"] <= height
    expect(game.button("Close")).to_be_visible()
    game.screenshot(f"{name}-english-settings")


# ----- the panels of statistics, last trick, score sheet, deal numbers, auto-finish -------------

BOXES = """selectors => selectors.map(selector => [...document.querySelectorAll(selector)]
  .filter(e => e.offsetParent !== null)
  .map(e => { const r = e.getBoundingClientRect(); return [selector, r.left, r.top, r.right, r.bottom]; }))"""


def overlapping(game, subject: str, *others: str) -> list[tuple[str, str]]:
    """Pairs (``subject``, one of ``others``) of visible elements whose boxes intersect."""
    first, *rest = game.page.evaluate(BOXES, [subject, *others])
    return [
        (a[0], b[0])
        for group in rest
        for a in first
        for b in group
        if a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5 and a[2] < b[4] - 0.5 and b[2] < a[4] - 0.5
    ]


def check_panel_fits(game) -> None:
    """The panel and every one of its buttons inside the screen, the page not scrolled. A score
    sheet's 「复盘」 buttons are reached by scrolling the panel's body, which must fit itself."""
    width, height = game.page.viewport_size["width"], game.page.viewport_size["height"]
    game.page.evaluate(SETTLED)
    boxes = game.page.evaluate(
        BOXES, ["#app .panel, #app .panel-body", "#app .panel button:not(.sheet button)", "#app .panel input"]
    )
    assert boxes[0], "no panel shown"
    for box in boxes[0] + boxes[1] + boxes[2]:
        assert box[1] >= -0.5 and box[2] >= -0.5 and box[3] <= width + 0.5 and box[4] <= height + 0.5, box
    assert game.page.evaluate("[scrollX, scrollY]") == [0, 0]


SHEET_LINES = """() => {
  const lines = cell => { const range = document.createRange(); range.selectNodeContents(cell);
    return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size; };
  const cells = [...document.querySelectorAll('.panel .sheet tbody td:nth-child(2), .panel .sheet th')];
  const body = document.querySelector('.panel .panel-body');
  return {wrapped: cells.filter(cell => lines(cell) > 1).map(cell => cell.textContent),
          overflow: body.scrollWidth - body.clientWidth};
}"""


def check_sheet_readable(game) -> None:
    """Every deal number and column name of the score sheet on one line, and the sheet no wider
    than its panel (no sideways scrolling), even on a 360 px phone."""
    measured = game.page.evaluate(SHEET_LINES)
    assert measured["wrapped"] == [], f"wrapped onto two lines: {measured['wrapped']}"
    assert measured["overflow"] <= 0, f"the sheet is {measured['overflow']} px wider than its panel"


def test_panels_and_table_tools_fit(shaped):
    name, game, _ = shaped
    game.open(states.decided_for_you(finished_hands=8, seed_from=3))
    expect(game.button("自动完成")).to_be_visible()
    check_layout(game, len(game.hand_codes()))
    assert overlapping(game, ".trick-tools button", ".trick-card", ".seat", ".topbar") == []
    assert overlapping(game, ".actions", ".talk", ".hand [data-code]", ".seat-info") == []
    assert overlapping(game, ".talk", ".hand [data-code]", ".seat-info") == []
    game.screenshot(f"{name}-autofinish")
    game.button("上一墩").click()
    check_panel_fits(game)
    game.screenshot(f"{name}-last-trick")
    game.button("关闭").click()
    game.button("菜单").click()
    check_layout(game, len(game.hand_codes()))
    assert overlapping(game, ".menu-card button", ".topbar .status") == []
    game.screenshot(f"{name}-menu")
    game.button("计分表").click()
    expect(game.page.locator(".panel table.sheet tbody tr")).to_have_count(8)
    check_panel_fits(game)
    check_sheet_readable(game)
    game.screenshot(f"{name}-scoresheet")
    game.button("关闭").click()
    game.button("菜单").click()
    game.button("统计").click()
    check_panel_fits(game)
    game.screenshot(f"{name}-stats")
    game.button("关闭").click()
    game.button("菜单").click()
    game.button("牌局编号").click()
    game.page.get_by_label("牌局编号", exact=True).fill("abc")
    game.button("开始").click()
    expect(game.page.locator(".field-error")).to_be_visible()
    check_panel_fits(game)
    game.screenshot(f"{name}-deal-number")
