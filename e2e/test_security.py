"""The page's Content Security Policy holds in the browser: every other e2e test runs under it
and fails on a violation (conftest's watch); here injected inline code is shown to be refused,
so that watch is known to see violations."""

from __future__ import annotations

import states

INJECT = """() => {
    const script = document.createElement('script');
    script.textContent = 'window.inlineScriptRan = true';
    document.body.append(script);
    document.body.insertAdjacentHTML('beforeend', '<div id="injected" style="color: red"></div>');
}"""


def test_inline_script_and_inline_style_are_refused(game, desktop):
    _, watch = desktop
    game.open(states.fresh(seed=12))
    game.spoilt = True  # the injected element stays in the page: no later test gets this page
    game.page.evaluate(INJECT)
    game.page.wait_for_function("() => document.getElementById('injected') !== null")
    for _ in range(50):
        if len(watch.violations) >= 2:
            break
        game.page.wait_for_timeout(100)
    seen, logged = list(watch.violations), list(watch.errors)
    # Expected here, and only here: the game fixture's check must not count them.
    watch.violations.clear()
    watch.errors.clear()
    assert sorted(violation.split()[0] for violation in seen) == ["script-src-elem", "style-src-attr"]
    assert game.page.evaluate("window.inlineScriptRan") is None
    assert game.page.evaluate("getComputedStyle(document.getElementById('injected')).color") != "rgb(255, 0, 0)"
    # Chromium also logs each refusal as a console error.
    assert logged and all("Content Security Policy" in error for error in logged)
