"""No function in the wheel (``hearts/``) is longer than :data:`LIMIT` lines, its docstring
included, read from the source with :mod:`ast`: a longer one does more than one thing. Data
tables (the strings' catalogue, the fitted weights) are module-level values, not functions, so
they are not counted; a function that is truly a table goes in :data:`TABLES`, with why."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 60
#: Functions that are data tables, by "module path:qualified name", each with why.
TABLES: frozenset[str] = frozenset(
    {
        # The fitted model's 18 features, one test and one weight each, in the playouts' innermost
        # loop: a call per card or per feature would cost every playout of a modelled seat.
        "hearts/ai/fitted.py:card_scores",
    }
)


def long_functions(source: str, limit: int = LIMIT) -> list[tuple[str, int]]:
    """(qualified name, lines) of every function of ``source`` over ``limit`` lines."""
    found: list[tuple[str, int]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}{child.name}"
                if not isinstance(child, ast.ClassDef):
                    lines = (child.end_lineno or child.lineno) - child.lineno + 1
                    if lines > limit:
                        found.append((name, lines))
                visit(child, f"{name}.")
            else:
                visit(child, prefix)

    visit(ast.parse(source), "")
    return found


def test_long_functions_finds_a_long_method_and_a_long_inner_function():
    body = "\n".join(f"    x{line} = {line}" for line in range(3))
    source = f"class A:\n  def f(self):\n{body}\n\ndef g():\n  def h():\n{body}\n    return 1\n"
    assert long_functions(source, limit=3) == [("A.f", 4), ("g", 6), ("g.h", 5)]
    assert long_functions(source, limit=10) == []


def test_no_function_in_the_wheel_is_over_the_limit():
    found = {
        f"{path.relative_to(ROOT)}:{name}": lines
        for path in sorted((ROOT / "hearts").rglob("*.py"))
        for name, lines in long_functions(path.read_text(encoding="utf-8"))
    }
    assert {name: lines for name, lines in found.items() if name not in TABLES} == {}


#: The table's UI state machine alone (issue 54): the bots' turns, 复盘, the covers, the save and
#: the statistics are modules of their own beside it.
TABLE_LIMIT = 450


def test_the_table_class_stays_the_state_machine_alone():
    tree = ast.parse((ROOT / "hearts" / "table" / "machine.py").read_text(encoding="utf-8"))
    (table,) = [node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "Table"]
    assert (table.end_lineno or table.lineno) - table.lineno + 1 <= TABLE_LIMIT
