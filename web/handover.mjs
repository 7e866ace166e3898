// Pyodide's start runs three long stretches of main-thread work back to back, chained by promises
// that resolve at once, so in one browser task: the wasm instantiated, the interpreter's main(),
// and its bootstrap (the `pyodide` package's imports); PyScript's own set-up then follows in the
// same task. At CPU x4 that task ran for seconds and the loading screen froze
// (docs/log/startup-2026-12-02.md). Two public options of `loadPyodide` let us hand over between them: `fsInit`, which
// Pyodide awaits before main(), and `createPyodideModule`, the Emscripten factory it would
// otherwise import itself; web/interpreter.mjs adds a boundary after `loadPyodide` too. The same
// factory lets a return visit hand Pyodide its wasm compiled ahead, in a worker the page started
// beside the one that reads the snapshot (web/prefetch.mjs).

/** A task boundary: the page paints, and a tap is answered, in between. */
export function nextTask() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * `config` for `loadPyodide`, with a task boundary before main() and another after it, `create`
 * being the Emscripten factory (pyodide.asm.mjs's default export). Given `compiled` (a promise of
 * Pyodide's wasm module compiled elsewhere, or of null), that module is instantiated instead of
 * the one Pyodide fetches and compiles itself, and `used()` is called when it is.
 *
 * The caller imports the factory statically, so that its 1.2 MB are fetched and compiled with
 * the caller's other imports: imported by Pyodide (or here) once `loadPyodide` runs, it was the
 * last thing the restore waited for (~100 ms of a desktop's return visit,
 * docs/log/startup-2026-12-03.md).
 */
export function handingOver(config, create, {compiled = null, used = () => {}} = {}) {
  const wasmUrl = config.indexURL + "pyodide.asm.wasm";
  return {
    ...config,
    fsInit: () => nextTask(),
    createPyodideModule: async (settings) => {
      const module = await create(compiled ? instantiating(settings, compiled, wasmUrl, used) : settings);
      await nextTask();
      return module;
    },
  };
}

/**
 * Emscripten `settings` whose wasm is `compiled`'s module once it has one. Pyodide's own
 * `instantiateWasm` hook is kept (it adds imports of its own, from a private helper) and only its
 * `WebAssembly.instantiateStreaming` of `wasmUrl` is answered from the module (then `used()` is
 * called), for that one call; the response Pyodide fetched is dropped unread. Without a module
 * it streams as usual.
 */
export function instantiating(settings, compiled, wasmUrl, used = () => {}) {
  const hook = settings.instantiateWasm;
  if (!hook) return settings;
  return {
    ...settings,
    instantiateWasm: (imports, succeeded) => {
      const streaming = WebAssembly.instantiateStreaming;
      WebAssembly.instantiateStreaming = async function (source, ...rest) {
        const response = await source;
        if (response.url !== wasmUrl) return streaming.call(this, response, ...rest);
        WebAssembly.instantiateStreaming = streaming;
        const module = await compiled;
        if (!module) return streaming.call(this, response, ...rest);
        if (response.body) response.body.cancel().catch(() => {});
        const instance = await WebAssembly.instantiate(module, ...rest);
        used();
        return {module, instance};
      };
      return hook(imports, succeeded);
    },
  };
}
