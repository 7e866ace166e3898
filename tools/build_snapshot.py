"""The build's memory snapshot: made under Node (``tools/make_snapshot.mjs``, with the site's own
vendored Pyodide, wheel and ``web/snapshot.mjs``), gzip-compressed into
``snapshot/<build key>.bin.gz``, and described to the page (length and SHA-256 of the
uncompressed bytes), which fetches it on a first visit over a fast link (``web/interpreter.mjs``).

Gzip because the browser inflates it natively (``DecompressionStream``) and level 6 because it is
the knee: 31.5 MB -> 6.40 MB in 1.4 s, where level 9 saves another 72 kB for 10 s. The snapshot
is not byte-for-byte reproducible (CPython's hash seed and the like differ per run); what ties it
to a build is its name, the build key made from its inputs (``build_site.snapshot_build``).
"""

from __future__ import annotations

import gzip
import hashlib
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAKER = ROOT / "tools" / "make_snapshot.mjs"
FOLDER = "snapshot"
LEVEL = 6


def snapshot_path(build: str) -> str:
    """Where the build's snapshot lives in the site, relative to it (``snapshot/<key>.bin.gz``)."""
    return f"{FOLDER}/{build}.bin.gz"


def pack(site: Path, build: str, raw: bytes) -> dict[str, object]:
    """Write ``raw`` compressed into ``site``; return what the page needs to fetch and check it."""
    target = site / snapshot_path(build)
    target.parent.mkdir(parents=True, exist_ok=True)
    # mtime=0: no build time in the header, so equal snapshots give equal files.
    target.write_bytes(gzip.compress(raw, compresslevel=LEVEL, mtime=0))
    return {"file": snapshot_path(build), "length": len(raw), "sha256": hashlib.sha256(raw).hexdigest()}


def make(site: Path, build: str) -> dict[str, object]:
    """Run Pyodide under Node on the finished ``site`` (its pyscript.json, wheel and vendored
    runtime) and pack the snapshot it makes."""
    with tempfile.TemporaryDirectory(prefix="hearts-snapshot-") as tmp:
        raw = Path(tmp) / "snapshot.bin"
        subprocess.run(["node", str(MAKER), str(site), str(raw)], check=True, timeout=300)
        return pack(site, build, raw.read_bytes())
