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
        # Offline and install (web/sw.js, web/sw-register.js, the web app manifest).
        "pwa.update": "有新版本，刷新即可更新",
        "pwa.offline_missing": "离线时缺少游戏文件 {file}，请联网后刷新一次",
        "pwa.description": "与三名电脑对手打红心大战，离线也能玩",
        # Hints (hearts/ai/hints.py): why the recommended cards.
        "hint.pass.queen": "传出{card}：黑桃只有{count}张，容易被迫收下",
        "hint.pass.high_spade": "传出{card}：手里没有♠Q，黑桃大牌容易收到别人垫的♠Q",
        "hint.pass.void": "传出{cards}：清空{suit}，之后别人首攻{suit}时你可以垫分",
        "hint.pass.high_heart": "传出{card}：高红心在红心墩里容易被迫收下",
        "hint.pass.high_cards": "传出{cards}：大牌容易收墩，留下小牌保护自己",
        "hint.play.only": "只能出{card}",
        "hint.play.shoot": "出{card}：牌很强，争取收齐全部分数射月",
        "hint.play.flush_queen": "首攻{card}：用小黑桃逼出♠Q",
        "hint.play.lead_low": "首攻{card}：别人还有更大的{suit}，这一墩多半不用收",
        "hint.play.lead": "首攻{card}：这门牌目前最安全",
        "hint.play.duck": "跟{card}：比{winner}小，不会收下这一墩",
        "hint.play.duck_queen": "跟{card}：比{winner}小，正好把♠Q送给收墩的人",
        "hint.play.stop_moon": "用{card}收下这一墩：{seat}拿了目前全部的分，要阻止射月",
        "hint.play.win_clean": "出{card}：这一墩没有分，正好出掉大牌",
        "hint.play.forced": "出{card}：你的{suit}都比{winner}大，这张最合适",
        "hint.play.discard": "垫掉{card}：你没有{suit}",
        "hint.play.discard_shooter": "垫{card}：{seat}可能在射月，不把分给他",
        "number.1": "一",
        "number.2": "两",
        "number.3": "三",
        "number.4": "四",
        "number.5": "五",
        "number.6": "六",
        "number.7": "七",
        "number.8": "八",
        "number.9": "九",
        "number.10": "十",
        "number.11": "十一",
        "number.12": "十二",
        "number.13": "十三",
        # Statistics across games (hearts/stats.py).
        "stats.title": "统计",
        "stats.games_played": "已玩场数",
        "stats.games_won": "获胜场数",
        "stats.win_rate": "胜率",
        "stats.hands_played": "已玩手数",
        "stats.average_points": "平均每手得分",
        "stats.moons_shot": "射月次数",
        "stats.moons_suffered": "被射月次数",
        "stats.queens_taken": "收到♠Q次数",
        "stats.best_game": "最佳一场",
        "stats.worst_game": "最差一场",
        "stats.game_result": "{total} 分（{game}）",
        "stats.none": "—",
        "stats.reset": "重置统计",
        "stats.confirm_reset": "清除全部统计？",
        "stats.confirm_reset_detail": "场数、胜率等全部数据将清零，无法恢复。",
        # Score sheet (hearts/scoresheet.py).
        "scoresheet.title": "计分表",
        "scoresheet.caption": "每格为本手得分（累计总分）",
        "scoresheet.hand": "手",
        "scoresheet.deal_number": "牌局编号",
        "scoresheet.pass": "传牌",
        "scoresheet.moon": "射月",
        "scoresheet.cell": "{score}（{total}）",
        "scoresheet.pass.left": "左家",
        "scoresheet.pass.right": "右家",
        "scoresheet.pass.across": "对家",
        "scoresheet.pass.none": "不传",
        # Deal numbers and game records (hearts/record.py).
        "deal_number.label": "牌局编号",
        "deal_number.shown": "牌局编号 {number}",
        "deal_number.empty": "请输入牌局编号",
        "deal_number.not_digits": "牌局编号只能由数字组成",
        "deal_number.too_large": "牌局编号不能大于 {limit}",
        "record.filename": "红心大战牌局-{game}.json",
        # 「自动完成」 (hearts/autofinish.py).
        "autofinish.button": "自动完成",
        "autofinish.no_points": "剩下的牌里已经没有分数，可以自动完成本手",
        "autofinish.all_winners": "剩下的墩都归你，可以自动完成本手",
    },
}


def text(key: str, language: str = DEFAULT_LANGUAGE, **values: object) -> str:
    """Return the string for ``key`` in ``language``, formatted with ``values``.

    A missing key is a programming error, so it raises ``KeyError`` rather than showing a
    placeholder to the player.
    """
    template = STRINGS[language][key]
    return template.format(**values) if values else template
