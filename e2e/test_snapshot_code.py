"""A snapshot keeps the compiled code of the files a snapshot start imports from source
(web/snapshot.mjs's makeSnapshot with the worker's sources, web/precompiled.py): the built
site's vendored Pyodide under Node makes a snapshot as the page's snapshot worker does, restores
it, lays the files out again as PyScript would, and imports them. No browser."""

from __future__ import annotations

import json
import subprocess

import pytest

from browser_harness import SITE

# Makes a snapshot with two "PyScript" files and a "web/" module as sources, restores it, writes
# the files again (one of them edited since), imports them: each module's loader, and a value.
SCRIPT = """
import { readFileSync } from "node:fs";
const { loadPyodide } = await import(%(pyodide)s);
const { joined, makeSnapshot } = await import(%(snapshot)s);
const site = %(site)s;
const config = JSON.parse(readFileSync(site + "pyscript.json", "utf8"));
const read = (file) => new Uint8Array(readFileSync(site + file.replace(/^\\.\\//, "")));
const text = (source) => new TextEncoder().encode(source);
const sources = {
  "/home/pyodide/kitpkg/__init__.py": text("from kitpkg.part import VALUE\\n"),
  "/home/pyodide/kitpkg/part.py": text("VALUE = 'kept'\\n"),
  "/home/pyodide/kittop.py": text("import kitpkg\\nVALUE = kitpkg.VALUE\\n"),
  "/home/pyodide/kitedited.py": text("VALUE = 'before'\\n"),
};
const maker = await loadPyodide({indexURL: %(index)s, _makeSnapshot: true});
const snapshot = joined(await makeSnapshot(maker, config, read, sources));
const pyodide = await loadPyodide({indexURL: %(index)s, _loadSnapshot: snapshot});
pyodide.FS.mkdirTree("/home/pyodide/kitpkg");
for (const [path, bytes] of Object.entries(sources)) pyodide.FS.writeFile(path, bytes);
pyodide.FS.writeFile("/home/pyodide/kitedited.py", text("VALUE = 'after'\\n"));
process.stdout.write(pyodide.runPython(`
import json, sys
import kittop, kitedited
json.dumps({"loaders": {name: type(sys.modules[name].__loader__).__name__
                        for name in ("kittop", "kitpkg", "kitpkg.part", "kitedited")},
            "values": [kittop.VALUE, kitedited.VALUE]})
`));
"""


@pytest.fixture(scope="module")
def restored() -> dict:
    if not (SITE / "pyscript.json").exists():
        pytest.fail("_site/ is not built: run `make site` (make e2e does)")
    runtime = SITE / "vendor" / "pyodide"
    script = SCRIPT % {
        "pyodide": json.dumps((runtime / "pyodide.mjs").as_uri()),
        "snapshot": json.dumps((SITE / "web" / "snapshot.mjs").as_uri()),
        "site": json.dumps(str(SITE) + "/"),
        "index": json.dumps(str(runtime) + "/"),
    }
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script], check=True, capture_output=True, text=True, timeout=300
    )
    return json.loads(done.stdout)


def test_after_a_restore_the_files_are_imported_from_the_kept_code(restored):
    assert restored["loaders"]["kittop"] == "KeptCodeLoader"
    assert restored["loaders"]["kitpkg"] == "KeptCodeLoader"
    assert restored["loaders"]["kitpkg.part"] == "KeptCodeLoader"
    assert restored["values"][0] == "kept"


def test_a_file_edited_after_the_snapshot_runs_its_new_source(restored):
    assert restored["values"][1] == "after"
