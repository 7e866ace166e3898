"""Every user-facing string, per language, in one place.

Logic refers to strings by key; the page and the engine look them up with :func:`text`.
Keeping them here lets a translator work without reading code, and lets a test check that
no language misses a key.

The long texts of 「玩法」 (``rules.text.*``) are written one block per line: ``## `` starts a
heading, ``• `` an item of a list, ``1. `` a numbered step, any other line is a paragraph
(:func:`hearts.table.panels.blocks` reads them). Each language gives each section the same blocks.
"""

from __future__ import annotations

DEFAULT_LANGUAGE = "zh-Hans"
#: The languages a player can choose, in the order the settings list them.
LANGUAGES = ("zh-Hans", "zh-Hant", "en")

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "S": "♠", "H": "♥"}

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
        # The table (hearts/table/machine.py) and the page (index.html, web/main.py).
        "app.title": "红心大战",
        "loading.title": "红心大战",
        "loading.start": "正在加载…",
        "loading.runtime": "正在加载 Python 运行环境…",
        "loading.download": "正在下载… {done} / {total} MB",
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
        # Keeping the data (hearts.table.backups): 「导出存档」/「导入存档」, the browser's persistence.
        "backup.export": "导出存档",
        "backup.import": "导入存档",
        "backup.filename": "红心大战存档-{stamp}.json",
        "backup.protected": "数据已受保护",
        "backup.protected_detail": "浏览器不会自行清除这里的牌局、统计和设置（你清除浏览数据时仍会删除）。",
        "backup.unprotected": "数据未受保护",
        "backup.unprotected_detail": "空间不足或长期没有打开本站时，浏览器可能清除牌局、统计和设置。用「导出存档」另存一份，换浏览器或手机时用「导入存档」读回。",
        "backup.column.now": "现在",
        "backup.column.file": "存档中",
        "backup.row.game": "牌局",
        "backup.row.stats": "统计",
        "backup.row.reviews": "复盘评语",
        "backup.row.settings": "设置",
        "backup.game": "第 {number} 手 · 你 {total} 分",
        "backup.games": "{count} 场",
        "backup.verdicts": "{count} 条",
        "backup.exported_at": "存档导出于 {date}",
        "backup.confirm_detail": "导入会替换这个浏览器里的牌局、统计和设置，无法撤销。",
        "backup.confirm": "导入",
        "backup.unchanged": "这个浏览器里的内容没有任何改动。",
        "backup.not_json": "这个文件不是存档（无法读取）",
        "backup.truncated": "存档文件不完整，可能没有下载完",
        "backup.not_backup": "这个文件不是导出的存档（导出的牌局请用「导入牌局」打开）",
        "backup.too_new": "这个存档来自更新的版本，请先刷新页面更新本站",
        "backup.edited": "存档文件在导出后被改动过或已损坏",
        "backup.damaged": "存档中的数据已损坏，无法读取",
        "backup.not_saved": "浏览器拒绝保存数据，现在无法导入",
        "panel.superseded_restored": "另一个标签页导入了存档",
        "panel.superseded_restored_detail": "这个页面已暂停，不会覆盖导入的存档。按「在此页继续」载入它。",
        "button.install": "添加到主屏幕",
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
        "hint.pass.reasons.1": "传出{first}",
        "hint.pass.reasons.2": "传出{first}；{second}",
        "hint.pass.reasons.3": "传出{first}；{second}；{third}",
        "hint.pass.queen": "{card}：黑桃只有{count}张，容易被迫收下",
        "hint.pass.queen_long": "{card}：一张就是 13 分",
        "hint.pass.high_spade": "{cards}：不留♠Q，黑桃大牌容易收到别人垫的♠Q",
        "hint.pass.void": "{cards}：清空{suit}，之后别人出{suit}时你可以垫分",
        "hint.pass.high_heart": "{cards}：高红心在红心墩里容易被迫收下",
        "hint.pass.high_cards": "{cards}：大牌容易收墩",
        "hint.pass.spare": "{cards}：留在手里用处最小",
        "hint.play.only": "只能出{card}",
        "hint.play.shoot": "出{card}：牌很强，争取收齐全部分数射月",
        "hint.play.flush_queen": "先出{card}：用小黑桃逼出♠Q",
        "hint.play.lead_low": "先出{card}：别人还有更大的{suit}，这一墩多半不用收",
        "hint.play.lead_top": "先出{card}：别人没有更大的{suit}，这一墩归你",
        "hint.play.duck": "跟{card}：比{winner}小，不会收下这一墩",
        "hint.play.duck_queen": "跟{card}：比{winner}小，正好把♠Q送给收墩的人",
        "hint.play.stop_moon": "用{card}压过{seat}：他拿了目前全部的分，要阻止射月",
        "hint.play.win_clean": "出{card}：这一墩没有分，正好出掉大牌",
        "hint.play.beat": "出{card}：也能用更小的{suit}躲过{winner}，但 AI 算下来这张更好",
        "hint.play.forced": "出{card}：你的{suit}都比{winner}大，这张最合适",
        "hint.play.discard": "垫掉{card}：你没有{suit}",
        "hint.play.discard_shooter": "垫{card}：{seat}可能在射月，不把分给他",
        "hint.for_game": "{reason}（本手预计多失 {cost} 分，但临近 100 分，这样整局更有利）",
        # 复盘: the hand viewer and the AI's verdicts (hearts/table/replay.py, hearts/ai/verdicts.py).
        "review.play.costly": "出{cards} 预计多失 {cost} 分，更好的是 {better}",
        "review.play.sound": "出{cards}：没有明显失误",
        "review.pass.costly": "传出{cards} 预计多失 {cost} 分，更好的是传出{better}",
        "review.pass.sound": "传出{cards}：没有明显失误",
        "review.summary.costly": "本手决策共多失约 {cost} 分",
        "review.summary.sound": "本手决策没有明显失误",
        "review.play.costly_game": "出{cards} 让整局输面预计增加 {share}%，更好的是 {better}（临近 100 分，按整局胜负算）",
        "review.pass.costly_game": "传出{cards} 让整局输面预计增加 {share}%，更好的是传出{better}（临近 100 分，按整局胜负算）",
        "review.play.for_game": "出{cards}：本手预计多失 {cost} 分，但临近 100 分，这样整局更有利",
        "review.pass.for_game": "传出{cards}：本手预计多失 {cost} 分，但临近 100 分，这样整局更有利",
        "review.summary.costly_game": "本手决策共让整局输面增加约 {share}%",
        "review.pending": "AI 正在分析…",
        "button.review": "复盘",
        "button.previous_step": "上一步",
        "button.next_step": "下一步",
        "button.import": "导入牌局",
        "replay.title": "复盘 · 第 {number} 手",
        "replay.step_of": "第 {step}/{steps} 步",
        "replay.step.deal": "发牌",
        "replay.step.pass": "传牌",
        "replay.step.trick": "第 {number} 墩",
        "replay.passed": "{giver}把{cards}传给{receiver}",
        "replay.trick": "{leader}先出，{winner}收下这一墩，{points} 分",
        "replay.points": "{seat} {points} 分",
        "replay.cards": "{seat}的牌：{cards}",
        "replay.no_cards": "无",
        "replay.jump": "跳到",
        "replay.hands": "选择一手",
        "replay.costly_step": "{step}（有失误）",
        "replay.review_hand": "复盘第 {number} 手",
        "scoresheet.review_hint": "点手数可复盘",
        "import.not_json": "这个文件不是牌局记录（无法读取）",
        "import.not_record": "这个文件不是导出的牌局",
        "import.version": "这个牌局文件来自其他版本，无法读取",
        "import.malformed": "牌局文件不完整或已损坏",
        "import.impossible": "牌局中有规则不允许的发牌、传牌或出牌",
        "import.tampered": "牌局记录与它的出牌不符，可能被改动过",
        "import.no_hands": "这个牌局还没有打完的一手",
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
        # Statistics across games (hearts/table/stats.py).
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
        # Score sheet (hearts/table/scoresheet.py).
        "scoresheet.title": "计分表",
        "scoresheet.caption": "每格为本手得分（累计总分）",
        "scoresheet.hand": "手",
        "scoresheet.deal_number": "牌局编号",
        "scoresheet.pass": "传牌",
        "scoresheet.moon": "射月",
        "scoresheet.total": "（{total}）",
        "scoresheet.pass.left": "左家",
        "scoresheet.pass.right": "右家",
        "scoresheet.pass.across": "对家",
        "scoresheet.pass.none": "不传",
        # Deal numbers and game records (hearts/game/record.py).
        "deal_number.label": "牌局编号",
        "deal_number.shown": "牌局编号 {number}",
        "deal_number.empty": "请输入牌局编号",
        "deal_number.not_digits": "牌局编号只能由数字组成",
        "deal_number.too_large": "牌局编号不能大于 {limit}",
        "record.filename": "红心大战牌局-{game}.json",
        # 「自动完成」 (hearts/game/autofinish.py).
        "autofinish.button": "自动完成",
        "autofinish.no_points": "剩下的牌里已经没有分数，可以自动完成本手",
        "autofinish.all_winners": "剩下的墩都归你，可以自动完成本手",
        "autofinish.trick_settled": "{seat}必定收下这一墩的分，其余的牌里已经没有分数，可以自动完成本手",
        # Languages, settings, keyboard and screen reader (issue 6, items 6-8).
        "suit.C": "梅花",
        "suit.D": "方块",
        "suit.S": "黑桃",
        "suit.H": "红心",
        "rank_name.T": "10",
        "rank_name.J": "J",
        "rank_name.Q": "Q",
        "rank_name.K": "K",
        "rank_name.A": "A",
        "card.name": "{suit}{rank}",
        "list.separator": "、",
        "announce.play": "{seat}出{card}",
        "announce.trick": "{seat}收下这一墩",
        "button.settings": "设置",
        "settings.title": "设置",
        "settings.language": "语言",
        "settings.speed": "动画速度",
        "speed.slow": "慢",
        "speed.medium": "中",
        "speed.fast": "快",
        "settings.sound": "声音",
        "settings.dark": "深色主题",
        "settings.four_colour": "四色牌",
        "settings.large_cards": "大号牌",
        "settings.keys": "键盘：←/→ 选牌，Enter 选中/出牌/确认，H 提示，空格 快进，N 下一手",
        "language.zh-Hans": "简体中文",
        "language.zh-Hant": "繁體中文",
        "language.en": "English",
        # The table's panels for statistics, 上一墩, score sheet, deal numbers (issue 6, items 1-5).
        "button.last_trick": "上一墩",
        "button.start": "开始",
        "button.replay": "重玩此局",
        "button.export": "导出牌局",
        "column.card": "出牌",
        "column.taker": "收墩",
        "last_trick.title": "上一墩（第 {number} 墩）",
        "last_trick.took": "收下",
        "last_trick.taken": "{seat}收下这一墩，{points} 分",
        "scoresheet.empty": "还没有打完的一手",
        "deal_entry.button": "牌局编号",
        "deal_entry.title": "按牌局编号开局",
        "deal_entry.detail": "输入牌局编号，用这一局的牌开始新的一场；当前这一场的进度将会丢失。",
        "replay.detail": "新的一场第 1 手将用牌局编号 {number} 的牌。",
        "notice.unreadable_stats": "统计数据无法读取，已另存备份并重新统计",
        "notice.unreadable_stats_not_kept": "统计数据无法读取，且无法另存备份，统计暂不更新",
        # 「玩法」 (hearts.table.panels.rules_panel) and the newcomer's tips (hearts.table.tips), issue 22.
        "button.rules": "玩法",
        "rules.title": "玩法",
        "rules.contents": "目录",
        "rules.source": "下载源代码（zip）",
        "rules.section.rules": "规则",
        "rules.section.play": "操作",
        "rules.section.strategy": "技巧",
        "rules.section.fair": "公平",
        "rules.licenses": "开源许可",
        "licenses.intro": "本游戏的代码以 MIT 许可证发布。它随页面附带的开源软件如下，各附许可证全文与源代码地址。",
        "licenses.changes": (
            "Pyodide 与 PyScript 的文件未经改动，只是构建时去掉了指向源映射文件的注释；"
            "python_stdlib.zip 中页面用到的模块换成了构建时编译的字节码。"
        ),
        "settings.tips": "新手提示",
        "tip.label": "新手提示：",
        "tip.dismiss": "知道了",
        "tip.pass": "传牌：送走危险的牌，如 ♠Q、♠A、♠K",
        "tip.dimmed": "压暗的牌现在不能出，点它可看原因",
        "tip.hearts_broken": "已破心：下一墩起可以首攻红心",
        "tip.moon_threat": "射月威胁：别让{seat}收齐全部 26 分",
        "rules.text.rules": (
            "## 牌与目标\n"
            "一副 52 张标准扑克牌，不用大小王。四人各自为战，每手每人发 13 张。你坐在下方，左家、对家和右家是电脑，出牌按顺时针轮转。\n"
            "点数从小到大是 2、3……10、J、Q、K、A。没有主牌，四种花色地位相同。\n"
            "目标是尽量少收分：收到的红心和黑桃 Q 都是罚分。一场打完时总分最低的人获胜。\n"
            "## 传牌\n"
            "每手开始时，四家同时各选 3 张牌交给另一家，方向按手数循环：\n"
            "1. 第 1 手传给左家；\n"
            "2. 第 2 手传给右家；\n"
            "3. 第 3 手传给对家；\n"
            "4. 第 4 手不传；\n"
            "5. 第 5 手又传给左家，依此类推。\n"
            "四家都选好后才同时交换，所以收到的 3 张要在交换后才看得到。确认之前可以改选，确认后不能撤回。\n"
            "## 出牌\n"
            "交换之后，持有梅花 2 的人首攻，第一墩的第一张必须是 ♣2。之后每墩按顺时针每家出 1 张：\n"
            "• 手里有首攻的花色，就必须跟这门花色；\n"
            "• 没有这门花色，才可以垫任意一张牌（受下面两条限制）；\n"
            "• 首攻花色中点数最大的牌收下这一墩，收墩的人首攻下一墩。别的花色再大也收不到墩。\n"
            "## 第一墩不能出分\n"
            "第一墩里，如果你没有梅花，而手里还有不是红心、也不是黑桃 Q 的牌，就只能垫这样的牌。只有手里全是罚分牌时，才可以出红心或黑桃 Q。\n"
            "## 破心\n"
            "本手还没有红心被打出时叫「未破心」，这时不能首攻红心，除非手里只剩红心。一旦有红心被打出（通常是有人缺门时垫出），就破心了，从下一墩起谁都可以首攻红心。黑桃 Q 被打出不算破心。\n"
            "## 计分\n"
            "每手 13 墩打完后结算：收到的每张红心计 1 分，收到黑桃 Q 计 13 分，一手共 26 分。例如本手收到 5 张红心和黑桃 Q，就是 18 分。\n"
            "## 射月\n"
            "如果一家在同一手里收齐全部 13 张红心和黑桃 Q，这一家本手记 0 分，其余三家各加 26 分。\n"
            "## 一场的结束\n"
            "每手结算后，只要有人总分达到或超过 100，并且最低分只有一人，这一场就结束，最低分的人获胜。最低分有两人或以上并列时，继续打下一手，直到手末出现唯一的最低分。\n"
            "例如手末总分为 100、40、40、90：40 分并列最低，继续下一手。若为 104、60、75、88：这一场结束，60 分的一家获胜。\n"
            "## 本站的打法\n"
            "四人对局，首墩不能出分，黑桃 Q 不算破心，射月固定给其余三家各加 26 分，最低分并列时加打。有的牌桌允许射月的人改为自己减 26 分，或把黑桃 Q 也算作破心，这些在本站都不启用。"
        ),
        "rules.text.play": (
            "## 传牌\n"
            "点 3 张牌选中它们，再按「传给左家」这类按钮确认；确认之前，再点一次已选的牌可以取消。不传的那一手会显示「本手不传」，直接出牌。收到的牌标着「收到」，直到你本手第一次出牌。\n"
            "## 出牌\n"
            "轮到你时，点一张牌选中它，再按「出牌」；也可以再点一次同一张牌直接出。想换一张，点别的牌即可。落牌无悔，本游戏没有撤销。\n"
            "## 压暗的牌\n"
            "按规则现在不能出的牌会压暗，但仍然看得见。点一下压暗的牌，会说明原因，例如「须跟梅花」「首墩不能出分」「尚未破心，不能首攻红心」。\n"
            "## 按钮\n"
            "• 「提示」：传牌时选好推荐的 3 张，出牌时推荐 1 张，并说明理由。\n"
            "• 「快进」：电脑连续出牌时加快；点牌桌中间的一墩可以跳过收墩动画。\n"
            "• 「上一墩」：看刚收走的那一墩谁出了什么。\n"
            "• 「自动完成」：剩下的结果已经确定时，一次打完本手。\n"
            "• 「菜单」：难度（从下一手起生效）、「设置」、「新游戏」、「计分表」、「统计」和「牌局编号」。\n"
            "## 牌桌上的标记\n"
            "「♥ 已破心」和「♠Q 已出」显示在上方；某家收下了目前全部的分时，他的座位旁会显示「射月威胁」。每个座位都显示本手分和总分。\n"
            "## 键盘\n"
            "←/→ 选牌，Enter 选中、出牌或确认，H 提示，空格 快进，N 下一手，Esc 关闭菜单或面板。\n"
            "## 设置与保存\n"
            "「设置」里可以换语言、动画速度和声音，打开「深色主题」「四色牌」「大号牌」或「新手提示」。游戏随时自动保存：刷新页面、旋转手机或进出全屏后，都从离开的地方继续。\n"
            "## 留住你的记录\n"
            "浏览器可能清除网站保存的数据：苹果手机和平板上的浏览器在七天没有打开本站后就会清除。在 Safari 里点分享按钮，选「添加到主屏幕」，以后从主屏幕打开，牌局和统计就会一直保留。「设置」里的「导出存档」把牌局、统计、复盘评语和设置存成一个文件，换浏览器或手机时用「导入存档」读回。"
        ),
        "rules.text.strategy": (
            "## 传牌先处理黑桃高牌\n"
            "黑桃 Q 是最危险的一张。黑桃很少时，♠Q、♠K、♠A 很容易被迫收下 13 分，可以考虑传出去。反过来，有四五张以上的小黑桃护着，留着 ♠Q 反而更安全，还能在别人缺黑桃时伺机垫出。\n"
            "## 制造缺门\n"
            "用传牌清空一门短花色，例如只有两三张的方块。之后别人首攻这门花色时，你就可以垫红心或黑桃 Q，把分送给别人。\n"
            "## 高红心要尽早处理\n"
            "红心 A、K、Q 在红心墩里很容易被迫收下。传牌时可以把它们传出；留在手里的，就在缺门垫牌时优先垫掉，或在已有更大红心的墩里跟出。\n"
            "## 记住谁缺哪门\n"
            "某家垫牌，就说明他已经没有首攻的花色。记住这些，你就能判断下次首攻这门花色时，谁会把分垫给你。\n"
            "## 小牌是保护\n"
            "手里留几张小牌，后面的墩才能从容跟小，避免被迫收墩。尽早出掉中间偏大的安全牌，比把小牌早早用光更稳妥。\n"
            "## 盯住射月\n"
            "某家收下了目前出现的全部分数时，他的座位旁会显示「射月威胁」，他可能正在尝试射月。这时哪怕自己收一张红心，也比让他收齐 26 分、自己加 26 分划算。"
        ),
        "rules.text.fair": (
            "电脑对手不会偷看。它们知道的，只是坐在那个位置的人本来就能知道的：自己的手牌、自己传出和收到的牌、已经打出的每一张牌，以及各家的分数。\n"
            "这一点不靠自觉，而是写在程序里：轮到电脑或「提示」出主意时，程序只把这个座位能看到的东西交给它，别家的手牌根本不在其中。另有一项自动检查：把看不见的牌重新分一遍，只要这个座位看到的一样，电脑的选择就必须完全一样。\n"
            "发牌也不偏向任何一方：每手的牌只由它的牌局编号决定。手末面板会显示这个编号，按「重玩此局」就能用同一副牌再打一场。\n"
            "想亲自核对的话，本站的全部源代码都可以下载："
        ),
    },
    "zh-Hant": {
        "illegal.wrong_phase": "現在不能出牌",
        "illegal.not_your_turn": "還沒輪到你出牌",
        "illegal.not_in_hand": "你手裡沒有這張牌",
        "illegal.must_lead_2c": "首墩須先出梅花2",
        "illegal.must_follow.C": "須跟梅花",
        "illegal.must_follow.D": "須跟方塊",
        "illegal.must_follow.S": "須跟黑桃",
        "illegal.must_follow.H": "須跟紅心",
        "illegal.points_on_first_trick": "首墩不能出分",
        "illegal.hearts_not_broken": "尚未破心，不能首攻紅心",
        "seat.0": "你",
        "seat.1": "左家",
        "seat.2": "對家",
        "seat.3": "右家",
        "pass.left": "傳給左家",
        "pass.right": "傳給右家",
        "pass.across": "傳給對家",
        "pass.none": "本手不傳",
        "app.title": "紅心大戰",
        "loading.title": "紅心大戰",
        "loading.start": "正在載入…",
        "loading.runtime": "正在載入 Python 執行環境…",
        "loading.download": "正在下載… {done} / {total} MB",
        "loading.game": "正在擺好牌桌…",
        "loading.failed": "載入失敗",
        "error.title": "出錯了",
        "error.detail": "遊戲遇到了意外錯誤。已儲存的進度不會遺失，重新開始即可繼續。",
        "button.restart": "重新開始",
        "rank.T": "10",
        "suit_symbol.C": "♣",
        "suit_symbol.D": "♦",
        "suit_symbol.S": "♠",
        "suit_symbol.H": "♥",
        "level.easy": "簡單",
        "level.normal": "普通",
        "level.hard": "困難",
        "marker.hearts_broken": "♥ 已破心",
        "marker.queen_played": "♠Q 已出",
        "marker.moon_threat": "射月威脅",
        "status.hand": "第 {number} 手",
        "status.level": "難度：{level}",
        "prompt.pass": "選 3 張牌{direction}（已選 {count}/3）",
        "prompt.your_turn": "輪到你出牌",
        "prompt.waiting": "{seat}出牌中…",
        "seat.summary": "本手 {points} 分 · 總分 {total}",
        "seat.points_label": "本手",
        "seat.total_label": "總分",
        "seat.region": "{seat}的座位",
        "hand.region": "你的手牌",
        "trick.region": "目前一墩",
        "button.play": "出牌",
        "button.hint": "提示",
        "button.menu": "選單",
        "button.fast_forward": "快轉",
        "button.fullscreen": "全螢幕",
        "button.exit_fullscreen": "退出全螢幕",
        "button.new_game": "新遊戲",
        "button.next_hand": "下一手",
        "button.play_again": "再來一場",
        "button.confirm": "確定",
        "button.cancel": "取消",
        "button.continue_here": "在此頁繼續",
        # Keeping the data (hearts.table.backups): 「匯出存檔」/「匯入存檔」, the browser's persistence.
        "backup.export": "匯出存檔",
        "backup.import": "匯入存檔",
        "backup.filename": "紅心大戰存檔-{stamp}.json",
        "backup.protected": "資料已受保護",
        "backup.protected_detail": "瀏覽器不會自行清除這裡的牌局、統計和設定（你清除瀏覽資料時仍會刪除）。",
        "backup.unprotected": "資料未受保護",
        "backup.unprotected_detail": "空間不足或長期沒有開啟本站時，瀏覽器可能清除牌局、統計和設定。用「匯出存檔」另存一份，換瀏覽器或手機時用「匯入存檔」讀回。",
        "backup.column.now": "現在",
        "backup.column.file": "存檔中",
        "backup.row.game": "牌局",
        "backup.row.stats": "統計",
        "backup.row.reviews": "復盤評語",
        "backup.row.settings": "設定",
        "backup.game": "第 {number} 手 · 你 {total} 分",
        "backup.games": "{count} 場",
        "backup.verdicts": "{count} 條",
        "backup.exported_at": "存檔匯出於 {date}",
        "backup.confirm_detail": "匯入會取代這個瀏覽器裡的牌局、統計和設定，無法復原。",
        "backup.confirm": "匯入",
        "backup.unchanged": "這個瀏覽器裡的內容沒有任何改動。",
        "backup.not_json": "這個檔案不是存檔（無法讀取）",
        "backup.truncated": "存檔檔案不完整，可能沒有下載完",
        "backup.not_backup": "這個檔案不是匯出的存檔（匯出的牌局請用「匯入牌局」開啟）",
        "backup.too_new": "這個存檔來自較新的版本，請先重新整理頁面更新本站",
        "backup.edited": "存檔檔案在匯出後被改動過或已損毀",
        "backup.damaged": "存檔中的資料已損毀，無法讀取",
        "backup.not_saved": "瀏覽器拒絕儲存資料，現在無法匯入",
        "panel.superseded_restored": "另一個分頁匯入了存檔",
        "panel.superseded_restored_detail": "這個頁面已暫停，不會覆蓋匯入的存檔。按「在此頁繼續」載入它。",
        "button.install": "加入主畫面",
        "button.close": "關閉",
        "menu.level": "難度",
        "message.pass_three_only": "只能選 3 張，先點已選的牌取消",
        "message.level_next_hand": "難度改為{level}，從下一手開始生效",
        "message.level_unchanged": "難度維持{level}",
        "label.received": "收到",
        "panel.hand_over": "第 {number} 手結束",
        "panel.moon": "{seat}射月！收齊全部 26 分，其餘三家各加 26 分",
        "panel.level_from_now": "從下一手起難度：{level}",
        "panel.victory": "勝利",
        "panel.defeat": "失敗",
        "panel.rank": "第 {rank} 名",
        "panel.confirm_new_game": "開始新遊戲？",
        "panel.confirm_new_game_detail": "目前這一場的進度將會遺失。",
        "panel.superseded": "遊戲已在另一個分頁中繼續",
        "panel.superseded_detail": "為避免進度衝突，這個頁面已暫停。",
        "column.seat": "玩家",
        "column.hand_points": "本手得分",
        "column.total": "總分",
        "column.rank": "名次",
        "notice.unreadable_save": "存檔無法讀取，已另存備份並開始新遊戲",
        "notice.unreadable_not_kept": "存檔無法讀取，且無法另存備份",
        "notice.not_saved": "瀏覽器儲存空間無法使用或已滿，進度不會儲存",
        "pwa.update": "有新版本，重新整理即可更新",
        "pwa.offline_missing": "離線時缺少遊戲檔案 {file}，請連上網路後重新整理一次",
        "pwa.description": "與三名電腦對手玩紅心大戰，離線也能玩",
        "hint.pass.reasons.1": "傳出{first}",
        "hint.pass.reasons.2": "傳出{first}；{second}",
        "hint.pass.reasons.3": "傳出{first}；{second}；{third}",
        "hint.pass.queen": "{card}：黑桃只有{count}張，容易被迫收下",
        "hint.pass.queen_long": "{card}：一張就是 13 分",
        "hint.pass.high_spade": "{cards}：不留♠Q，黑桃大牌容易收到別人墊的♠Q",
        "hint.pass.void": "{cards}：清空{suit}，之後別人出{suit}時你可以墊分",
        "hint.pass.high_heart": "{cards}：高紅心在紅心墩裡容易被迫收下",
        "hint.pass.high_cards": "{cards}：大牌容易收墩",
        "hint.pass.spare": "{cards}：留在手裡用處最小",
        "hint.play.only": "只能出{card}",
        "hint.play.shoot": "出{card}：牌很強，爭取收齊全部分數射月",
        "hint.play.flush_queen": "先出{card}：用小黑桃逼出♠Q",
        "hint.play.lead_low": "先出{card}：別人還有更大的{suit}，這一墩多半不用收",
        "hint.play.lead_top": "先出{card}：別人沒有更大的{suit}，這一墩歸你",
        "hint.play.duck": "跟{card}：比{winner}小，不會收下這一墩",
        "hint.play.duck_queen": "跟{card}：比{winner}小，正好把♠Q送給收墩的人",
        "hint.play.stop_moon": "用{card}壓過{seat}：他拿了目前全部的分，要阻止射月",
        "hint.play.win_clean": "出{card}：這一墩沒有分，正好出掉大牌",
        "hint.play.beat": "出{card}：也能用更小的{suit}躲過{winner}，但 AI 算下來這張更好",
        "hint.play.forced": "出{card}：你的{suit}都比{winner}大，這張最合適",
        "hint.play.discard": "墊掉{card}：你沒有{suit}",
        "hint.play.discard_shooter": "墊{card}：{seat}可能在射月，不把分給他",
        "hint.for_game": "{reason}（本手預計多失 {cost} 分，但臨近 100 分，這樣整局更有利）",
        "review.play.costly": "出{cards} 預計多失 {cost} 分，更好的是 {better}",
        "review.play.sound": "出{cards}：沒有明顯失誤",
        "review.pass.costly": "傳出{cards} 預計多失 {cost} 分，更好的是傳出{better}",
        "review.pass.sound": "傳出{cards}：沒有明顯失誤",
        "review.summary.costly": "本手決策共多失約 {cost} 分",
        "review.summary.sound": "本手決策沒有明顯失誤",
        "review.play.costly_game": "出{cards} 讓整局輸面預計增加 {share}%，更好的是 {better}（臨近 100 分，按整局勝負算）",
        "review.pass.costly_game": "傳出{cards} 讓整局輸面預計增加 {share}%，更好的是傳出{better}（臨近 100 分，按整局勝負算）",
        "review.play.for_game": "出{cards}：本手預計多失 {cost} 分，但臨近 100 分，這樣整局更有利",
        "review.pass.for_game": "傳出{cards}：本手預計多失 {cost} 分，但臨近 100 分，這樣整局更有利",
        "review.summary.costly_game": "本手決策共讓整局輸面增加約 {share}%",
        "review.pending": "AI 正在分析…",
        "button.review": "復盤",
        "button.previous_step": "上一步",
        "button.next_step": "下一步",
        "button.import": "匯入牌局",
        "replay.title": "復盤 · 第 {number} 手",
        "replay.step_of": "第 {step}/{steps} 步",
        "replay.step.deal": "發牌",
        "replay.step.pass": "傳牌",
        "replay.step.trick": "第 {number} 墩",
        "replay.passed": "{giver}把{cards}傳給{receiver}",
        "replay.trick": "{leader}先出，{winner}收下這一墩，{points} 分",
        "replay.points": "{seat} {points} 分",
        "replay.cards": "{seat}的牌：{cards}",
        "replay.no_cards": "無",
        "replay.jump": "跳到",
        "replay.hands": "選擇一手",
        "replay.costly_step": "{step}（有失誤）",
        "replay.review_hand": "復盤第 {number} 手",
        "scoresheet.review_hint": "點手數可復盤",
        "import.not_json": "這個檔案不是牌局紀錄（無法讀取）",
        "import.not_record": "這個檔案不是匯出的牌局",
        "import.version": "這個牌局檔案來自其他版本，無法讀取",
        "import.malformed": "牌局檔案不完整或已損毀",
        "import.impossible": "牌局中有規則不允許的發牌、傳牌或出牌",
        "import.tampered": "牌局紀錄與它的出牌不符，可能被改動過",
        "import.no_hands": "這個牌局還沒有打完的一手",
        "number.1": "一",
        "number.2": "兩",
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
        "stats.title": "統計",
        "stats.games_played": "已玩場數",
        "stats.games_won": "獲勝場數",
        "stats.win_rate": "勝率",
        "stats.hands_played": "已玩手數",
        "stats.average_points": "平均每手得分",
        "stats.moons_shot": "射月次數",
        "stats.moons_suffered": "被射月次數",
        "stats.queens_taken": "收到♠Q次數",
        "stats.best_game": "最佳一場",
        "stats.worst_game": "最差一場",
        "stats.game_result": "{total} 分（{game}）",
        "stats.none": "—",
        "stats.reset": "重設統計",
        "stats.confirm_reset": "清除全部統計？",
        "stats.confirm_reset_detail": "場數、勝率等全部資料將歸零，無法復原。",
        "scoresheet.title": "計分表",
        "scoresheet.caption": "每格為本手得分（累計總分）",
        "scoresheet.hand": "手",
        "scoresheet.deal_number": "牌局編號",
        "scoresheet.pass": "傳牌",
        "scoresheet.moon": "射月",
        "scoresheet.total": "（{total}）",
        "scoresheet.pass.left": "左家",
        "scoresheet.pass.right": "右家",
        "scoresheet.pass.across": "對家",
        "scoresheet.pass.none": "不傳",
        "deal_number.label": "牌局編號",
        "deal_number.shown": "牌局編號 {number}",
        "deal_number.empty": "請輸入牌局編號",
        "deal_number.not_digits": "牌局編號只能由數字組成",
        "deal_number.too_large": "牌局編號不能大於 {limit}",
        "record.filename": "紅心大戰牌局-{game}.json",
        "autofinish.button": "自動完成",
        "autofinish.no_points": "剩下的牌裡已經沒有分數，可以自動完成本手",
        "autofinish.all_winners": "剩下的墩都歸你，可以自動完成本手",
        "autofinish.trick_settled": "{seat}必定收下這一墩的分，其餘的牌裡已經沒有分數，可以自動完成本手",
        "suit.C": "梅花",
        "suit.D": "方塊",
        "suit.S": "黑桃",
        "suit.H": "紅心",
        "rank_name.T": "10",
        "rank_name.J": "J",
        "rank_name.Q": "Q",
        "rank_name.K": "K",
        "rank_name.A": "A",
        "card.name": "{suit}{rank}",
        "list.separator": "、",
        "announce.play": "{seat}出{card}",
        "announce.trick": "{seat}收下這一墩",
        "button.settings": "設定",
        "settings.title": "設定",
        "settings.language": "語言",
        "settings.speed": "動畫速度",
        "speed.slow": "慢",
        "speed.medium": "中",
        "speed.fast": "快",
        "settings.sound": "聲音",
        "settings.dark": "深色主題",
        "settings.four_colour": "四色牌",
        "settings.large_cards": "大號牌",
        "settings.keys": "鍵盤：←/→ 選牌，Enter 選取/出牌/確認，H 提示，空白鍵 快轉，N 下一手",
        "language.zh-Hans": "简体中文",
        "language.zh-Hant": "繁體中文",
        "language.en": "English",
        # The table's panels for statistics, 上一墩, score sheet, deal numbers (issue 6, items 1-5).
        "button.last_trick": "上一墩",
        "button.start": "開始",
        "button.replay": "重玩此局",
        "button.export": "匯出牌局",
        "column.card": "出牌",
        "column.taker": "收墩",
        "last_trick.title": "上一墩（第 {number} 墩）",
        "last_trick.took": "收下",
        "last_trick.taken": "{seat}收下這一墩，{points} 分",
        "scoresheet.empty": "還沒有打完的一手",
        "deal_entry.button": "牌局編號",
        "deal_entry.title": "按牌局編號開局",
        "deal_entry.detail": "輸入牌局編號，用這一局的牌開始新的一場；目前這一場的進度將會遺失。",
        "replay.detail": "新的一場第 1 手將用牌局編號 {number} 的牌。",
        "notice.unreadable_stats": "統計資料無法讀取，已另存備份並重新統計",
        "notice.unreadable_stats_not_kept": "統計資料無法讀取，且無法另存備份，統計暫不更新",
        # 「玩法」 (hearts.table.panels.rules_panel) and the newcomer's tips (hearts.table.tips), issue 22.
        "button.rules": "玩法",
        "rules.title": "玩法",
        "rules.contents": "目錄",
        "rules.source": "下載原始碼（zip）",
        "rules.section.rules": "規則",
        "rules.section.play": "操作",
        "rules.section.strategy": "技巧",
        "rules.section.fair": "公平",
        "rules.licenses": "開源授權",
        "licenses.intro": "本遊戲的程式碼以 MIT 授權條款發布。它隨頁面附帶的開源軟體如下，各附授權條款全文與原始碼位址。",
        "licenses.changes": (
            "Pyodide 與 PyScript 的檔案未經改動，只是建置時去掉了指向原始碼對應檔的註解；"
            "python_stdlib.zip 中頁面用到的模組換成了建置時編譯的位元組碼。"
        ),
        "settings.tips": "新手提示",
        "tip.label": "新手提示：",
        "tip.dismiss": "知道了",
        "tip.pass": "傳牌：送走危險的牌，如 ♠Q、♠A、♠K",
        "tip.dimmed": "壓暗的牌現在不能出，點它可看原因",
        "tip.hearts_broken": "已破心：下一墩起可以首攻紅心",
        "tip.moon_threat": "射月威脅：別讓{seat}收齊全部 26 分",
        "rules.text.rules": (
            "## 牌與目標\n"
            "一副 52 張標準撲克牌，不用鬼牌。四人各自為戰，每手每人發 13 張。你坐在下方，左家、對家和右家是電腦，出牌按順時針輪轉。\n"
            "點數從小到大是 2、3……10、J、Q、K、A。沒有王牌，四種花色地位相同。\n"
            "目標是盡量少收分：收到的紅心和黑桃 Q 都是罰分。一場打完時總分最低的人獲勝。\n"
            "## 傳牌\n"
            "每手開始時，四家同時各選 3 張牌交給另一家，方向按手數循環：\n"
            "1. 第 1 手傳給左家；\n"
            "2. 第 2 手傳給右家；\n"
            "3. 第 3 手傳給對家；\n"
            "4. 第 4 手不傳；\n"
            "5. 第 5 手又傳給左家，依此類推。\n"
            "四家都選好後才同時交換，所以收到的 3 張要在交換後才看得到。確認之前可以改選，確認後不能撤回。\n"
            "## 出牌\n"
            "交換之後，持有梅花 2 的人首攻，第一墩的第一張必須是 ♣2。之後每墩按順時針每家出 1 張：\n"
            "• 手裡有首攻的花色，就必須跟這門花色；\n"
            "• 沒有這門花色，才可以墊任意一張牌（受下面兩條限制）；\n"
            "• 首攻花色中點數最大的牌收下這一墩，收墩的人首攻下一墩。別的花色再大也收不到墩。\n"
            "## 第一墩不能出分\n"
            "第一墩裡，如果你沒有梅花，而手裡還有不是紅心、也不是黑桃 Q 的牌，就只能墊這樣的牌。只有手裡全是罰分牌時，才可以出紅心或黑桃 Q。\n"
            "## 破心\n"
            "本手還沒有紅心被打出時叫「未破心」，這時不能首攻紅心，除非手裡只剩紅心。一旦有紅心被打出（通常是有人缺門時墊出），就破心了，從下一墩起誰都可以首攻紅心。黑桃 Q 被打出不算破心。\n"
            "## 計分\n"
            "每手 13 墩打完後結算：收到的每張紅心計 1 分，收到黑桃 Q 計 13 分，一手共 26 分。例如本手收到 5 張紅心和黑桃 Q，就是 18 分。\n"
            "## 射月\n"
            "如果一家在同一手裡收齊全部 13 張紅心和黑桃 Q，這一家本手記 0 分，其餘三家各加 26 分。\n"
            "## 一場的結束\n"
            "每手結算後，只要有人總分達到或超過 100，並且最低分只有一人，這一場就結束，最低分的人獲勝。最低分有兩人或以上並列時，繼續打下一手，直到手末出現唯一的最低分。\n"
            "例如手末總分為 100、40、40、90：40 分並列最低，繼續下一手。若為 104、60、75、88：這一場結束，60 分的一家獲勝。\n"
            "## 本站的打法\n"
            "四人對局，首墩不能出分，黑桃 Q 不算破心，射月固定給其餘三家各加 26 分，最低分並列時加打。有的牌桌允許射月的人改為自己減 26 分，或把黑桃 Q 也算作破心，這些在本站都不採用。"
        ),
        "rules.text.play": (
            "## 傳牌\n"
            "點 3 張牌選取它們，再按「傳給左家」這類按鈕確認；確認之前，再點一次已選的牌可以取消。不傳的那一手會顯示「本手不傳」，直接出牌。收到的牌標著「收到」，直到你本手第一次出牌。\n"
            "## 出牌\n"
            "輪到你時，點一張牌選取它，再按「出牌」；也可以再點一次同一張牌直接出。想換一張，點別的牌即可。落牌無悔，本遊戲沒有復原。\n"
            "## 壓暗的牌\n"
            "按規則現在不能出的牌會壓暗，但仍然看得見。點一下壓暗的牌，會說明原因，例如「須跟梅花」「首墩不能出分」「尚未破心，不能首攻紅心」。\n"
            "## 按鈕\n"
            "• 「提示」：傳牌時選好推薦的 3 張，出牌時推薦 1 張，並說明理由。\n"
            "• 「快轉」：電腦連續出牌時加快；點牌桌中間的一墩可以跳過收墩動畫。\n"
            "• 「上一墩」：看剛收走的那一墩誰出了什麼。\n"
            "• 「自動完成」：剩下的結果已經確定時，一次打完本手。\n"
            "• 「選單」：難度（從下一手起生效）、「設定」、「新遊戲」、「計分表」、「統計」和「牌局編號」。\n"
            "## 牌桌上的標記\n"
            "「♥ 已破心」和「♠Q 已出」顯示在上方；某家收下了目前全部的分時，他的座位旁會顯示「射月威脅」。每個座位都顯示本手分和總分。\n"
            "## 鍵盤\n"
            "←/→ 選牌，Enter 選取、出牌或確認，H 提示，空白鍵 快轉，N 下一手，Esc 關閉選單或面板。\n"
            "## 設定與儲存\n"
            "「設定」裡可以換語言、動畫速度和聲音，打開「深色主題」「四色牌」「大號牌」或「新手提示」。遊戲隨時自動儲存：重新整理頁面、旋轉手機或進出全螢幕後，都從離開的地方繼續。\n"
            "## 留住你的紀錄\n"
            "瀏覽器可能清除網站儲存的資料：蘋果手機和平板上的瀏覽器在七天沒有開啟本站後就會清除。在 Safari 裡點分享按鈕，選「加入主畫面」，以後從主畫面開啟，牌局和統計就會一直保留。「設定」裡的「匯出存檔」把牌局、統計、復盤評語和設定存成一個檔案，換瀏覽器或手機時用「匯入存檔」讀回。"
        ),
        "rules.text.strategy": (
            "## 傳牌先處理黑桃大牌\n"
            "黑桃 Q 是最危險的一張。黑桃很少時，♠Q、♠K、♠A 很容易被迫收下 13 分，可以考慮傳出去。反過來，有四五張以上的小黑桃護著，留著 ♠Q 反而更安全，還能在別人缺黑桃時伺機墊出。\n"
            "## 製造缺門\n"
            "用傳牌清空一門短花色，例如只有兩三張的方塊。之後別人首攻這門花色時，你就可以墊紅心或黑桃 Q，把分送給別人。\n"
            "## 高紅心要盡早處理\n"
            "紅心 A、K、Q 在紅心墩裡很容易被迫收下。傳牌時可以把它們傳出；留在手裡的，就在缺門墊牌時優先墊掉，或在已有更大紅心的墩裡跟出。\n"
            "## 記住誰缺哪門\n"
            "某家墊牌，就說明他已經沒有首攻的花色。記住這些，你就能判斷下次首攻這門花色時，誰會把分墊給你。\n"
            "## 小牌是保護\n"
            "手裡留幾張小牌，後面的墩才能從容跟小，避免被迫收墩。盡早出掉中間偏大的安全牌，比把小牌早早用光更穩妥。\n"
            "## 盯住射月\n"
            "某家收下了目前出現的全部分數時，他的座位旁會顯示「射月威脅」，他可能正在嘗試射月。這時哪怕自己收一張紅心，也比讓他收齊 26 分、自己加 26 分划算。"
        ),
        "rules.text.fair": (
            "電腦對手不會偷看。它們知道的，只是坐在那個位置的人本來就能知道的：自己的手牌、自己傳出和收到的牌、已經打出的每一張牌，以及各家的分數。\n"
            "這一點不靠自覺，而是寫在程式裡：輪到電腦或「提示」出主意時，程式只把這個座位能看到的東西交給它，別家的手牌根本不在其中。另有一項自動檢查：把看不見的牌重新分一遍，只要這個座位看到的一樣，電腦的選擇就必須完全一樣。\n"
            "發牌也不偏向任何一方：每手的牌只由它的牌局編號決定。手末面板會顯示這個編號，按「重玩此局」就能用同一副牌再打一場。\n"
            "想親自核對的話，本站的全部原始碼都可以下載："
        ),
    },
    "en": {
        "illegal.wrong_phase": "You can't play a card now",
        "illegal.not_your_turn": "It's not your turn yet",
        "illegal.not_in_hand": "You don't hold that card",
        "illegal.must_lead_2c": "The first trick must be led with the 2 of clubs",
        "illegal.must_follow.C": "You must follow clubs",
        "illegal.must_follow.D": "You must follow diamonds",
        "illegal.must_follow.S": "You must follow spades",
        "illegal.must_follow.H": "You must follow hearts",
        "illegal.points_on_first_trick": "No points on the first trick",
        "illegal.hearts_not_broken": "Hearts aren't broken yet: you can't lead a heart",
        "seat.0": "You",
        "seat.1": "Left",
        "seat.2": "Across",
        "seat.3": "Right",
        "pass.left": "Pass left",
        "pass.right": "Pass right",
        "pass.across": "Pass across",
        "pass.none": "No passing this hand",
        "app.title": "Hearts",
        "loading.title": "Hearts",
        "loading.start": "Loading…",
        "loading.runtime": "Loading the Python runtime…",
        "loading.download": "Downloading… {done} / {total} MB",
        "loading.game": "Setting up the table…",
        "loading.failed": "Loading failed",
        "error.title": "Something went wrong",
        "error.detail": "The game hit an unexpected error. Your saved progress is safe: restart to carry on.",
        "button.restart": "Restart",
        "rank.T": "10",
        "suit_symbol.C": "♣",
        "suit_symbol.D": "♦",
        "suit_symbol.S": "♠",
        "suit_symbol.H": "♥",
        "level.easy": "Easy",
        "level.normal": "Normal",
        "level.hard": "Hard",
        "marker.hearts_broken": "♥ broken",
        "marker.queen_played": "♠Q played",
        "marker.moon_threat": "Moon threat",
        "status.hand": "Hand {number}",
        "status.level": "Level: {level}",
        "prompt.pass": "Choose 3 cards: {direction} ({count}/3 chosen)",
        "prompt.your_turn": "Your turn",
        "prompt.waiting": "{seat} is playing…",
        "seat.summary": "This hand {points} · Total {total}",
        "seat.points_label": "This hand",
        "seat.total_label": "Total",
        "seat.region": "Seat: {seat}",
        "hand.region": "Your hand",
        "trick.region": "Current trick",
        "button.play": "Play",
        "button.hint": "Hint",
        "button.menu": "Menu",
        "button.fast_forward": "Fast forward",
        "button.fullscreen": "Full screen",
        "button.exit_fullscreen": "Exit full screen",
        "button.new_game": "New game",
        "button.next_hand": "Next hand",
        "button.play_again": "Play again",
        "button.confirm": "OK",
        "button.cancel": "Cancel",
        "button.continue_here": "Continue here",
        # Keeping the data (hearts.table.backups): export and import, the browser's persistence.
        "backup.export": "Export saved data",
        "backup.import": "Import saved data",
        "backup.filename": "hearts-backup-{stamp}.json",
        "backup.protected": "Your data is protected",
        "backup.protected_detail": "The browser won't delete the game, statistics and settings kept here on its own (clearing browsing data still does).",
        "backup.unprotected": "Your data is not protected",
        "backup.unprotected_detail": "When space runs low, or after a long time without a visit, the browser may delete the game, statistics and settings. “Export saved data” keeps a copy; “Import saved data” reads it back in another browser or on another phone.",
        "backup.column.now": "Now",
        "backup.column.file": "In the file",
        "backup.row.game": "Game",
        "backup.row.stats": "Statistics",
        "backup.row.reviews": "Review verdicts",
        "backup.row.settings": "Settings",
        "backup.game": "Hand {number} · you {total}",
        "backup.games": "{count} games",
        "backup.verdicts": "{count} verdicts",
        "backup.exported_at": "Exported on {date}",
        "backup.confirm_detail": "Importing replaces the game, statistics and settings in this browser. It cannot be undone.",
        "backup.confirm": "Import",
        "backup.unchanged": "Nothing in this browser was changed.",
        "backup.not_json": "This file is not saved data (it cannot be read)",
        "backup.truncated": "The file is incomplete: it may not have finished downloading",
        "backup.not_backup": "This file is not exported saved data (open an exported game with “Import a game”)",
        "backup.too_new": "This file comes from a newer version: reload the page to update first",
        "backup.edited": "The file was changed after it was exported, or damaged",
        "backup.damaged": "The data in the file is damaged and cannot be read",
        "backup.not_saved": "The browser refuses to save data, so nothing can be imported now",
        "panel.superseded_restored": "Saved data was imported in another tab",
        "panel.superseded_restored_detail": "This page is paused so it won't overwrite the import. Press “Continue here” to load it.",
        "button.install": "Add to Home Screen",
        "button.close": "Close",
        "menu.level": "Level",
        "message.pass_three_only": "Only 3 cards: tap a chosen card to unselect it first",
        "message.level_next_hand": "Level set to {level}, from the next hand",
        "message.level_unchanged": "Level stays {level}",
        "label.received": "Received",
        "panel.hand_over": "Hand {number} over",
        "panel.moon": "{seat} shot the moon! All 26 points taken: the other three get 26 each",
        "panel.level_from_now": "Level from the next hand: {level}",
        "panel.victory": "Victory",
        "panel.defeat": "Defeat",
        "panel.rank": "Place {rank}",
        "panel.confirm_new_game": "Start a new game?",
        "panel.confirm_new_game_detail": "The game in progress will be lost.",
        "panel.superseded": "The game continued in another tab",
        "panel.superseded_detail": "This page is paused so the two don't overwrite each other's progress.",
        "column.seat": "Player",
        "column.hand_points": "This hand",
        "column.total": "Total",
        "column.rank": "Place",
        "notice.unreadable_save": "The save could not be read: it was kept aside and a new game started",
        "notice.unreadable_not_kept": "The save could not be read, and could not be kept aside",
        "notice.not_saved": "Browser storage is unavailable or full: progress will not be saved",
        "pwa.update": "A new version is available: reload to update",
        "pwa.offline_missing": "Offline and missing the game file {file}: reload once while online",
        "pwa.description": "Play Hearts against three computer opponents, even offline",
        "hint.pass.reasons.1": "Pass {first}",
        "hint.pass.reasons.2": "Pass {first}; {second}",
        "hint.pass.reasons.3": "Pass {first}; {second}; {third}",
        "hint.pass.queen": "{card}: with only {count} spades it is easily forced onto you",
        "hint.pass.queen_long": "{card}: it alone is 13 points",
        "hint.pass.high_spade": "{cards}: without ♠Q kept, high spades tend to catch the ♠Q others discard",
        "hint.pass.void": "{cards}: empty {suit}, so you can discard points when {suit} are led",
        "hint.pass.high_heart": "{cards}: high hearts are easily forced to win heart tricks",
        "hint.pass.high_cards": "{cards}: high cards win tricks",
        "hint.pass.spare": "{cards}: the least useful to keep",
        "hint.play.only": "Only {card} can be played",
        "hint.play.shoot": "Play {card}: a strong hand, go for all the points and shoot the moon",
        "hint.play.flush_queen": "Lead {card}: low spades to flush out ♠Q",
        "hint.play.lead_low": "Lead {card}: others hold higher {suit}, so you will rarely take this trick",
        "hint.play.lead_top": "Lead {card}: nobody else holds a higher {suit}, so this trick is yours",
        "hint.play.duck": "Play {card}: lower than {winner}, so you won't take this trick",
        "hint.play.duck_queen": "Play {card}: lower than {winner}, a chance to give ♠Q to the winner",
        "hint.play.stop_moon": "Beat {seat} with {card}: they have every point so far; stop the moon",
        "hint.play.win_clean": "Play {card}: this trick has no points, a good time to drop a high card",
        "hint.play.beat": "Play {card}: a lower {suit} could duck under {winner}, but the AI finds this one better",
        "hint.play.forced": "Play {card}: all your {suit} beat {winner}; this one is best",
        "hint.play.discard": "Discard {card}: you have no {suit}",
        "hint.play.discard_shooter": "Discard {card}: {seat} may be shooting the moon; don't feed them points",
        "hint.for_game": "{reason} (about {cost} more points this hand, but near 100 it is better for the game)",
        "review.play.costly": "Playing {cards} cost about {cost} points more than {better} would have",
        "review.play.sound": "Playing {cards}: no costly mistake",
        "review.pass.costly": "Passing {cards} cost about {cost} points more than passing {better} would have",
        "review.pass.sound": "Passing {cards}: no costly mistake",
        "review.summary.costly": "This hand's decisions cost about {cost} points in all",
        "review.summary.sound": "No costly decision this hand",
        "review.play.costly_game": "Playing {cards} cost about {share}% of a game more than {better} would have (near 100 the game counts, not the hand)",
        "review.pass.costly_game": "Passing {cards} cost about {share}% of a game more than passing {better} would have (near 100 the game counts, not the hand)",
        "review.play.for_game": "Playing {cards} gave up about {cost} points this hand, but near 100 it is better for the game",
        "review.pass.for_game": "Passing {cards} gave up about {cost} points this hand, but near 100 it is better for the game",
        "review.summary.costly_game": "This hand's decisions cost about {share}% of a game in all",
        "review.pending": "The AI is analysing…",
        "button.review": "Review",
        "button.previous_step": "Previous",
        "button.next_step": "Next",
        "button.import": "Import a game",
        "replay.title": "Review · hand {number}",
        "replay.step_of": "Step {step} of {steps}",
        "replay.step.deal": "The deal",
        "replay.step.pass": "The pass",
        "replay.step.trick": "Trick {number}",
        "replay.passed": "{giver} → {receiver}: {cards}",
        "replay.trick": "{leader} led; {winner} took the trick, {points} points",
        "replay.points": "{seat}: {points} points",
        "replay.cards": "Cards of {seat}: {cards}",
        "replay.no_cards": "none",
        "replay.jump": "Go to",
        "replay.hands": "Hands",
        "replay.costly_step": "{step} (a costly decision)",
        "replay.review_hand": "Review hand {number}",
        "scoresheet.review_hint": "tap a hand's number to review it",
        "import.not_json": "This file is not a game record (it cannot be read)",
        "import.not_record": "This file is not an exported game",
        "import.version": "This record comes from another version and cannot be read",
        "import.malformed": "The record is incomplete or damaged",
        "import.impossible": "The record holds a deal, pass or play the rules do not allow",
        "import.tampered": "The record does not match its own plays: it was edited or damaged",
        "import.no_hands": "This game has no finished hand yet",
        "number.1": "one",
        "number.2": "two",
        "number.3": "three",
        "number.4": "four",
        "number.5": "five",
        "number.6": "six",
        "number.7": "seven",
        "number.8": "eight",
        "number.9": "nine",
        "number.10": "ten",
        "number.11": "eleven",
        "number.12": "twelve",
        "number.13": "thirteen",
        "stats.title": "Statistics",
        "stats.games_played": "Games played",
        "stats.games_won": "Games won",
        "stats.win_rate": "Win rate",
        "stats.hands_played": "Hands played",
        "stats.average_points": "Average points per hand",
        "stats.moons_shot": "Moons shot",
        "stats.moons_suffered": "Moons suffered",
        "stats.queens_taken": "Times you took ♠Q",
        "stats.best_game": "Best game",
        "stats.worst_game": "Worst game",
        "stats.game_result": "{total} points ({game})",
        "stats.none": "—",
        "stats.reset": "Reset statistics",
        "stats.confirm_reset": "Clear all statistics?",
        "stats.confirm_reset_detail": "Games, win rate and every other figure go back to zero. This cannot be undone.",
        "scoresheet.title": "Score sheet",
        "scoresheet.caption": "Each cell: points this hand (running total)",
        "scoresheet.hand": "Hand",
        "scoresheet.deal_number": "Deal",
        "scoresheet.pass": "Pass",
        "scoresheet.moon": "Moon",
        "scoresheet.total": " ({total})",
        "scoresheet.pass.left": "Left",
        "scoresheet.pass.right": "Right",
        "scoresheet.pass.across": "Across",
        "scoresheet.pass.none": "None",
        "deal_number.label": "Deal number",
        "deal_number.shown": "Deal number {number}",
        "deal_number.empty": "Please enter a deal number",
        "deal_number.not_digits": "A deal number has digits only",
        "deal_number.too_large": "A deal number is at most {limit}",
        "record.filename": "hearts-game-{game}.json",
        "autofinish.button": "Auto-finish",
        "autofinish.no_points": "No points are left in the remaining cards: you can finish this hand at once",
        "autofinish.all_winners": "Every remaining trick is yours: you can finish this hand at once",
        "autofinish.trick_settled": "{seat} must take this trick's points, and no others are left: you can finish this hand at once",
        "suit.C": "clubs",
        "suit.D": "diamonds",
        "suit.S": "spades",
        "suit.H": "hearts",
        "rank_name.T": "10",
        "rank_name.J": "jack",
        "rank_name.Q": "queen",
        "rank_name.K": "king",
        "rank_name.A": "ace",
        "card.name": "{rank} of {suit}",
        "list.separator": ", ",
        "announce.play": "{seat} played {card}",
        "announce.trick": "{seat} took the trick",
        "button.settings": "Settings",
        "settings.title": "Settings",
        "settings.language": "Language",
        "settings.speed": "Animation speed",
        "speed.slow": "Slow",
        "speed.medium": "Medium",
        "speed.fast": "Fast",
        "settings.sound": "Sound",
        "settings.dark": "Dark theme",
        "settings.four_colour": "Four-colour deck",
        "settings.large_cards": "Larger cards",
        "settings.keys": "Keys: ←/→ choose a card, Enter select/play/confirm, H hint, Space fast forward, N next hand",
        "language.zh-Hans": "简体中文",
        "language.zh-Hant": "繁體中文",
        "language.en": "English",
        # The table's panels for statistics, 上一墩, score sheet, deal numbers (issue 6, items 1-5).
        "button.last_trick": "Last trick",
        "button.start": "Start",
        "button.replay": "Replay this deal",
        "button.export": "Export game",
        "column.card": "Card",
        "column.taker": "Took it",
        "last_trick.title": "Last trick (trick {number})",
        "last_trick.took": "Took it",
        "last_trick.taken": "{seat} took this trick: {points} points",
        "scoresheet.empty": "No hand has been finished yet",
        "deal_entry.button": "Deal number",
        "deal_entry.title": "Play a deal by number",
        "deal_entry.detail": "Enter a deal number to start a new game with that deal; the game in progress will be lost.",
        "replay.detail": "Hand 1 of the new game will be deal {number}.",
        "notice.unreadable_stats": "The statistics could not be read: they were kept aside and counting starts again",
        "notice.unreadable_stats_not_kept": "The statistics could not be read, nor kept aside: they are not updated for now",
        # 「玩法」 (hearts.table.panels.rules_panel) and the newcomer's tips (hearts.table.tips), issue 22.
        "button.rules": "How to play",
        "rules.title": "How to play",
        "rules.contents": "Contents",
        "rules.source": "Download the source code (zip)",
        "rules.section.rules": "Rules",
        "rules.section.play": "Controls",
        "rules.section.strategy": "Strategy",
        "rules.section.fair": "Fairness",
        "rules.licenses": "Open-source licences",
        "licenses.intro": (
            "This game's code is released under the MIT licence. The open-source software the page "
            "ships is listed below, each with its licence and where its source is."
        ),
        "licenses.changes": (
            "Pyodide's and PyScript's files are unchanged but for their source-map comments, which the build "
            "removes; in python_stdlib.zip the modules the page imports are replaced by bytecode the build compiles."
        ),
        "settings.tips": "Beginner tips",
        "tip.label": "Tip: ",
        "tip.dismiss": "Got it",
        "tip.pass": "Passing: give away dangerous cards, such as ♠Q, ♠A, ♠K",
        "tip.dimmed": "Dimmed cards can't be played now: tap one to see why",
        "tip.hearts_broken": "Hearts are broken: from the next trick anyone may lead them",
        "tip.moon_threat": "Moon threat: don't let {seat} take all 26 points",
        "rules.text.rules": (
            "## Cards and aim\n"
            "A standard 52-card deck without jokers. Four players, each for themselves, 13 cards each per hand. You sit at the bottom; Left, Across and Right are the computer, and play goes clockwise.\n"
            "Cards rank from 2 (low) through 10, J, Q, K up to A (high). There are no trumps: all four suits are equal.\n"
            "The aim is to take as few points as you can: every heart and the queen of spades you take count against you. When the game ends, the lowest total wins.\n"
            "## Passing\n"
            "At the start of each hand all four players choose 3 cards at the same time and pass them on. The direction follows the hand number:\n"
            "1. Hand 1: to the left;\n"
            "2. Hand 2: to the right;\n"
            "3. Hand 3: across;\n"
            "4. Hand 4: no passing;\n"
            "5. Hand 5: to the left again, and so on.\n"
            "The cards change hands only once all four have chosen, so you see the 3 you receive after the exchange. You may change your choice until you confirm it, not after.\n"
            "## Playing\n"
            "After the exchange, whoever holds the 2 of clubs leads it to the first trick. Then each player in turn, clockwise, plays one card:\n"
            "• if you have a card of the suit led, you must follow suit;\n"
            "• only if you have none may you discard any card (within the two limits below);\n"
            "• the highest card of the suit led takes the trick, and whoever takes it leads the next. A higher card of another suit never wins.\n"
            "## No points on the first trick\n"
            "On the first trick, if you have no clubs but still hold a card that is neither a heart nor the queen of spades, you must discard such a card. Only a hand of nothing but point cards may play a heart or the queen of spades there.\n"
            "## Breaking hearts\n"
            "Until a heart has been played in the hand, hearts are not broken: nobody may lead a heart unless they hold only hearts. Once a heart is played (usually discarded by someone with no card of the suit led), hearts are broken and anyone may lead them from the next trick on. Playing the queen of spades does not break hearts.\n"
            "## Scoring\n"
            "After the 13 tricks of a hand, each heart you took counts 1 point and the queen of spades 13: 26 points in all. For example, 5 hearts and the queen of spades make 18 points for that hand.\n"
            "## Shooting the moon\n"
            "If one player takes all 13 hearts and the queen of spades in the same hand, that player scores 0 for the hand and the other three score 26 each.\n"
            "## The end of the game\n"
            "After each hand, if someone has 100 points or more and exactly one player has the lowest total, the game is over and that player wins. If two or more share the lowest total, play goes on with another hand, until one player alone is lowest at the end of a hand.\n"
            "For example, totals of 100, 40, 40 and 90 at the end of a hand: 40 is shared, so another hand is played. Totals of 104, 60, 75 and 88: the game is over, and the player with 60 wins.\n"
            "## The rules used here\n"
            "Four players, no points on the first trick, the queen of spades does not break hearts, a moon always gives the other three 26 each, and a tie for lowest means another hand. Some tables let the shooter take 26 off their own score instead, or count the queen of spades as breaking hearts; neither is used here."
        ),
        "rules.text.play": (
            "## Passing\n"
            "Tap 3 cards to choose them, then confirm with a button such as “Pass left”; until then, tap a chosen card again to put it back. In a hand without passing you see “No passing this hand” and play starts at once. The cards you received are marked “Received” until your first play of the hand.\n"
            "## Playing\n"
            "On your turn, tap a card to select it and press “Play”, or tap the same card again to play it. To change your mind, tap another card. A card played stays played: there is no undo.\n"
            "## Dimmed cards\n"
            "Cards the rules don't let you play right now are dimmed but stay visible. Tap a dimmed card to see why, for example “You must follow clubs” or “No points on the first trick”.\n"
            "## Buttons\n"
            "• “Hint”: while passing it selects 3 recommended cards, while playing 1, and says why.\n"
            "• “Fast forward”: speeds up the computer's plays; tap the trick in the middle to skip its collection.\n"
            "• “Last trick”: who played what in the trick just taken.\n"
            "• “Auto-finish”: when the rest of the hand is decided, plays it out at once.\n"
            "• “Menu”: the level (from the next hand on), “Settings”, “New game”, “Score sheet”, “Statistics” and “Deal number”.\n"
            "## Marks on the table\n"
            "“♥ broken” and “♠Q played” show at the top; when one player has taken every point so far, “Moon threat” shows at their seat. Each seat shows its points this hand and its total.\n"
            "## Keys\n"
            "←/→ choose a card, Enter select, play or confirm, H hint, Space fast forward, N next hand, Esc close the menu or a panel.\n"
            "## Settings and saving\n"
            "“Settings” has the language, animation speed and sound, and switches for “Dark theme”, “Four-colour deck”, “Larger cards” and “Beginner tips”. The game saves itself all the time: after a reload, turning the phone or going full screen, you carry on where you left off.\n"
            "## Keeping your history\n"
            "Browsers may delete what a site keeps: on iPhone and iPad, after seven days without a visit. In Safari, tap the share button and choose “Add to Home Screen” and open the game from there: your game and statistics are then kept. “Export saved data” in “Settings” puts the game, statistics, review verdicts and settings in one file; “Import saved data” reads it back in another browser or on another phone."
        ),
        "rules.text.strategy": (
            "## Pass high spades first\n"
            "The queen of spades is the most dangerous card. With few spades, ♠Q, ♠K and ♠A are easily forced to take 13 points: think about passing them. With four or five low spades to guard it, though, keeping ♠Q is safer, and you may discard it when someone else runs out of spades.\n"
            "## Make a void\n"
            "Use your pass to empty a short suit, say two or three diamonds. When others lead that suit later, you can discard hearts or the queen of spades and hand the points to someone else.\n"
            "## Deal with high hearts early\n"
            "The ace, king and queen of hearts are easily forced to win heart tricks. Pass them; or discard them first when you have no card of the suit led, or play them under a higher heart already in the trick.\n"
            "## Remember who is void\n"
            "A player who discards has no card of the suit led. Keep track: it tells you who will dump points on you the next time that suit is led.\n"
            "## Low cards protect you\n"
            "Keep a few low cards, so that later you can play under and avoid taking tricks. Getting rid of safe middle-to-high cards early is steadier than spending your low cards early.\n"
            "## Watch for the moon\n"
            "When one player has taken every point so far, “Moon threat” shows at their seat: they may be shooting the moon. Taking a heart yourself then costs less than letting them take all 26 while you add 26."
        ),
        "rules.text.fair": (
            "The computer players don't peek. They know only what a player in their seat could know: their own hand, the cards they passed and received, every card played so far and everyone's points.\n"
            "This is built into the program, not left to good manners: when a computer player or “Hint” chooses, the program hands it only what its seat can see, and the other players' cards are simply not there. An automatic check deals the unseen cards again: as long as the seat sees the same, the computer must make exactly the same choice.\n"
            "The deal favours no one either: each hand's cards depend only on its deal number. The end-of-hand panel shows that number, and “Replay this deal” plays the same cards again.\n"
            "If you would like to check for yourself, the page's whole source code can be downloaded:"
        ),
    },
}


def text(key: str, language: str = DEFAULT_LANGUAGE, **values: object) -> str:
    """Return the string for ``key`` in ``language``, formatted with ``values``.

    A missing key is a programming error, so it raises ``KeyError`` rather than showing a
    placeholder to the player.
    """
    template = STRINGS[language][key]
    return template.format(**values) if values else template


class Phrase(str):
    """A sentence said in the default language that remembers how it was made, so that the page
    can say it again in the player's language (a hint or a refusal given before the player
    switched language must not stay in the old one).

    It *is* the default-language string, so code and tests that compare messages as text keep
    working. Values may themselves be phrases (a suit or a seat name, said in the same language)
    or tuples of strings (a list, joined the way the language joins lists).

    >>> refusal = phrase("illegal.must_follow.D")
    >>> refusal, refusal.said_in("en")
    ('须跟方块', 'You must follow diamonds')
    >>> phrase("hint.pass.void", cards=("♦9", "♦K"), suit=phrase("suit.D")).said_in("en")
    '♦9, ♦K: empty diamonds, so you can discard points when diamonds are led'
    """

    key: str
    values: dict[str, Value]

    def __new__(cls, key: str, values: dict[str, Value]) -> Phrase:
        made = super().__new__(cls, _say(key, values, DEFAULT_LANGUAGE))
        made.key = key
        made.values = values
        return made

    def __getnewargs__(self) -> tuple[str, dict[str, Value]]:  # type: ignore[override]
        """What pickle and copy rebuild a phrase from (str's own would drop the key)."""
        return self.key, self.values

    def said_in(self, language: str) -> str:
        """The same sentence in ``language``."""
        return _say(self.key, self.values, language)


Value = Phrase | str | int | tuple["Value", ...]


def phrase(key: str, **values: Value) -> Phrase:
    """A :class:`Phrase` for ``key`` with ``values``; a missing key raises ``KeyError`` now."""
    return Phrase(key, values)


def say(message: str, language: str) -> str:
    """``message`` in ``language`` if it is a :class:`Phrase`; other text as it is."""
    return message.said_in(language) if isinstance(message, Phrase) else message


def _say(key: str, values: dict[str, Value], language: str) -> str:
    said = {name: _value_in(value, language) for name, value in values.items()}
    return text(key, language, **said)


def _value_in(value: Value, language: str) -> object:
    if isinstance(value, Phrase):
        return value.said_in(language)
    if isinstance(value, tuple):
        return text("list.separator", language).join(str(_value_in(item, language)) for item in value)
    return value
