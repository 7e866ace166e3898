"""Bytecode compiled by the Python the page runs (the vendored Pyodide on Node) for the wheel, and
the way to run code on that Python laid out as the page has it (tools/stdlib_cut.py uses it too).

Pyodide does not write bytecode, and its ``python_stdlib.zip`` holds sources only, so without
this every start compiles each module it imports from source: ``hearts`` (a few hundred
milliseconds on a phone) and the ~150 stdlib modules Pyodide's own start and the game import
(seconds: at CPU x4 a first visit's start took ~15 s with one 10-s task, ~6 s with these .pyc;
docs/log/startup-2026-12-02.md).

The site's wheel holds bytecode only: each ``hearts/x.py`` is replaced by ``hearts/x.pyc``,
unchecked-hash (PEP 552: an unpacked wheel has no reliable mtimes), which Python imports as a
sourceless module. Measured against keeping the sources beside ``__pycache__`` (and against
sources only) on the vendored Pyodide under Node (docs/log/network-2026-12-06.md): 345 kB
gzipped instead of 501 kB, and unpacked and imported in ~200 ms of CPU instead of ~240 ms
(sources only: 163 kB, but ~480 ms, four times that on a phone's CPU). Tracebacks through the
game then give file and line without the line's text. The wheel runs on Pyodide's Python only
(the bytecode's magic number); the lab and the tests use the package from the tree. The stdlib
zip is cut and compiled by tools/stdlib_cut.py.
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
import base64, json, pathlib, py_compile
root = pathlib.Path("/wheel")
compiled = {}
for source in sorted(root.rglob("*.py")):
    relative = source.relative_to(root).as_posix()
    target = relative + "c"
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
    """The wheel's RECORD with the sources that ``compiled`` replaces dropped and its files listed
    (before RECORD's own line, last as the format has it)."""
    replaced = {name[:-1] for name in compiled}
    rows = [row for row in csv.reader(io.StringIO(record.decode())) if row and row[0] not in replaced]
    own = [row for row in rows if row[0].endswith(".dist-info/RECORD")]
    rows = [row for row in rows if row not in own]
    rows += [record_line(name, pyc) for name, pyc in sorted(compiled.items())] + own
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue().encode()


def add_bytecode(wheel: Path) -> int:
    """Replace every module of ``wheel`` by Pyodide's bytecode of it (``x.py`` by ``x.pyc``);
    return how many."""
    compiled = compile_in_pyodide(wheel)
    with zipfile.ZipFile(wheel) as source:
        entries = [(info.filename, source.read(info)) for info in source.infolist()]
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as target:
        for name, data in entries:
            if name + "c" in compiled:
                continue
            if name.endswith(".dist-info/RECORD"):
                for pyc_name, pyc in sorted(compiled.items()):
                    target.writestr(pyc_name, pyc)
                data = with_records(data, compiled)
            target.writestr(name, data)
    return len(compiled)


GAME_ON_NODE = """
import { readFileSync, writeFileSync } from "node:fs";
const { loadPyodide } = await import(%(pyodide)s);
const { MODULES } = await import(%(modules)s);
const pyodide = await loadPyodide({indexURL: %(index)s});
pyodide.unpackArchive(new Uint8Array(readFileSync(%(wheel)s)), "zip", {extractDir: "./"});
pyodide.globals.set("MODULES", pyodide.toPy(MODULES));
for (const [name, value] of Object.entries(%(values)s)) pyodide.globals.set(name, pyodide.toPy(value));
const answer = pyodide.runPython(%(code)s);
for (const [inside, outside] of %(copies)s) writeFileSync(outside, pyodide.FS.readFile(inside));
process.stdout.write(String(answer));
"""


def run_with_the_game(
    site: Path,
    wheel: str,
    code: str,
    copies: dict[str, Path] | None = None,
    values: dict[str, object] | None = None,
    runtime: Path | None = None,
) -> str:
    """Run ``code`` in ``site``'s vendored Pyodide (or the one in ``runtime``) under Node, laid out
    as the page's is (``wheel`` unpacked in the working directory), with web/snapshot.mjs's
    ``MODULES`` as ``MODULES`` and each of ``values`` (JSON) as a global; copy each file of
    Pyodide's file system in ``copies`` out to its path; return the value of ``code``'s last
    expression, as text."""
    runtime = runtime or site / "vendor" / "pyodide"
    script = GAME_ON_NODE % {
        "pyodide": json.dumps((runtime / "pyodide.mjs").as_uri()),
        "modules": json.dumps((site / "web" / "snapshot.mjs").as_uri()),
        "index": json.dumps(str(runtime) + "/"),
        "wheel": json.dumps(str(site / wheel)),
        "code": json.dumps(code),
        "values": json.dumps(values or {}),
        "copies": json.dumps([[inside, str(outside)] for inside, outside in (copies or {}).items()]),
    }
    # On stdin: the sources passed in ``values`` are more than a command line holds.
    done = subprocess.run(["node", "--input-type=module"], input=script, capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        # Node prints the line of Pyodide's minified module that threw: only the end says why.
        raise RuntimeError(f"Pyodide under Node failed:\n{done.stderr[-3000:]}")
    return done.stdout
