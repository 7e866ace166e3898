"""Settings, sound, keyboard, screen reader and the three languages, through the page
(issue 6, items 6-8)."""

from __future__ import annotations

import json
import re

import states
from playwright.sync_api import expect

from browser_harness import SETTLED
from hearts.game.strings import LANGUAGES, STRINGS
from hearts.table.settings import FAST_FORWARD, pacing

# Records every delay the game's Python asks of setTimeout, in its worker: the pacing of the bots
# shows there. Run once the page is up (Python looks setTimeout up at each call).
RECORD_DELAYS = """() => { self.__delays = [];
const realTimeout = self.setTimeout;
self.setTimeout = function (callback, delay, ...rest) {
  self.__delays.push(delay); return realTimeout.call(this, callback, delay, ...rest); }; }"""

# A Web Audio stand-in that records the frequency of every note the page plays (the page makes
# its audio context on the first tap, so this can be put in place once the page is up).
RECORD_NOTES = """() => { window.__notes = [];
window.AudioContext = class {
  constructor() { this.state = 'running'; this.currentTime = 0; this.destination = {}; }
  resume() { return Promise.resolve(); }
  createOscillator() { return {type: '', frequency: {setValueAtTime: f => window.__notes.push(f)},
                               connect() {}, start() {}, stop() {}}; }
  createGain() { return {gain: {setValueAtTime() {}, exponentialRampToValueAtTime() {}}, connect() {}}; }
}; }"""
# Records every text the screen reader's region takes. Polling the region itself can miss one: a
# slow machine may apply a trick's last card and the next lead between two polls.
RECORD_SPOKEN = """() => { const region = document.querySelector('[data-region=spoken]');
window.__spoken = [region.textContent];
new MutationObserver(() => window.__spoken.push(region.textContent))
  .observe(region, {childList: true, characterData: true, subtree: true}); }"""
NO_AUDIO = """() => { window.AudioContext = function () { throw new Error('no audio here'); };
delete window.webkitAudioContext; }"""
CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")


def open_settings(game) -> None:
    game.page.locator(".menu-button").click()
    game.page.locator('[data-action="settings"]').click()


def choose(game, name: str, value: str) -> None:
    game.page.locator(f'.menu [data-name="{name}"][data-value="{value}"]').click()


def spoken(game) -> str:
    return game.page.locator('[data-region="spoken"]').inner_text()


def test_settings_apply_at_once_are_remembered_and_bad_ones_are_refused(game):
    game.open(states.human_to_move_mid_trick(), pace=None)  # the real pace: its delays are checked
    game.python().evaluate(RECORD_DELAYS)
    open_settings(game)
    expect(game.page.locator(".menu-heading")).to_have_text("设置")
    game.button("慢").click()
    for label in ("深色主题", "四色牌", "大号牌"):
        game.button(label).click()
        expect(game.button(label)).to_have_attribute("aria-pressed", "true")
    html = game.page.locator("html")
    expect(html).to_have_attribute("data-theme", "dark")
    expect(html).to_have_attribute("data-deck", "four-colour")
    expect(html).to_have_attribute("data-cards", "large")
    colours = game.page.evaluate("""() => Object.fromEntries(['C', 'D', 'S', 'H'].map(s => {
        const card = document.querySelector('.card.suit-' + s);
        return [s, card && getComputedStyle(card).color]; }))""")
    assert colours["C"] in (None, "rgb(22, 115, 58)") and colours["D"] in (None, "rgb(31, 86, 184)")
    assert colours["C"] or colours["D"]
    game.page.keyboard.press("Escape")
    expect(game.page.locator(".menu")).to_be_hidden()
    assert game.page.evaluate("document.activeElement.classList.contains('menu-button')")
    game.python().evaluate("self.__delays.length = 0")
    code = game.playable()[0]
    game.tap(code)
    game.tap(code)
    game.wait_in_python(f"self.__delays.includes({pacing('slow').ai_delay})")
    saved = json.loads(game.page.evaluate("localStorage.getItem('hearts.settings')"))
    assert {name: saved[name] for name in ("speed", "dark", "four_colour", "large_cards", "sound")} == {
        "speed": "slow",
        "dark": True,
        "four_colour": True,
        "large_cards": True,
        "sound": False,
    }
    game.reopen()
    expect(html).to_have_attribute("data-theme", "dark")
    expect(html).to_have_attribute("data-cards", "large")
    game.open(
        states.human_to_move_mid_trick(),
        settings='{"format": "hearts.settings", "version": 1, "speed": "warp"}',
        pace=None,
    )
    expect(html).to_have_attribute("data-theme", "light")
    expect(game.page.locator(".notice")).to_have_count(0)


def test_keyboard_plays_a_card_the_screen_reader_hears_it_and_space_fast_forwards(game):
    game.open(states.human_to_move_mid_trick(), pace=None)  # the real pace, so Space has bots to hurry
    game.python().evaluate(RECORD_DELAYS)
    hand = game.hand_codes()
    first = game.playable()[0]
    game.page.keyboard.press("ArrowRight")
    focused = "document.activeElement.dataset.code"
    assert game.page.evaluate(focused) == first
    ring = game.page.evaluate(
        "(({outlineStyle, outlineWidth}) => [outlineStyle, outlineWidth])(getComputedStyle(document.activeElement))"
    )
    assert ring[0] != "none" and float(ring[1][:-2]) >= 2, "the focus ring must show"
    game.page.keyboard.press("ArrowRight")
    assert game.page.evaluate(focused) == hand[min(hand.index(first) + 1, len(hand) - 1)]
    game.page.keyboard.press("ArrowLeft")
    assert game.page.evaluate(focused) == first
    game.page.keyboard.press("Enter")
    expect(game.card(first)).to_have_attribute("aria-pressed", "true")
    assert game.page.evaluate(focused) == first, "selecting keeps the focus on the card"
    name = game.card(first).get_attribute("aria-label")
    game.python().evaluate("self.__delays.length = 0")
    game.page.keyboard.press("Enter")
    expect(game.card(first)).to_have_count(0)
    assert game.page.evaluate(focused) in hand, "the focus stays on your hand"
    assert spoken(game).startswith(f"你出{name}")
    game.page.evaluate(RECORD_SPOKEN)
    game.page.keyboard.press(" ")
    game.wait_in_python(f"self.__delays.includes({FAST_FORWARD.ai_delay})")
    game.page.wait_for_function("window.__spoken.some(said => said.includes('收下这一墩'))")


def test_keyboard_hint_enter_to_pass_and_n_for_the_next_hand(game):
    game.open(states.fresh(seed=31))
    game.page.keyboard.press("h")
    expect(game.page.locator('.hand [aria-pressed="true"]')).to_have_count(3)
    assert game.message().strip()
    game.page.keyboard.press("Enter")
    expect(game.app).to_have_attribute("data-phase", "play")
    game.open(states.last_trick_of_first_hand())
    game.wait_for_you_or_panel()
    game.page.keyboard.press("ArrowRight")
    game.page.keyboard.press("Enter")
    game.page.keyboard.press("Enter")
    game.wait_for_you_or_panel()
    expect(game.page.locator("#app .panel")).to_be_visible()
    assert game.page.evaluate("document.activeElement.dataset.action") == "next-hand", "the dialog takes the focus"
    game.page.keyboard.press("n")
    expect(game.app).to_have_attribute("data-hand-number", "2")


def only_in(language: str) -> set[str]:
    others = {value for other in LANGUAGES if other != language for value in STRINGS[other].values()}
    return {
        value for value in STRINGS[language].values() if value not in others and "{" not in value and len(value) > 1
    }


def leaks(game, language: str) -> list[str]:
    shown = game.page.evaluate("document.body.innerText")
    foreign = set().union(*(only_in(other) for other in LANGUAGES if other != language))
    found = sorted(word for word in foreign if word in shown)
    if language == "en":
        found += CJK.findall(shown)
    return found


def test_each_language_is_chosen_in_the_menu_remembered_and_nothing_else_leaks(game):
    game.open(states.human_to_move_mid_trick())
    for language in ("zh-Hant", "en", "zh-Hans"):
        open_settings(game)
        choose(game, "language", language)
        game.page.keyboard.press("Escape")
        expect(game.page.locator("html")).to_have_attribute("lang", language)
        game.tap(next(code for code in game.hand_codes() if code not in game.playable()), force=True)
        expect(game.page.locator(".message")).not_to_be_empty()
        assert leaks(game, language) == [], language
        game.page.keyboard.press("h")
        expect(game.page.locator('.hand [aria-pressed="true"]')).to_have_count(1)
        assert leaks(game, language) == [], language
        assert game.page.title() == STRINGS[language]["app.title"]
        if language == "en":
            game.reload()
            expect(game.page.locator("html")).to_have_attribute("lang", "en")
            expect(game.button("Menu")).to_be_visible()
            assert leaks(game, language) == []
            # Before Python runs, the loading and error screens spoke English too.
            assert game.page.locator("#loading h1").text_content() == "Hearts"
            assert game.page.locator("#error-title").text_content() == STRINGS["en"]["error.title"]
            assert game.page.locator("script[data-update]").get_attribute("data-update") == STRINGS["en"]["pwa.update"]


def test_sounds_play_on_your_turn_and_never_break_the_page_without_audio(game, desktop):
    _, watch = desktop
    game.open(states.human_to_move_mid_trick(), settings=states.settings(sound=True))
    game.page.evaluate(RECORD_NOTES)
    code = game.playable()[0]
    game.tap(code)  # the first tap makes the audio context (browsers need a gesture)
    game.tap(code)
    game.wait_for_you_or_panel()
    game.page.wait_for_function("window.__notes.includes(660) && window.__notes.includes(880)")
    game.page.evaluate(NO_AUDIO)
    game.spoilt = True  # later tests must not inherit a page without Web Audio
    game.open(states.human_to_move_mid_trick(), settings=states.settings(sound=True))
    code = game.playable()[0]
    game.tap(code)
    game.tap(code)
    game.wait_for_you_or_panel()
    assert game.page.evaluate("document.documentElement.dataset.state") == "ready"
    expect(game.page.locator("#error")).to_be_hidden()
    assert watch.errors == [], "no Web Audio must mean silence, not errors"


# Every animation of the document still running or waiting to: none, once a table asking for
# reduced motion has settled (an endless one at .01ms a cycle flickered, and drew every frame).
RUNNING = """() => document.getAnimations().filter(a => a.playState === 'running' || a.playState === 'pending')
    .map(a => `${a.animationName || a.transitionProperty} on ${a.effect.target.className}`)"""
# The turn's pulse as the page's style has it: its name, length and how many times it runs.
PULSE = """() => { const style = getComputedStyle(document.querySelector('.seat.is-turn .turn-dot'));
    return [style.animationName, style.animationDuration, style.animationIterationCount]; }"""


def test_reduced_motion_leaves_nothing_moving_on_a_waiting_table(game):
    """The player's turn, the pulse beside their name up: under prefers-reduced-motion (every
    page of the suite's but the monkey's) nothing on the table moves once it has settled."""
    game.open(states.human_to_move_mid_trick())
    assert game.page.locator(".seat.is-turn .turn-dot").count() == 1
    game.page.evaluate(SETTLED)
    assert game.page.evaluate(RUNNING) == []
    assert game.page.evaluate(PULSE) == ["pulse", "1e-05s", "1"]


def test_the_turn_s_pulse_runs_three_times_then_holds_still(game):
    """With motion, the pulse draws the eye as the turn comes, then stops: an endless one kept
    the page drawing every frame while the player thought (a phone's battery)."""
    game.page.emulate_media(reduced_motion="no-preference")
    try:
        game.open(states.human_to_move_mid_trick())
        assert game.page.evaluate(PULSE) == ["pulse", "1s", "3"]
        game.page.wait_for_function("() => document.getAnimations().length === 0", timeout=6000)
    finally:
        game.page.emulate_media(reduced_motion="reduce")
