"""Test modules import helpers, never another test module: a test module is collected by pytest,
not imported. The browser tests' modules import helpers (e2e/table_page.py, contexts.py,
page_checks.py, states.py, tools/browser_harness.py), never conftest, whose fixtures reach tests
by name; the unit tests share theirs in tests/ (games, positions, elements, node…)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
E2E = ROOT / "e2e"


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def imported_modules(path: Path) -> set[str]:
    """Every module ``path`` imports, as its last dotted part (``from ..games import x``: games;
    ``from tests.node import y``: node)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name.rsplit(".", 1)[-1] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.module:
                names.add(node.module.rsplit(".", 1)[-1])
            if node.level:  # from . import test_x
                names |= {alias.name for alias in node.names}
    return names


def test_no_e2e_module_imports_a_test_module_or_conftest() -> None:
    modules = sorted(E2E.glob("*.py"))
    assert any(path.name == "table_page.py" for path in modules)
    found = {
        path.name: sorted(name for name in imported(path) if name.startswith("test_") or name == "conftest")
        for path in modules
    }
    assert {name: names for name, names in found.items() if names} == {}


def test_no_unit_test_module_imports_another() -> None:
    """The same for tests/: what tests share lives in helper modules (games, positions, node…)."""
    modules = sorted((ROOT / "tests").rglob("test_*.py"))
    found = {
        str(path.relative_to(ROOT)): sorted(name for name in imported_modules(path) if name.startswith("test_"))
        for path in modules
    }
    assert {name: names for name, names in found.items() if names} == {}
