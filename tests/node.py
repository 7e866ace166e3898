"""JavaScript of the page run under Node for the unit tests: the repository, the vendored Pyodide,
and a script's answer read back as JSON."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"


def run_on_node(folder: Path, script: str, timeout: int = 60, **paths: str) -> dict:
    """Run ``script`` under Node; its last line, as JSON. ``%(module)s`` in it is web/snapshot.mjs's
    URL unless ``paths`` names another, and ``paths`` fills its other ``%(name)s``."""
    if shutil.which("node") is None:
        pytest.skip("needs node")
    path = folder / "scenarios.mjs"
    path.write_text(script % {"module": (ROOT / "web" / "snapshot.mjs").as_uri(), **paths}, encoding="utf-8")
    done = subprocess.run(["node", str(path)], capture_output=True, text=True, timeout=timeout, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])
