"""The build's memory snapshot: made under Node (``tools/make_snapshot.mjs``, with the site's own
vendored Pyodide, wheel and ``web/snapshot.mjs``), based on the memory the wasm starts with
(``tools/snapshot_base.mjs``: its static data XORed out, ~1.5 MB less to send), gzip-compressed
into ``snapshot/<build key>.bin.gz``, and described to the page (length and SHA-256 of the
uncompressed bytes, and the base: ``web/snapshot.mjs``'s ``restoringSparsely``), which fetches it
on a first visit over a fast link (``web/interpreter.mjs``).

Gzip because the browser inflates it natively (``DecompressionStream``); level 9: 31.5 MB ->
3.55 MB in 2.1 s, 54 kB less than level 6 for 1.7 s more (docs/log/network-2026-12-06.md, snap58).
The snapshot is not byte-for-byte reproducible (CPython's hash seed and the like differ per run);
what ties it to a build is its name, the build key made from its inputs
(``build_site.snapshot_build``).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAKER = ROOT / "tools" / "make_snapshot.mjs"
BASE = ROOT / "tools" / "snapshot_base.mjs"
FOLDER = "snapshot"
LEVEL = 9


def snapshot_path(build: str) -> str:
    """Where the build's snapshot lives in the site, relative to it (``snapshot/<key>.bin.gz``)."""
    return f"{FOLDER}/{build}.bin.gz"


def pack(site: Path, build: str, raw: bytes, base: object = None) -> dict[str, object]:
    """Write ``raw`` compressed into ``site``; return what the page needs to fetch, check and
    restore it (``base``: tools/snapshot_base.mjs's, None for a snapshot not based)."""
    target = site / snapshot_path(build)
    target.parent.mkdir(parents=True, exist_ok=True)
    # mtime=0: no build time in the header, so equal snapshots give equal files.
    target.write_bytes(gzip.compress(raw, compresslevel=LEVEL, mtime=0))
    return {
        "file": snapshot_path(build),
        "length": len(raw),
        "sha256": hashlib.sha256(raw).hexdigest(),
        "base": base,
    }


def make(site: Path, build: str) -> dict[str, object]:
    """Run Pyodide under Node on the finished ``site`` (its pyscript.json, wheel and vendored
    runtime) and pack the snapshot it makes."""
    with tempfile.TemporaryDirectory(prefix="hearts-snapshot-") as tmp:
        raw = Path(tmp) / "snapshot.bin"
        subprocess.run(["node", str(MAKER), str(site), str(raw)], check=True, timeout=300)
        base = json.loads(raw.with_name(raw.name + ".json").read_text(encoding="utf-8"))
        return pack(site, build, raw.read_bytes(), base)
