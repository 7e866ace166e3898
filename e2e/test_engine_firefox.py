"""The main flows (e2e/engine_flows.py) on Firefox (Debian's firefox-esr, over WebDriver BiDi)."""

from engine_flows import Flows


class TestFirefox(Flows):
    engine = "firefox"
    first_start = "normal"
