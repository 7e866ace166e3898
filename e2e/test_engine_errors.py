"""WebKit's console errors reach the flows (tools/engines.py ``WebKitDriver.errors``), as
Chromium's and Firefox's do: WebKitWebDriver has no log endpoint, so the page keeps them for the
driver. A page of its own whose button logs an error, throws and leaves a promise rejected."""

from __future__ import annotations

from pathlib import Path

from browser_harness import StaticServer
from engines import webkit

PAGE = """<!doctype html><html><body><button>fail</button><script>
document.querySelector('button').addEventListener('click', () => {
  console.error('logged', 42);
  Promise.reject(new Error('rejected'));
  throw new Error('thrown');
});
</script></body></html>"""


def test_webkit_reports_console_errors_uncaught_exceptions_and_unhandled_rejections(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text(PAGE, encoding="utf-8")
    with StaticServer(tmp_path) as server, webkit((360, 740)) as driver:
        driver.goto(server.url)
        assert driver.errors() == []
        driver.click("button", x=5, y=5)
        driver.wait_until("() => window.__heartsErrors.length >= 3", timeout_ms=10_000)
        driver.click("button", x=5, y=5)
        driver.wait_until("() => window.__heartsErrors.length >= 6", timeout_ms=10_000)
        driver.goto(server.url + "?again")  # errors of a page left are kept
        seen = driver.errors()
        assert driver.errors() == []
    once = ["logged 42", "Error: thrown", "Unhandled Promise Rejection: Error: rejected"]
    assert sorted(seen) == sorted(once + once)
