// Pyodide (314) starts fetching its wasm as loadPyodide begins and awaits the response only in
// Emscripten's instantiateWasm hook, which catches every error, warns "wasm instantiation
// failed!" and never settles. So a wasm file that cannot be had (offline with the cache evicted,
// a broken deploy's 404) left the page on its loading screen for good, unless the failed fetch
// happened to reject before the hook awaited it: then an unhandled rejection reached
// web/boot.js, which shows the error. Which came first was a race (lost in a loaded CI run).
// This watches that fetch and turns its failure into a failed start, every time.

/** The wasm could not be fetched: no start can succeed, from a snapshot or not. */
export class WasmUnavailable extends Error {}

/**
 * `load()`'s promise, rejected as soon as the fetch of `wasmUrl` made while it runs fails (a
 * network error or an HTTP error status). `fetch` is watched until that request is made, or
 * until `load()` settles without making it.
 */
export function failingWithTheWasm(load, wasmUrl) {
  let fail;
  const failure = new Promise((resolve, reject) => { fail = reject; });
  const unwatched = globalThis.fetch;
  const watching = function (resource, ...rest) {
    const answer = unwatched.call(this, resource, ...rest);
    if (String(resource && resource.url || resource) === wasmUrl) {
      stopWatching();
      answer.then((response) => {
        if (!response.ok) fail(new WasmUnavailable(`${wasmUrl}: HTTP ${response.status}`));
      }, (error) => fail(new WasmUnavailable(`${wasmUrl}: ${error}`)));
    }
    return answer;
  };
  const stopWatching = () => {
    if (globalThis.fetch === watching) globalThis.fetch = unwatched;
  };
  globalThis.fetch = watching;
  const started = Promise.resolve().then(load);
  started.then(stopWatching, stopWatching);
  return Promise.race([started, failure]);
}
