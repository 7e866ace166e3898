"""「导出存档」/「导入存档」 in 设置, persist(), 「添加到主屏幕」 and two tabs (issue 59): nothing the
player has is lost when the browser clears the origin's storage, a bad file changes nothing, and
a tab that played on while another imported neither mixes the two nor writes over the import.
(The document's versions and each refusal's reason: tests/table/test_backup.py.)
"""

from __future__ import annotations

import json
from pathlib import Path

import states
from contexts import VIEWPORTS, table_context
from playwright.sync_api import expect
from table_page import Game

from hearts import Match
from hearts.table import Table
from hearts.table.backup_document import checksum, read_backup
from hearts.table.saved_verdicts import decision_count
from hearts.table.storage import ACTIVE_TAB_KEY, PERSISTENCE_KEY, SAVE_KEY, STATS_KEY

#: What the tests compare of the origin's storage: all of it but the picture of the table that
#: web/page.js keeps for the next visit's first paint (redrawn after every change on screen).
DATA = "() => Object.fromEntries(Object.entries(localStorage).filter(([key]) => key !== 'hearts.drawing'))"
BACKUP = Path(__file__).resolve().parent.parent / "tests" / "table" / "saves" / "backup-v1.json"
# navigator.storage answering as a browser that has not been asked yet, and counting the
# questions with the phase the table was in; and the browser's offer to install, made at once.
STUBS = """
window.persistAsked = [];
window.installShown = 0;
if (window.navigator.storage) {
  navigator.storage.persisted = () => Promise.resolve(window.persistAsked.length > 0);
  navigator.storage.persist = () => {
    window.persistAsked.push(document.querySelector('#app').dataset.phase);
    return Promise.resolve(true);
  };
}
document.addEventListener('DOMContentLoaded', () => setTimeout(() => {
  const offer = new Event('beforeinstallprompt', {cancelable: true});
  offer.prompt = () => { window.installShown += 1; return Promise.resolve(); };
  window.dispatchEvent(offer);
}, 0));
"""


def second_hand_s_last_trick(seed: int = 9) -> str:
    """Hand 1 played out, hand 2 one trick from its end with you to play."""
    match = Match(seed=seed)
    states.play_out(match)
    match.next_hand()
    states.last_trick_of_hand(match)
    return states.save(match)


def stored(game: Game) -> dict[str, str]:
    data: dict[str, str] = game.page.evaluate(DATA)
    return data


def open_settings(game: Game) -> None:
    game.button("菜单").click()
    game.button("设置").click()


def export(game: Game) -> str:
    open_settings(game)
    with game.page.expect_download() as caught:
        game.button("导出存档").click()
    download = caught.value
    assert download.suggested_filename.startswith("红心大战存档-")
    return Path(download.path()).read_text(encoding="utf-8")


def choose_backup(game: Game, content: str, language_menu: str = "菜单", settings: str = "设置") -> None:
    game.button(language_menu).click()
    game.button(settings).click()
    with game.page.expect_file_chooser() as chooser:
        game.page.locator("[data-action='import-backup']").click()
    chooser.value.set_files(files=[{"name": "backup.json", "mimeType": "application/json", "buffer": content.encode()}])


def stats_rows(game: Game) -> str:
    game.button("菜单").click()
    game.button("统计").click()
    shown = game.page.get_by_role("dialog", name="统计").inner_text()
    game.button("关闭").click()
    return shown


def finish_hand(game: Game) -> None:
    game.wait_for_you_or_panel()
    game.tap(game.playable()[0])
    game.tap(game.playable()[0])
    game.wait_for_you_or_panel()
    expect(game.app).to_have_attribute("data-phase", "hand_over")


# Every finished hand's review holding ``counts[number]`` verdicts.
JUDGED = """counts => { const reviews = JSON.parse(localStorage.getItem('hearts.save')).reviews;
    return Object.entries(counts).every(([number, count]) => (reviews[number]?.verdicts.length ?? 0) >= count); }"""


def wait_all_judged(game: Game) -> None:
    """Wait until the background has judged every decision of the finished hands: it saves the
    game after each verdict, so until then a cleared storage would be written again."""
    match = Table.from_save(game.page.evaluate(f"() => localStorage.getItem('{SAVE_KEY}')")).match
    counts = {str(number): decision_count(hand) for number, hand in enumerate(match.hands, 1) if hand.phase == "over"}
    game.page.wait_for_function(JUDGED, arg=counts, timeout=60_000)


def test_export_clear_and_import_give_back_the_same_statistics_table_and_verdicts(game: Game):
    game.open(second_hand_s_last_trick())
    finish_hand(game)
    wait_all_judged(game)
    table, rows = game.snapshot(), stats_rows(game)
    assert "2" in rows
    written = export(game)
    exported = json.loads(written)
    assert exported["game"]["reviews"] and json.loads(read_backup(written).stats)["hands_played"] == 2

    game.page.evaluate("() => localStorage.clear()")
    game.reopen()
    assert game.snapshot() != table and game.data("phase") == "pass"
    choose_backup(game, written)
    dialog = game.page.get_by_role("dialog", name="导入存档")
    expect(dialog).to_contain_text("第 2 手")
    game.button("导入").click()
    expect(game.app).to_have_attribute("data-phase", "hand_over")
    assert game.snapshot() == table and stats_rows(game) == rows
    reviews = game.saved()["reviews"]
    for number, review in exported["game"]["reviews"].items():
        kept = reviews[number]["verdicts"]
        assert kept[: len(review["verdicts"])] == review["verdicts"], number  # judging goes on after


def test_damaged_truncated_edited_too_new_and_foreign_files_change_nothing(game: Game):
    game.open(states.human_to_move_mid_trick())
    written = BACKUP.read_text(encoding="utf-8")
    data = json.loads(written)
    too_new = {**data, "version": 2}
    too_new["checksum"] = checksum(too_new)
    damaged = {**data, "game": {**data["game"], "selection": ["AS", "KS", "QS", "JS"]}}
    damaged["checksum"] = checksum(damaged)
    files = {
        "存档中的数据已损坏，无法读取": json.dumps(damaged),
        "存档文件不完整，可能没有下载完": written[: len(written) // 3],
        "存档文件在导出后被改动过或已损坏": written.replace('"points": 22', '"points": 0'),
        "这个存档来自更新的版本，请先刷新页面更新本站": json.dumps(too_new),
        "这个文件不是存档（无法读取）": "\x89PNG not a backup",
    }
    before = stored(game)
    for reason, content in files.items():
        choose_backup(game, content)
        dialog = game.page.get_by_role("dialog", name="导入存档")
        expect(dialog).to_contain_text(reason)
        expect(dialog).to_contain_text("这个浏览器里的内容没有任何改动。")
        game.button("关闭").click()
        assert stored(game) == before, reason
    expect(game.app).to_have_attribute("data-turn", "0")


def test_persist_is_asked_once_after_the_first_finished_game_and_install_is_offered_then(game: Game):
    game.add_init_script(STUBS)
    game.open(states.last_trick_of_first_hand())
    open_settings(game)
    expect(game.page.locator(".keeping-status")).to_have_text("数据未受保护")
    game.button("关闭").click()
    finish_hand(game)
    assert game.page.evaluate("window.persistAsked") == []
    expect(game.button("添加到主屏幕")).to_have_count(0)  # a hand is not the game

    save, _, _ = states.last_trick_of_game()
    game.finish_game(save)
    game.page.wait_for_function("() => window.persistAsked.length > 0")
    assert game.page.evaluate("window.persistAsked") == ["game_over"]
    assert stored(game)[PERSISTENCE_KEY] == "granted"
    open_settings(game)
    expect(game.page.locator(".keeping-status")).to_have_text("数据已受保护")
    game.button("关闭").click()

    game.button("添加到主屏幕").click()
    assert game.page.evaluate("window.installShown") == 1
    expect(game.button("添加到主屏幕")).to_have_count(0)

    game.reopen()  # the same game over, opened again: not asked again
    open_settings(game)
    expect(game.page.locator(".keeping-status")).to_have_text("数据已受保护")
    assert game.page.evaluate("window.persistAsked") == ["game_over"]


def test_an_import_in_one_tab_stops_the_other_which_then_takes_the_imported_game(browser, base_url):
    """One tab plays; the player opens a second and imports there. The first stopped when the
    second opened, says an import replaced its game, writes nothing over it, and takes it on
    「在此页继续」."""
    with table_context(browser, base_url, VIEWPORTS["desktop"]) as (context, watch):
        playing = Game(context.new_page(), base_url)
        watch.attach(playing.page)
        playing.open(states.bot_to_move(), states.settings(), pace=0.3)
        importing = Game(context.new_page(), base_url)
        watch.attach(importing.page)
        importing.page.goto(importing.address(0))
        importing.wait_ready()
        expect(playing.page.get_by_role("dialog")).to_contain_text("游戏已在另一个标签页中继续")

        written = BACKUP.read_text(encoding="utf-8")
        backup = read_backup(written)
        choose_backup(importing, written)
        importing.button("导入").click()
        expect(importing.page.locator("html")).to_have_attribute("lang", "en")
        expect(playing.page.get_by_role("dialog")).to_contain_text("另一个标签页导入了存档")
        playing.page.wait_for_timeout(1000)  # a stale tab would have written by now
        kept = stored(importing)
        assert kept[SAVE_KEY] == backup.game and kept[STATS_KEY] == backup.stats
        assert not kept[ACTIVE_TAB_KEY].startswith("restored-")  # the importing tab claimed it after

        playing.button("在此页继续").click()
        playing.wait_ready()
        expect(playing.page.locator("html")).to_have_attribute("lang", "en")
        # The same table: the importing tab, stopped in its turn, shows it with its cards dimmed.
        here, there = playing.snapshot(), importing.snapshot()
        assert [card[0] for card in here.pop("hand")] == [card[0] for card in there.pop("hand")]
        assert here == there
        watch.check()
