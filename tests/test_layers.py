"""The package's layers, read from the source with :mod:`ast` (so imports under ``TYPE_CHECKING``
and inside functions count too): the game imports neither the AI nor the table, the AI imports
only the game, nothing in ``hearts/`` or ``lab/`` imports in a cycle, and no module imports
another's private (``_name``) names."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("hearts", "lab")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))}


def imports(name: str, path: Path, known: set[str]) -> set[tuple[str, str]]:
    """(module imported, name taken from it or "") for every import in the file, resolved to a
    module of ours where the name taken is itself a module (``from . import ai``)."""
    found: set[tuple[str, str]] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {(alias.name, "") for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                found.add((submodule, "") if submodule in known else (source, alias.name))
    return {(target, taken) for target, taken in found if target.split(".")[0] in PACKAGES}


def graph() -> dict[str, set[str]]:
    known = set(modules())
    return {name: {target for target, _ in imports(name, path, known)} for name, path in modules().items()}


def layer(name: str) -> str:
    return ".".join(name.split(".")[:2])


def test_every_module_of_hearts_is_in_one_of_the_three_layers():
    assert {layer(name) for name in graph() if name.startswith("hearts.")} == {
        "hearts.game",
        "hearts.ai",
        "hearts.table",
    }


def test_the_game_imports_neither_the_ai_nor_the_table():
    wrong = {
        (name, target)
        for name, targets in graph().items()
        if layer(name) == "hearts.game"
        for target in targets
        if layer(target) != "hearts.game"
    }
    assert wrong == set()


def test_the_ai_imports_only_the_game():
    wrong = {
        (name, target)
        for name, targets in graph().items()
        if layer(name) == "hearts.ai"
        for target in targets
        if layer(target) not in ("hearts.ai", "hearts.game")
    }
    assert wrong == set()


def test_the_wheel_never_imports_the_lab():
    assert {
        (name, target)
        for name, targets in graph().items()
        if name.startswith("hearts")
        for target in targets
        if target.startswith("lab")
    } == set()


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected component of more than one module, or of one importing itself
    (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(edges.get(node, ())):
            if target not in edges:
                continue
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == node:
                    break
            if len(component) > 1 or node in edges[node]:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_cycles_finds_a_cycle_through_three_modules_and_nothing_else():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_of_hearts_or_the_lab_imports_in_a_cycle():
    # A package's __init__ importing its modules is an edge like any other: a module of the
    # package that imports the package (rather than the module it needs) closes a cycle.
    assert cycles(graph()) == []


def test_no_module_imports_a_private_name_from_another():
    known = set(modules())
    private = {
        (name, f"{target}.{taken}")
        for name, path in modules().items()
        for target, taken in imports(name, path, known)
        if taken.startswith("_") and not taken.endswith("__")
    }  # dunders such as __version__ are public
    assert private == set()
