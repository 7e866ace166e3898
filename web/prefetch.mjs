// On the page's main thread, as soon as the page is parsed: this build's kept memory snapshot
// looked up in Cache Storage and, when there, read and checked in a worker
// (web/snapshot-bytes.mjs), Pyodide's wasm compiled in another (on Firefox by the page itself:
// compilesOnThePage), while PyScript starts the worker that runs Python. That worker's
// interpreter module (web/interpreter.mjs) asks web/page.js for the page's facts, which hands it
// this choice and then the bytes (transferred) and the compiled module: looked up there instead,
// the snapshot would wait for PyScript's worker to start (~150 ms of a desktop's return visit),
// and the wasm for Pyodide's loader to be imported (~300 ms).
//
// On a first visit over a link the browser does not call fast, web/boot.js has already started a
// third worker (web/runtime-ahead.mjs), which downloads Pyodide's wasm and stdlib (.xz or plain,
// by a probe of the link) and compiles the wasm: when it does, the worker that runs Python is
// handed them (window.heartsAhead).
import {BUILD} from "./build.mjs";
import {SnapshotUnusable, chooseStart, compilesOnThePage, moduleWorker, snapshotUrl, workingOn} from "./snapshot.mjs";

const ROOT = new URL("../", import.meta.url).href;
const BYTES_WORKER = new URL("./snapshot-bytes.mjs", import.meta.url);
const WASM = new URL("../vendor/pyodide/pyodide.asm.wasm", import.meta.url).href;

// Once the page finds the snapshot kept, two workers: one reads and checks it, the other compiles
// Pyodide's wasm meanwhile (one worker doing both read the snapshot in 200 ms instead of 100); on
// Firefox the page compiles it itself (compilesOnThePage). A first visit starts neither.
const url = snapshotUrl(ROOT, BUILD);
const env = {caches: globalThis.caches, subtle: globalThis.crypto && globalThis.crypto.subtle};
if (globalThis.Worker) {
  env.read = (at) => workingOn(moduleWorker(BYTES_WORKER), {kept: true, url: at}, SnapshotUnusable).then((answer) => answer.bytes);
}
const compiling = compilesOnThePage(navigator)
  ? () => WebAssembly.compileStreaming(fetch(WASM)).catch(() => null)
  : () => workingOn(moduleWorker(BYTES_WORKER), {compile: WASM}, Error).then((answer) => answer.wasm, () => null);

// Once the runtime downloaded ahead is here, the files pyscript.json has PyScript fetch (the
// wheel, web/'s modules) are fetched into the HTTP cache: the worker that runs Python asks for
// them only once Python has started, ~1.7 s later at a quarter core, and the link is idle meanwhile.
async function fetchingTheRest() {
  try {
    const config = await (await fetch(new URL("pyscript.json", ROOT))).json();
    await Promise.all(Object.keys(config.files || {}).map((file) => fetch(new URL(file, ROOT)).then((response) => response.arrayBuffer())));
  } catch (error) { /* then PyScript downloads them when it asks */ }
}

/**
 * {start: "snapshot", bytes, wasm} or {start: "normal", reason, ahead} (web/snapshot.mjs's
 * chooseStart), `wasm` a promise of Pyodide's module compiled, or of null; `ahead`, when the
 * runtime is downloaded ahead, web/boot.js's window.heartsAhead ({deciding, how, wasm, stdlib},
 * promises), or null.
 */
window.heartsKept = chooseStart(env, url).then(async (kept) => {
  if (kept.start === "snapshot") return {...kept, wasm: compiling()};
  const ahead = window.heartsAhead && (await window.heartsAhead.deciding) ? window.heartsAhead : null;
  if (ahead) ahead.stdlib.then(fetchingTheRest, () => {});  // a failure is said to the worker that runs Python
  return {...kept, ahead};
});
