"""web/handover.mjs under Node with the vendored Pyodide: the event loop turns between the stages
of Pyodide's start (instantiated → main() → bootstrap), which without it run in one task. And
web/stack-switching.mjs: a Pyodide started after it does not use JSPI, even where it is offered.

A chain of zero-delay timers counts the tasks that ran; Emscripten's own ``preRun`` / ``postRun``
hooks, added to the settings Pyodide passes to the module factory, mark where main() begins and
ends. The page's figures (the longest task of a first visit at CPU ×4) are tools/bench_startup.py's.

And ``instantiating``: Pyodide's own wasm hook, answered from a module compiled elsewhere (a
return visit compiles it in a worker of the page's), checked on a tiny module of our own."""

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
import {instantiating} from "%(module)s";
// (module (func (export "f") (result i32) i32.const 42))
const wasm = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 127, 3, 2, 1, 0,
                             7, 5, 1, 1, 102, 0, 0, 10, 6, 1, 4, 0, 65, 42, 11]);
const url = "https://example.org/pyodide/pyodide.asm.wasm";
const streaming = WebAssembly.instantiateStreaming;

// A response as fetch gives it (its url set), which records whether it was read or dropped.
function served(at, seen) {
  const body = new ReadableStream({
    pull(controller) { seen.read = true; controller.enqueue(wasm); controller.close(); },
    cancel() { seen.cancelled = true; },
  }, {highWaterMark: 0});  // pulled only when read
  const response = new Response(body, {headers: {"content-type": "application/wasm"}});
  Object.defineProperty(response, "url", {value: at});
  return response;
}

// Pyodide's hook, as it is: it streams what it fetched (a promise of a response).
async function through(compiled, at) {
  const seen = {read: false, cancelled: false, used: false};
  const hook = (imports, succeeded) => {
    WebAssembly.instantiateStreaming(Promise.resolve(served(at, seen)), imports)
      .then(({instance, module}) => succeeded(instance, module));
    return {};
  };
  const settings = instantiating({instantiateWasm: hook, other: 1}, compiled, url, () => { seen.used = true; });
  seen.kept = settings.other === 1;
  const [instance, module] = await new Promise((resolve) => settings.instantiateWasm({}, (...got) => resolve(got)));
  seen.answer = instance.exports.f();
  seen.restored = WebAssembly.instantiateStreaming === streaming;
  return [module, seen];
}

const ahead = await WebAssembly.compile(wasm);
const out = {};
let [module, seen] = await through(Promise.resolve(ahead), url);
out.ahead = {...seen, same: module === ahead};
[module, seen] = await through(Promise.resolve(null), url);
out.none = {...seen, same: module === ahead};
[module, seen] = await through(Promise.resolve(ahead), "https://example.org/other.wasm");
out.other = {...seen, same: module === ahead};
out.noHook = instantiating({print: 1}, Promise.resolve(ahead), url).instantiateWasm === undefined;
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def instantiated(tmp_path_factory) -> dict:
    return run_on_node(
        tmp_path_factory.mktemp("instantiating"), INSTANTIATING, module=(ROOT / "web" / "handover.mjs").as_uri()
    )


def test_a_module_compiled_ahead_is_instantiated_and_the_fetched_wasm_dropped(instantiated):
    ahead = instantiated["ahead"]
    assert ahead == {
        "read": False,
        "cancelled": True,
        "used": True,
        "kept": True,
        "answer": 42,
        "restored": True,
        "same": True,
    }


def test_without_a_module_or_for_another_url_pyodide_streams_as_usual(instantiated):
    for case in ("none", "other"):
        seen = instantiated[case]
        assert seen["read"] and not seen["cancelled"] and not seen["used"], case
        assert seen["answer"] == 42 and not seen["same"], case
    assert instantiated["none"]["restored"]
    assert instantiated["noHook"]
