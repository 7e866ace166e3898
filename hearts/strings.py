"""Every user-facing string, per language, in one place.

Logic refers to strings by key; the page and the engine look them up with :func:`text`.
Keeping them here lets a translator work without reading code, and lets a test check that
no language misses a key.
"""

from __future__ import annotations

DEFAULT_LANGUAGE = "zh-Hans"

SUIT_NAMES = {"C": "梅花", "D": "方块", "S": "黑桃", "H": "红心"}
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "S": "♠", "H": "♥"}
RANK_NAMES = {"T": "10"}

STRINGS: dict[str, dict[str, str]] = {
    "zh-Hans": {
        # Reasons a play is refused (hearts.IllegalPlay.message).
        "illegal.wrong_phase": "现在不能出牌",
        "illegal.not_your_turn": "还没轮到你出牌",
        "illegal.not_in_hand": "你手里没有这张牌",
        "illegal.must_lead_2c": "首墩须先出梅花2",
        "illegal.must_follow.C": "须跟梅花",
        "illegal.must_follow.D": "须跟方块",
        "illegal.must_follow.S": "须跟黑桃",
        "illegal.must_follow.H": "须跟红心",
        "illegal.points_on_first_trick": "首墩不能出分",
        "illegal.hearts_not_broken": "尚未破心，不能首攻红心",
        # Seats as the human sees them.
        "seat.0": "你",
        "seat.1": "左家",
        "seat.2": "对家",
        "seat.3": "右家",
        # Pass directions.
        "pass.left": "传给左家",
        "pass.right": "传给右家",
        "pass.across": "传给对家",
        "pass.none": "本手不传",
        # The table (hearts/table.py) and the page (index.html, web/main.py).
        "app.title": "红心大战",
        "loading.title": "红心大战",
        "loading.start": "正在加载…",
        "loading.runtime": "正在加载 Python 运行环境…",
        "loading.game": "正在摆好牌桌…",
        "loading.failed": "加载失败",
        "error.title": "出错了",
        "error.detail": "游戏遇到了意外错误。已保存的进度不会丢失，重新开始即可继续。",
        "button.restart": "重新开始",
        "rank.T": "10",
        "suit_symbol.C": "♣",
        "suit_symbol.D": "♦",
        "suit_symbol.S": "♠",
        "suit_symbol.H": "♥",
        "level.easy": "简单",
        "level.normal": "普通",
        "level.hard": "困难",
        "marker.hearts_broken": "♥ 已破心",
        "marker.queen_played": "♠Q 已出",
        "marker.moon_threat": "射月威胁",
        "status.hand": "第 {number} 手",
        "status.level": "难度：{level}",
        "prompt.pass": "选 3 张牌{direction}（已选 {count}/3）",
        "prompt.your_turn": "轮到你出牌",
        "prompt.waiting": "{seat}出牌中…",
        "seat.summary": "本手 {points} 分 · 总分 {total}",
        "seat.points_label": "本手",
        "seat.total_label": "总分",
        "seat.region": "{seat}的座位",
        "hand.region": "你的手牌",
        "trick.region": "当前一墩",
        "button.play": "出牌",
        "button.hint": "提示",
        "button.menu": "菜单",
        "button.fast_forward": "快进",
        "button.fullscreen": "全屏",
        "button.exit_fullscreen": "退出全屏",
        "button.new_game": "新游戏",
        "button.next_hand": "下一手",
        "button.play_again": "再来一场",
        "button.confirm": "确定",
        "button.cancel": "取消",
        "button.continue_here": "在此页继续",
        "button.close": "关闭",
        "menu.level": "难度",
        "message.pass_three_only": "只能选 3 张，先点已选的牌取消",
        "message.level_next_hand": "难度改为{level}，从下一手开始生效",
        "message.level_unchanged": "难度保持{level}",
        "label.received": "收到",
        "panel.hand_over": "第 {number} 手结束",
        "panel.moon": "{seat}射月！收齐全部 26 分，其余三家各加 26 分",
        "panel.level_from_now": "从下一手起难度：{level}",
        "panel.victory": "胜利",
        "panel.defeat": "失败",
        "panel.rank": "第 {rank} 名",
        "panel.confirm_new_game": "开始新游戏？",
        "panel.confirm_new_game_detail": "当前这一场的进度将会丢失。",
        "panel.superseded": "游戏已在另一个标签页中继续",
        "panel.superseded_detail": "为避免进度冲突，这个页面已暂停。",
        "column.seat": "玩家",
        "column.hand_points": "本手得分",
        "column.total": "总分",
        "column.rank": "名次",
        "notice.unreadable_save": "存档无法读取，已另存备份并开始新游戏",
        "notice.unreadable_not_kept": "存档无法读取，且无法另存备份",
        "notice.not_saved": "浏览器存储不可用或已满，进度不会保存",
    },
}


def text(key: str, language: str = DEFAULT_LANGUAGE, **values: object) -> str:
    """Return the string for ``key`` in ``language``, formatted with ``values``.

    A missing key is a programming error, so it raises ``KeyError`` rather than showing a
    placeholder to the player.
    """
    template = STRINGS[language][key]
    return template.format(**values) if values else template
