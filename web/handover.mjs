// Pyodide's start runs three long stretches of main-thread work back to back, chained by promises
// that resolve at once, so in one browser task: the wasm instantiated, the interpreter's main(),
// and its bootstrap (the `pyodide` package's imports); PyScript's own set-up then follows in the
// same task. At CPU x4 that task ran for seconds and the loading screen froze (docs/startup.md,
// 2026-12-02). Two public options of `loadPyodide` let us hand over between them: `fsInit`, which
// Pyodide awaits before main(), and `createPyodideModule`, the Emscripten factory it would
// otherwise import itself; web/interpreter.mjs adds a boundary after `loadPyodide` too.

/** A task boundary: the page paints, and a tap is answered, in between. */
export function nextTask() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * `config` for `loadPyodide`, with a task boundary before main() and another after it.
 *
 * The factory's module is imported at once, as Pyodide imports it itself before it awaits a
 * snapshot's bytes: imported only when Pyodide calls the factory, its 1.2 MB waited for those
 * bytes first (~100 ms of a desktop's return visit). A failed import is reported when the
 * factory is called, as Pyodide would report it.
 */
export function handingOver(config) {
  const factory = import(config.indexURL + "pyodide.asm.mjs").then((module) => module.default);
  factory.catch(() => {});
  return {
    ...config,
    fsInit: () => nextTask(),
    createPyodideModule: async (settings) => {
      const create = await factory;
      const module = await create(settings);
      await nextTask();
      return module;
    },
  };
}
