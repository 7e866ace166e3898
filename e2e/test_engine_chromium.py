"""The main flows (e2e/engine_flows.py) on Chromium, the engine the rest of the suite runs on."""

from engine_flows import Flows


class TestChromium(Flows):
    engine = "chromium"
