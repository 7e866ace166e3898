"""The layout audit (issue 53) on Chromium: every state of the table (e2e/layout_audit.py, which
says what fails) at five viewports, in the three languages, in the default look and in the dark
theme with the four-colour deck and large cards (every pair at the narrowest phone, each language
in one of them at the other sizes: ``layout_audit.walks``). Firefox and WebKit walk the same states
(e2e/engine_flows.py).

One page, resized for each viewport; each position is opened from a save through the page's
``?test=1`` hook (no new start of Python) with the table's timers held (``HOLD``), so a position
where the bots are to play stays as opened while it is measured; one ``page.evaluate`` (``AUDIT``)
returns every offending element with a description a reader can act on."""

from __future__ import annotations

import pytest
from contexts import new_watched_page
from layout_audit import (
    AUDIT,
    LOOKS,
    STATES,
    VIEWPORTS,
    State,
    make_saves,
    settings,
    walks,
)
from table_page import Game

from browser_harness import SETTLED
from hearts.table import Table

# The page's timers (a bot's pause, a trick shown, 复盘's wait before judging) are set in the
# worker that runs Python (web/main.py): held there, the position opened stays as it is.
HOLD = """() => { if (self.heartsHeld) return;
  const later = self.setTimeout.bind(self);
  self.setTimeout = (callback, delay, ...rest) => delay > 0 ? 0 : later(callback, delay, ...rest);
  self.heartsHeld = true; }"""


@pytest.fixture(scope="module")
def saves() -> dict[str, str]:
    return make_saves()


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
    return game.page.evaluate(AUDIT, state.audit_argument())


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_nothing_clips_hides_or_is_too_small(audited, saves, viewport):
    width, height = VIEWPORTS[viewport]
    audited.page.set_viewport_size({"width": width, "height": height})
    problems = []
    for language, look_name in walks(viewport):
        for name, state in STATES.items():
            open_state(audited, saves[name], settings(language, LOOKS[look_name], state.tips_seen), state)
            problems += [f"{viewport} {language} {look_name} · {name} · {problem}" for problem in audit(audited, state)]
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
