"""The page's HTML, as pure functions of :meth:`hearts.table.Table.state`: what the browser
layer (web/) writes into the DOM. Plain strings, so the markup — accessibility names, pressed
and disabled buttons included — is tested on CPython (tests/table/test_markup.py), as python-chess
ships its SVG.

Every string drawn comes from the state (in the player's language); every one is escaped.

>>> button_html("hint", "提示", enabled=False)
'<button type="button" class="btn" data-action="hint" aria-disabled="true">提示</button>'
"""

from __future__ import annotations

from html import escape
from typing import Any, NamedTuple

from .. import __version__
from .state import (
    SEAT_PLACES,
    STATUS_SEPARATOR,
    Button,
    CardFace,
    CardState,
    Choice,
    KeepingState,
    MenuState,
    SeatState,
    SettingsState,
    TableState,
    TipState,
)

#: The wheel the page runs, beside index.html (tools/build_site.py): every line of the rules and of
#: the computer players, offered under 「公平」 as a zip file to whoever wants to check.
SOURCE_HREF = f"hearts-{__version__}-py3-none-any.whl"
SOURCE_FILE = f"hearts-{__version__}-source.zip"


def skeleton(labels: dict[str, str]) -> str:
    """The table's regions, empty, labelled in the player's language (``state["labels"]``)."""
    seats = "".join(
        f'<section class="seat seat-{seat} seat-{SEAT_PLACES[seat]}" role="region" '
        f'aria-label="{escape(labels[f"seat.region.{seat}"])}" '
        f'data-region="seat-{seat}"></section>'
        for seat in (1, 2, 3)
    )
    slots = "".join(f'<div class="slot slot-{place}"></div>' for place in SEAT_PLACES)
    return (
        '<header class="topbar">'
        '<div class="status" data-region="status"></div>'
        '<div class="markers" data-region="markers" aria-live="polite"></div>'
        f'<button type="button" class="btn menu-button" data-action="menu">{escape(labels["button.menu"])}</button>'
        "</header>"
        '<div class="bulletins"><div class="notices" data-region="notices"></div>'
        # The newcomer's tip (hearts.table.tips), under the notices: never over the cards.
        '<div class="tip-region" data-region="tip" role="status"></div></div>'
        f"{seats}"
        f'<div class="trick" role="region" aria-label="{escape(labels["trick.region"])}" data-region="trick" '
        f'data-action="trick">{slots}</div>'
        # 「上一墩」: in the table's free corner beside the seat across, never over a card.
        '<div class="trick-tools" data-region="trick-tools"></div>'
        f'<section class="seat seat-0 seat-bottom" role="region" '
        f'aria-label="{escape(labels["seat.region.0"])}">'
        '<div class="bar">'
        '<div class="seat-info" data-region="seat-0-info"></div>'
        '<div class="talk"><p class="prompt" data-region="prompt"></p>'
        '<p class="message" data-region="message" role="status" aria-live="polite"></p></div>'
        '<div class="actions" data-region="actions"></div>'
        "</div>"
        f'<div class="hand" role="group" aria-label="{escape(labels["hand.region"])}" data-region="hand"></div>'
        "</section>"
        '<div class="panel-layer" data-region="panel" hidden></div>'
        '<div class="menu" data-region="menu" hidden></div>'
        # Each play and each trick's winner, for screen readers (see Table.spoken).
        '<div class="sr-only" data-region="spoken" aria-live="polite" aria-atomic="true"></div>'
        # 「导入牌局」 opens this to choose the file (web/page.js reads it and sends its text to Python).
        '<input type="file" data-region="import-file" accept=".json,application/json" hidden>'
        # 「导入存档」's (hearts.table.backups), the same way.
        '<input type="file" data-region="backup-file" accept=".json,application/json" hidden>'
    )


def status_html(status: str) -> str:
    """The status line, each of its parts kept whole: a narrow phone wraps it between parts.

    >>> status_html("第 2 手 · 难度：普通")
    '<span>第 2 手</span> · <span>难度：普通</span>'
    """
    return STATUS_SEPARATOR.join(f"<span>{escape(part)}</span>" for part in status.split(STATUS_SEPARATOR))


def opponent_html(seat: SeatState, labels: dict[str, str]) -> str:
    backs = "".join('<span class="back mini"></span>' for _ in range(seat["cards_left"]))
    threat = f'<span class="badge threat">{escape(labels["marker.moon_threat"])}</span>' if seat["moon_threat"] else ""
    return (
        f'<div class="nameplate"><span class="turn-dot" aria-hidden="true"></span>'
        f'<span class="name">{escape(seat["name"])}</span>{threat}</div>'
        f'<div class="score">{score_html(seat, labels)}</div>'
        f'<div class="backs" aria-hidden="true" data-css="--n:{seat["cards_left"]}">{backs}</div>'
    )


def seat_info_html(seat: SeatState, labels: dict[str, str]) -> str:
    threat = f'<span class="badge threat">{escape(labels["marker.moon_threat"])}</span>' if seat["moon_threat"] else ""
    return (
        f'<div class="nameplate"><span class="turn-dot" aria-hidden="true"></span>'
        f'<span class="name">{escape(seat["name"])}</span>{threat}</div>'
        f'<div class="score">{score_html(seat, labels)}</div>'
    )


def score_html(seat: SeatState, labels: dict[str, str]) -> str:
    return (
        f'<span class="pts" aria-label="{escape(seat["summary"])}">'
        f'<span class="kv"><span class="k">{escape(labels["seat.points_label"])}</span> '
        f"<b>{seat['points']}</b></span> "
        f'<span class="kv"><span class="k">{escape(labels["seat.total_label"])}</span> '
        f"<b>{seat['total']}</b></span></span>"
    )


def card_face_html(card: CardFace, classes: str) -> str:
    colour = "red" if card["red"] else "black"
    rank, symbol = escape(card["rank"]), escape(card["symbol"])
    return (
        f'<div class="card face {colour} suit-{card["suit"]} {classes}" data-code="{card["code"]}" '
        f'aria-label="{escape(card["name"])}" role="img">{face_inner(rank, symbol)}</div>'
    )


def face_inner(rank: str, symbol: str) -> str:
    return (
        f'<span class="corner" aria-hidden="true"><span class="r">{rank}</span>'
        f'<span class="s">{symbol}</span></span>'
        f'<span class="pip" aria-hidden="true">{symbol}</span>'
        # The far corner repeats the rank in CSS, not in text: a card's visible text must
        # stay part of its accessible name (axe's label-content-name-mismatch).
        f'<span class="corner far" aria-hidden="true"><span class="r" data-t="{rank}"></span>'
        f'<span class="s" data-t="{symbol}"></span></span>'
    )


def hand_rows(codes: list[str]) -> list[list[str]]:
    """Your cards in rows: two once there are more than seven, the first row the longer."""
    half = (len(codes) + 1) // 2
    return [codes[:half], codes[half:]] if len(codes) > 7 else [codes]


def card_button(card: CardState, labels: dict[str, str]) -> tuple[dict[str, str | None], str]:
    """The attributes and the inside of your card's button: hand_html writes them as markup, and
    the page sets the attributes that changed on a button already drawn."""
    classes = ["card", "face", "red" if card["red"] else "black", f"suit-{card['suit']}"]
    classes += [name for name in ("selected", "dimmed", "received") if card[name]]
    attributes: dict[str, str | None] = {
        "class": " ".join(classes),
        "aria-label": card["name"],
        "aria-description": labels["label.received"] if card["received"] else None,
        "aria-pressed": "true" if card["selected"] else "false",
        "aria-disabled": "false" if card["playable"] else "true",
    }
    badge = (
        f'<span class="tag" aria-hidden="true">{escape(labels["label.received"])}</span>' if card["received"] else ""
    )
    return attributes, face_inner(escape(card["rank"]), escape(card["symbol"])) + badge


def hand_css(count: int, rows: list[list[str]]) -> str:
    return f"--n:{count};--row:{len(rows[0])}"


def hand_html(cards: list[CardState], labels: dict[str, str]) -> str:
    buttons = {card["code"]: card_button(card, labels) for card in cards}
    return hand_markup(hand_rows(list(buttons)), buttons)


def hand_markup(rows: list[list[str]], buttons: dict[str, tuple[dict[str, str | None], str]]) -> str:
    """Your hand's markup from its ``rows`` of codes and each card's :func:`card_button`."""
    out = []
    for row in rows:
        markup = []
        for code in row:
            attributes, inside = buttons[code]
            written = " ".join(f'{name}="{escape(value)}"' for name, value in attributes.items() if value is not None)
            markup.append(f'<button type="button" data-action="card" data-code="{code}" {written}>{inside}</button>')
        out.append(f'<div class="hand-row">{"".join(markup)}</div>')
    count = sum(len(row) for row in rows)
    return f'<div class="hand-inner" data-css="{hand_css(count, rows)}">{"".join(out)}</div>'


def button_html(
    action: str, label: str, *, enabled: bool = True, primary: bool = False, autofocus: bool = False
) -> str:
    """A button; ``autofocus`` marks the one a panel's focus lands on when it comes up
    (web/dom.py), rather than the first in it (a score sheet's 「复盘」 comes before 「下一手」)."""
    classes = "btn primary" if primary else "btn"
    focus = " data-autofocus" if autofocus else ""
    return (
        f'<button type="button" class="{classes}" data-action="{action}"{focus} '
        f'aria-disabled="{"false" if enabled else "true"}">{escape(label)}</button>'
    )


class ActionButton(NamedTuple):
    """One button beside your hand: its action, label, whether it can be pressed, whether primary."""

    action: str
    label: str
    enabled: bool
    primary: bool


def action_buttons(state: TableState) -> list[ActionButton]:
    """The buttons beside your hand: 出牌 or 传牌, 提示, 快进 and 自动完成 when offered. The page
    draws them with :func:`actions_html`, or updates buttons already drawn in place."""
    buttons = []
    offered: list[tuple[str, Button, bool]] = [
        ("pass", state["pass_button"], True),
        ("play", state["play_button"], True),
        ("hint", state["hint_button"], False),
        ("fast", state["fast_button"], False),
        ("autofinish", state["autofinish_button"], False),
    ]
    for action, button, primary in offered:
        if button.get("visible", True):
            buttons.append(ActionButton(action, button["label"], button.get("enabled", True), primary))
    return buttons


def actions_html(state: TableState) -> str:
    """The buttons beside your hand (:func:`action_buttons`) as markup."""
    return "".join(
        button_html(button.action, button.label, enabled=button.enabled, primary=button.primary)
        for button in action_buttons(state)
    )


def panel_html(panel: dict[str, Any] | None) -> str:
    if panel is None:
        return ""
    if panel["kind"] == "review":
        return review_html(panel)
    lines = "".join(f"<p>{escape(line)}</p>" for line in panel["lines"])
    table = ""
    if "rows" in panel:
        head = "".join(f'<th scope="col">{escape(c)}</th>' for c in panel["columns"])
        faces = panel.get("card_column")
        body = "".join(
            f'<tr class="{row_classes(row)}">'
            + "".join(
                card_cell_html(row["card"]) if index == faces else f"<td>{escape(cell)}</td>"
                for index, cell in enumerate(row["cells"])
            )
            + "</tr>"
            for row in panel["rows"]
        )
        thead = f"<thead><tr>{head}</tr></thead>" if head else ""
        table = f'<table class="scores">{thead}<tbody>{body}</tbody></table>'
    sheet = sheet_html(panel.get("sheet"))
    field = field_html(panel.get("field"))
    section = section_html(panel.get("section")) + licenses_html(panel.get("licenses"))
    # The focus goes to the panel's first button, or past a score sheet's 「复盘」 buttons to its main one.
    buttons = "".join(
        button_html(
            b["action"],
            b["label"],
            primary=index == 0 and not field,
            autofocus=index == 0 and not field and bool(sheet),
        )
        for index, b in enumerate(panel["buttons"])
    )
    mood = " won" if panel.get("won") else (" lost" if panel["kind"] == "game" else "")
    return (
        f'<div class="panel panel-{panel["kind"]}{mood}" role="dialog" aria-modal="true" '
        f'aria-labelledby="panel-title"><h2 id="panel-title">{escape(panel["title"])}</h2>'
        f"{panel_notices_html(panel.get('notices', []))}{contents_html(panel.get('contents'))}"
        f'<div class="panel-body">{table}{lines}{sheet}{field}{section}</div>'
        f'<div class="panel-buttons">{buttons}</div></div>'
    )


def card_cell_html(card: CardFace) -> str:
    """A table cell showing a card as a small face; a screen reader reads its name instead."""
    return f'<td><span class="sr-only">{escape(card["name"])}</span>{mini_card_html(card)}</td>'


def contents_html(contents: dict[str, Any] | None) -> str:
    """The contents of 「玩法」: a button per section, the one shown marked current."""
    if not contents:
        return ""
    items = "".join(
        f'<button type="button" class="btn seg" data-action="rules-section" data-section="{item["target"]}" '
        f'aria-current="{"true" if item["current"] else "false"}">{escape(item["label"])}</button>'
        for item in contents["items"]
    )
    return f'<nav class="contents" aria-label="{escape(contents["label"])}">{items}</nav>'


def section_html(section: dict[str, Any] | None) -> str:
    """The section of 「玩法」 shown: its blocks (hearts.table.panels.blocks) as headings, paragraphs and lists."""
    if not section:
        return ""
    drawn = []
    for block in section["blocks"]:
        if block["kind"] == "heading":
            drawn.append(f"<h4>{escape(block['text'])}</h4>")
        elif block["kind"] == "paragraph":
            drawn.append(f"<p>{escape(block['text'])}</p>")
        else:
            tag = "ol" if block["kind"] == "steps" else "ul"
            drawn.append(f"<{tag}>" + "".join(f"<li>{escape(item)}</li>" for item in block["items"]) + f"</{tag}>")
    if section.get("source"):
        drawn.append(
            f'<p class="source"><a class="btn" href="{SOURCE_HREF}" download="{SOURCE_FILE}">'
            f"{escape(section['source'])}</a></p>"
        )
    return (
        f'<section class="rules-section" aria-labelledby="rules-heading">'
        f'<h3 id="rules-heading" tabindex="-1">{escape(section["title"])}</h3>{"".join(drawn)}</section>'
    )


def licenses_html(licenses: dict[str, str] | None) -> str:
    """The link under 「玩法」 to the licences of what the site ships, opened beside the game."""
    if not licenses:
        return ""
    return (
        f'<p class="licenses"><a href="{escape(licenses["href"])}" target="_blank" rel="noopener">'
        f"{escape(licenses['label'])}</a></p>"
    )


def tip_html(tip: TipState | None) -> str:
    """The newcomer's tip: one sentence and 「知道了」."""
    if tip is None:
        return ""
    return (
        f'<div class="tip"><p><span class="sr-only">{escape(tip["label"])}</span>{escape(tip["text"])}</p>'
        f"{button_html('dismiss-tip', tip['dismiss'])}</div>"
    )


def row_classes(row: dict[str, Any]) -> str:
    names = [
        name for name, on in (("you", row.get("seat") == 0), ("moon", row.get("moon")), ("won", row.get("won"))) if on
    ]
    return " ".join(names)


def sheet_html(sheet: dict[str, Any] | None) -> str:
    """The score sheet (hearts.table.scoresheet.score_table): a row per hand, then the totals."""
    if not sheet:
        return ""
    head = "".join(f'<th scope="col">{escape(cell)}</th>' for cell in sheet["header"])
    names = sheet.get("review") or [None] * len(sheet["rows"])
    rows = "".join(
        "<tr>" + _hand_cell(row[0], name) + "".join(sheet_cell_html(cell) for cell in row[1:]) + "</tr>"
        for row, name in zip(sheet["rows"], names)
    )
    totals = "".join(sheet_cell_html(cell) for cell in sheet["totals"])
    return (
        f'<table class="sheet"><caption>{escape(sheet["title"])} · {escape(sheet["caption"])}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody>"
        f"<tfoot><tr>{totals}</tr></tfoot></table>"
    )


def _hand_cell(number: str | list[str], review: str | None) -> str:
    """A row's hand number: a 「复盘」 button for that hand where the sheet offers one."""
    if review is None or not isinstance(number, str):
        return sheet_cell_html(number)
    return (
        f'<td><button type="button" class="btn sheet-review" data-action="review" data-hand="{escape(number)}" '
        f'aria-label="{escape(review)}">{escape(number)}</button></td>'
    )


def sheet_cell_html(cell: str | list[str]) -> str:
    """A score sheet cell; a seat's [points, running total] pair keeps the total in its own span."""
    if isinstance(cell, str):
        return f"<td>{escape(cell)}</td>"
    points, total = cell
    return f'<td>{escape(points)}<span class="total">{escape(total)}</span></td>'


def field_html(field: dict[str, Any] | None) -> str:
    """A one-line form (the 「牌局编号」 entry); the page's submit handler reads it."""
    if not field:
        return ""
    error = field["error"]
    described = ' aria-invalid="true" aria-describedby="field-error"' if error else ""
    message = f'<p class="field-error" id="field-error" role="alert">{escape(error)}</p>' if error else ""
    return (
        f'<form class="field" novalidate><label for="field-input">{escape(field["label"])}</label>'
        f'<div class="field-row"><input id="field-input" name="{field["name"]}" type="text" '
        f'inputmode="numeric" autocomplete="off" data-action="field" '
        f'value="{escape(field["value"])}"{described}>'
        f'<button type="submit" class="btn primary">{escape(field["submit"])}</button></div>'
        f"{message}</form>"
    )


def menu_html(menu: MenuState, settings: SettingsState, labels: dict[str, str]) -> str:
    """The menu: the levels, then its items (hearts.table chooses them); or the settings page."""
    if menu["page"] == "settings":
        return settings_html(settings, labels)
    levels = "".join(
        f'<button type="button" class="btn seg" data-action="level" data-level="{item["level"]}" '
        f'aria-pressed="{"true" if item["chosen"] else "false"}">{escape(item["label"])}</button>'
        for item in menu["levels"]
    )
    items = "".join(button_html(item["action"], item["label"]) for item in menu["items"])
    return (
        f'<div class="menu-card" role="group" aria-label="{escape(labels["button.menu"])}">'
        f'<p class="menu-title">{escape(labels["menu.level"])}</p>'
        f'<div class="segmented" role="group" aria-label="{escape(labels["menu.level"])}">{levels}</div>'
        f"{menu_note_html(menu['note'])}"
        f'<div class="menu-items">{items}</div></div>'
    )


def panel_notices_html(notices: list[str]) -> str:
    """The page's notices (a save that failed, statistics that could not be read) said in the open
    panel too, which covers the place they are said in: raised while a panel is open, they would
    sit behind it. Hidden from screen readers, who hear them once, from the notices' alert."""
    said = "".join(f'<p class="notice">{escape(notice)}</p>' for notice in notices)
    return f'<div class="panel-notices" aria-hidden="true">{said}</div>' if said else ""


def menu_note_html(note: str | None) -> str:
    """A message raised while the menu is open, said in the menu, which covers the place it is
    said in for screen readers too (so hidden from them here: they hear it once)."""
    return "" if note is None else f'<p class="menu-note" aria-hidden="true">{escape(note)}</p>'


def settings_html(settings: SettingsState, labels: dict[str, str]) -> str:
    """The settings page of the menu: language, speed as segmented choices, the rest as switches."""

    def choices(name: str, items: list[Choice], title: str) -> str:
        buttons = "".join(
            f'<button type="button" class="btn seg" data-action="setting" data-name="{name}" '
            f'data-value="{item["value"]}" aria-pressed="{"true" if item["chosen"] else "false"}"'
            f"{lang_of(name, item)}>{escape(item['label'])}</button>"
            for item in items
        )
        return (
            f'<p class="menu-title" id="setting-{name}">{escape(title)}</p>'
            f'<div class="segmented" role="group" aria-labelledby="setting-{name}">{buttons}</div>'
        )

    def lang_of(name: str, item: Choice) -> str:
        return f' lang="{item["value"]}"' if name == "language" else ""

    switches = "".join(
        f'<button type="button" class="btn switch" data-action="setting" data-name="{name}" '
        f'data-value="{"false" if on else "true"}" aria-pressed="{"true" if on else "false"}">'
        f'<span class="dot" aria-hidden="true"></span>{escape(settings["switch_labels"][name])}</button>'
        for name, on in settings["switches"].items()
    )
    return (
        f'<div class="menu-card settings" role="group" aria-label="{escape(labels["settings.title"])}">'
        f'<p class="menu-heading">{escape(labels["settings.title"])}</p>'
        f"{choices('language', settings['languages'], labels['settings.language'])}"
        f"{choices('speed', settings['speeds'], labels['settings.speed'])}"
        f'<div class="switches">{switches}</div>'
        f"{keeping_html(settings['keeping'])}"
        f'<p class="keys-help">{escape(labels["settings.keys"])}</p>'
        f"{button_html('menu', labels['button.close'])}</div>"
    )


def keeping_html(keeping: KeepingState) -> str:
    """The settings' rows about keeping the data: whether the browser keeps it, what that means,
    and 「导出存档」/「导入存档」."""
    protected = "true" if keeping["protected"] else "false"
    return (
        '<div class="keeping" role="group" aria-labelledby="keeping-status">'
        f'<p class="menu-title keeping-status" id="keeping-status" data-protected="{protected}">'
        f"{escape(keeping['status'])}</p>"
        f'<p class="keys-help">{escape(keeping["detail"])}</p>'
        f'<div class="keeping-buttons">{button_html("export-backup", keeping["export"])}'
        f"{button_html('import-backup', keeping['restore'])}</div></div>"
    )


# ----- 复盘's viewer (hearts.table.replay_viewer.review_panel) ---------------------------------------------------


def review_html(panel: dict[str, Any]) -> str:
    """复盘's viewer: the step with 「上一步」/「下一步」, the cards on the table, the verdict on your
    decision, every seat's cards and points, the steps to jump to, the hands and 「关闭」.

    Cards are drawn as small faces, hidden from screen readers, which read each seat's cards and
    the trick as sentences instead."""
    previous, following = panel["previous"], panel["next"]
    back = button_html("review-previous", previous["label"], enabled=previous["enabled"])
    on = button_html("review-next", following["label"], enabled=following["enabled"], primary=True, autofocus=True)
    steps = (
        f'<div class="review-steps">{back}<p class="review-position"><b>{escape(panel["step_label"])}</b> '
        f"<span>{escape(panel['position'])}</span></p>{on}</div>"
    )
    played = "".join(
        f'<li class="{"winner" if play["winner"] else ""}"><span class="who">{escape(play["name"])}</span>'
        f"{mini_card_html(play['card'])}</li>"
        for play in panel["table"]
    )
    said = "".join(f"<li>{escape(play)}</li>" for play in panel["plays"])
    trick = (
        f'<ol class="review-trick" aria-hidden="true">{played}</ol><ol class="sr-only">{said}</ol>' if played else ""
    )
    lines = "".join(f"<p>{escape(line)}</p>" for line in panel["lines"])
    verdict = panel["verdict"]
    judged = (
        ""
        if verdict is None
        else f'<p class="verdict{" costly" if verdict["costly"] else ""}">{escape(verdict["text"])}</p>'
    )
    seats = "".join(
        f'<li class="review-seat{" you" if seat["seat"] == 0 else ""}">'
        f'<span class="who" aria-hidden="true">{escape(seat["name"])} <b>{seat["points"]}</b></span>'
        f'<span class="sr-only">{escape(seat["label"])}。{escape(seat["points_label"])}</span>'
        f'<span class="mini-cards" aria-hidden="true">'
        f"{''.join(mini_card_html(card) for card in seat['cards'])}</span></li>"
        for seat in panel["seats"]
    )
    summary = f'<p class="review-summary">{escape(panel["summary"])}</p>' if panel["summary"] else ""
    close = "".join(button_html(b["action"], b["label"]) for b in panel["buttons"])
    return (
        f'<div class="panel panel-review" role="dialog" aria-modal="true" aria-labelledby="panel-title">'
        f'<h2 id="panel-title">{escape(panel["title"])}</h2>{panel_notices_html(panel.get("notices", []))}{steps}'
        f'<div class="panel-body"><div class="review-now">{trick}{lines}{judged}</div>'
        f'<ul class="review-seats">{seats}</ul>{summary}'
        f"{_review_nav('review-step', 'step', panel['jumps'], panel['jump_label'])}"
        f"{_review_nav('review-hand', 'hand', panel['hands'], panel['hands_label'])}</div>"
        f'<div class="panel-buttons">{close}</div></div>'
    )


def mini_card_html(card: CardFace) -> str:
    """A card as a small face, its rank over its suit in the suit's colour (four colours with the
    four-colour deck), hidden from screen readers: the card's name is said beside it."""
    colour = "red" if card["red"] else "black"
    return (
        f'<span class="mini-card {colour} suit-{card["suit"]}" aria-hidden="true">'
        f'<span class="r">{escape(card["rank"])}</span><span class="s">{escape(card["symbol"])}</span></span>'
    )


def _review_nav(action: str, name: str, items: list[dict[str, Any]], label: str) -> str:
    """The buttons to jump to a step or to show another hand; the one shown is marked current."""
    if not items:
        return ""
    key = "step" if name == "step" else "number"
    buttons = "".join(
        f'<button type="button" class="btn seg{" costly" if item.get("costly") else ""}" data-action="{action}" '
        f'data-{name}="{item[key]}" aria-current="{"true" if item["current"] else "false"}"'
        f"{_name_unless_shown(item)}>{escape(item['label'])}</button>"
        for item in items
    )
    return f'<nav class="review-nav" aria-label="{escape(label)}">{buttons}</nav>'


def _name_unless_shown(item: dict[str, Any]) -> str:
    """A button whose visible label is short (a trick's number) gets its full name to be heard."""
    name = item.get("name")
    return "" if name is None or name == item["label"] else f' aria-label="{escape(name)}"'
