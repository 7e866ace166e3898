// The interpreter module that pyscript.json names: the vendored Pyodide, started from this
// build's memory snapshot when Cache Storage holds a sound one (web/snapshot.mjs decides); on a
// first visit over a fast link (as the browser says, or as a probe measures), from the snapshot
// the build made (tools/build_snapshot.py), fetched and checked; else started as usual. After
// either of these, once the table is live and the page idle, another worker
// (web/snapshot-worker.mjs) makes the snapshot for the next visit.
//
// It runs in the worker that runs the game's Python (index.html), where there is no document
// and no localStorage: what only the page has comes and goes as messages with web/page.js, as
// JSON lists of commands like Python's. It asks for the page's facts (the link its navigator
// reports, the marks below kept in localStorage), tells it which start was taken (<html
// data-start>: "snapshot", "build-snapshot" or "normal"), whether the wasm came compiled from the
// page's worker (<html data-wasm="compiled-ahead">) and how making or keeping a snapshot went
// (<html data-snapshot>: "making", "stored", "failed"; once stored, <html data-snapshot-wasm>:
// "handed" when its worker instantiated this worker's wasm module, else "compiled"; <html
// data-settled> once the page has settled and said its service worker controls it, and that would
// have begun), how the runtime files came on a start that was not from the kept snapshot (<html
// data-runtime>: "kept", "plain", "xz": web/runtime-files.mjs; "plain" or "xz" too when the page
// downloaded them ahead, web/runtime-ahead.mjs, with data-wasm="compiled-ahead"), for tests and
// benchmarks, and forwards PyScript's progress, which PyScript dispatches in the worker only.
import {loadPyodide as loadVendored, version} from "../vendor/pyodide/pyodide.mjs";
import createPyodideModule from "../vendor/pyodide/pyodide.asm.mjs";
import {handingOver, instantiatedFrom, nextTask, withoutFetchingTheWasm} from "./handover.mjs";
import {BUILD, BUILT, DOWNLOADS, RUNTIME} from "./build.mjs";
import {countingDownloads} from "./download-progress.mjs";
import {answeringWith, downloadedFiles, howToDownload, keepsAll, measuredMbps, runtimeCache, servingRuntime} from "./runtime-files.mjs";
import {CACHE_NAME, SnapshotUnusable, fastLink, linkProbe, moduleWorker, snapshotUrl, unpackingLater, workingOn} from "./snapshot.mjs";
import {withoutStackSwitching} from "./stack-switching.mjs";
import {WasmUnavailable, failingWithTheWasm} from "./wasm-watch.mjs";

export {version};

const ROOT = new URL("../", import.meta.url).href;
const SNAPSHOT = snapshotUrl(ROOT, BUILD);
// PyScript passes the folder of this module as indexURL; Pyodide's files are in the vendor folder.
const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const WASM_URL = INDEX_URL + "pyodide.asm.wasm";
// Pyodide's wasm and stdlib zip, served by web/runtime-files.mjs on a start not from the kept snapshot.
const RUNTIME_URLS = RUNTIME.files.map((file) => new URL(file, ROOT).href);
// Pyodide's factory, imported above: the worker's first large download, which measures the link.
const FACTORY_URL = INDEX_URL + "pyodide.asm.mjs";
// The build whose snapshot Pyodide refused to restore (a private API that changed, say).
const REFUSED = "hearts.snapshot.refused";
// The build whose snapshot this browser has fetched: at most once per build, whatever came of
// it, so a failure (or an evicted cache) never costs a player those megabytes twice.
const FETCHED = "hearts.snapshot.fetched";

/** A command for web/page.js (its `commands`), as Python sends its own. */
function toPage(...command) {
  postMessage(JSON.stringify([command]));
}

/** A message from web/page.js of `kind`: its fields, or null. */
function heard(event, kind) {
  if (typeof event.data !== "string" || !event.data.startsWith("{")) return null;
  const fields = JSON.parse(event.data);
  return fields.kind === kind ? fields : null;
}

/** The first message for which `take(event)` is not null, as that; it stops listening then
 * (every tap for Python passes this worker's listeners too). */
function first(take) {
  return new Promise((resolve) => {
    const listener = (event) => {
      const taken = take(event);
      if (taken === null) return;
      removeEventListener("message", listener);
      resolve(taken);
    };
    addEventListener("message", listener);
  });
}

// The page's facts: {link: navigator.connection's figures, stored: {key: value}} for REFUSED and
// FETCHED, kept: "snapshot" when the page found this build's snapshot kept (web/prefetch.mjs),
// else why not. Asked for at once; should the page not answer, this worker's link, nothing kept.
const FACTS = Promise.race([
  first((event) => heard(event, "facts")),
  new Promise((resolve) => setTimeout(resolve, 5000, {link: globalThis.navigator && globalThis.navigator.connection,
                                                      stored: {}, kept: "the page did not answer"})),
]);
toPage("facts", [REFUSED, FETCHED]);

// The kept snapshot's bytes, which the page sends after its facts (transferred, not as JSON);
// one it could not read or check is a normal start (SnapshotUnusable). Beside them, Pyodide's
// wasm module, compiled meanwhile in another of the page's workers, or null (web/prefetch.mjs).
const KEPT_MESSAGE = first(({data}) => data && (data.heartsSnapshot || data.heartsSnapshotUnusable) ? data : null);
const KEPT = KEPT_MESSAGE.then((data) => {
  if (data.heartsSnapshot) return data.heartsSnapshot;
  throw new SnapshotUnusable(data.heartsSnapshotUnusable);
});
KEPT.catch(() => {});  // a start that does not restore it never awaits it
const KEPT_WASM = KEPT_MESSAGE.then((data) => data.heartsWasm instanceof WebAssembly.Module ? data.heartsWasm : null);
// On a first visit where the browser does not call its link fast, the runtime the page downloads
// ahead (web/runtime-ahead.mjs): {how, wasm, stdlib}, promises of how the files come ("xz" or
// "plain"), of Pyodide's module compiled and of the stdlib zip's bytes (transferred), each of null
// when that download failed; listened for once the facts say so (the page sends them after its
// facts), else null.
function aheadPart(part) {
  return first(({data}) => data && (data.heartsAhead === part || data.heartsAhead === "failed") ? data : null)
    .then(({heartsAhead, value}) => heartsAhead === part ? value : null);
}
const AHEAD = FACTS.then((facts) => {
  if (!facts.ahead) return null;
  const ahead = {how: aheadPart("how"), wasm: aheadPart("wasm"), stdlib: aheadPart("stdlib")};
  ahead.wasm.then((wasm) => { if (!wasm) console.warn("runtime not downloaded ahead"); });
  return ahead;
});

// The page says when its table has been live a while and it is idle (web/page.js): the snapshot
// worker and the wheel's unpacking never compete with the first taps and the bots' first moves.
const SETTLED = first((event) => heard(event, "settled"));
// And when the service worker controls the page, or the page stopped waiting for it: the
// snapshot's worker is then served by it, so V8 keeps Pyodide's glue compiled (web/page.js).
const CONTROLLED = first((event) => heard(event, "controlled"));
const SNAPSHOT_MAY_BEGIN = Promise.all([SETTLED, CONTROLLED]);
// Then <html data-settled="true">, once what they start has begun (its reactions, registered
// before, run before this task): a test can tell that no snapshot is being made.
SNAPSHOT_MAY_BEGIN.then(() => setTimeout(() => toPage("mark", "settled", "true"), 0));

addEventListener("py:progress", (event) => toPage("step", event.detail));
// The bytes of the runtime and the wheel as they come, for the loading screen's bar; counted
// from the start until the page has settled. Not on a start from the kept snapshot: its files
// come from the service worker's cache, and the wasm not at all (withoutFetchingTheWasm).
function countDownloads(how) {
  const files = downloadedFiles(DOWNLOADS, RUNTIME.files, how);
  const stopCounting = countingDownloads(ROOT, files, (fraction, sent, total) => toPage("downloaded", fraction, sent, total));
  SETTLED.then(stopCounting);
}

// {cache, how, wasm}: the cache that keeps the runtime files decoded (null without Cache
// Storage), and "kept" when it holds them both, else how to download them (web/runtime-files.mjs);
// or, when the page downloads them ahead, once it says how (its probe of the link), a stand-in
// for that cache answering the stdlib with its bytes once here, and `wasm` a promise of the module
// compiled (else null): Pyodide starts then and waits for them only when it fetches them; should
// the page's download fail after it said how, Pyodide's fetches download them that way, kept.
async function runtimeSource() {
  const cache = await runtimeCache(RUNTIME, ROOT);
  const ahead = await AHEAD;
  const how = ahead && (await ahead.how);
  if (how) {
    const stdlib = RUNTIME_URLS.find((url) => !url.endsWith(".wasm"));
    return {cache: answeringWith({[stdlib]: ahead.stdlib}, cache), how, wasm: ahead.wasm};
  }
  if (await keepsAll(cache, RUNTIME_URLS)) return {cache, how: "kept", wasm: null};
  const facts = await FACTS;
  const timing = globalThis.performance && performance.getEntriesByType ? performance.getEntriesByType("resource") : [];
  return {cache, how: howToDownload(measuredMbps(timing, FACTORY_URL), fastLink({connection: facts.link})), wasm: null};
}

function browser() {
  return {caches: globalThis.caches, subtle: globalThis.crypto && globalThis.crypto.subtle};
}

// The snapshot the page found kept first; else the build's own when the link is fast: as the
// browser says (fastLink), or, where it says nothing, as a probe of the fetch measures it.
async function choose() {
  const facts = await FACTS;
  if (facts.kept === "snapshot") return {start: "snapshot", bytes: KEPT, wasm: KEPT_WASM};
  // The page called the link slow when it began (its estimate may have risen since).
  if (facts.ahead) return {start: "normal", reason: "the runtime is downloaded ahead"};
  const probe = linkProbe({connection: facts.link, userAgent: globalThis.navigator && globalThis.navigator.userAgent});
  if (!mayFetch(facts, probe)) return {start: "normal", reason: facts.kept};
  toPage("remember", FETCHED, BUILD);
  try {
    return {start: "build-snapshot", bytes: await fetchInWorker(new URL(BUILT.file, ROOT).href, probe)};
  } catch (error) {
    console.warn("build snapshot not used:", error);
    return {start: "normal", reason: String(error)};
  }
}

function mayFetch(facts, probe) {
  const env = browser();
  return Boolean(BUILT && env.caches && env.subtle && globalThis.Worker && globalThis.DecompressionStream
                 && (fastLink({connection: facts.link}) || probe) && facts.stored[FETCHED] !== BUILD);
}

// web/snapshot-bytes.mjs, in a worker of its own: the build's snapshot fetched (the link probed
// first when `probe`), inflated and checked.
function fetchInWorker(url, probe) {
  return workingOn(moduleWorker(new URL("./snapshot-bytes.mjs", import.meta.url)), {url, expected: BUILT, probe}, Error)
    .then((answer) => answer.bytes);
}

// Started when this module first runs, so the build's snapshot is fetched (in a worker) while
// Pyodide fetches and compiles its wasm.
const CHOICE = choose();

export async function loadPyodide(options) {
  const pyodide = await started(options);
  await nextTask();  // PyScript's set-up then runs in a task of its own (web/handover.mjs)
  return pyodide;
}

async function started(options) {
  const choice = await CHOICE;
  if (choice.start === "snapshot") return startedAs(choice, options, "kept");
  // Decided before the snapshot is restored or Python started: both fetch the runtime files.
  const runtime = await runtimeSource();
  countDownloads(runtime.how);
  toPage("mark", "runtime", runtime.how);
  const stopServing = servingRuntime(RUNTIME_URLS, runtime.cache, runtime.how);
  try {
    return await startedAs(choice, options, runtime.how, runtime.wasm);
  } finally {
    stopServing();
  }
}

// `compiled`: a promise of the wasm module the page's worker compiled ahead while it downloaded
// it (of null when it did not), or null.
async function startedAs(choice, options, how, compiled = null) {
  withoutStackSwitching();
  const settings = {...options, indexURL: INDEX_URL};
  const used = () => toPage("mark", "wasm", "compiled-ahead");
  const config = handingOver(settings, createPyodideModule, used);
  if (choice.start !== "normal") {
    try {
      // The build's snapshot is based on the memory the wasm starts with (web/snapshot.mjs's BASED_MAGIC).
      const base = choice.start === "build-snapshot" ? BUILT.base : null;
      const restoring = {...handingOver(settings, createPyodideModule, used, base), _loadSnapshot: choice.bytes};
      const pyodide = await loadWatched(restoring, choice.wasm || compiled);
      if (!holdsTheGame(pyodide)) throw new Error("the restored interpreter lacks the game's modules");
      toPage("mark", "start", choice.start);
      unpackingLater(pyodide, SETTLED);
      // The build's snapshot (made under Node) is not kept for the next visits: restored from
      // Cache Storage it made the return visit at CPU x4 ~1.2 s slower than the worker's own
      // (docs/log/startup-2026-12-01.md, 11:21), so the worker makes that one, as after a normal start.
      if (choice.start === "build-snapshot") SNAPSHOT_MAY_BEGIN.then(() => makeSnapshot(pyodide, how));
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
        toPage("remember", REFUSED, BUILD);
        toPage("mark", "start", "normal");
        return loadWatched(config);
      }
    }
  }
  toPage("mark", "start", "normal");
  const pyodide = await loadWatched(config, compiled);
  if ((await FACTS).stored[REFUSED] !== BUILD) SNAPSHOT_MAY_BEGIN.then(() => makeSnapshot(pyodide, how));
  return pyodide;
}

// The vendored loadPyodide, failing when its wasm cannot be fetched (web/wasm-watch.mjs); given
// `compiled` (a promise of the wasm module compiled by the page, or of null), without fetching
// the wasm when that gives a module (web/handover.mjs).
function loadWatched(config, compiled = null) {
  return failingWithTheWasm(() => withoutFetchingTheWasm(() => loadVendored(config), WASM_URL, compiled), WASM_URL);
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

// The Python files PyScript wrote into the working directory (web/'s modules) and its pyscript/
// folder (its own package): {path: bytes}, for the snapshot to keep their compiled code.
function workingSources(pyodide) {
  const FS = pyodide.FS;
  const sources = {};
  for (const folder of [FS.cwd(), `${FS.cwd()}/pyscript`]) {
    let names = [];
    try {
      names = FS.readdir(folder);
    } catch (error) { /* no such folder: nothing of it to keep */ }
    for (const name of names.filter((name) => name.endsWith(".py"))) {
      sources[`${folder}/${name}`] = FS.readFile(`${folder}/${name}`);
    }
  }
  return sources;
}

// `how`: how this start had the runtime files (web/runtime-files.mjs), which the snapshot's worker
// reads from their cache, or else downloads the same way.
function makeSnapshot(pyodide, how) {
  const env = browser();
  if (!env.caches || !env.subtle || !globalThis.Worker) return;
  toPage("mark", "snapshot", "making");
  let worker;
  try {
    worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), {type: "module"});
  } catch (error) {
    toPage("mark", "snapshot", "failed");
    return;
  }
  const finish = (stored, detail) => {
    worker.terminate();
    toPage("mark", "snapshot", stored ? "stored" : "failed");
    if (!stored) console.warn("snapshot not made:", detail);
  };
  worker.onmessage = (event) => {
    const {stored, handed} = event.data;
    if (stored) toPage("mark", "snapshotWasm", handed ? "handed" : "compiled");
    finish(stored, event.data.error);
  };
  worker.onerror = (event) => finish(false, event.message);
  const request = {url: SNAPSHOT, root: ROOT, sources: workingSources(pyodide), how};
  try {
    worker.postMessage({...request, wasm: instantiatedFrom()});
  } catch (error) {  // a browser that cannot send a wasm module to a worker: the worker compiles it
    worker.postMessage(request);
  }
}
