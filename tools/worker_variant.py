"""The page with its AI in a PyScript worker, for ``bench_longtasks.py --variant worker`` only.

Writes a copy of the built site where a second Pyodide, in a web worker named "ai", runs every
bot decision and hint, and the main thread's ``hearts.table.load_ai`` is replaced by a facade
whose ``*_steps`` send the View to that worker and yield (one zero-delay timer per check)
until its answer arrives; the page's slicing machinery (``Page.think``) runs them unchanged.

Only asynchronous calls cross between the threads (results are awaited through promises), so
no SharedArrayBuffer and no cross-origin isolation is needed: Python's http.server will do.
PyScript starts its workers from blob: URLs, so the variant's Content Security Policy must add
``worker-src blob:``, which the page itself does not allow.
"""

from __future__ import annotations

import shutil
from pathlib import Path

WORKER_SCRIPT = '''"""The AI's side of the worker variant: pickled arguments in, a pickled answer out."""
import base64
import pickle

from hearts.table import load_ai


def call(name, packed):
    ai = load_ai()
    args = pickle.loads(base64.b64decode(packed))
    if name == "play":
        level, seed, view = args
        answer = ai.bot(level, seed=seed).choose_play(view)
    elif name == "pass":
        level, seed, view = args
        answer = ai.bot(level, seed=seed).choose_pass(view)
    elif name == "hint_play":
        answer = ai.hint_play(*args)
    else:
        answer = ai.hint_pass(*args)
    return base64.b64encode(pickle.dumps(answer)).decode()


load_ai()
__export__ = ["call"]
'''

# Prepended to web/main.py, before it imports load_ai from hearts.table.
MAIN_PREFIX = '''import asyncio as _asyncio
import base64 as _base64
import pickle as _pickle

import hearts.table as _table
from pyscript import window as _window
from pyscript import workers as _workers

_worker = {}


async def _connect():
    _worker["ai"] = await _workers["ai"]
    _window.__workerReadyMs = _window.performance.now()  # since the navigation started


_asyncio.ensure_future(_connect())


def _remote(name, *args):
    """Steps that wait for the worker's answer to one call, a zero-delay timer per check."""
    while "ai" not in _worker:
        yield None
    box = {}
    promise = _worker["ai"].call(name, _base64.b64encode(_pickle.dumps(args)).decode())
    promise.then(lambda packed: box.setdefault("answer", packed))
    while "answer" not in box:
        yield None
    return _pickle.loads(_base64.b64decode(str(box["answer"])))


class _Bot:
    def __init__(self, level, seed=None):
        self.level, self.seed = level, seed

    def choose_play_steps(self, view):
        return (yield from _remote("play", self.level, self.seed, view))

    def choose_pass_steps(self, view):
        return (yield from _remote("pass", self.level, self.seed, view))


class _RemoteAI:
    bot = _Bot

    @staticmethod
    def hint_play_steps(view):
        return (yield from _remote("hint_play", view))

    @staticmethod
    def hint_pass_steps(view):
        return (yield from _remote("hint_pass", view))

    @staticmethod
    def run_steps(steps):
        raise RuntimeError("the worker variant only runs sliced actions")


_table.load_ai = lambda: _RemoteAI
'''

WORKER_TAG = ('<script type="py" worker name="ai" src="./web/ai_worker.py" '
              'config="./pyscript.json"></script>\n</body>')


def write(site: Path, directory: Path) -> Path:
    """A copy of ``site`` in ``directory`` with the AI in a worker; returns the copy."""
    target = directory / "site-worker"
    shutil.copytree(site, target)
    (target / "web" / "ai_worker.py").write_text(WORKER_SCRIPT, encoding="utf-8")
    main = target / "web" / "main.py"
    main.write_text(MAIN_PREFIX + main.read_text(encoding="utf-8"), encoding="utf-8")
    index = target / "index.html"
    page = index.read_text(encoding="utf-8")
    if page.count("</body>") != 1:
        raise SystemExit("index.html changed shape: update tools/worker_variant.py")
    if page.count("worker-src 'self'") != 1:
        raise SystemExit("the page's Content Security Policy changed: update tools/worker_variant.py")
    page = page.replace("worker-src 'self'", "worker-src 'self' blob:")
    index.write_text(page.replace("</body>", WORKER_TAG), encoding="utf-8")
    return target
