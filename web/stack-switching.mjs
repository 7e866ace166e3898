// Chromium (137 and later) gives pages JSPI, WebAssembly's stack switching, and Pyodide then runs
// async Python on secondary stacks: PyScript runs web/start.py through runPythonAsync, and the
// snapshot worker's Pyodide sets them up too. Our renderers crashed there — SIGSEGV on the main
// thread in Chromium's own code, its stack pointer on such a stack, reading past that stack's
// mapped end (two core dumps, docs/log/e2e-2026-12.md), as Pyodide's tracker reports for Chrome
// (pyodide/pyodide#6106). The game needs no stack switching (nothing calls run_sync or
// run_until_complete), so Pyodide is not shown the API and runs async code as plain coroutines.

/** Hide JSPI from Pyodide in `scope` (a page or a worker); call before `loadPyodide`. */
export function withoutStackSwitching(scope = globalThis) {
  for (const name of ["Suspending", "Suspender"]) delete scope.WebAssembly[name];
}
