// Pyodide's wasm and stdlib zip downloaded ahead of Pyodide, in a module worker that web/boot.js
// starts on a first visit as soon as the page's head runs, where the browser says how fast its
// link is. The worker that runs Python would ask for them only once PyScript's core, its worker
// and Pyodide's 1.2 MB factory had come over the link one after another: ~1.5 s of a 4G link at
// a quarter core in which it carried little (docs/log/network-2026-12-06.md, "Downloaded ahead").
//
// Asked with {root, link} (the site's root, navigator.connection's figures), it first says
// whether it downloads them, {ahead: true} or {ahead: false, why}: only where the browser does
// not call the link fast (web/snapshot.mjs's downloadsAhead: there the build's snapshot comes),
// with neither this build's snapshot nor the runtime kept by a visit before. Then {how}: the
// wasm's .xz is asked for and its first PROBE_BYTES timed; over a link at FAST_MBPS or more the
// files come as they are ("plain"), else as .xz, decoded as they stream (web/runtime-files.mjs,
// as for the worker that runs Python), and kept decoded in the runtime's cache either way. The
// wasm comes first, compiled as it comes: {wasm}, as soon as it is (Pyodide instantiates it while
// the stdlib comes); then {stdlib: its bytes, transferred}, and {done} once both are kept (ended
// sooner, the worker would lose the copy it is writing); or {error}. Meanwhile each chunk's
// bytes are told as {downloaded: [sent, total]} for the loading screen's bar
// (web/download-progress.mjs; the total is that of everything the visit downloads, of which the
// other worker tells the rest). web/page.js hands the answers to the worker that runs Python.
import {BUILD, DOWNLOADS, RUNTIME} from "./build.mjs";
import {countingDownloads} from "./download-progress.mjs";
import {FAST_MBPS, XZ, downloadedFiles, keepingDone, keepsAny, openedCache, runtimeCache, servingRuntime} from "./runtime-files.mjs";
import {CACHE_NAME, downloadsAhead, replaying, snapshotUrl} from "./snapshot.mjs";

// Enough to tell 40 Mbit/s from a phone's link (~50 ms at 40, 0.23 s at 9): a link whose TCP is
// still in slow start is taken for a slower one, which costs only the decoding of the .xz.
export const PROBE_BYTES = 256 * 1024;

addEventListener("message", async ({data: {root, link}}) => {
  const urls = RUNTIME.files.map((file) => new URL(file, root).href);
  const cache = await runtimeCache(RUNTIME, root);
  const why = await whyNot(root, link, cache, urls);
  postMessage({ahead: why === null, why});
  if (why !== null) return;
  const wasmUrl = urls.find((url) => url.endsWith(".wasm"));
  let stopCounting = () => {}, stopServing = () => {};
  try {
    const how = await probing(wasmUrl + XZ);
    postMessage({how});
    stopCounting = countingDownloads(root, downloadedFiles(DOWNLOADS, RUNTIME.files, how),
                                     (fraction, sent, total) => postMessage({downloaded: [sent, total]}));
    stopServing = servingRuntime(urls, cache, how);
    postMessage({wasm: await WebAssembly.compileStreaming(fetch(wasmUrl))});
    const stdlib = await bytesOf(urls.find((url) => url !== wasmUrl));
    postMessage({stdlib}, [stdlib]);
    await keepingDone();
    postMessage({done: true});
  } catch (error) {
    postMessage({error: error instanceof Error ? error.message : String(error)});
  } finally {
    stopServing();
    stopCounting();
  }
});

/** Why the runtime is not downloaded ahead, or null when it is. */
async function whyNot(root, link, cache, urls) {
  if (!downloadsAhead({connection: link})) return "the browser calls its link fast";
  const snapshots = await openedCache(CACHE_NAME);
  if (await keepsAny(snapshots, [snapshotUrl(root, BUILD)])) return "a snapshot is kept";
  // Either file kept (a visit before cut off): the worker that runs Python downloads the other.
  if (await keepsAny(cache, urls)) return "the runtime is kept";
  return null;
}

/**
 * "plain" when the first PROBE_BYTES of `xzUrl` after its first chunk came at FAST_MBPS or more
 * (that download is then cancelled), else "xz": then the next fetch of `xzUrl` in this worker is
 * answered with the same response, its bytes read so far replayed, so that none crosses the link
 * twice. An error status is that answer too, for the compile to fail on.
 */
async function probing(xzUrl) {
  const response = await fetch(xzUrl);
  let answer = response;
  if (response.ok && response.body) {
    const reader = response.body.getReader();
    const reads = [await reader.read()];
    const start = performance.now();
    let bytes = 0;
    while (bytes < PROBE_BYTES && !reads[reads.length - 1].done) {
      const next = await reader.read();
      reads.push(next);
      if (!next.done) bytes += next.value.byteLength;
    }
    const mbps = (bytes * 8) / Math.max(performance.now() - start, 1) / 1000;
    if (!reads[reads.length - 1].done && mbps >= FAST_MBPS) {
      reader.cancel();
      return "plain";
    }
    answer = new Response(replaying(reads, reader), {status: response.status, headers: response.headers});
  }
  const unwrapped = globalThis.fetch;
  globalThis.fetch = function (resource, ...rest) {
    if (answer === null || String((resource && resource.url) || resource) !== xzUrl) return unwrapped.call(this, resource, ...rest);
    const once = answer;
    answer = null;
    return Promise.resolve(once);
  };
  return "xz";
}

async function bytesOf(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}
