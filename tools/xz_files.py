"""Pyodide's two large files as ``.xz`` beside them, for a first visit over a link that is not
fast (web/runtime-files.mjs downloads them so and decodes them as they stream).

xz against a host's gzip, measured on this build's files: the wasm 9.6 MB → 2.64 MB (gzip 3.56),
the stdlib zip (its entries stored, not deflated: tools/stdlib_cut.py) 3.05 MB → 0.89 MB (gzip
1.23). Brotli and zstd at their best came between the two, and Chromium has no native decoder for
either (docs/log/network-2026-12-06.md).

Written with the check the browser's decoder (xz-embedded, in the ``xz-decompress`` package)
verifies (CRC32) and a dictionary no larger than the file: at preset 9 the dictionary would be
64 MiB, which xz-embedded allocates in its wasm memory and never gives back. Each file is kept
under ``build/xz/`` by the SHA-256 of its bytes (~4.7 s of CPU for the wasm), and each is
compressed on a thread of its own (lzma releases the GIL) as soon as the build has written it:
the wasm while the build cuts the stdlib and makes its snapshot (Pyodide under Node, each).
"""

from __future__ import annotations

import hashlib
import lzma
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KEPT = ROOT / "build" / "xz"
#: The files a first visit may download as ``.xz``, relative to the site.
RUNTIME_FILES = ("vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/python_stdlib.zip")
SUFFIX = ".xz"
#: Preset 9; its "extreme" variant saved 1.7 kB of the wasm's 2.64 MB for ~1 s more of the build.
PRESET = 9
#: The smallest dictionary LZMA2 takes.
SMALLEST_DICTIONARY = 4096


def compressed(data: bytes) -> bytes:
    """``data`` as an .xz stream that xz-embedded decodes with no more memory than ``data`` takes."""
    dictionary = max(SMALLEST_DICTIONARY, len(data))
    return lzma.compress(
        data,
        format=lzma.FORMAT_XZ,
        check=lzma.CHECK_CRC32,
        filters=[{"id": lzma.FILTER_LZMA2, "preset": PRESET, "dict_size": dictionary}],
    )


def kept_or_compressed(data: bytes, kept: Path = KEPT) -> bytes:
    """``compressed(data)``, from ``kept`` when an earlier build made it."""
    path = kept / f"{hashlib.sha256(data).hexdigest()}{SUFFIX}"
    if path.is_file():
        return path.read_bytes()
    packed = compressed(data)
    kept.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".partial")
    partial.write_bytes(packed)
    partial.replace(path)  # never a half-written file under the final name
    return packed


def write(site: Path, name: str, kept: Path = KEPT) -> None:
    """Write ``<name>.xz`` beside the file ``name`` of ``site``."""
    (site / f"{name}{SUFFIX}").write_bytes(kept_or_compressed((site / name).read_bytes(), kept))


def start(site: Path, name: str, kept: Path = KEPT) -> Future[None]:
    """``write(site, name)`` on a thread of its own: the build waits for it (``result()``) before
    it describes the site's files."""
    pool = ThreadPoolExecutor(1)
    future = pool.submit(write, site, name, kept)
    pool.shutdown(wait=False)
    return future
