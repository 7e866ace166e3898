// On the page's main thread, as soon as the page is parsed: this build's kept memory snapshot
// looked up in Cache Storage and, when there, read and checked in a worker
// (web/snapshot-bytes.mjs), Pyodide's wasm compiled there too, while PyScript starts the worker
// that runs Python. That worker's interpreter module (web/interpreter.mjs) asks web/page.js for
// the page's facts, which hands it this choice and then the bytes (transferred) and the compiled
// module: looked up there instead, the snapshot would wait for PyScript's worker to start (~150 ms
// of a desktop's return visit), and the wasm for Pyodide's loader to be imported (~300 ms).
import {BUILD} from "./build.mjs";
import {SnapshotUnusable, chooseStart, moduleWorker, snapshotUrl, workingOn} from "./snapshot.mjs";

const ROOT = new URL("../", import.meta.url).href;
const BYTES_WORKER = new URL("./snapshot-bytes.mjs", import.meta.url);
const WASM = new URL("../vendor/pyodide/pyodide.asm.wasm", import.meta.url).href;

// Both workers are asked at once, while the page looks the snapshot up (~100 ms of a desktop's
// return visit went to the one and then the other), and ended if it finds none.
const url = snapshotUrl(ROOT, BUILD);
const reader = globalThis.Worker ? moduleWorker(BYTES_WORKER) : null;
const compiler = globalThis.Worker ? moduleWorker(BYTES_WORKER) : null;
const env = {caches: globalThis.caches, subtle: globalThis.crypto && globalThis.crypto.subtle};
if (reader) {
  const read = workingOn(reader, {kept: true, url}, SnapshotUnusable).then((answer) => answer.bytes);
  read.catch(() => {});  // a normal start never awaits it
  env.read = () => read;
}
const compiled = workingOn(compiler, {compile: WASM, when: url}, Error).then((answer) => answer.wasm, () => null);

/**
 * {start: "snapshot", bytes, wasm} or {start: "normal", reason} (web/snapshot.mjs's chooseStart),
 * `wasm` a promise of Pyodide's module compiled, or of null.
 */
window.heartsKept = chooseStart(env, url).then((kept) => {
  if (kept.start === "snapshot") return {...kept, wasm: compiled};
  for (const worker of [reader, compiler]) if (worker) worker.terminate();
  return kept;
});
