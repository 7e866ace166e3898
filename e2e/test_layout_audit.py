"""The layout audit (issue 53): every state of the table at five viewports, in the three
languages, in the default look and in the dark theme with the four-colour deck and large cards.
It fails on a visible element outside the viewport, text cut by its box or by a container that
clips it, text covered by another element (an overlay such as the menu or a panel may cover the
table, not a notice), a container that scrolls sideways, a control under 24×24 px, a top bar
taller than its menu button (markers stacked) and cards on the table squeezed under 30 px.

One page, resized for each viewport; each position is opened from a save through the page's
``?test=1`` hook (no new start of Python) with the table's timers held (``HOLD``), so a position
where the bots are to play stays as opened while it is measured; one ``page.evaluate`` (``AUDIT``)
returns every offending element with a description a reader can act on."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
import states
from contexts import new_watched_page
from table_page import Game

from browser_harness import SETTLED
from hearts import Match
from hearts.table import Table

VIEWPORTS = {
    "320x568": (320, 568),
    "360x740": (360, 740),
    "740x360": (740, 360),
    "768x1024": (768, 1024),
    "1280x800": (1280, 800),
}
LANGUAGES = ("zh-Hans", "zh-Hant", "en")
LOOKS = {"default": {}, "dark-four-colour-large": {"dark": True, "four_colour": True, "large_cards": True}}
MIN_CONTROL = 24
MIN_TRICK_CARD = 30

# The page's timers (a bot's pause, a trick shown, 复盘's wait before judging) are set in the
# worker that runs Python (web/main.py): held there, the position opened stays as it is.
HOLD = """() => { if (self.heartsHeld) return;
  const later = self.setTimeout.bind(self);
  self.setTimeout = (callback, delay, ...rest) => delay > 0 ? 0 : later(callback, delay, ...rest);
  self.heartsHeld = true; }"""

AUDIT = """({minControl, minTrickCard, mustSee}) => {
  const found = [];
  const width = innerWidth, height = innerHeight, slack = 0.5;
  const describe = element => {
    const name = element.tagName.toLowerCase() + [...element.classList].map(c => '.' + c).join('');
    const said = (element.getAttribute('aria-label') || element.textContent || '').trim().replace(/\\s+/g, ' ');
    return said ? `${name} "${said.slice(0, 40)}${said.length > 40 ? '…' : ''}"` : name;
  };
  const px = value => Math.round(value * 10) / 10;
  const shown = element => {
    if (element.closest('.sr-only, [hidden]')) return false;
    for (let e = element; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0') return false;
    }
    return element.getClientRects().length > 0;
  };
  const scrolls = value => value === 'auto' || value === 'scroll';
  // The part of `rect` left visible by the ancestors of `element` that clip (html and body are
  // the viewport's business), with what clipped it: [visible rect or null, cuts, sideways].
  const clipped = (rect, element) => {
    let [left, top, right, bottom] = [rect.left, rect.top, rect.right, rect.bottom];
    const cuts = [], sideways = [];
    for (let e = element; e && e !== document.body; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const box = e.getBoundingClientRect();
      const inLeft = box.left + e.clientLeft, inTop = box.top + e.clientTop;
      const inRight = inLeft + e.clientWidth, inBottom = inTop + e.clientHeight;
      if (left < inLeft - slack || right > inRight + slack) {
        (scrolls(style.overflowX) ? sideways : cuts).push(e);
      }
      if ((top < inTop - slack || bottom > inBottom + slack) && !scrolls(style.overflowY)) cuts.push(e);
      [left, top, right, bottom] = [Math.max(left, inLeft), Math.max(top, inTop), Math.min(right, inRight),
                                    Math.min(bottom, inBottom)];
      if (right - left < 1 || bottom - top < 1) return [null, cuts, sideways];
    }
    return [{left, top, right, bottom}, cuts, sideways];
  };
  const outside = r => r.left < -slack || r.top < -slack || r.right > width + slack || r.bottom > height + slack;
  const by = r => `${px(Math.max(-r.left, -r.top, r.right - width, r.bottom - height))} px`;
  const overlay = element => element.closest('.panel-layer, .menu, .menu-button');
  // Notices and tips may not hide behind the menu or a panel (those cover the rest of the table;
  // a message beside your hand is said in the menu too when raised while it is open).
  const notice = element => element.closest('.notices, .tip-region');
  const seen = new Set();
  const report = (kind, element, detail) => {
    const line = `${kind}: ${describe(element)}${detail ? ' — ' + detail : ''}`;
    if (!seen.has(line)) { seen.add(line); found.push(line); }
  };

  // Every element's box: outside the viewport, though not hidden by a scrolled container (the
  // outermost such element only: its contents go with it).
  const away = new Set();
  const within = element => {
    for (let e = element; e; e = e.parentElement) if (away.has(e)) return true;
    return false;
  };
  for (const element of document.querySelectorAll('#app *')) {
    if (!shown(element) || within(element.parentElement)) continue;
    const [visible] = clipped(element.getBoundingClientRect(), element.parentElement);
    if (visible !== null && outside(visible)) {
      away.add(element);
      report('outside the viewport', element, by(visible));
    }
  }
  // Every piece of text: cut, outside, or under another element.
  const walker = document.createTreeWalker(document.querySelector('#app'), NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const owner = node.parentElement;
    if (!node.textContent.trim() || !shown(owner)) continue;
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) {
      if (rect.width < 1) continue;
      const [visible, cuts, sideways] = clipped(rect, owner);
      for (const cut of cuts) report('text cut', owner, `by ${describe(cut)}`);
      for (const scroller of sideways) {
        const over = scroller.scrollWidth - scroller.clientWidth;
        report('scrolls sideways', scroller, `${over} px, to show ${describe(owner)}`);
      }
      if (visible === null) continue;
      if (outside(visible) && !within(owner)) report('text outside the viewport', owner, by(visible));
      // Decoration under the next card of a fan (its pip) is meant to be covered.
      if (owner.closest('.pip')) continue;
      const middle = (visible.top + visible.bottom) / 2;
      for (const x of [visible.left + 1, (visible.left + visible.right) / 2, visible.right - 1]) {
        if (x < 0 || x >= width || middle < 0 || middle >= height) continue;
        const hit = document.elementFromPoint(x, middle);
        if (hit === null || owner.contains(hit) || hit.contains(owner)) continue;
        if (overlay(hit) && !overlay(owner) && !notice(owner)) continue;
        report('text covered', owner, `by ${describe(hit)}`);
        break;
      }
    }
  }
  // Text cut without a rect past its box (an ellipsis), and sideways scrolling of any kind.
  for (const element of document.querySelectorAll('#app *')) {
    if (!shown(element) || element.scrollWidth <= element.clientWidth + 1) continue;
    const style = getComputedStyle(element);
    if (style.overflowX === 'visible') continue;
    const over = element.scrollWidth - element.clientWidth;
    if (scrolls(style.overflowX)) report('scrolls sideways', element, `${over} px`);
    else if (element.textContent.trim()) report('text cut', element, `${over} px wider than its box`);
  }
  const root = document.scrollingElement;
  if (root.scrollWidth > width || root.scrollHeight > height) found.push('the page scrolls');
  // Controls big enough to tap.
  for (const control of document.querySelectorAll('#app :is(button, [role=button], input, a, select, textarea)')) {
    if (!shown(control)) continue;
    const box = control.getBoundingClientRect();
    if (box.width < minControl - slack || box.height < minControl - slack) {
      report('control too small', control, `${px(box.width)}×${px(box.height)} px`);
    }
  }
  // The top bar is as tall as its menu button: the status and the markers fit within it.
  const menuButton = document.querySelector('#app .menu-button').getBoundingClientRect().height;
  for (const part of document.querySelectorAll('#app .topbar > :not(.menu-button)')) {
    const tall = part.getBoundingClientRect().height - menuButton;
    if (tall > slack) report('top bar grown', part, `${px(tall)} px taller than the menu button`);
  }
  // The cards of the trick stay readable.
  for (const card of document.querySelectorAll('#app .trick-card')) {
    const box = card.getBoundingClientRect();
    if (box.width < minTrickCard - slack) report('card on the table too small', card, `${px(box.width)} px wide`);
  }
  // What this state must show without scrolling.
  for (const selector of mustSee) {
    const element = document.querySelector('#app ' + selector);
    if (element === null || !shown(element)) { found.push(`not shown: ${selector}`); continue; }
    const box = element.getBoundingClientRect();
    const [visible] = clipped(box, element.parentElement);
    if (visible === null || visible.bottom - visible.top < box.height - 1 || outside(visible)) {
      found.push(`not seen without scrolling: ${selector} (${describe(element)})`);
    }
  }
  return found;
}"""


# ----- the positions ---------------------------------------------------------------------------


def _play_hand(match: Match) -> None:
    states.pass_all(match)
    while match.hand.phase != "over":
        states.step(match)


def bots_playing_moon_threat() -> str:
    """A bot to play the third card of a trick while a side seat holds every point taken so far,
    ♠Q among them (so both markers show): 「快进」, the prompt naming the bot, the 射月威胁 badge
    and its tip, two cards on the table."""
    for seed in range(300):
        match = Match(seed=seed)
        states.pass_all(match)
        hand = match.hand
        while hand.phase == "play":
            points = hand.points
            if (
                hand.turn not in (None, 0)
                and points[1] == sum(points) > 13
                and hand.queen_played
                and hand.hearts_broken
                and len(hand.current_trick.cards) == 2
            ):
                return states.save(match)
            states.step(match)
    raise AssertionError("no such position")


def hand_over(finished: int = 10, seed: int = 7) -> str:
    """The end of hand ``finished`` of a game (not its last), a change of level pending: the
    end-of-hand panel with its longest lines and a long score sheet."""
    match = Match(seed=seed)
    for _ in range(finished - 1):
        _play_hand(match)
        match.next_hand()
    _play_hand(match)
    assert not match.over
    return states.save(match, next_level="hard")


def game_over(seed: int = 7) -> str:
    """The end of a game of 13 hands, lost: the longest score sheet."""
    match = Match(seed=seed)
    while True:
        _play_hand(match)
        if match.over:
            return states.save(match)
        match.next_hand()


def decided(finished: int = 8) -> str:
    """Your turn, the rest of the hand decided: 「出牌」「提示」「自动完成」, its sentence and
    「上一墩」."""
    return states.decided_for_you(finished_hands=finished, seed_from=3)


@dataclass(frozen=True)
class State:
    """A position to audit: its save, the tips the settings have seen (None: tips off), the
    buttons to press once it is open, and what must be seen without scrolling."""

    save: Callable[[], str]
    tips_seen: tuple[str, ...] | None = None
    presses: tuple[str, ...] = ()
    must_see: tuple[str, ...] = ()


STATES = {
    "pass": State(lambda: states.fresh(seed=31), tips_seen=()),
    "bots playing, moon threat": State(
        bots_playing_moon_threat,
        tips_seen=("pass", "dimmed", "hearts_broken"),
        must_see=(".badge.threat", "[data-action='fast']", ".tip"),
    ),
    "your turn, auto-finish": State(decided, must_see=("[data-action='autofinish']", "[data-action='last-trick']")),
    "last trick": State(decided, presses=("[data-action='last-trick']",)),
    "hand over": State(hand_over, must_see=(".panel-buttons .primary",)),
    "game over": State(game_over, must_see=(".panel h2", ".panel .scores tr.you", ".panel-buttons .primary")),
    "score sheet": State(decided, presses=(".menu-button", "[data-action='scoresheet']")),
    "review": State(
        hand_over,
        presses=(".panel-buttons [data-action='review']", "[data-action='review-step'][data-step='7']"),
        must_see=("[data-action='review-next']",),
    ),
    "how to play": State(decided, presses=(".menu-button", "[data-action='rules']")),
    "how to play, fairness": State(
        decided, presses=(".menu-button", "[data-action='rules']", "[data-action='rules-section'][data-section='fair']")
    ),
    "menu": State(decided, presses=(".menu-button",)),
    "menu, settings": State(decided, presses=(".menu-button", "[data-action='settings']")),
}


def settings(language: str, look: dict[str, bool], tips_seen: tuple[str, ...] | None) -> str:
    if tips_seen is None:
        return states.settings(language=language, **look)
    return states.settings(language=language, tips=True, tips_seen=tips_seen, **look)


@pytest.fixture(scope="module")
def saves() -> dict[str, str]:
    made: dict[Callable[[], str], str] = {}
    for state in STATES.values():
        if state.save not in made:
            made[state.save] = state.save()
    return {name: made[state.save] for name, state in STATES.items()}


@pytest.fixture(scope="module")
def audited(shared_context, base_url):
    context, watch = shared_context("portrait")
    with new_watched_page(context, watch) as page:
        page.emulate_media(reduced_motion="reduce")
        yield Game(page, base_url)
    watch.check()


def open_state(game: Game, save: str, chosen: str, state: State) -> None:
    game.open(save, chosen, pace=None)
    game.python().evaluate(HOLD)
    for selector in state.presses:
        game.page.locator(selector).first.dispatch_event("click")
    game.page.evaluate(SETTLED)


def audit(game: Game, state: State) -> list[str]:
    return game.page.evaluate(
        AUDIT, {"minControl": MIN_CONTROL, "minTrickCard": MIN_TRICK_CARD, "mustSee": list(state.must_see)}
    )


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_nothing_clips_hides_or_is_too_small(audited, saves, viewport):
    width, height = VIEWPORTS[viewport]
    audited.page.set_viewport_size({"width": width, "height": height})
    problems = []
    for language in LANGUAGES:
        for look_name, look in LOOKS.items():
            for name, state in STATES.items():
                open_state(audited, saves[name], settings(language, look, state.tips_seen), state)
                problems += [
                    f"{viewport} {language} {look_name} · {name} · {problem}" for problem in audit(audited, state)
                ]
    assert not problems, f"{len(problems)} layout problems:\n" + "\n".join(problems)


# ----- what the audit cannot see: a notice seen, a card drawn, a button's look ----------------

SEEN = """selector => { const element = document.querySelector('#app ' + selector);
  if (element === null) return 'missing';
  const box = element.getBoundingClientRect();
  if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth) return 'outside';
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  const seen = hit !== null && (element.contains(hit) || hit.contains(element));
  return seen ? 'seen' : `covered by ${hit && hit.className}`; }"""


@pytest.mark.parametrize(
    ("language", "said"),
    [("zh-Hans", "难度改为困难，从下一手开始生效"), ("en", "Level set to Hard, from the next hand")],
)
def test_a_notice_raised_while_the_menu_is_open_is_seen(audited, saves, language, said):
    """The level's message is said in the menu that covers the message's place, and beside your
    hand once the menu closes; a notice (storage refused) comes above the open menu."""
    audited.page.set_viewport_size({"width": 360, "height": 740})
    state = STATES["your turn, auto-finish"]
    open_state(audited, saves["your turn, auto-finish"], settings(language, {}, None), state)
    page = audited.page
    page.locator(".menu-button").click()
    page.locator("[data-action='level'][data-level='hard']").click()
    assert page.locator(".menu-note").inner_text() == said
    assert page.evaluate(SEEN, ".menu-note") == "seen"
    page.locator(".menu [data-action='menu']").click()
    assert page.locator(".message").inner_text() == said
    assert page.evaluate(SEEN, ".message") == "seen"

    page.locator(".menu-button").click()
    page.evaluate("""() => { window.heartsSetItem = Storage.prototype.setItem;
        Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); }; }""")
    try:
        page.locator("[data-action='settings']").click()
        page.locator("[data-action='setting'][data-name='sound']").click()
        page.locator(".notice").wait_for()
        assert page.evaluate(SEEN, ".notice") == "seen", "the notice is not under the open menu"
        assert page.locator(".menu").is_visible()
    finally:
        page.evaluate("() => { Storage.prototype.setItem = window.heartsSetItem; }")


COLOURS = """selector => [...document.querySelectorAll('#app ' + selector)].map(face =>
  [[...face.classList].find(name => name.startsWith('suit-')), getComputedStyle(face).color,
   face.querySelector('.r') !== null && face.querySelector('.s') !== null, face.getAttribute('aria-hidden')])"""
#: The suits' colours on the table's cards (web/style.css), two-colour and four-colour.
SUIT_COLOURS = {
    False: {
        "suit-H": "rgb(200, 16, 46)",
        "suit-D": "rgb(200, 16, 46)",
        "suit-S": "rgb(27, 27, 27)",
        "suit-C": "rgb(27, 27, 27)",
    },
    True: {
        "suit-H": "rgb(200, 16, 46)",
        "suit-D": "rgb(31, 86, 184)",
        "suit-S": "rgb(27, 27, 27)",
        "suit-C": "rgb(22, 115, 58)",
    },
}


@pytest.mark.parametrize("look", list(LOOKS))
def test_the_last_trick_and_review_draw_cards_as_faces_in_every_look(audited, saves, look):
    audited.page.set_viewport_size({"width": 360, "height": 740})
    four = LOOKS[look].get("four_colour", False)
    for name, faces in (
        ("last trick", ".panel .scores .mini-card"),
        ("review", ".panel .review-trick .mini-card, .panel .review-seat .mini-card"),
    ):
        state = STATES[name]
        open_state(audited, saves[name], settings("en", LOOKS[look], None), state)
        drawn = audited.page.evaluate(COLOURS, faces)
        assert len(drawn) >= 4
        for suit, colour, whole, hidden in drawn:
            assert (colour, whole, hidden) == (SUIT_COLOURS[four][suit], True, "true"), (name, suit)
    # Each face of 「上一墩」 keeps the card's name for screen readers, in its cell.
    open_state(audited, saves["last trick"], settings("en", LOOKS[look], None), STATES["last trick"])
    named = audited.page.locator(".panel .scores td:nth-child(2) .sr-only").all_inner_texts()
    assert named == [card.name("en") for _, card in Table.from_save(saves["last trick"]).hand.tricks[-1].plays]


LOOK = """selector => { const style = getComputedStyle(document.querySelector('#app ' + selector));
  return [style.backgroundImage.startsWith('linear-gradient') ? 'gradient' : style.backgroundColor, style.color]; }"""


def test_the_dark_theme_keeps_the_main_button_and_the_current_step_marked(audited, saves):
    audited.page.set_viewport_size({"width": 360, "height": 740})
    dark = LOOKS["dark-four-colour-large"]
    for name in ("hand over", "game over"):
        open_state(audited, saves[name], settings("zh-Hans", dark, None), STATES[name])
        primary = audited.page.evaluate(LOOK, ".panel-buttons .btn.primary")
        plain = audited.page.evaluate(LOOK, ".panel-buttons .btn:not(.primary)")
        assert primary == ["gradient", "rgb(59, 42, 0)"] and plain[0] != "gradient", name
    open_state(audited, saves["review"], settings("zh-Hans", dark, None), STATES["review"])
    current = audited.page.evaluate(LOOK, ".review-nav .btn[aria-current='true']")
    other = audited.page.evaluate(LOOK, ".review-nav .btn[aria-current='false']")
    assert current != other and current[0] == "rgb(15, 107, 67)"
