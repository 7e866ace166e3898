"""The phone's side of tools/bench_startup.py: a mobile link, and the renderer's memory.

``--network slow-4g|4g|wifi``: every page is served over a shaped link, Lighthouse's slow 4G
(1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip), 4G (9 Mbit/s, 85 ms) or a home Wi-Fi (40
Mbit/s, 30 ms: where web/snapshot.mjs's link probe keeps the build's snapshot), gzipped as a
static host sends it. The link is shaped in the bench's own server rather than by DevTools'
``Network.emulateNetworkConditions``: that applies per DevTools target, so the service worker
(whose install fetches every file of the site) is not covered by the page's session, and each
target would get a link of its own; here one link, one budget of bytes per second, carries every
request of the page, its workers and its service worker, and ``python -m http.server`` sends no
gzip, which would have the link carry 2.3 times the bytes a host sends. Each request waits one
round trip before its answer, each new connection one more (its handshake).

``--memory``: the resident memory of the page's renderer process (the page, its workers) sampled
every 50 ms from /proc: the peak of a visit (through the snapshot worker's run on a first
visit), and the steady figure a few seconds after it.
"""

from __future__ import annotations

import email.utils
import gzip
import http.server
import os
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from browser_harness import StaticServer, descendants


@dataclass(frozen=True)
class Link:
    """A mobile link: bits per second each way and the round trip (s)."""

    down: float
    up: float
    rtt: float
    #: What ``navigator.connection`` reports on it (web/snapshot.mjs's fastLink reads it).
    effective_type: str = "4g"


#: Lighthouse's slow 4G (its mobile default), DevTools' 4G, and a home Wi-Fi.
LINKS = {"slow-4g": Link(1.6e6, 750e3, 0.150), "4g": Link(9e6, 9e6, 0.085), "wifi": Link(40e6, 20e6, 0.030)}
CHUNK = 16 * 1024


class Budget:
    """The link's downstream, shared by every connection: each chunk is sent when the ones before
    it, on any connection, have had their time."""

    def __init__(self, bits_per_second: float) -> None:
        self.bytes_per_second = bits_per_second / 8
        self.free_at = 0.0
        self.lock = threading.Lock()

    def send(self, out: Any, data: bytes) -> None:
        for start in range(0, len(data), CHUNK):
            chunk = data[start : start + CHUNK]
            with self.lock:
                begin = max(time.monotonic(), self.free_at)
                self.free_at = begin + len(chunk) / self.bytes_per_second
                due = self.free_at
            time.sleep(max(0.0, due - time.monotonic()))
            out.write(chunk)


class ShapedHandler(http.server.SimpleHTTPRequestHandler):
    """Files as a gzipping static host sends them (HTTP/1.1, Last-Modified, 304s), over the link."""

    protocol_version = "HTTP/1.1"
    server: ShapedHTTPServer

    def __init__(self, request: Any, client_address: Any, server: ShapedHTTPServer) -> None:
        super().__init__(request, client_address, server, directory=str(server.site))

    def setup(self) -> None:
        super().setup()
        time.sleep(self.server.link.rtt)  # the new connection's handshake

    def do_GET(self) -> None:
        time.sleep(self.server.link.rtt)  # the request up, the first byte down
        path = Path(self.translate_path(self.path))
        if not path.is_file():
            super().do_GET()
            return
        modified = int(path.stat().st_mtime)
        since = self.headers.get("If-Modified-Since")
        if since and email.utils.parsedate_to_datetime(since).timestamp() >= modified:
            self.send_response(304)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        body, encoded = self.server.body(path, "gzip" in self.headers.get("Accept-Encoding", ""))
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(modified))
        self.send_header("Vary", "Accept-Encoding")
        if encoded:
            self.send_header("Content-Encoding", "gzip")
        self.end_headers()
        self.server.sent.append((self.path, len(body)))
        self.server.budget.send(self.wfile, body)

    def log_message(self, format: str, *args: Any) -> None:
        pass


class ShapedHTTPServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, site: Path, link: Link) -> None:
        super().__init__(("127.0.0.1", 0), ShapedHandler)
        self.site = site
        self.link = link
        self.budget = Budget(link.down)
        self.gzipped: dict[tuple[Path, float], bytes] = {}
        #: (path, bytes) of every file sent whole (not a 304), in order: what crossed the link.
        self.sent: list[tuple[str, int]] = []

    def body(self, path: Path, gzip_accepted: bool) -> tuple[bytes, bool]:
        """The file's bytes, gzipped (level 6) when that is smaller and the browser takes it; a
        gzip file as it is, as static hosts send one (WebKit would not inflate the encoding of an
        ``application/gzip`` file, and the build's snapshot would reach the page gzipped twice)."""
        data = path.read_bytes()
        if not gzip_accepted or path.suffix == ".gz":
            return data, False
        key = (path, path.stat().st_mtime)
        if key not in self.gzipped:
            self.gzipped[key] = gzip.compress(data, compresslevel=6, mtime=0)
        packed = self.gzipped[key]
        return (packed, True) if len(packed) < len(data) else (data, False)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A connection the browser dropped (a tab closed mid-download) is no error of the bench's."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class ShapedServer:
    """:class:`ShapedHTTPServer` on a free port in a thread, as ``browser_harness.StaticServer``."""

    def __init__(self, directory: Path, link: Link) -> None:
        self.httpd = ShapedHTTPServer(directory, link)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def __enter__(self) -> ShapedServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def server_for(directory: Path, network: str | None) -> StaticServer | ShapedServer:
    """A server of ``directory``: localhost as it is, or over the link named ``network``."""
    return ShapedServer(directory, LINKS[network]) if network else StaticServer(directory)


def connection_script(network: str) -> str:
    """An init script that has ``navigator.connection`` report the link, as Chromium would on it."""
    link = LINKS[network]
    return f"""Object.defineProperty(Navigator.prototype, 'connection', {{configurable: true,
    get: () => ({{effectiveType: '{link.effective_type}', downlink: {link.down / 1e6:g}, rtt: {link.rtt * 1000:g},
                  saveData: false}})}});"""


# ----- memory ------------------------------------------------------------------------------------


def renderer_rss() -> int:
    """Resident bytes of the page's renderer: the largest renderer process of the browsers this
    process launched (the page and its dedicated workers, PyScript's and the snapshot's, live in
    it; the others are the service worker's and a spare, ~80–160 MB each and the same for every
    page, so a sum would hide what the page changes)."""
    largest = 0
    for pid in descendants(os.getpid()):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
                if b"--type=renderer" not in cmdline.read():
                    continue
            with open(f"/proc/{pid}/status") as status:
                for line in status:
                    if line.startswith("VmRSS:"):
                        largest = max(largest, int(line.split()[1]) * 1024)
        except OSError:
            continue
    return largest


class MemoryWatch:
    """Samples :func:`renderer_rss` every 50 ms in a thread; ``peak`` since the last ``reset``."""

    def __init__(self) -> None:
        self.highest = 0
        self.running = True
        self.thread = threading.Thread(target=self.sample, daemon=True)
        self.thread.start()

    def sample(self) -> None:
        while self.running:
            self.highest = max(self.highest, renderer_rss())
            time.sleep(0.05)

    def reset(self) -> None:
        self.highest = renderer_rss()

    def peak(self) -> int:
        return max(self.highest, renderer_rss())

    def steady(self, wait_s: float = 3.0) -> int:
        """The resident memory once the page has had ``wait_s`` seconds of quiet."""
        time.sleep(wait_s)
        return renderer_rss()

    def close(self) -> None:
        self.running = False
        self.thread.join()


def megabytes(values: list[int]) -> str:
    known = sorted(values)
    return "-" if not known else f"{known[len(known) // 2] / 1e6:4.0f}"


def memory_report(times: dict[str, dict[str, list[Any]]]) -> None:
    """Medians of each page's renderer memory: first and return visits, peak and steady (MB)."""
    print("\nrenderer resident memory, medians (MB): first visit peak / steady, return visit peak / steady")
    for page, row in times.items():
        first, again = row["first_memory"], row["again_memory"]
        print(
            f"  {page:9} {megabytes([peak for peak, _ in first])} / {megabytes([steady for _, steady in first])}"
            f"   {megabytes([peak for peak, _ in again])} / {megabytes([steady for _, steady in again])}"
        )
