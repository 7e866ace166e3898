"""web/precompiled.py: code compiled when the snapshot is made, run by the imports after a
snapshot start only while the files hold exactly the source it came from."""

from __future__ import annotations

import builtins
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

WEB = Path(__file__).resolve().parent.parent / "web"


@pytest.fixture
def precompiled(monkeypatch, tmp_path) -> ModuleType:
    """A fresh web/precompiled.py, with ``tmp_path`` on sys.path; its finder is taken off
    sys.meta_path, and what the test imported out of sys.modules, afterwards."""
    spec = importlib.util.spec_from_file_location("precompiled_under_test", WEB / "precompiled.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    monkeypatch.setattr(sys, "path_importer_cache", dict(sys.path_importer_cache))
    names = set(sys.modules)
    yield module
    for name in set(sys.modules) - names:
        del sys.modules[name]


def write_package(root: Path) -> list[str]:
    """A package with a module, and a module beside it, like PyScript's and web/'s."""
    (root / "kitpkg").mkdir()
    (root / "kitpkg" / "__init__.py").write_text("from kitpkg.part import VALUE\n")
    (root / "kitpkg" / "part.py").write_text("VALUE = 'kept'\n")
    (root / "kittop.py").write_text("import kitpkg\nVALUE = kitpkg.VALUE\n")
    return [str(root / "kitpkg" / "__init__.py"), str(root / "kitpkg" / "part.py"), str(root / "kittop.py")]


def refuse_to_compile(monkeypatch, folder: Path) -> None:
    """Any compiling of a file in ``folder`` fails the test."""
    compile_ = builtins.compile

    def refusing(source, filename, *args, **kwargs):
        assert not str(filename).startswith(str(folder)), f"{filename} compiled from source"
        return compile_(source, filename, *args, **kwargs)

    monkeypatch.setattr(builtins, "compile", refusing)


def test_kept_modules_are_imported_without_compiling_their_source(precompiled, tmp_path, monkeypatch):
    precompiled.keep(write_package(tmp_path), str(tmp_path))
    refuse_to_compile(monkeypatch, tmp_path)
    import kittop  # type: ignore[import-not-found]

    assert kittop.VALUE == "kept"
    for name in ("kittop", "kitpkg", "kitpkg.part"):
        assert type(sys.modules[name].__loader__) is precompiled.KeptCodeLoader, name
    assert sys.modules["kitpkg"].__path__ == [str(tmp_path / "kitpkg")]
    assert kittop.__file__ == str(tmp_path / "kittop.py")


def test_a_file_that_changed_since_is_compiled_from_its_new_source(precompiled, tmp_path):
    paths = write_package(tmp_path)
    precompiled.keep(paths, str(tmp_path))
    (tmp_path / "kitpkg" / "part.py").write_text("VALUE = 'edited'\n")
    import kittop  # type: ignore[import-not-found]

    assert kittop.VALUE == "edited"


def test_other_modules_are_left_to_python(precompiled, tmp_path):
    precompiled.keep(write_package(tmp_path)[1:2], str(tmp_path))
    assert precompiled.KeptCodeFinder.find_spec("kittop") is None
    assert precompiled.KeptCodeFinder.find_spec("json") is None
    assert precompiled.KeptCodeFinder in sys.meta_path
    precompiled.keep([], str(tmp_path))
    assert sys.meta_path.count(precompiled.KeptCodeFinder) == 1


def test_module_names_follow_the_folders_under_the_root(precompiled):
    assert precompiled.module_name("/home/pyodide/pyscript/__init__.py", "/home/pyodide") == "pyscript"
    assert precompiled.module_name("/home/pyodide/pyscript/context.py", "/home/pyodide") == "pyscript.context"
    assert precompiled.module_name("/home/pyodide/main.py", "/home/pyodide") == "main"
