// Pyodide's start runs three long stretches of main-thread work back to back, chained by promises
// that resolve at once, so in one browser task: the wasm instantiated, the interpreter's main(),
// and its bootstrap (the `pyodide` package's imports); PyScript's own set-up then follows in the
// same task. At CPU x4 that task ran for seconds and the loading screen froze
// (docs/log/startup-2026-12-02.md). Two public options of `loadPyodide` let us hand over between them: `fsInit`, which
// Pyodide awaits before main(), and `createPyodideModule`, the Emscripten factory it would
// otherwise import itself; web/interpreter.mjs adds a boundary after `loadPyodide` too. The same
// factory lets a return visit hand Pyodide its wasm compiled ahead by the page while it read the
// snapshot (web/prefetch.mjs), and Pyodide's own fetch of that wasm is then not made at all; and
// the module Pyodide was instantiated from is handed on to the snapshot's worker (instantiatedFrom).

import {restoringSparsely} from "./snapshot.mjs";

/** A task boundary: the page paints, and a tap is answered, in between. */
export function nextTask() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * `config` for `loadPyodide`, with a task boundary before main() and another after it, `create`
 * being the Emscripten factory (pyodide.asm.mjs's default export). Pyodide's wasm is
 * instantiated from a module compiled ahead when its fetch was answered by `withoutFetchingTheWasm`'s
 * stand-in; `used()` is called then.
 * A snapshot is restored without writing its pages of zeros, and its bytes let go once copied
 * (web/snapshot.mjs's restoringSparsely); given `base`, the build's snapshot, based on the
 * memory the wasm starts with.
 *
 * The caller imports the factory statically, so that its 1.2 MB are fetched and compiled with
 * the caller's other imports: imported by Pyodide (or here) once `loadPyodide` runs, it was the
 * last thing the restore waited for (~100 ms of a desktop's return visit,
 * docs/log/startup-2026-12-03.md).
 */
export function handingOver(config, create, used = () => {}, base = null) {
  return {
    ...config,
    fsInit: () => nextTask(),
    createPyodideModule: async (settings) => {
      const module = await create(instantiating(settings, used));
      await nextTask();
      return restoringSparsely(module, base);
    },
  };
}

// The wasm module this worker's Pyodide was instantiated from (instantiatedFrom).
let instantiated = null;

/**
 * The compiled wasm module Pyodide was last instantiated from here (null before): the snapshot's
 * worker is handed it, and instantiates it instead of compiling the 9.6 MB again. Compiling it
 * there was the first visit's memory peak: up to ~60 MB above the table's steady figure, and
 * ~0.2 s of CPU (docs/log/network-2026-12-07.md).
 */
export function instantiatedFrom() {
  return instantiated;
}

// The answers that stand in for Pyodide's wasm file, each with the module compiled ahead that
// `instantiating` uses instead (withoutFetchingTheWasm).
const COMPILED_AHEAD = new WeakMap();

/**
 * `load()`'s promise, Pyodide's fetch of `wasmUrl` made meanwhile held until `compiled` (a
 * promise of Pyodide's wasm module compiled elsewhere, or of null) settles: then made as usual
 * when there is no module; when there is one, not made at all, its answer a stand-in without a
 * body that `instantiating` answers from the module. Pyodide starts that fetch as it makes its
 * settings, long before it instantiates, so its 9.6 MB came through the service worker (and were
 * read for the loading bar) beside the compile of the module that replaced them: 10–45 ms of
 * Firefox's return visit (docs/log/e2e-2026-12-06.md). `fetch` is watched until that request is
 * made, or until `load()` settles without making it.
 */
export function withoutFetchingTheWasm(load, wasmUrl, compiled) {
  const unwatched = globalThis.fetch;
  const watching = function (resource, ...rest) {
    if (String(resource && resource.url || resource) !== wasmUrl) return unwatched.call(this, resource, ...rest);
    stopWatching();
    const fetched = () => unwatched.call(this, resource, ...rest);
    return Promise.resolve(compiled).then((module) => (module ? standingIn(module) : fetched()), fetched);
  };
  const stopWatching = () => {
    if (globalThis.fetch === watching) globalThis.fetch = unwatched;
  };
  globalThis.fetch = watching;
  const started = Promise.resolve().then(load);
  started.then(stopWatching, stopWatching);
  return started;
}

function standingIn(module) {
  const response = new Response(null, {status: 200});
  COMPILED_AHEAD.set(response, module);
  return response;
}

/**
 * Emscripten `settings` whose wasm is instantiated from the module compiled ahead when what
 * Pyodide fetched is a stand-in for it (withoutFetchingTheWasm; then `used()` is called). Pyodide's
 * own `instantiateWasm` hook is kept (it adds imports of its own, from a private helper): only its
 * one `WebAssembly.instantiateStreaming` call is answered here; anything else streams as usual.
 */
export function instantiating(settings, used = () => {}) {
  const hook = settings.instantiateWasm;
  if (!hook) return settings;
  return {
    ...settings,
    instantiateWasm: (imports, succeeded) => {
      const streaming = WebAssembly.instantiateStreaming;
      WebAssembly.instantiateStreaming = async function (source, ...rest) {
        WebAssembly.instantiateStreaming = streaming;
        const response = await source;
        const module = COMPILED_AHEAD.get(response);
        if (!module) {
          const made = await streaming.call(this, response, ...rest);
          instantiated = made.module;
          return made;
        }
        const instance = await WebAssembly.instantiate(module, ...rest);
        instantiated = module;
        used();
        return {module, instance};
      };
      return hook(imports, succeeded);
    },
  };
}
