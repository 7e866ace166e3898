// Gets a memory snapshot's bytes in a module worker, off the page's main thread, and hands the
// 31.5 MB back without a copy: the one kept in Cache Storage, read, checked and unpacked
// (web/snapshot.mjs's readKept: on the main thread, reading it and its SHA-256 took ~60 ms of a
// desktop's return visit, ~4x that on a phone), or the build's, fetched, inflated and checked
// (fetchSnapshot: DecompressionStream inflates on the calling thread in tasks of up to ~1 s at
// x4 CPU; where the browser does not say how fast its link is, its first bytes are timed first).
//
// Or, in a second such worker (the two compete for a thread when one does both: reading the
// snapshot took 200 ms instead of 100), Pyodide's wasm module compiled, which the page asks for
// only once it has found a snapshot kept (not on Firefox, where the page compiles it itself:
// web/snapshot.mjs's compilesOnThePage): the worker that runs Python then instantiates it at
// once instead of fetching and compiling it itself (web/handover.mjs, docs/log/startup-2026-12-03.md).
import {fetchSnapshot, readKept} from "./snapshot.mjs";

addEventListener("message", async (event) => {
  const {kept, url, expected, probe, compile} = event.data;
  try {
    if (compile) {
      postMessage({wasm: await WebAssembly.compileStreaming(fetch(compile))});
      return;
    }
    const bytes = kept ? await readKept({caches, subtle: crypto.subtle}, url)
                       : await fetchSnapshot({fetch: (...args) => fetch(...args), subtle: crypto.subtle, DecompressionStream},
                                      url, expected, undefined, probe);
    postMessage({bytes}, [bytes.buffer]);  // the view: its buffer holds more (snapshot.mjs's unpacked)
  } catch (error) {
    postMessage({error: error instanceof Error ? error.message : String(error)});
  }
});
