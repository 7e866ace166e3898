"""The game played in Chromium by clicks, as the spec describes it."""

from __future__ import annotations

import json

import states
from contexts import VIEWPORTS, table_context
from playwright.sync_api import expect

from build_site import PLUGINS_OFF
from hearts.table import Table


def play_card(game, code: str) -> None:
    """Tap a card to select it, then tap it again to play it."""
    game.tap(code)
    expect(game.card(code)).to_have_attribute("aria-pressed", "true")
    game.tap(code)


def test_full_hand_played_by_clicks(game):
    """At 困难: the bots' passes and plays are Hard's searches in the page (its learned pass model too)."""
    game.open(states.fresh(seed=11, level="hard"))
    assert game.data("phase") == "pass" and game.data("level") == "hard"
    for code in game.hand_codes()[:3]:
        game.tap(code)
    game.button("传给左家").click()
    expect(game.app).to_have_attribute("data-phase", "play")  # the bots' passes come a frame after the tap
    played = 0
    while True:
        game.wait_for_you_or_panel()
        if game.data("phase") == "hand_over":
            break
        playable = game.playable()
        assert playable, "your turn always offers a legal card"
        if played % 2:
            play_card(game, playable[-1])
        else:
            game.tap(playable[0])
            game.button("出牌").click()
        played += 1
        expect(game.card(playable[-1] if played % 2 == 0 else playable[0])).to_have_count(0)
    assert played == 13
    panel = game.page.locator("#app .panel")
    expect(panel).to_contain_text("第 1 手结束")
    rows = panel.locator("table.scores tbody tr")
    expect(rows).to_have_count(4)
    hand_points = [int(rows.nth(i).locator("td").nth(1).inner_text()) for i in range(4)]
    assert sum(hand_points) in (26, 78)
    game.button("下一手").click()
    expect(game.app).to_have_attribute("data-hand-number", "2")
    expect(game.button("传给右家")).to_be_visible()


def test_pass_select_unselect_confirm_and_received_marks(game):
    game.open(states.fresh(seed=4))
    codes = game.hand_codes()
    assert len(codes) == 13
    confirm = game.button("传给左家")
    expect(confirm).to_have_attribute("aria-disabled", "true")
    for code in codes[:3]:
        game.tap(code)
    assert game.selected() == codes[:3]
    expect(confirm).to_have_attribute("aria-disabled", "false")
    game.tap(codes[3])
    assert game.selected() == codes[:3]
    assert game.message() == "只能选 3 张，先点已选的牌取消"
    game.tap(codes[1])
    assert game.selected() == [codes[0], codes[2]]
    expect(confirm).to_have_attribute("aria-disabled", "true")
    confirm.click(force=True)
    assert game.data("phase") == "pass"
    game.tap(codes[5])
    chosen = [codes[0], codes[2], codes[5]]
    assert game.selected() == chosen
    confirm.click()
    expect(game.app).to_have_attribute("data-phase", "play")
    saved = Table.from_save(json.dumps(game.saved()))
    received = sorted(str(card) for card in saved.hand.received[0])
    marked = game.page.eval_on_selector_all(".hand .received", "els => els.map(e => e.dataset.code)")
    assert sorted(marked) == received
    for code in received:
        expect(game.card(code).locator(".tag")).to_have_text("收到")
    assert not set(chosen) & set(game.hand_codes())
    game.wait_for_you_or_panel()
    play_card(game, game.playable()[0])
    expect(game.page.locator(".hand .received")).to_have_count(0)


def test_no_pass_on_the_fourth_hand(game):
    game.open(states.start_of_hand(4))
    expect(game.app).to_have_attribute("data-hand-number", "4")
    expect(game.app).to_have_attribute("data-phase", "play")
    expect(game.page.locator(".status")).to_contain_text("本手不传")
    expect(game.page.locator('[data-action="pass"]')).to_have_count(0)


def test_illegal_tap_says_why_and_changes_nothing(game):
    """Through the page, one reason: tests/table/test_table.py checks that every reason reaches the
    message and that an illegal tap changes nothing."""
    save, card, message = states.illegal_positions()["must_follow"]
    game.open(save)
    assert card not in game.playable()
    before = game.saved()
    expect(game.card(card)).to_have_attribute("aria-disabled", "true")
    game.tap(card, force=True)
    expect(game.page.locator(".message")).to_have_text(message)
    assert game.selected() == []
    assert game.saved()["match"] == before["match"]
    assert card in game.hand_codes()


def test_hints_in_both_phases(game):
    game.open(states.fresh(seed=21))
    game.button("提示").click()
    # The hint searches in slices between which the page stays live: wait for its selection.
    expect(game.button("传给左家")).to_have_attribute("aria-disabled", "false")
    assert len(game.selected()) == 3
    hinted = game.selected()
    game.button("传给左家").click()
    expect(game.app).to_have_attribute("data-phase", "play")
    assert not set(hinted) & set(game.hand_codes())
    game.wait_for_you_or_panel()
    game.button("提示").click()
    expect(game.page.locator('.hand [aria-pressed="true"]')).to_have_count(1)
    chosen = game.selected()
    assert len(chosen) == 1 and chosen[0] in game.playable()
    expect(game.button("出牌")).to_have_attribute("aria-disabled", "false")
    assert game.message().strip() != ""


def test_reload_in_the_middle_of_a_trick_restores_everything(game):
    game.open(states.human_to_move_mid_trick())
    assert game.data("turn") == "0"
    assert game.page.locator(".trick [data-code]").count() >= 1
    game.tap(game.playable()[-1])
    before = game.snapshot()
    saved = game.saved()
    game.reload()
    assert game.snapshot() == before
    assert game.saved() == saved


def test_corrupt_save_is_kept_aside_and_a_fresh_game_starts(game):
    game.open("{this is not a save")
    expect(game.page.locator(".notice")).to_have_text("存档无法读取，已另存备份并开始新游戏")
    assert game.data("phase") == "pass" and len(game.hand_codes()) == 13
    kept = game.page.evaluate("localStorage.getItem('hearts.save.unreadable.1')")
    assert kept == "{this is not a save"
    assert game.saved()["format"] == "hearts.table"


def test_difficulty_applies_from_the_next_hand(game):
    game.open(states.last_trick_of_first_hand())
    assert game.data("level") == "normal"
    game.button("菜单").click()
    game.button("困难").click()
    expect(game.page.locator(".message")).to_have_text("难度改为困难，从下一手开始生效")
    expect(game.button("困难")).to_have_attribute("aria-pressed", "true")
    game.screenshot("desktop-menu")
    game.button("关闭").click()
    assert game.data("level") == "normal"
    expect(game.page.locator(".status")).to_contain_text("难度：普通")
    game.wait_for_you_or_panel()
    play_card(game, game.playable()[0])
    game.wait_for_you_or_panel()
    expect(game.page.locator("#app .panel")).to_contain_text("从下一手起难度：困难")
    game.button("下一手").click()
    expect(game.app).to_have_attribute("data-level", "hard")
    expect(game.page.locator(".status")).to_contain_text("难度：困难")
    game.reopen()
    assert game.data("level") == "hard"


def test_end_of_game_panel_and_play_again(game):
    save, you_win, totals = states.last_trick_of_game()
    game.open(save)
    game.wait_for_you_or_panel()
    play_card(game, game.playable()[0])
    game.wait_for_you_or_panel()
    panel = game.page.locator("#app .panel")
    expect(panel.locator("h2")).to_have_text("胜利" if you_win else "失败")
    rows = panel.locator("table.scores tbody tr")
    expect(rows).to_have_count(4)
    shown = [int(rows.nth(i).locator("td").nth(2).inner_text()) for i in range(4)]
    assert shown == sorted(totals)
    game.screenshot("desktop-game-over")
    expect(rows.first.locator("td").first).to_have_text("第 1 名")
    game.button("再来一场").click()
    expect(game.app).to_have_attribute("data-hand-number", "1")
    expect(game.app).to_have_attribute("data-phase", "pass")
    expect(game.page.locator(".seat-0 .score")).to_contain_text("总分 0")


def test_new_game_asks_first(game):
    save = states.human_to_move_mid_trick()
    game.open(save)
    game.button("菜单").click()
    game.button("新游戏").click()
    expect(game.page.locator("#app .panel h2")).to_have_text("开始新游戏？")
    game.button("取消").click()
    assert game.saved()["match"] == json.loads(save)["match"]
    game.button("菜单").click()
    game.button("新游戏").click()
    game.button("确定").click()
    expect(game.app).to_have_attribute("data-phase", "pass")
    assert game.saved()["match"]["seed"] != json.loads(save)["match"]["seed"]


def test_a_second_tab_takes_over_and_the_first_says_so(game, desktop):
    game.open(states.fresh(seed=8))
    context, watch = desktop
    second = context.new_page()
    watch.attach(second)
    try:
        second.goto(game.base_url)
        second.wait_for_function("document.documentElement.dataset.state === 'ready'", timeout=90_000)
        expect(game.page.locator("#app .panel h2")).to_have_text("游戏已在另一个标签页中继续")
        before = second.evaluate("localStorage.getItem('hearts.save')")
        game.page.locator(".hand [data-code]").first.click(position={"x": 9, "y": 18}, force=True)
        assert second.evaluate("localStorage.getItem('hearts.save')") == before
    finally:
        second.close()


def test_a_python_error_becomes_a_readable_message(browser, base_url):
    with table_context(browser, base_url, VIEWPORTS["portrait"]) as (context, watch):
        context.route(
            "**/web/main.py",
            lambda route: route.fulfill(body="raise RuntimeError('boom')\n", content_type="text/x-python"),
        )
        page = context.new_page()
        page.goto(base_url)
        page.wait_for_function("document.documentElement.dataset.state === 'error'", timeout=90_000)
        expect(page.locator("#error")).to_be_visible()
        expect(page.get_by_role("button", name="重新开始")).to_be_visible()
        expect(page.locator("#error-text")).to_contain_text("RuntimeError: boom")
        assert watch.outside == []


def test_every_request_stays_on_the_origin_and_skips_the_plugins_left_off(game):
    urls = []
    game.page.on("request", lambda request: urls.append(request.url))
    game.open(states.fresh(seed=3), fresh=True)
    game.button("提示").click()
    expect(game.button("传给左家")).to_have_attribute("aria-disabled", "false")
    game.button("传给左家").click()
    expect(game.app).to_have_attribute("data-phase", "play")
    game.wait_for_you_or_panel()
    assert any(url.endswith(("pyodide.asm.wasm", "pyodide.asm.wasm.xz")) for url in urls)
    assert any(url.endswith(".whl") for url in urls)
    outside = [url for url in urls if not url.startswith(game.base_url) and not url.startswith("data:")]
    assert outside == []
    # PyScript reads the plugins to leave off from index.html's <py-config>; the error plugin it
    # imports all the same, to hide itself. None of the others is shipped (tools/build_site.py).
    chunks = [url.rsplit("/", 1)[-1] for url in urls if "/vendor/pyscript/" in url]
    assert [chunk for chunk in chunks if chunk.startswith(PLUGINS_OFF) and not chunk.startswith("error-")] == []
    assert any(chunk.startswith("core-") for chunk in chunks)


def test_moon_threat_and_markers_are_shown(game):
    save, holder = states.moon_threat()
    game.open(save)
    seat = game.page.locator(f".seat-{holder}")
    expect(seat.locator(".badge.threat")).to_have_text("射月威胁")
    expect(game.page.locator(".badge.threat")).to_have_count(1)
    hand = Table.from_save(save).hand
    expected = [label for label, shown in (("♥ 已破心", hand.hearts_broken), ("♠Q 已出", hand.queen_played)) if shown]
    assert expected, "points were taken, so a heart or the queen has been played"
    expect(game.page.locator(".marker")).to_have_text(expected)


MARK_HAND = "document.querySelectorAll('.hand [data-code]').forEach(button => { button.kept = true; })"
KEPT = "[...document.querySelectorAll('.hand [data-code]')].map(button => button.kept === true)"
HAND_MARKUP = "document.querySelector('.hand').innerHTML"


def test_the_hand_changes_in_place_and_ends_as_drawn_afresh(game):
    game.open(states.human_to_move_mid_trick())
    game.page.evaluate(MARK_HAND)
    code = game.playable()[-1]
    game.tap(code)
    expect(game.card(code)).to_have_attribute("aria-pressed", "true")
    assert all(game.page.evaluate(KEPT)), "selecting a card keeps every button"
    # A pointer does not focus the card (web/patch.js): removing a focused button once it is
    # played would cost the tap a style and layout pass. The keyboard still focuses it.
    assert game.page.evaluate("document.activeElement.closest('.hand, .actions') === null")
    hand = game.hand_codes()
    game.tap(code)
    expect(game.card(code)).to_have_count(0)
    assert all(game.page.evaluate(KEPT)), "playing a card removes only its button"
    assert game.hand_codes() == [other for other in hand if other != code]
    game.wait_for_you_or_panel()
    in_place = game.page.evaluate(HAND_MARKUP)
    game.reopen()
    assert game.page.evaluate(HAND_MARKUP) == in_place, "rows, order and attributes as a fresh draw gives"


def test_taps_on_the_felt_and_outside_the_menu_are_harmless(game):
    game.open(states.human_to_move_mid_trick())
    before = game.snapshot()
    game.page.mouse.click(5, 300)
    game.page.locator(".topbar .status").click()
    game.button("菜单").click()
    expect(game.page.locator(".menu")).to_be_visible()
    if game.page.evaluate("document.fullscreenEnabled"):
        expect(game.button("全屏")).to_be_visible()
    game.page.mouse.click(640, 300)
    expect(game.page.locator(".menu")).to_be_hidden()
    assert game.page.evaluate("document.documentElement.dataset.state") == "ready"
    assert game.snapshot() == before


def test_taps_while_a_bot_is_due_do_not_hold_it_up(game):
    """Each tap used to restart the bot's wait (1.1 s at 慢): a player tapping the menu button
    every 0.2 s kept the bots from ever playing."""
    game.open(states.bot_to_move(), settings=states.settings(speed="slow"), pace=None)
    turn = game.data("turn")
    assert turn in ("1", "2", "3")
    for _ in range(100):
        if game.data("turn") != turn:
            break
        game.page.locator(".menu-button").click()
        game.page.wait_for_timeout(200)
    assert game.data("turn") != turn, "the bot played while the player kept tapping"
