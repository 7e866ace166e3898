"""The browser tests' modules import helpers (e2e/table_page.py, contexts.py, page_checks.py,
states.py, tools/browser_harness.py), never conftest or another test module: a test module is
collected by pytest, not imported, and the fixtures reach tests by name."""

from __future__ import annotations

import ast
from pathlib import Path

E2E = Path(__file__).resolve().parent.parent / "e2e"


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_no_e2e_module_imports_a_test_module_or_conftest() -> None:
    modules = sorted(E2E.glob("*.py"))
    assert any(path.name == "table_page.py" for path in modules)
    found = {
        path.name: sorted(name for name in imported(path) if name.startswith("test_") or name == "conftest")
        for path in modules
    }
    assert {name: names for name, names in found.items() if names} == {}
