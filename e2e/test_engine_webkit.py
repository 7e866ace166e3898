"""The main flows (e2e/engine_flows.py) on WebKit (WebKitGTK's MiniBrowser, through WebKitWebDriver under Xvfb)."""

from engine_flows import Flows


class TestWebKit(Flows):
    engine = "webkit"
