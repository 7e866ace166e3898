"""What the page can import from the standard library: run inside the vendored Pyodide under Node
(tools/stdlib_cut.py), with the wheel unpacked in the working directory as the page has it.

Two checks, joined:
- a trace: Pyodide's own start, every module of the wheel, web/'s modules' and PyScript's package's
  imports, then a whole hand played by bots and its 复盘 judged through ``Table`` as the page
  drives it, a save written and read back, and a traceback formatted; every module then in
  ``sys.modules`` that came from the stdlib zip is kept;
- a static closure: every absolute import written anywhere (inside functions too) in web/'s
  modules, PyScript's package, the wheel, and each module of Pyodide's own packages the trace
  imported (``pyodide``, ``_pyodide``: their lazy imports run only when the page calls them),
  imported as well, so that an import the trace's path did not take is still in the zip.

Inputs (globals set by the runner): ``MODULES`` (web/snapshot.mjs's list) and ``SOURCES``
({file name: Python source} of web/'s modules and PyScript's package, which import ``js`` and
``pyscript`` and so cannot run here, and of the wheel's modules, which it holds as bytecode
only). Its last expression is the answer, as JSON: the stdlib zip's file names the page needs
(``from_the_zip``).
"""

import ast
import json
import pathlib
import sys
import traceback

ZIP = next(entry for entry in sys.path if entry.endswith(".zip"))
PYODIDE_PACKAGES = ("pyodide", "_pyodide")


def written_imports(source):
    """The absolute modules ``source`` imports anywhere, each with its parent packages."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {".".join(name.split(".")[:end]) for name in names for end in range(1, name.count(".") + 2)}


def try_import(name):
    """Import ``name`` when it can be (``from x import y`` names a module or not; ``js``,
    ``pyscript`` and the like exist only in the page's worker)."""
    try:
        __import__(name)
    except Exception:
        pass


def wheel_modules():
    """Every module of the wheel unpacked in the working directory (bytecode only), dotted."""
    paths = sorted(pathlib.Path("hearts").rglob("*.pyc"))
    return [".".join(path.with_suffix("").parts).removesuffix(".__init__") for path in paths]


def play_a_hand_and_review_it():
    """A whole hand by Normal bots, then the table the page shows: its state, 复盘 opened and
    its first decisions judged as the page runs them, the save written and read back."""
    from hearts import Match
    from hearts.ai import bot
    from hearts.game.driver import play_rest
    from hearts.table import Table

    match = Match(seed=3)
    play_rest(match.hand, [bot("normal", seed) for seed in range(4)])
    table = Table(match)
    table.state()
    table.act("review")
    table.state()
    job = table.review.job()
    for _ in range(200):
        if job is None or next(job, "done") == "done":
            break
    Table.from_save(table.save_document()).state()
    json.loads(json.dumps(table.state()))


def format_a_traceback():
    try:
        raise ValueError("a traceback, as web/start.py and web/main.py format one")
    except ValueError:
        traceback.format_exc()


def pyodide_imports():
    """What the modules of Pyodide's own packages that are imported now import anywhere."""
    names = set()
    for name, module in list(sys.modules.items()):
        file = getattr(module, "__file__", None) or ""
        if name.split(".")[0] in PYODIDE_PACKAGES and file.startswith(ZIP + "/"):
            names |= written_imports(module.__loader__.get_source(name))
    return names


def from_the_zip():
    """{"files": the zip's file names of every module imported now, "frozen": those of the
    modules frozen into the interpreter, which name a file in the zip but never read it}."""
    prefix = ZIP + "/"
    found = {"files": set(), "frozen": set()}
    for module in list(sys.modules.values()):
        file = getattr(module, "__file__", None) or ""
        if file.startswith(prefix):
            frozen = getattr(module.__spec__, "origin", None) == "frozen"
            found["frozen" if frozen else "files"].add(file[len(prefix) :])
    return {kind: sorted(files) for kind, files in found.items()}


def page_imports(modules, sources):
    for name in modules:
        __import__(name)
    written = set().union(*(written_imports(source) for source in sources.values()))
    for name in wheel_modules():
        __import__(name)
    play_a_hand_and_review_it()
    format_a_traceback()
    for name in sorted(written | pyodide_imports()):
        try_import(name)
    return json.dumps(from_the_zip())


page_imports(MODULES, SOURCES)  # noqa: F821  (set by the runner)
