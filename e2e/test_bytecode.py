"""The built site's Python starts from bytecode (tools/bytecode.py): every stdlib module the page
imports — Pyodide's own start and web/snapshot.mjs's ``MODULES``, the same set the live page
has (docs/log/startup-2026-12-02.md) — comes from a ``.pyc`` in ``python_stdlib.zip``, the modules
it does not import keep their sources, and the game's modules load from the wheel's bytecode.

Runs the site's vendored Pyodide under Node on ``_site`` (built by ``make e2e``); no browser."""

from __future__ import annotations

import json
import zipfile

import pytest

import bytecode
from browser_harness import ROOT, SITE

STOCK = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
BUILT = SITE / "vendor" / "pyodide" / "python_stdlib.zip"

# Every module Pyodide's start and the page's imports loaded, with where it came from.
IMPORTED = """
import json, sys
for name in MODULES:
    __import__(name)
json.dumps({name: [getattr(module, "__file__", None), getattr(getattr(module, "__spec__", None), "cached", None),
                   getattr(getattr(module, "__spec__", None), "origin", None)]
            for name, module in list(sys.modules.items())})
"""


@pytest.fixture(scope="module")
def loaded() -> dict[str, list]:
    if not BUILT.exists():
        pytest.fail("_site/ is not built: run `make site` (make e2e does)")
    files = json.loads((SITE / "pyscript.json").read_text(encoding="utf-8"))["files"]
    wheel = next(name for name in files if name.endswith(".whl"))
    return json.loads(bytecode.run_with_the_game(SITE, wheel, IMPORTED))


def test_every_stdlib_module_the_page_imports_comes_from_bytecode(loaded):
    # Frozen modules (os, codecs, site…) name a file in the zip but run the interpreter's own bytecode.
    from_zip = {
        name: file for name, (file, _, origin) in loaded.items() if file and ".zip/" in file and origin != "frozen"
    }
    assert len(from_zip) > 100, "Pyodide's start and the game import ~140 stdlib modules"
    sources = sorted(name for name, file in from_zip.items() if not file.endswith(".pyc"))
    assert sources == [], f"compiled from source on every start: {sources}"


def test_the_game_loads_from_the_wheel_s_bytecode(loaded):
    ours = {name: cached for name, (_, cached, _) in loaded.items() if name.split(".")[0] == "hearts"}
    assert "hearts.table" in ours and "hearts.ai" in ours
    assert all(cached and cached.endswith(".cpython-314.pyc") for cached in ours.values()), ours


def test_the_zip_keeps_every_other_file_as_shipped():
    with zipfile.ZipFile(STOCK) as stock, zipfile.ZipFile(BUILT) as built:
        shipped = {info.filename: stock.read(info) for info in stock.infolist()}
        ours = {info.filename: built.read(info) for info in built.infolist()}
    compiled = {name[:-1] for name in ours if name.endswith(".pyc")}
    assert compiled and compiled <= set(shipped)
    assert set(ours) == (set(shipped) - compiled) | {name + "c" for name in compiled}
    assert all(ours[name] == data for name, data in shipped.items() if name not in compiled)
