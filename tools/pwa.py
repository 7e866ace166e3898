"""Offline and install for the built site: the service worker, its precache list and the web
app manifest. ``tools/build_site.py`` calls :func:`build` last, on the finished ``_site/``.

``python tools/pwa.py icons`` redraws the committed icons in ``web/icons/`` (pure Python:
zlib-compressed PNGs, no image library).
"""

from __future__ import annotations

import hashlib
import json
import struct
import sys
import zlib
from pathlib import Path

import build_snapshot
import xz_files

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "web" / "icons"
ICON_SIZES = (180, 192, 512)
CACHE_PREFIX = "hearts-"
FELT = (13, 79, 49)
THEME = "#0b5a36"  # as index.html's theme-color
HEART = (214, 32, 46)
WORKER = "sw.js"
MANIFEST = "manifest.webmanifest"


def strings() -> dict[str, str]:
    sys.path.insert(0, str(ROOT))
    from hearts.game import strings as table

    return table.STRINGS[table.DEFAULT_LANGUAGE]


def precache_list(site: Path) -> list[str]:
    """Every file of the built site except the worker itself, the build's memory snapshot and
    Pyodide's two large files, plain or .xz, as paths relative to the site. The snapshot (5 MB) is
    fetched only on a first visit over a fast link (web/interpreter.mjs), which keeps it in Cache
    Storage itself: precaching it would send it over every link, and offline return visits
    already read it from there. The runtime files are kept decoded by the worker that downloaded
    them (web/runtime-files.mjs, in a cache of their own that sw.js answers from): precaching
    either form would download them a second time."""
    skipped = f"{build_snapshot.FOLDER}/"
    runtime = {*xz_files.RUNTIME_FILES, *(f"{name}{xz_files.SUFFIX}" for name in xz_files.RUNTIME_FILES)}
    return sorted(
        name
        for path in site.rglob("*")
        if path.is_file()
        and (name := path.relative_to(site).as_posix()) != WORKER
        and not name.startswith(skipped)
        and name not in runtime
    )


def cache_name(site: Path, version: str, files: list[str]) -> str:
    """``hearts-<version>-<hash of every listed path and its bytes>``: a new build, a new cache."""
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (site / name).read_bytes() + b"\0")
    return f"{CACHE_PREFIX}{version}-{digest.hexdigest()[:12]}"


def write_manifest(site: Path, text: dict[str, str]) -> None:
    icons = [
        {"src": f"web/icons/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png", "purpose": "any"}
        for size in ICON_SIZES
        if size != 180
    ]
    icons.append({**icons[-1], "purpose": "maskable"})
    manifest = {
        "name": text["app.title"],
        "short_name": text["app.title"],
        "description": text["pwa.description"],
        "lang": "zh-Hans",
        "start_url": "./",
        "scope": "./",
        "display": "fullscreen",
        "display_override": ["fullscreen", "standalone"],
        "orientation": "any",
        "background_color": "#{:02x}{:02x}{:02x}".format(*FELT),
        "theme_color": THEME,
        "icons": icons,
    }
    (site / MANIFEST).write_text(json.dumps(manifest, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


def build(site: Path, version: str, runtime: dict[str, object]) -> str:
    """Add the manifest and ``sw.js`` to ``site``; return the cache name of this build.
    ``runtime``: {cache, files}, where the page keeps the runtime files decoded (build_site.runtime)."""
    text = strings()
    template = site / "web" / WORKER
    source = (
        template.read_text(encoding="utf-8")
        if template.exists()
        else (ROOT / "web" / WORKER).read_text(encoding="utf-8")
    )
    template.unlink(missing_ok=True)
    write_manifest(site, text)
    files = precache_list(site)
    cache = cache_name(site, version, files)
    build_info = {
        "cache": cache,
        "prefix": CACHE_PREFIX,
        "files": files,
        "runtime": runtime,
        "strings": {"title": text["app.title"], "offlineMissing": text["pwa.offline_missing"]},
    }
    worker = f"self.BUILD = {json.dumps(build_info, ensure_ascii=False)};\n{source}"
    (site / WORKER).write_text(worker, encoding="utf-8")
    return cache


def heart_inside(x: float, y: float) -> bool:
    """Inside the heart curve (x² + y² − 1)³ − x²y³ ≤ 0: lobes up (+y), point down."""
    ring = x * x + y * y - 1
    return ring * ring * ring - x * x * y * y * y <= 0


def draw_icon(size: int) -> bytes:
    """A red heart on felt green, inside the central 80 % so it survives a maskable crop."""
    samples = 3
    scale = 3.4 / size  # the heart spans about 2.3 units: two thirds of the icon
    rows = []
    for row in range(size):
        line = bytearray([0])
        for column in range(size):
            hits = 0
            for sub_row in range(samples):
                y = -((row + (sub_row + 0.5) / samples) - size * 0.53) * scale
                for sub_column in range(samples):
                    x = ((column + (sub_column + 0.5) / samples) - size / 2) * scale
                    hits += heart_inside(x, y)
            share = hits / (samples * samples)
            line += bytes(round(f * (1 - share) + h * share) for f, h in zip(FELT, HEART))
        rows.append(bytes(line))
    return png(size, size, b"".join(rows))


def png(width: int, height: int, raw_rows: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw_rows, 9)) + chunk(b"IEND", b"")
    )


def draw_icons() -> None:
    ICONS.mkdir(parents=True, exist_ok=True)
    for size in ICON_SIZES:
        (ICONS / f"icon-{size}.png").write_bytes(draw_icon(size))


if __name__ == "__main__":
    if sys.argv[1:] != ["icons"]:
        raise SystemExit("usage: python tools/pwa.py icons")
    draw_icons()
