"""Code compiled when the memory snapshot was made, for the modules a snapshot start still
imports from source files: PyScript's own package (``pyscript/*.py``, which PyScript writes into
the working directory at each start) and web/'s modules (main.py, dom.py, browser.py).

A snapshot cannot import them: they need ``js`` and ``polyscript``, which exist only in
PyScript's worker. So each return visit compiled ~60 kB of source again, ~50 ms of a desktop's
start and more on a phone (docs/log/startup-2026-12-02.md, fifth session). A snapshot can hold code
objects, though: web/snapshot.mjs's makeSnapshot writes those files as the page's worker had them
and calls :func:`keep`, and the import after the restore runs the kept code instead of compiling,
only when the file on disk holds exactly the bytes it was compiled from. A file that changed (a
new PyScript, an edited main.py) is compiled from its source as usual.

Imported only in the interpreter that makes the snapshot; the page's worker has it, finder
installed, from the snapshot it restores.
"""

import importlib.machinery
import os
import sys
from collections.abc import Sequence
from types import CodeType, ModuleType

#: path -> (the source's bytes, the code compiled from them)
_KEPT: dict[str, tuple[bytes, CodeType]] = {}
#: The modules those files hold, so that every other import is left to Python at once.
_NAMES: set[str] = set()


class KeptCodeLoader(importlib.machinery.SourceFileLoader):
    """A source file's loader that gives the kept code while the file is unchanged."""

    def get_code(self, fullname: str) -> CodeType | None:
        kept = _KEPT.get(self.path)
        if kept is not None and self.get_data(self.path) == kept[0]:
            return kept[1]
        return super().get_code(fullname)


class KeptCodeFinder:
    """Finds modules as Python's path finder does, and gives those with kept code
    :class:`KeptCodeLoader`."""

    @classmethod
    def find_spec(
        cls, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in _NAMES:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path, target)
        if spec is None or spec.origin not in _KEPT or type(spec.loader) is not importlib.machinery.SourceFileLoader:
            return None
        spec.loader = KeptCodeLoader(fullname, spec.origin)
        return spec


def module_name(path: str, root: str) -> str:
    """The module that ``path`` holds when ``root`` is on sys.path (a package's ``__init__.py``
    holds the package)."""
    parts = os.path.relpath(path, root).removesuffix(".py").split(os.sep)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def keep(paths: Sequence[str], root: str) -> None:
    """Compile each of ``paths`` (absolute, under ``root``, a folder on sys.path) as an import
    would, and have later imports of them use that code while their files are unchanged."""
    for path in paths:
        with open(path, "rb") as file:
            source = file.read()
        _KEPT[path] = (source, compile(source, path, "exec", dont_inherit=True))
        _NAMES.add(module_name(path, root))
    if KeptCodeFinder not in sys.meta_path:
        sys.meta_path.insert(0, KeptCodeFinder)
