"""Bytecode compiled by the Python the page runs (the vendored Pyodide on Node): for the wheel,
and for the standard library modules the page imports.

Pyodide does not write bytecode, and its ``python_stdlib.zip`` holds sources only, so without
this every start compiles each module it imports from source: ``hearts`` (a few hundred
milliseconds on a phone) and the ~150 stdlib modules Pyodide's own start and the game import
(seconds: at CPU x4 a first visit's start took ~15 s with one 10-s task, ~6 s with these .pyc;
docs/log/startup-2026-12-02.md).

The wheel's ``.pyc`` files use unchecked-hash invalidation (PEP 552): an unpacked wheel has no
reliable mtimes, and the sources beside them stay for tracebacks. Other Pythons ignore them
(the file names carry Pyodide's cache tag), so the wheel stays py3-none-any. In the stdlib zip
each imported module's source is replaced by its unchecked-hash ``.pyc`` (zipimport looks for
``name.pyc`` first): keeping both would add 1.6 MB to a first visit instead of 0.8 MB, for source
lines in tracebacks through the stdlib. Modules the page does not import stay sources.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import subprocess
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide" / "pyodide.mjs"

COMPILE = r"""
import base64, importlib.util, json, pathlib, py_compile
root = pathlib.Path("/wheel")
compiled = {}
for source in sorted(root.rglob("*.py")):
    relative = source.relative_to(root).as_posix()
    target = importlib.util.cache_from_source(relative)
    py_compile.compile(str(source), cfile="/out/" + target, dfile=relative, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    compiled[target] = base64.b64encode(pathlib.Path("/out/" + target).read_bytes()).decode()
json.dumps(compiled)
"""

NODE_SCRIPT = """
import { loadPyodide } from %(pyodide)s;
import { readFileSync } from "node:fs";
const pyodide = await loadPyodide();
pyodide.unpackArchive(new Uint8Array(readFileSync(%(wheel)s)), "zip", {extractDir: "/wheel"});
process.stdout.write(pyodide.runPython(%(code)s));
"""


def compile_in_pyodide(wheel: Path) -> dict[str, bytes]:
    script = NODE_SCRIPT % {
        "pyodide": json.dumps(PYODIDE.as_uri()),
        "wheel": json.dumps(str(wheel)),
        "code": json.dumps(COMPILE),
    }
    result = subprocess.run(["node", "--input-type=module", "-e", script], check=True, capture_output=True, text=True)
    return {name: base64.b64decode(data) for name, data in json.loads(result.stdout).items()}


def record_line(name: str, data: bytes) -> list[str]:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return [name, f"sha256={digest}", str(len(data))]


def with_records(record: bytes, compiled: dict[str, bytes]) -> bytes:
    rows = [row for row in csv.reader(io.StringIO(record.decode())) if row]
    own = [row for row in rows if row[0].endswith(".dist-info/RECORD")]
    rows = [row for row in rows if row not in own]
    rows += [record_line(name, pyc) for name, pyc in sorted(compiled.items())] + own
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue().encode()


def add_bytecode(wheel: Path) -> int:
    """Add Pyodide's ``__pycache__/*.pyc`` for every module to ``wheel``; return how many."""
    compiled = compile_in_pyodide(wheel)
    with zipfile.ZipFile(wheel) as source:
        entries = [(info, source.read(info)) for info in source.infolist()]
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as target:
        for info, data in entries:
            if info.filename.endswith(".dist-info/RECORD"):
                for name, pyc in sorted(compiled.items()):
                    target.writestr(name, pyc)
                data = with_records(data, compiled)
            target.writestr(info, data)
    return len(compiled)


STDLIB_COMPILE = r"""
import pathlib, py_compile, sys, zipfile
for name in MODULES:
    __import__(name)
stdlib = next(entry for entry in sys.path if entry.endswith(".zip"))
prefix = stdlib + "/"
# Frozen modules (os, codecs, site…) carry a __file__ in the zip but run from the interpreter's
# own bytecode: their sources stay.
imported = {module.__file__[len(prefix):] for module in list(sys.modules.values())
            if (getattr(module, "__file__", None) or "").startswith(prefix) and module.__file__.endswith(".py")
            and getattr(module.__spec__, "origin", None) != "frozen"}
with zipfile.ZipFile(stdlib) as source, zipfile.ZipFile("/tmp/stdlib.zip", "w", zipfile.ZIP_DEFLATED) as target:
    for info in source.infolist():
        data = source.read(info)
        if info.filename not in imported:
            target.writestr(info, data)
            continue
        unpacked = pathlib.Path("/tmp/stdlib") / info.filename
        unpacked.parent.mkdir(parents=True, exist_ok=True)
        unpacked.write_bytes(data)
        compiled = py_compile.compile(str(unpacked), cfile=str(unpacked) + "c", dfile=prefix + info.filename,
                                      doraise=True, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        target.writestr(zipfile.ZipInfo(info.filename + "c", info.date_time), pathlib.Path(compiled).read_bytes(),
                        zipfile.ZIP_DEFLATED)
len(imported)
"""

GAME_ON_NODE = """
import { readFileSync, writeFileSync } from "node:fs";
const { loadPyodide } = await import(%(pyodide)s);
const { MODULES } = await import(%(modules)s);
const pyodide = await loadPyodide({indexURL: %(index)s});
pyodide.unpackArchive(new Uint8Array(readFileSync(%(wheel)s)), "zip", {extractDir: "./"});
pyodide.globals.set("MODULES", pyodide.toPy(MODULES));
const answer = pyodide.runPython(%(code)s);
for (const [inside, outside] of %(copies)s) writeFileSync(outside, pyodide.FS.readFile(inside));
process.stdout.write(String(answer));
"""


def run_with_the_game(site: Path, wheel: str, code: str, copies: dict[str, Path] | None = None) -> str:
    """Run ``code`` in ``site``'s vendored Pyodide under Node, laid out as the page's is (``wheel``
    unpacked in the working directory) and with web/snapshot.mjs's ``MODULES`` as ``MODULES``;
    copy each file of Pyodide's file system in ``copies`` out to its path; return the value of
    ``code``'s last expression, as text."""
    runtime = site / "vendor" / "pyodide"
    script = GAME_ON_NODE % {
        "pyodide": json.dumps((runtime / "pyodide.mjs").as_uri()),
        "modules": json.dumps((site / "web" / "snapshot.mjs").as_uri()),
        "index": json.dumps(str(runtime) + "/"),
        "wheel": json.dumps(str(site / wheel)),
        "code": json.dumps(code),
        "copies": json.dumps([[inside, str(outside)] for inside, outside in (copies or {}).items()]),
    }
    return subprocess.run(
        ["node", "--input-type=module", "-e", script], check=True, capture_output=True, text=True, timeout=300
    ).stdout


def compile_stdlib(site: Path, wheel: str) -> int:
    """Replace the sources of the stdlib modules the page imports (Pyodide's start, and
    web/snapshot.mjs's ``MODULES`` with ``wheel`` unpacked as the page does) by Pyodide's
    ``.pyc`` in ``site``'s ``python_stdlib.zip``; return how many."""
    stdlib = site / "vendor" / "pyodide" / "python_stdlib.zip"
    compiled = stdlib.with_name("python_stdlib.compiled.zip")
    count = run_with_the_game(site, wheel, STDLIB_COMPILE, {"/tmp/stdlib.zip": compiled})
    compiled.replace(stdlib)
    return int(count)
