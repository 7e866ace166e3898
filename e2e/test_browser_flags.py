"""The Chromium every test and benchmark runs (browser_harness.launch_chromium) loads nothing but
the pages under test: not desktop Chromium's omnibox popups, which it would load as WebUI pages for
every new tab, at ~0.8 s of CPU each; and it keeps every feature Playwright switches off, as one
``--disable-features`` switch (Chromium reads only the last)."""

from __future__ import annotations

from browser_harness import DESKTOP_FEATURES_OFF, DISABLE_FEATURES, chromium_command_lines


def test_a_new_tab_loads_no_webui_beside_the_page(browser):
    session = browser.new_browser_cdp_session()
    context = browser.new_context()
    try:
        context.new_page().goto("about:blank")
        targets = session.send("Target.getTargets")["targetInfos"]
    finally:
        context.close()
        session.detach()
    # Other tests' contexts may still be open beside it (their pages, service workers): only
    # Chromium's own pages are counted.
    chromes = [
        target["url"] for target in targets if target["type"] == "browser_ui" or target["url"].startswith("chrome:")
    ]
    assert chromes == []


def test_one_disable_features_switch_holds_playwright_s_features_and_ours(browser):
    switches = [arg for argv in chromium_command_lines() for arg in argv if arg.startswith(DISABLE_FEATURES)]
    assert len(switches) == 1, switches
    features = switches[0].removeprefix(DISABLE_FEATURES).split(",")
    assert {"PaintHolding", "ThirdPartyStoragePartitioning", *DESKTOP_FEATURES_OFF} <= set(features)
