"""Monkey test: a seeded random sequence of taps, clicks and key presses anywhere on the table
and its menus and panels, at each viewport, interleaved with reloads, while the bots play on.

Its random actions do not wait for animations or bots, so taps land mid-animation, on panels
coming up and on menus. Every ``CHECK_EVERY`` actions and after every reload it checks: no
console or page error, no Content Security Policy violation, no Python exception (the error
screen), the saved game loads in the engine, its 52 cards are all accounted for and match the
cards drawn on the page, and the game can go on; a reload loses nothing that was saved.

So that whole games finish within the test's time, the bots are Easy, the page runs at
``?pace=0.05`` (hearts.table.delay_factor), and 75% of the actions are what a player would do next (the others
are random: any tap target, any point, a key); 「普通」 and 「困难」 are never tapped (slower bots
would only slow the test down) and 「新游戏」 only seldom and only in a game's first hand.

A player's next move waits, as a player does, until the table is waiting for them (their turn,
passing or a panel; a completed trick collects itself); the random actions never wait, so they
still land mid-animation and while the bots play. Without that wait, how far the bots got
between two taps depended on the machine's speed, and so did the number of games finished.
Two lengths: by default (``make test``, CI) 40 actions at each viewport, 120 in all (about 30 s
on a loaded two-core machine, three first starts of Python included, the suite's longest test:
the suite must stay under six minutes); with
``HEARTS_MONKEY=release`` (``make monkey``, before a release) 700 at each, 2,100 in all, after
which the monkey goes on at the last viewport until ``GAMES`` games have finished (at most
``EXTRA_ACTIONS`` more actions).
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass, field

import states
from contexts import VIEWPORTS, new_watched_page
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from table_page import Game

from hearts import Match
from hearts.game.cards import DECK
from hearts.table import Table

SEED = 20261129
RELEASE = os.environ.get("HEARTS_MONKEY") == "release"
# At each viewport: 2,100 in all before a release (at least 2,000 and two whole games), else 120.
ACTIONS = 700 if RELEASE else 40
GAMES = 2 if RELEASE else 0
EXTRA_ACTIONS = 2000
CHECK_EVERY = 10
# About four reloads at each viewport, and one at the end. By default only that last one is a real
# reload (which restarts Python, seconds each); the others reopen the table from storage through
# the page's test hook (e2e/table_page.py). Before a release all are real.
RELOAD_CHANCE = 4 / ACTIONS
PACE = 0.05
KEYS = ("Enter", " ", "Tab", "Shift+Tab", "Escape", "ArrowLeft", "ArrowRight", "h", "1")

# Everything that takes a tap, where it is, and what choosing among them needs to know; with the
# phase and the hand number, read in the same go (each read of the page is a round trip).
TARGETS = """() => ({phase: document.querySelector('#app').dataset.phase,
    hand: document.querySelector('#app').dataset.handNumber,
    targets: [...document.querySelectorAll('#app [data-action]')]
    .filter(el => el.getClientRects().length && !el.closest('[hidden]'))
    .map(el => { const box = el.getBoundingClientRect();
        return {action: el.dataset.action, level: el.dataset.level || null,
                disabled: el.getAttribute('aria-disabled') === 'true',
                pressed: el.getAttribute('aria-pressed') === 'true',
                primary: el.classList.contains('primary'),
                box: [box.left, box.top, box.width, box.height]}; })
    .filter(t => t.box[0] >= 0 && t.box[1] >= 0 && t.box[0] + 9 < innerWidth && t.box[1] + 12 < innerHeight)})"""

# What the page shows and has saved, read in one go so no timer runs in between.
SEEN = """() => ({
    state: document.documentElement.dataset.state,
    error: document.querySelector('#error-text').textContent,
    save: localStorage.getItem('hearts.save'),
    hand: [...document.querySelectorAll('.hand [data-code]')].map(e => e.dataset.code),
    backs: [1, 2, 3].map(s => document.querySelectorAll(`.seat-${s} .back`).length),
    trick: [...document.querySelectorAll('.trick [data-code]')].map(e => e.dataset.code),
    panel: !document.querySelector('.panel-layer').hidden,
    enabled: document.querySelectorAll('#app [data-action]:not([aria-disabled="true"])').length })"""

# Whether the table waits for the player; how long a player's next move may wait for it.
WAITING_FOR_PLAYER = """() => { const app = document.querySelector('#app');
    return app.dataset.turn === '0' || app.dataset.phase === 'pass'
        || !document.querySelector('.panel-layer').hidden; }"""
PLAYER_WAIT_MS = 20_000

LEVEL_AT_POINT = """([x, y]) => { const hit = document.elementFromPoint(x, y);
    const level = hit && hit.closest('[data-level]'); return level ? level.dataset.level : null; }"""


@dataclass
class Tally:
    actions: int = 0
    reloads: int = 0
    checks: int = 0
    hands_finished: set = field(default_factory=set)
    games_finished: set = field(default_factory=set)


def purposeful(targets: list[dict], phase: str) -> list[dict]:
    """The taps a player would make next: play the selected card or select a playable one,
    pick cards to pass or pass them, take a panel's main button."""
    enabled = [t for t in targets if not t["disabled"]]
    selecting = phase == "pass"
    for wanted in (
        lambda t: t["primary"] and t["action"] != "play",
        lambda t: t["action"] == "card" and t["pressed"] != selecting,
        lambda t: t["action"] == "card",
    ):
        chosen = [t for t in enabled if wanted(t)]
        if chosen:
            return chosen
    return []


def allowed(target: dict, hand_number: str, rng: random.Random) -> bool:
    """Any tap but 「普通」「困难」 (slower bots would only slow the test down), and 「新游戏」
    only seldom and in a game's first hand: later it would cut short the games the test means
    to finish."""
    if target["action"] == "level":
        return target["level"] == "easy"
    return target["action"] != "new-game" or (hand_number == "1" and rng.random() < 0.05)


def act(game: Game, watch, rng: random.Random, tally: Tally) -> None:
    """One action: 75% what a player would do next, else a tap on anything that takes taps, a
    tap anywhere, or a key press; none waits for the page."""
    page = game.page
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    roll = rng.random()
    if roll < 0.75:
        wait_for_player(game, tally)
    if roll < 0.87:
        seen = page.evaluate(TARGETS)
        targets = seen["targets"]
        choices = purposeful(targets, seen["phase"]) if roll < 0.75 else []
        choices = choices or [t for t in targets if allowed(t, seen["hand"], rng)]
        if choices:
            chosen = rng.choice(choices)
            left, top, box_width, box_height = chosen["box"]
            x = min(left + min(9 + rng.random() * 4, box_width / 2), width - 1)
            y = min(top + min(12 + rng.random() * 12, box_height / 2), height - 1)
            if chosen["action"] in ("next-hand", "play-again"):
                check(game, watch, tally)  # the finished hand or game, before it goes
            page.mouse.click(x, y)
            return
    if roll < 0.94:
        point = [rng.uniform(0, width - 1), rng.uniform(0, height - 1)]
        if page.evaluate(LEVEL_AT_POINT, point) in (None, "easy"):
            page.mouse.click(*point)
    else:
        page.keyboard.press(rng.choice(KEYS))


def wait_for_player(game: Game, tally: Tally) -> None:
    """Wait until the table waits for the player; the game stopping short of that is a failure."""
    try:
        game.page.wait_for_function(WAITING_FOR_PLAYER, timeout=PLAYER_WAIT_MS, polling=50)
    except PlaywrightTimeout:
        raise AssertionError(
            f"the game did not come back to the player within {PLAYER_WAIT_MS} ms after {tally.actions} actions"
        ) from None


def check(game: Game, watch, tally: Tally) -> Table:
    """Everything the monkey must never break, on what the page shows and has saved now."""
    seen = game.page.evaluate(SEEN)
    assert seen["state"] == "ready", f"the page stopped after {tally.actions} actions: {seen['error']}"
    assert watch.errors == [], f"console errors after {tally.actions} actions: {watch.errors}"
    assert watch.violations == [], f"CSP violations: {watch.violations}"
    table = Table.from_save(seen["save"])
    hand = table.hand
    cards = [card for seat in range(4) for card in hand.hands[seat]] + list(hand.plays)
    assert sorted(cards) == list(DECK), "the 52 cards are all accounted for"
    assert sorted(seen["hand"]) == sorted(str(card) for card in table.human_cards)
    assert seen["backs"] == [len(hand.hands[seat]) for seat in (1, 2, 3)]
    assert set(seen["trick"]) <= {str(card) for card in hand.plays}
    assert (
        table.your_turn() or table.ai_due() or table.collecting or hand.phase == "pass" or table.panel() is not None
    ), "the game can go on"
    assert seen["enabled"] > 0 or table.ai_due() or table.collecting
    tally.checks += 1
    if hand.phase == "over":
        tally.hands_finished.add((table.match.seed, table.match.hand_number))
    if table.match.over:
        tally.games_finished.add(table.match.seed)
    return table


def continues(before: Match, after: Match) -> bool:
    """Whether ``after`` is ``before`` played on (same deals, every play kept)."""
    if after.seed != before.seed or len(after.hands) < len(before.hands):
        return False
    return all(
        new.dealt == old.dealt and new.plays[: len(old.plays)] == old.plays
        for old, new in zip(before.hands, after.hands)
    )


def reload(game: Game, watch, tally: Tally, real: bool) -> None:
    """A reload (``real``), or the table reopened from storage through the page's test hook."""
    saved = Table.from_save(game.page.evaluate("localStorage.getItem('hearts.save')"))
    if real:
        game.reload()
    else:
        game.reopen()
    tally.reloads += 1
    after = check(game, watch, tally)
    assert continues(saved.match, after.match), "a reload lost part of the saved game"


def play_at(
    shared_context, base_url: str, viewport: str, start: str, rng: random.Random, tally: Tally, games: int = 0
) -> str:
    """``ACTIONS`` actions at ``viewport`` from the saved game ``start``, then more (up to
    ``EXTRA_ACTIONS``) until ``games`` games have finished; returns the save then."""
    actions, reloads = tally.actions + ACTIONS, tally.reloads
    limit = actions + (EXTRA_ACTIONS if games else 0)
    context, watch = shared_context(viewport)
    with new_watched_page(context, watch) as page:
        page.emulate_media(reduced_motion="no-preference")  # taps land mid-animation, as a player's do
        game = Game(page, base_url).open(start, pace=PACE)
        check(game, watch, tally)
        while tally.actions < actions or (len(tally.games_finished) < games and tally.actions < limit):
            # Random reloads, and one halfway if chance gave none (a reload mid-play is checked).
            halfway = tally.actions == actions - ACTIONS // 2 and tally.reloads == reloads
            if rng.random() < RELOAD_CHANCE or halfway:
                reload(game, watch, tally, real=RELEASE)
            act(game, watch, rng, tally)
            tally.actions += 1
            if tally.actions % CHECK_EVERY == 0:
                check(game, watch, tally)
        reload(game, watch, tally, real=True)
        saved = page.evaluate("localStorage.getItem('hearts.save')")
    assert tally.reloads - reloads >= 2, f"reloads at {viewport}"
    return saved


def test_monkey(shared_context, base_url):
    """One game after another, carried from phone portrait to landscape to desktop (as a
    player moving to another device would with the save)."""
    rng = random.Random(SEED)
    tally = Tally()
    save = states.save(Match(seed=rng.randrange(2**32)), level="easy", next_level="easy")
    for number, viewport in enumerate(VIEWPORTS, start=1):
        games = GAMES if number == len(VIEWPORTS) else 0
        save = play_at(shared_context, base_url, viewport, save, rng, tally, games)
        print(
            f"\nmonkey after {viewport}: {tally.actions} actions, {tally.reloads} reloads, {tally.checks} checks, "
            f"{len(tally.hands_finished)} hands and {len(tally.games_finished)} games finished"
        )
    assert tally.actions >= 3 * ACTIONS >= (2000 if RELEASE else 120)
    assert len(tally.games_finished) >= GAMES, "the monkey finishes several whole games"
