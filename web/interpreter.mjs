// The interpreter module that pyscript.json names: the vendored Pyodide, started from this
// build's memory snapshot when Cache Storage holds a sound one (web/snapshot.mjs decides); on a
// first visit over a fast link, from the snapshot the build made (tools/build_snapshot.py),
// fetched and checked; else started as usual. After either of these, once the table is live and
// the page idle, a worker (web/snapshot-worker.mjs) makes the snapshot for the next visit, off
// the main thread.
//
// <html data-start> says which start was taken ("snapshot", "build-snapshot" or "normal") and
// <html data-snapshot> how making or keeping one went ("making", "stored", "failed"), for tests
// and benchmarks.
import {loadPyodide as loadVendored, version} from "../vendor/pyodide/pyodide.mjs";
import {handingOver, nextTask} from "./handover.mjs";
import {CACHE_NAME, SnapshotUnusable, chooseStart, fastLink, snapshotUrl, unpackingLater} from "./snapshot.mjs";
import {withoutStackSwitching} from "./stack-switching.mjs";
import {WasmUnavailable, failingWithTheWasm} from "./wasm-watch.mjs";

export {version};

// tools/build_site.py writes the build key here: the version and a hash of what a snapshot holds.
const BUILD = "{{snapshot.build}}";
// And the snapshot it made: {file, length, sha256} (of the uncompressed bytes), file gzip.
const BUILT = {{snapshot.file}};
const ROOT = new URL("../", import.meta.url).href;
const SNAPSHOT = snapshotUrl(ROOT, BUILD);
// PyScript passes the folder of this module as indexURL; Pyodide's files are in the vendor folder.
const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const WASM_URL = INDEX_URL + "pyodide.asm.wasm";
// How long the table must have been live before the worker starts, so it never competes with
// the first taps and the bots' first moves.
const SETTLE_MS = 1500;
// The build whose snapshot Pyodide refused to restore (a private API that changed, say).
const REFUSED = "hearts.snapshot.refused";
// The build whose snapshot this browser has fetched: at most once per build, whatever came of
// it, so a failure (or an evicted cache) never costs a player those megabytes twice.
const FETCHED = "hearts.snapshot.fetched";

function browser() {
  return {caches: globalThis.caches, subtle: globalThis.crypto && globalThis.crypto.subtle,
          read: globalThis.Worker ? readKeptInWorker : undefined};
}

// Cache Storage first; without a snapshot there, the build's own when the link is fast.
async function choose() {
  const choice = await chooseStart(browser(), SNAPSHOT);
  if (choice.start === "snapshot" || !mayFetch()) return choice;
  remember(FETCHED, BUILD);
  try {
    return {start: "build-snapshot", bytes: await fetchInWorker(new URL(BUILT.file, ROOT).href)};
  } catch (error) {
    console.warn("build snapshot not used:", error);
    return {start: "normal", reason: String(error)};
  }
}

function mayFetch() {
  const env = browser();
  return Boolean(BUILT && env.caches && env.subtle && globalThis.Worker && globalThis.DecompressionStream
                 && fastLink(globalThis.navigator) && recalled(FETCHED) !== BUILD);
}

// web/snapshot-bytes.mjs, off the main thread: the build's snapshot fetched, inflated and checked...
function fetchInWorker(url) {
  return inWorker({url, expected: BUILT}, Error);
}

// ...or the kept one read and checked: any failure there is a normal start this time.
function readKeptInWorker(url) {
  return inWorker({kept: true, url}, SnapshotUnusable);
}

function inWorker(request, Failure) {
  return new Promise((resolve, reject) => {
    let worker;
    try {
      worker = new Worker(new URL("./snapshot-bytes.mjs", import.meta.url), {type: "module"});
    } catch (error) {
      reject(new Failure(`no snapshot worker: ${error}`));
      return;
    }
    const finish = (bytes, error) => {
      worker.terminate();
      if (bytes) resolve(bytes); else reject(new Failure(error));
    };
    worker.onmessage = (event) => finish(event.data.bytes, event.data.error);
    worker.onerror = (event) => finish(null, event.message || "the snapshot worker failed");
    worker.postMessage(request);
  });
}

// Started when this module first runs. index.html loads it as a module script ahead of PyScript's
// core, so looking the snapshot up overlaps PyScript's own load instead of following it, and
// reading and checking it (in a worker) goes on while Pyodide fetches and compiles its wasm
// (web/snapshot.mjs's chooseStart). PyScript imports the same URL later and gets this same
// module.
const CHOICE = choose();

export async function loadPyodide(options) {
  const pyodide = await started(options);
  await nextTask();  // PyScript's set-up then runs in a task of its own (web/handover.mjs)
  return pyodide;
}

async function started(options) {
  withoutStackSwitching();
  const config = handingOver({...options, indexURL: INDEX_URL});
  const root = document.documentElement;
  const choice = await CHOICE;
  if (choice.start !== "normal") {
    try {
      const pyodide = await loadWatched({...config, _loadSnapshot: choice.bytes});
      if (!holdsTheGame(pyodide)) throw new Error("the restored interpreter lacks the game's modules");
      root.dataset.start = choice.start;
      unpackingLater(pyodide, new Promise(afterSettling));
      // The build's snapshot (made under Node) is not kept for the next visits: restored from
      // Cache Storage it made the return visit at CPU x4 ~1.2 s slower than the worker's own
      // (docs/startup.md, 2026-12-01 11:21), so the worker makes that one, as after a normal start.
      if (choice.start === "build-snapshot") afterSettling(makeSnapshot);
      return pyodide;
    } catch (error) {
      if (error instanceof WasmUnavailable) throw error;  // no start can work: the page says so
      // A kept snapshot that could not be used (SnapshotUnusable; a damaged one has been
      // dropped): start as usual, and the worker makes a new one. A private API that changed, or
      // a snapshot Pyodide refuses: forget it, start as usual. A kept one is not made again for
      // this build, or every visit would pay for a refused restore; a refused build snapshot is
      // not fetched again (FETCHED), and the worker makes one.
      console.warn("snapshot not used:", error);
      if (choice.start === "snapshot" && !(error instanceof SnapshotUnusable)) {
        caches.open(CACHE_NAME).then((cache) => cache.delete(SNAPSHOT)).catch(() => {});
        remember(REFUSED, BUILD);
      }
    }
  }
  root.dataset.start = "normal";
  if (recalled(REFUSED) !== BUILD) afterSettling(makeSnapshot);
  return loadWatched(config);
}

// The vendored loadPyodide, failing when its wasm cannot be fetched (web/wasm-watch.mjs).
function loadWatched(config) {
  return failingWithTheWasm(() => loadVendored(config), WASM_URL);
}

// `then` once the table has been live SETTLE_MS and the page is idle: the snapshot worker and
// the wheel's unpacking never compete with the first taps.
function afterSettling(then) {
  whenReady(() => setTimeout(idle, SETTLE_MS, then));
}

function remember(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch (error) {
    // no storage: at worst the next visit tries the snapshot again
  }
}

function recalled(key) {
  try {
    return localStorage.getItem(key);
  } catch (error) {
    return null;
  }
}

// Whether the snapshot was really restored: a Pyodide that ignored `_loadSnapshot` (private
// API) would have started empty.
function holdsTheGame(pyodide) {
  const sys = pyodide.pyimport("sys");
  const modules = sys.modules;
  try {
    return modules.has("hearts.table");
  } finally {
    modules.destroy();
    sys.destroy();
  }
}

function whenReady(then) {
  const root = document.documentElement;
  if (root.dataset.state === "ready") return then();
  const watch = new MutationObserver(() => {
    if (root.dataset.state !== "ready") return;
    watch.disconnect();
    then();
  });
  watch.observe(root, {attributes: true, attributeFilter: ["data-state"]});
}

function idle(then) {
  if (globalThis.requestIdleCallback) requestIdleCallback(then, {timeout: 5000});
  else then();
}

function makeSnapshot() {
  const root = document.documentElement;
  const env = browser();
  if (!env.caches || !env.subtle || !globalThis.Worker) return;
  root.dataset.snapshot = "making";
  let worker;
  try {
    worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), {type: "module"});
  } catch (error) {
    root.dataset.snapshot = "failed";
    return;
  }
  const finish = (stored, detail) => {
    worker.terminate();
    root.dataset.snapshot = stored ? "stored" : "failed";
    if (!stored) console.warn("snapshot not made:", detail);
  };
  worker.onmessage = (event) => finish(event.data.stored, event.data.error);
  worker.onerror = (event) => finish(false, event.message);
  worker.postMessage({url: SNAPSHOT, root: ROOT});
}
