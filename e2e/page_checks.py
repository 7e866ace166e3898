"""Checks on the page that several test modules make: axe-core's serious accessibility findings,
and whether an element lies wholly inside the viewport."""

from __future__ import annotations

from playwright.sync_api import Locator
from table_page import Game

from browser_harness import ROOT

#: axe-core, from npm: a dev dependency, never copied into the site.
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
RUN_AXE = """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
    .filter(v => ['serious', 'critical'].includes(v.impact))
    .map(v => `${v.id} (${v.impact}): ${v.nodes.slice(0, 4).map(n => n.target.join(' ')).join(' | ')}`)"""


def serious_violations(game: Game) -> list[str]:
    """axe-core's serious and critical findings. The script is served from the page's own origin,
    so the Content Security Policy stays on."""
    url = game.base_url + "__axe__.js"
    game.page.route(url, lambda route: route.fulfill(path=str(AXE), content_type="text/javascript"))
    if not game.page.evaluate("typeof axe !== 'undefined'"):
        game.page.add_script_tag(url=url)
    found: list[str] = game.page.evaluate(RUN_AXE)
    return found


def fits(game: Game, locator: Locator) -> bool:
    """Whether ``locator``'s box lies wholly inside the viewport."""
    box = locator.bounding_box()
    size = game.page.viewport_size
    assert size is not None
    width, height = size["width"], size["height"]
    return (
        box is not None
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= width + 0.5
        and box["y"] + box["height"] <= height + 0.5
    )
