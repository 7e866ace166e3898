// On the page's main thread, as soon as the page is parsed: this build's kept memory snapshot
// looked up in Cache Storage and, when there, read and checked in a worker
// (web/snapshot-bytes.mjs), while PyScript starts the worker that runs Python. That worker's
// interpreter module (web/interpreter.mjs) asks web/page.js for the page's facts, which hands it
// this choice and then the bytes, transferred: looked up there instead, the snapshot would wait
// for PyScript's worker to start (~150 ms of a desktop's return visit).
import {BUILD} from "./build.mjs";
import {SnapshotUnusable, chooseStart, readKept, snapshotUrl, workingOn} from "./snapshot.mjs";

const ROOT = new URL("../", import.meta.url).href;
const BYTES_WORKER = new URL("./snapshot-bytes.mjs", import.meta.url);

const env = {caches: globalThis.caches, subtle: globalThis.crypto && globalThis.crypto.subtle};
env.read = globalThis.Worker ? (url) => workingOn(BYTES_WORKER, {kept: true, url}, SnapshotUnusable)
  : (url) => readKept(env, url);

/** {start: "snapshot", bytes} or {start: "normal", reason} (web/snapshot.mjs's chooseStart). */
window.heartsKept = chooseStart(env, snapshotUrl(ROOT, BUILD));
