"""web/handover.mjs under Node with the vendored Pyodide: the event loop turns between the stages
of Pyodide's start (instantiated → main() → bootstrap), which without it run in one task. And
web/stack-switching.mjs: a Pyodide started after it does not use JSPI, even where it is offered.

A chain of zero-delay timers counts the tasks that ran; Emscripten's own ``preRun`` / ``postRun``
hooks, added to the settings Pyodide passes to the module factory, mark where main() begins and
ends. The page's figures (the longest task of a first visit at CPU ×4) are tools/bench_startup.py's.

And ``withoutFetchingTheWasm`` with ``instantiating``: Pyodide's fetch of its wasm not made when a
module compiled elsewhere is at hand (a return visit compiles it in a worker of the page's), and
Pyodide's own wasm hook answered from that module, checked on a tiny module of our own with a
hook that fetches and streams as Pyodide's does."""

from __future__ import annotations

import pytest

from tests.node import PYODIDE, ROOT, run_on_node

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
const handed = handingOver({indexURL}, factory);
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
    return run_on_node(
        tmp_path_factory.mktemp("handover"),
        SCRIPT,
        timeout=120,
        module=(ROOT / "web" / "handover.mjs").as_uri(),
        stack=(ROOT / "web" / "stack-switching.mjs").as_uri(),
        pyodide=PYODIDE.as_posix(),
    )


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


INSTANTIATING = r"""
import {instantiatedFrom, instantiating, withoutFetchingTheWasm} from "%(module)s";
// (module (func (export "f") (result i32) i32.const 42))
const wasm = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 127, 3, 2, 1, 0,
                             7, 5, 1, 1, 102, 0, 0, 10, 6, 1, 4, 0, 65, 42, 11]);
const url = "https://example.org/pyodide/pyodide.asm.wasm";
const stdlib = "https://example.org/pyodide/python_stdlib.zip";
const streaming = WebAssembly.instantiateStreaming;

// fetch as the browser's: every URL asked for recorded, the wasm served.
const fetched = [];
const served = async (resource) => {
  fetched.push(String(resource));
  const response = new Response(wasm, {headers: {"content-type": "application/wasm"}});
  Object.defineProperty(response, "url", {value: String(resource)});
  return response;
};
globalThis.fetch = served;

// Pyodide's order (emscripten-settings.ts): both fetches made as it makes its settings, the wasm's
// answer streamed in its hook, later.
async function pyodideLike(used) {
  const answer = fetch(url);
  fetch(stdlib);
  await new Promise((resolve) => setTimeout(resolve, 10));
  const hook = (imports, succeeded) => {
    WebAssembly.instantiateStreaming(answer, imports).then(({instance, module}) => succeeded(instance, module));
    return {};
  };
  const settings = instantiating({instantiateWasm: hook, other: 1}, used);
  const [instance, module] = await new Promise((resolve) => settings.instantiateWasm({}, (...got) => resolve(got)));
  return {kept: settings.other === 1, answer: instance.exports.f(), module};
}

async function start(compiled) {
  fetched.length = 0;
  const seen = {used: false};
  const got = await withoutFetchingTheWasm(() => pyodideLike(() => { seen.used = true; }), url, compiled);
  return {...seen, kept: got.kept, answer: got.answer, same: got.module === ahead, fetched: [...fetched],
          keptModule: instantiatedFrom() === got.module,
          restored: WebAssembly.instantiateStreaming === streaming && globalThis.fetch === served};
}

const ahead = await WebAssembly.compile(wasm);
const out = {before: instantiatedFrom()};
out.ahead = await start(Promise.resolve(ahead));
out.late = await start(new Promise((resolve) => setTimeout(resolve, 50, ahead)));
out.none = await start(Promise.resolve(null));
out.failed = await start(Promise.reject(new Error("no compile")));
out.noHook = instantiating({print: 1}).instantiateWasm === undefined;
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def instantiated(tmp_path_factory) -> dict:
    return run_on_node(
        tmp_path_factory.mktemp("instantiating"), INSTANTIATING, module=(ROOT / "web" / "handover.mjs").as_uri()
    )


def test_with_a_module_compiled_ahead_the_wasm_is_not_fetched_and_the_module_instantiated(instantiated):
    stdlib = "https://example.org/pyodide/python_stdlib.zip"
    for case in ("ahead", "late"):
        assert instantiated[case] == {
            "used": True,
            "kept": True,
            "answer": 42,
            "same": True,
            "fetched": [stdlib],
            "restored": True,
            "keptModule": True,
        }, case
    assert instantiated["before"] is None


def test_without_a_module_pyodide_fetches_and_streams_as_usual(instantiated):
    for case in ("none", "failed"):
        seen = instantiated[case]
        wasm, stdlib = "https://example.org/pyodide/pyodide.asm.wasm", "https://example.org/pyodide/python_stdlib.zip"
        assert sorted(seen["fetched"]) == [wasm, stdlib], case
        assert seen["answer"] == 42 and not seen["same"] and not seen["used"] and seen["restored"], case
        assert seen["keptModule"], case  # the module Pyodide compiled, for the snapshot's worker
    assert instantiated["noHook"]
