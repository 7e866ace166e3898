"""Where the browser does not say how fast its link is (Safari's navigator has no ``connection``),
a first visit times the first bytes of the build's snapshot (web/snapshot.mjs ``linkProbe``,
``probed``): over a link slower than the snapshot pays for, it gives the download up at once and
starts as usual, nothing broken, nothing kept, and does not try again on the next visit.

Here Chromium with its ``navigator.connection`` taken away, the snapshot trickled by the server
and the rest of the site at full speed. Every case of the decision is tests/test_snapshot.py's
(under Node); a fast link's first visit is the engine flows' on WebKit (e2e/engine_flows.py), which
then start from the build's snapshot."""

from __future__ import annotations

import http.server
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from contexts import VIEWPORTS, table_context

from browser_harness import BOOT_TIMEOUT, SITE

#: The snapshot's link: 4 Mbit/s, a fifth of the probe's threshold (web/snapshot.mjs PROBE_MBPS).
TRICKLE_BITS_PER_SECOND = 4e6
CHUNK = 16 * 1024
NO_CONNECTION = "delete Navigator.prototype.connection;"
READY = "document.documentElement.dataset.state === 'ready'"
FACTS = """() => [document.documentElement.dataset.start, localStorage.getItem('hearts.snapshot.fetched'),
    document.querySelectorAll('.hand [data-code]').length]"""


class TrickleHandler(http.server.SimpleHTTPRequestHandler):
    """The site's files, the build's snapshot (``snapshot/``) at :data:`TRICKLE_BITS_PER_SECOND`,
    counting the bytes it sent before the browser hung up."""

    server: TrickleServer

    def __init__(self, request: Any, client_address: Any, server: TrickleServer) -> None:
        super().__init__(request, client_address, server, directory=str(SITE))

    def do_GET(self) -> None:
        if not self.path.startswith("/snapshot/"):
            super().do_GET()
            return
        body = Path(self.translate_path(self.path)).read_bytes()
        self.send_response(200)
        self.send_header("Content-Type", "application/gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        for start in range(0, len(body), CHUNK):
            try:
                self.wfile.write(body[start : start + CHUNK])
            except ConnectionError:
                return
            self.server.snapshot_sent += min(CHUNK, len(body) - start)
            time.sleep(CHUNK * 8 / TRICKLE_BITS_PER_SECOND)

    def log_message(self, format: str, *args: Any) -> None:
        pass


class TrickleServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    snapshot_sent = 0


@pytest.fixture
def trickling() -> Iterator[TrickleServer]:
    server = TrickleServer(("127.0.0.1", 0), TrickleHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


def test_a_first_visit_over_a_slow_link_gives_the_snapshot_up_and_starts_as_usual(browser, trickling):
    url = f"http://127.0.0.1:{trickling.server_address[1]}/"
    build = (SITE / "web" / "build.mjs").read_text(encoding="utf-8").split('const BUILD = "', 1)[1].split('"', 1)[0]
    snapshot_size = next((SITE / "snapshot").iterdir()).stat().st_size
    with table_context(browser, url, VIEWPORTS["portrait"], service_workers="block") as (context, watch):
        context.add_init_script(NO_CONNECTION)
        page = context.new_page()
        watch.attach(page)
        warnings: list[str] = []
        page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
        page.goto(url)
        page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
        start, fetched, cards = page.evaluate(FACTS)
        watch.check()
    assert (start, fetched, cards) == ("normal", build, 13), "a normal start, the fetch not to be made again"
    assert any("under 20 Mbit/s" in text for text in warnings), warnings
    assert trickling.snapshot_sent < snapshot_size / 4, "the download stopped once the probe gave up"
