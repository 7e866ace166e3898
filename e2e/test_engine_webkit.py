"""The main flows (e2e/engine_flows.py) on WebKit (WebKitGTK's MiniBrowser, through WebKitWebDriver under Xvfb)."""

from engine_flows import Flows


class TestWebKit(Flows):
    engine = "webkit"
    first_start = "build-snapshot"
    no_touch = (
        "WebKitGTK here has no touch screen: its Touch cannot be constructed and WebKitWebDriver drops touch"
        " pointer actions (Safari on a phone has touch; 复盘's swipe is the page's own handler, checked on the others)"
    )
