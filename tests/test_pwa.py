"""The offline build step (tools/pwa.py) and the wheel's bytecode records (tools/bytecode.py),
on a small stand-in site; e2e/test_offline.py runs the real worker in Chromium."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import bytecode  # noqa: E402
import pwa  # noqa: E402

# Where the page keeps Pyodide's wasm and stdlib decoded (build_site.runtime).
RUNTIME = {"cache": "hearts.runtime-abc", "prefix": "hearts.runtime-", "files": ["vendor/pyodide/pyodide.asm.wasm"]}


@pytest.fixture
def site(tmp_path):
    (tmp_path / "web" / "icons").mkdir(parents=True)
    (tmp_path / "index.html").write_text("<!doctype html>", encoding="utf-8")
    (tmp_path / "web" / "main.py").write_text("print('hi')\n", encoding="utf-8")
    (tmp_path / "web" / "sw.js").write_text((pwa.ROOT / "web" / "sw.js").read_text(), encoding="utf-8")
    return tmp_path


def build_info(site: Path) -> dict:
    first_line = (site / "sw.js").read_text(encoding="utf-8").split("\n", 1)[0]
    return json.loads(first_line.removeprefix("self.BUILD = ").removesuffix(";"))


def test_the_worker_lists_every_file_of_the_site_but_itself_the_build_snapshot_and_the_runtime_files(site):
    # The snapshot is fetched only over a fast link (web/interpreter.mjs): precaching it would
    # send its 5 MB over every link. The wasm and the stdlib, plain or .xz, are kept by the page's
    # worker that downloaded them (web/runtime-files.mjs): precached, they would be downloaded twice.
    (site / "snapshot").mkdir()
    (site / "snapshot" / "1.2.3-abc.bin.gz").write_bytes(b"\x1f\x8b")
    (site / "vendor" / "pyodide").mkdir(parents=True)
    for name in ("pyodide.asm.wasm", "pyodide.asm.wasm.xz", "python_stdlib.zip", "python_stdlib.zip.xz", "pyodide.mjs"):
        (site / "vendor" / "pyodide" / name).write_bytes(b"\0")
    cache = pwa.build(site, "1.2.3", RUNTIME)
    info = build_info(site)
    assert info["cache"] == cache and cache.startswith("hearts-1.2.3-")
    assert info["files"] == ["index.html", "manifest.webmanifest", "vendor/pyodide/pyodide.mjs", "web/main.py"]
    assert info["runtime"] == RUNTIME, "the service worker answers the runtime files from their own cache"
    assert not (site / "web" / "sw.js").exists(), "the template is not shipped"
    assert "{file}" in info["strings"]["offlineMissing"]


def test_any_changed_file_or_version_gives_another_cache(site):
    first = pwa.build(site, "1.2.3", RUNTIME)
    assert pwa.build(site, "1.2.3", RUNTIME) == first
    (site / "web" / "main.py").write_text("print('changed')\n", encoding="utf-8")
    second = pwa.build(site, "1.2.3", RUNTIME)
    assert second != first
    assert pwa.build(site, "1.2.4", RUNTIME) not in (first, second)


def test_the_manifest_installs_the_game_full_screen(site):
    pwa.build(site, "1.2.3", RUNTIME)
    manifest = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] == "红心大战"
    assert manifest["display"] == "fullscreen" and manifest["start_url"] == "./"
    for icon in manifest["icons"]:
        assert (pwa.ROOT / icon["src"]).read_bytes().startswith(b"\x89PNG")
    assert {icon["purpose"] for icon in manifest["icons"]} == {"any", "maskable"}


def test_the_icons_are_pngs_of_their_size():
    png = pwa.draw_icon(16)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert int.from_bytes(png[16:20], "big") == 16 and int.from_bytes(png[20:24], "big") == 16


def test_the_wheel_record_lists_the_bytecode_instead_of_the_sources_before_itself():
    record = b"hearts/cards.py,sha256=abc,10\nhearts/py.typed,sha256=def,0\nhearts-0.1.0.dist-info/RECORD,,\n"
    rows = bytecode.with_records(record, {"hearts/cards.pyc": b"pyc"})
    lines = rows.decode().splitlines()
    assert lines[0] == "hearts/py.typed,sha256=def,0"
    assert lines[1].startswith("hearts/cards.pyc,sha256=") and lines[1].endswith(",3")
    assert lines[2] == "hearts-0.1.0.dist-info/RECORD,,"
