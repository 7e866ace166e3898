"""``python_stdlib.zip`` cut down to what the page can import, each module as bytecode.

npm's zip holds 614 files (10.1 MB unpacked, 3.2 MB as shipped) of which the page imports about
150: Pyodide's own start (asyncio for its event loop, zipfile and shutil to unpack the wheel…),
PyScript's package and the game. Which ones is found by a check, never a hand-kept list:
tools/page_imports.py runs in the site's Pyodide under Node and traces what the page's start-up,
a whole hand and its 复盘 import, plus every import written in web/'s modules, PyScript's
bundle, the wheel and Pyodide's own packages (lazy imports included). Only those files stay.

Each stays as an unchecked-hash ``.pyc`` (PEP 552; zipimport looks for ``name.pyc`` first), with
no source beside it: compiling them was most of a first visit's start (docs/log/startup-2026-12-02.md).
Outside Pyodide's own packages they are compiled with docstrings and asserts left out
(``optimize=2``, as ``python -OO``; CPython's test suite runs the stdlib so): 15% fewer bytes.
``pyodide`` and ``_pyodide`` keep theirs: ``_pyodide/docstring.py`` reads docstrings at start.
Modules frozen into the interpreter (os, codecs, site…) name a file in the zip but never read it:
they are left out too.

The entries are stored, not deflated: a host's gzip then sends the zip in fewer bytes than the
deflated one (1.24 MB against 1.28), its xz in far fewer (0.89 MB: tools/xz_files.py), and
zipimport reads a module without inflating it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import bytecode

ROOT = Path(__file__).resolve().parent.parent
TRACER = ROOT / "tools" / "page_imports.py"
ZIP = Path("vendor") / "pyodide" / "python_stdlib.zip"
# web/'s modules as the page has them: start.py imports main.py, which imports the rest.
WEB_SOURCES = ("start.py", "main.py", "dom.py", "browser.py", "precompiled.py")
# A Python import statement, as a line of PyScript's bundle holds one inside a string literal:
# ``import a, b.c`` or ``from a import b, c`` (the names, when the line lists them plainly).
IMPORT_LINE = re.compile(r"^\s*import\s+([\w.]+(?:\s*,\s*[\w.]+)*)\s*$")
FROM_LINE = re.compile(r"^\s*from\s+([A-Za-z_][\w.]*)\s+import\b(?:\s+([\w\s,]+)$)?")

CUT = r"""
import py_compile, sys, zipfile
stdlib = next(entry for entry in sys.path if entry.endswith(".zip"))
prefix = stdlib + "/"
kept = set(NEEDED)
with zipfile.ZipFile(stdlib) as source, zipfile.ZipFile("/tmp/stdlib.zip", "w", zipfile.ZIP_STORED) as target:
    for info in source.infolist():
        if info.filename not in kept:
            continue
        unpacked = "/tmp/stdlib/" + info.filename
        __import__("os").makedirs(unpacked.rsplit("/", 1)[0], exist_ok=True)
        with open(unpacked, "wb") as file:
            file.write(source.read(info))
        optimize = 0 if info.filename.split("/")[0] in ("pyodide", "_pyodide") else 2
        compiled = py_compile.compile(unpacked, cfile=unpacked + "c", dfile=prefix + info.filename, doraise=True,
                                      optimize=optimize,
                                      invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        with open(compiled, "rb") as file:
            target.writestr(zipfile.ZipInfo(info.filename + "c", info.date_time), file.read(), zipfile.ZIP_STORED)
len(kept)
"""


def bundle_imports(bundle: str) -> str:
    """The Python import statements in PyScript's JavaScript bundle (its package's files and the
    code it runs in the worker, held as string literals), one a line: a module to run's worth."""
    statements = []
    for line in bundle.replace("\\n", "\n").splitlines():
        if plain := IMPORT_LINE.match(line):
            statements.append(f"import {plain.group(1)}")
        elif (named := FROM_LINE.match(line)) and named.group(2):
            names = [item.split()[0] for item in named.group(2).split(",") if item.strip()]  # "a as b": a
            statements.append(f"from {named.group(1)} import {', '.join(names)}")
        elif named:
            statements.append(f"import {named.group(1)}")
    return "\n".join(statements)


def page_sources(site: Path) -> dict[str, str]:
    """The sources whose written imports count: web/'s modules and the import statements of
    PyScript's bundle (they need ``js``, ``pyscript``: they cannot run under Node), and the
    wheel's modules, from the tree it is built from (the wheel holds their bytecode only)."""
    sources = {f"web/{name}": (site / "web" / name).read_text(encoding="utf-8") for name in WEB_SOURCES}
    for module in sorted((ROOT / "hearts").rglob("*.py")):
        sources[module.relative_to(ROOT).as_posix()] = module.read_text(encoding="utf-8")
    for script in sorted((site / "vendor" / "pyscript").glob("*.js")):
        sources[f"vendor/pyscript/{script.name}"] = bundle_imports(script.read_text(encoding="utf-8"))
    return sources


def page_needs(site: Path, wheel: str, runtime: Path | None = None) -> dict[str, list[str]]:
    """tools/page_imports.py's answer on ``site`` (with the Pyodide of ``runtime`` when given):
    {"files": the zip's files the page imports, "frozen": those of frozen modules}."""
    answer = bytecode.run_with_the_game(
        site, wheel, TRACER.read_text(encoding="utf-8"), values={"SOURCES": page_sources(site)}, runtime=runtime
    )
    needs: dict[str, list[str]] = json.loads(answer)
    return needs


def cut_stdlib(site: Path, wheel: str) -> int:
    """Replace ``site``'s ``python_stdlib.zip`` by the files the page imports, compiled; return how many."""
    stdlib = site / ZIP
    cut = stdlib.with_name("python_stdlib.cut.zip")
    count = bytecode.run_with_the_game(
        site, wheel, CUT, {"/tmp/stdlib.zip": cut}, values={"NEEDED": page_needs(site, wheel)["files"]}
    )
    cut.replace(stdlib)
    return int(count)
