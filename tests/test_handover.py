"""web/handover.mjs under Node with the vendored Pyodide: the event loop turns between the stages
of Pyodide's start (instantiated → main() → bootstrap), which without it run in one task. And
web/stack-switching.mjs: a Pyodide started after it does not use JSPI, even where it is offered.

A chain of zero-delay timers counts the tasks that ran; Emscripten's own ``preRun`` / ``postRun``
hooks, added to the settings Pyodide passes to the module factory, mark where main() begins and
ends. The page's figures (the longest task of a first visit at CPU ×4) are tools/bench_startup.py's."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from tests.test_snapshot import PYODIDE, ROOT

SCRIPT = r"""
import {handingOver} from "%(module)s";
import {withoutStackSwitching} from "%(stack)s";
const indexURL = "%(pyodide)s/";
const {loadPyodide} = await import(indexURL + "pyodide.mjs");
const factory = (await import(indexURL + "pyodide.asm.mjs")).default;

let ticks = 0;
let counting = true;
(function tick() { ticks += 1; if (counting) setTimeout(tick, 0); })();

// Where main() begins and ends, from Emscripten's hooks; the rest of `settings` is Pyodide's.
function marking(seen, create) {
  return (settings) => {
    const list = (hooks) => (hooks === undefined ? [] : [].concat(hooks));
    settings.preRun = [...list(settings.preRun), () => { seen.beforeMain = ticks; }];
    settings.postRun = [...list(settings.postRun), () => { seen.afterMain = ticks; }];
    return create(settings);
  };
}

async function start(config, create) {
  const seen = {};
  const pyodide = await loadPyodide({...config, createPyodideModule: marking(seen, create)});
  seen.loaded = ticks;
  seen.answer = pyodide.runPython("6 * 7");
  return seen;
}

const out = {};
out.plain = await start({indexURL}, factory);
const handed = handingOver({indexURL});
out.handed = await start(handed, handed.createPyodideModule);
counting = false;
// Node 20 has no JSPI: stand in for a browser that offers it, and take it away as the page does.
WebAssembly.Suspending = class Suspending {};
withoutStackSwitching();
const pyodide = await loadPyodide({indexURL});
out.hidden = !("Suspending" in WebAssembly);
out.jspi = pyodide._module.jspiSupported;
out.canRunSync = pyodide.runPython("from pyodide.ffi import can_run_sync; can_run_sync()");
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def starts(tmp_path_factory) -> dict:
    if shutil.which("node") is None:
        pytest.skip("needs node")
    path = tmp_path_factory.mktemp("handover") / "starts.mjs"
    path.write_text(SCRIPT % {"module": (ROOT / "web" / "handover.mjs").as_uri(),
                              "stack": (ROOT / "web" / "stack-switching.mjs").as_uri(),
                              "pyodide": PYODIDE.as_posix()}, encoding="utf-8")
    done = subprocess.run(["node", str(path)], capture_output=True, text=True, timeout=120, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_without_it_main_and_the_bootstrap_run_in_one_task(starts):
    # Why the module exists: if Pyodide ever yields here itself, this fails and it can go.
    plain = starts["plain"]
    assert plain["answer"] == 42
    assert plain["beforeMain"] == plain["afterMain"] == plain["loaded"]


def test_with_it_the_event_loop_turns_before_main_and_before_the_bootstrap(starts):
    handed = starts["handed"]
    assert handed["answer"] == 42
    assert handed["beforeMain"] < handed["afterMain"] < handed["loaded"]


def test_a_pyodide_started_without_stack_switching_cannot_suspend(starts):
    assert starts["hidden"]
    assert starts["jspi"] is False
    assert starts["canRunSync"] is False
