"""The built site's Python starts from bytecode and its stdlib zip holds only what the page imports
(tools/stdlib_cut.py): every stdlib module the page imports — Pyodide's own start, web/snapshot.mjs's
``MODULES``, a whole hand and its 复盘, as tools/page_imports.py traces them with npm's whole zip —
is in the cut zip as a ``.pyc``, nothing else is, and the game's modules load from the wheel's
bytecode.

Runs the vendored Pyodide under Node on ``_site`` (built by ``make e2e``); no browser."""

from __future__ import annotations

import json
import zipfile

import pytest

import bytecode
import stdlib_cut
from browser_harness import ROOT, SITE

STOCK_RUNTIME = ROOT / "node_modules" / "pyodide"
BUILT = SITE / stdlib_cut.ZIP

# Every module Pyodide's start and the page's imports loaded, with where it came from.
IMPORTED = """
import json, sys
for name in MODULES:
    __import__(name)
json.dumps({name: [getattr(module, "__file__", None), getattr(getattr(module, "__spec__", None), "cached", None),
                   getattr(getattr(module, "__spec__", None), "origin", None)]
            for name, module in list(sys.modules.items())})
"""


def wheel() -> str:
    if not BUILT.exists():
        pytest.fail("_site/ is not built: run `make site` (make e2e does)")
    files = json.loads((SITE / "pyscript.json").read_text(encoding="utf-8"))["files"]
    return next(name for name in files if name.endswith(".whl"))


@pytest.fixture(scope="module")
def loaded() -> dict[str, list]:
    return json.loads(bytecode.run_with_the_game(SITE, wheel(), IMPORTED))


@pytest.fixture(scope="module")
def cut_zip() -> set[str]:
    with zipfile.ZipFile(BUILT) as built:
        return set(built.namelist())


def missing(needed: list[str], kept: set[str]) -> list[str]:
    """The files of ``needed`` (module sources) of which ``kept`` (the cut zip) has no bytecode."""
    return sorted(name for name in needed if name + "c" not in kept)


def test_every_stdlib_module_the_page_imports_is_in_the_cut_zip(cut_zip):
    # Traced on npm's whole zip, so that a module the cut dropped shows as missing here.
    needs = stdlib_cut.page_needs(SITE, wheel(), runtime=STOCK_RUNTIME)
    assert len(needs["files"]) > 100, "Pyodide's start and the game import ~130 stdlib modules"
    assert missing(needs["files"], cut_zip) == []
    assert cut_zip == {name + "c" for name in needs["files"]}, "the zip holds only what the page imports"


def test_a_module_missing_from_the_zip_is_found():
    assert missing(["json/__init__.py", "json/decoder.py"], {"json/__init__.pyc"}) == ["json/decoder.py"]


def test_every_stdlib_module_the_page_imports_comes_from_bytecode(loaded):
    # Frozen modules (os, codecs, site…) name a file in the zip but run the interpreter's own bytecode.
    from_zip = {
        name: file for name, (file, _, origin) in loaded.items() if file and ".zip/" in file and origin != "frozen"
    }
    assert len(from_zip) > 100, "Pyodide's start and the game import ~130 stdlib modules"
    sources = sorted(name for name, file in from_zip.items() if not file.endswith(".pyc"))
    assert sources == [], f"compiled from source on every start: {sources}"


def test_the_game_loads_from_the_wheel_s_bytecode_which_holds_no_sources(loaded):
    ours = {name: file for name, (file, _, _) in loaded.items() if name.split(".")[0] == "hearts"}
    assert "hearts.table" in ours and "hearts.ai" in ours
    assert all(file and file.endswith(".pyc") for file in ours.values()), ours
    with zipfile.ZipFile(SITE / wheel()) as built:
        names = built.namelist()
    assert not [name for name in names if name.endswith(".py")] and "hearts/table/machine.pyc" in names
