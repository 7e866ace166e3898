// On the page's main thread, as soon as the page is parsed: this build's kept memory snapshot
// looked up in Cache Storage and, when there, read and checked in a worker
// (web/snapshot-bytes.mjs), Pyodide's wasm compiled in another (on Firefox by the page itself:
// compilesOnThePage), while PyScript starts the worker that runs Python. That worker's
// interpreter module (web/interpreter.mjs) asks web/page.js for the page's facts, which hands it
// this choice and then the bytes (transferred) and the compiled module: looked up there instead,
// the snapshot would wait for PyScript's worker to start (~150 ms of a desktop's return visit),
// and the wasm for Pyodide's loader to be imported (~300 ms).
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

/**
 * {start: "snapshot", bytes, wasm} or {start: "normal", reason} (web/snapshot.mjs's chooseStart),
 * `wasm` a promise of Pyodide's module compiled, or of null.
 */
window.heartsKept = chooseStart(env, url).then((kept) => (kept.start === "snapshot" ? {...kept, wasm: compiling()} : kept));
