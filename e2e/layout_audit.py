"""The layout audit's checks and positions (issue 53), shared by e2e/test_layout_audit.py, which
walks every state at five viewports on Chromium (in the languages and looks of :func:`walks`), and
the cross-engine flows (e2e/engine_flows.py), which walk them on Firefox and WebKit.

:data:`AUDIT`, run in the page, returns every offending element with a description a reader can
act on: a visible element outside the viewport, text cut by its box or by a container that clips
it, text covered by another element (an overlay such as the menu or a panel may cover the table,
not a notice), a container that scrolls sideways, a control under 24×24 px, a top bar taller than
its menu button (markers stacked) and cards on the table squeezed under 30 px.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import states

from hearts import Match

VIEWPORTS = {
    "320x568": (320, 568),
    "360x740": (360, 740),
    "740x360": (740, 360),
    "768x1024": (768, 1024),
    "1280x800": (1280, 800),
}
LANGUAGES = ("zh-Hans", "zh-Hant", "en")
LOOKS = {"default": {}, "dark-four-colour-large": {"dark": True, "four_colour": True, "large_cards": True}}
#: Where text and cards run out of room first: there every language is walked in every look.
NARROWEST = "320x568"
MIN_CONTROL = 24
MIN_TRICK_CARD = 30

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


def moon_threat(bots_to_play: bool) -> str:
    """A side seat holding every point taken so far, ♠Q among them (so both markers show: the
    射月威胁 badge and its tip), and a bot to play the third card of the trick (「快进」, the
    prompt naming the bot), or you to play with cards on the table."""
    for seed in range(300):
        match = Match(seed=seed)
        states.pass_all(match)
        hand = match.hand
        while hand.phase == "play":
            points = hand.points
            if (
                hand.turn is not None
                and (hand.turn != 0) == bots_to_play
                and points[1] == sum(points) > 13
                and hand.queen_played
                and hand.hearts_broken
                and (len(hand.current_trick.cards) == 2 if bots_to_play else hand.current_trick.cards)
            ):
                return states.save(match)
            states.step(match)
    raise AssertionError("no such position")


def bots_playing_moon_threat() -> str:
    return moon_threat(bots_to_play=True)


def your_turn_moon_threat() -> str:
    return moon_threat(bots_to_play=False)


def hand_over(finished: int = 10, seed: int = 7) -> str:
    """The end of hand ``finished`` of a game (not its last), a change of level pending: the
    end-of-hand panel with its longest lines and a long score sheet."""
    match = Match(seed=seed)
    for _ in range(finished - 1):
        states.play_out(match)
        match.next_hand()
    states.play_out(match)
    assert not match.over
    return states.save(match, next_level="hard")


def game_over(seed: int = 7) -> str:
    """The end of a game of 13 hands, lost: the longest score sheet."""
    match = Match(seed=seed)
    while True:
        states.play_out(match)
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
    buttons to press once it is open, and what must be seen without scrolling. ``bots_to_play``:
    the bots would move on at once, so it is audited only where the page's timers can be held."""

    save: Callable[[], str]
    tips_seen: tuple[str, ...] | None = None
    presses: tuple[str, ...] = ()
    must_see: tuple[str, ...] = ()
    bots_to_play: bool = False

    def audit_argument(self) -> dict[str, object]:
        """:data:`AUDIT`'s argument for this state."""
        return {"minControl": MIN_CONTROL, "minTrickCard": MIN_TRICK_CARD, "mustSee": list(self.must_see)}


STATES = {
    "pass": State(lambda: states.fresh(seed=31), tips_seen=()),
    "bots playing, moon threat": State(
        bots_playing_moon_threat,
        tips_seen=("pass", "dimmed", "hearts_broken"),
        must_see=(".badge.threat", "[data-action='fast']", ".tip"),
        bots_to_play=True,
    ),
    "your turn, moon threat": State(
        your_turn_moon_threat, tips_seen=("pass", "dimmed", "hearts_broken"), must_see=(".badge.threat", ".tip")
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


def walks(viewport: str) -> list[tuple[str, str]]:
    """The (language, look) pairs walked at ``viewport``: at :data:`NARROWEST` all six; at each
    other size each language once, its look turning with the size, so that every language meets
    every look at two more sizes (zh-Hant's strings are the wider Chinese in some places,
    zh-Hans's in others, so neither stands in for the other). Walking all six everywhere took 40%
    more of the suite's time for sizes with room to spare (2026-12-06)."""
    names = list(LOOKS)
    if viewport == NARROWEST:
        return [(language, look) for language in LANGUAGES for look in names]
    turn = list(VIEWPORTS).index(viewport) + 1  # the 360×740 phone in the default language and look
    return [(language, names[(turn + index) % len(names)]) for index, language in enumerate(LANGUAGES)]


def settings(language: str, look: dict[str, bool], tips_seen: tuple[str, ...] | None) -> str:
    if tips_seen is None:
        return states.settings(language=language, **look)
    return states.settings(language=language, tips=True, tips_seen=tips_seen, **look)


def make_saves() -> dict[str, str]:
    """Each state's save, each position made once."""
    made: dict[Callable[[], str], str] = {}
    for state in STATES.values():
        if state.save not in made:
            made[state.save] = state.save()
    return {name: made[state.save] for name, state in STATES.items()}
