"""tools/bench_network.py without a browser: the shaped server sends files as a gzipping host
does (gzip when the client takes it and it is smaller, 304 for an unchanged file), over one link
whose rate bounds every connection together; and the renderer's memory is read from /proc."""

from __future__ import annotations

import gzip
import threading
import time
import urllib.request
from pathlib import Path

from bench_network import LINKS, Link, ShapedServer, connection_script, descendants, renderer_rss

FAST = Link(80e6, 80e6, 0.0)


def get(url: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), b""


def test_files_go_gzipped_when_taken_and_smaller_and_unchanged_ones_as_304(tmp_path: Path) -> None:
    (tmp_path / "page.js").write_bytes(b"console.log('hello');\n" * 200)
    (tmp_path / "packed.zip").write_bytes(gzip.compress(b"x" * 5000))
    (tmp_path / "stored.bin.gz").write_bytes(gzip.compress(b"x" * 5000, compresslevel=0))
    with ShapedServer(tmp_path, FAST) as server:
        status, headers, body = get(server.url + "page.js", {"Accept-Encoding": "gzip"})
        assert status == 200 and headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(body) == (tmp_path / "page.js").read_bytes()
        _, plain_headers, plain = get(server.url + "page.js")
        assert "Content-Encoding" not in plain_headers and plain == (tmp_path / "page.js").read_bytes()
        _, zip_headers, _ = get(server.url + "packed.zip", {"Accept-Encoding": "gzip"})
        assert "Content-Encoding" not in zip_headers  # already compressed: sent as it is
        _, gz_headers, _ = get(server.url + "stored.bin.gz", {"Accept-Encoding": "gzip"})
        assert "Content-Encoding" not in gz_headers  # a gzip file, however well it would compress
        again, _, nothing = get(server.url + "page.js", {"If-Modified-Since": headers["Last-Modified"]})
        assert again == 304 and nothing == b""
        assert get(server.url + "missing.js")[0] == 404


def test_one_link_carries_every_connection_at_its_rate(tmp_path: Path) -> None:
    (tmp_path / "a.bin").write_bytes(bytes(range(256)) * 400)  # 100 kB, not compressible by much
    link = Link(4e6, 4e6, 0.0)  # 0.5 MB/s: two downloads of 100 kB side by side take >= 0.4 s
    with ShapedServer(tmp_path, link) as server:
        start = time.monotonic()
        threads = [threading.Thread(target=get, args=(server.url + "a.bin",)) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert time.monotonic() - start >= 0.38


def test_the_page_hears_the_link_it_is_on() -> None:
    script = connection_script("slow-4g")
    assert "effectiveType: '4g'" in script and "downlink: 1.6" in script and "rtt: 150" in script
    assert LINKS["4g"].down == 9e6 and LINKS["slow-4g"].rtt == 0.150


def test_memory_is_read_for_this_process_s_browsers_only() -> None:
    assert descendants(1) and isinstance(renderer_rss(), int)
