// Pyodide's two large files, its wasm (9.6 MB) and the stdlib zip (3.2 MB), for a start that is
// not from the kept snapshot: most of a first visit's bytes. Pyodide fetches them itself; this
// answers those fetches:
// - from the copies kept decoded in Cache Storage (RUNTIME.cache, named by their bytes), when a
//   visit before kept them ("kept");
// - else, over a link that is not fast, from `<file>.xz` (tools/xz_files.py), decoded as it
//   streams (npm's xz-decompress: xz-embedded in wasm) and handed to Pyodide as it comes, so the
//   wasm compiles while it downloads ("xz"): 3.5 MB instead of 4.8 as a gzipping host sends
//   them, for ~250 + 80 ms of decoding on a desktop's core (docs/log/network-2026-12-06.md);
// - else as they are, gzipped by the host ("plain"): over a fast link the bytes cost less than
//   the decoding would.
// Either way the decoded bytes are kept for the next visits, which the service worker answers
// from that cache (web/sw.js): a return visit never decodes xz again, and the service worker's
// install downloads neither form a second time.

/** Where the decoder is, relative to this module: vendored by tools/build_site.py. */
const DECODER = new URL("../vendor/xz/xz-decompress.mjs", import.meta.url).href;
export const XZ = ".xz";

// The link is measured on a file the worker has just downloaded anyway, Pyodide's factory
// (pyodide.asm.mjs, ~260 kB gzipped), from its first byte to its last (Resource Timing): from
// FAST_MBPS the plain files are taken. Measured first visits, xz against plain
// (docs/log/network-2026-12-06.md): at a quarter core 0.90x at 9 Mbit/s, 0.95x at 20, 0.99x at 40;
// unthrottled 0.77x at 40, but 1.11x on localhost, where the bytes cost nothing and the ~0.33 s
// of decoding are not hidden behind the download. Faster links than 40 were not measured. Where
// the browser gives no figure, what navigator.connection says.
export const FAST_MBPS = 40;

/**
 * The throughput in Mbit/s at which `url` was downloaded, from Resource Timing's `entries`, or
 * null when they cannot tell: no entry, no body, or an answer from the HTTP cache (no bytes
 * crossed the link).
 */
export function measuredMbps(entries, url) {
  const entry = entries.find((candidate) => candidate.name === url);
  if (!entry || !entry.encodedBodySize || !entry.transferSize) return null;
  const seconds = Math.max(entry.responseEnd - entry.responseStart, 1) / 1000;
  return (entry.encodedBodySize * 8) / seconds / 1e6;
}

/**
 * "plain" or "xz": how a first visit downloads the runtime files, given the link's measured
 * throughput (measuredMbps, or null) and, when it is unknown, whether the browser calls the link
 * fast (web/snapshot.mjs's fastLink).
 */
export function howToDownload(mbps, saysFast) {
  if (mbps === null) return saysFast ? "plain" : "xz";
  return mbps >= FAST_MBPS ? "plain" : "xz";
}

/**
 * Of `downloads` ({path: sizes}, web/build.mjs's DOWNLOADS: each runtime file listed plain and
 * .xz), what a start that has the runtime files by `how` downloads: the loading bar counts those.
 */
export function downloadedFiles(downloads, runtimeFiles, how) {
  const plain = new Set(runtimeFiles), compressed = new Set(runtimeFiles.map((file) => file + XZ));
  return Object.fromEntries(Object.entries(downloads).filter(([path]) =>
    !(plain.has(path) && how !== "plain") && !(compressed.has(path) && how !== "xz")));
}

/** The cache that keeps the decoded runtime files of `runtime` (web/build.mjs's RUNTIME) for the
 * site at `root`: sites under two paths of one origin keep theirs apart, as web/sw.js's caches. */
export function runtimeCacheName(runtime, root) {
  return `${runtime.cache} ${new URL(root).pathname}`;
}

/**
 * A stand-in for the runtime's `cache` (or null), for servingRuntime, that answers each URL of
 * `files` ({url: a promise of an ArrayBuffer, or of null}) with its bytes once they are here: the
 * files the page downloads ahead (web/runtime-ahead.mjs), which that worker keeps in the real
 * cache. A file whose promise gives null (that download failed) is looked up in `cache`, and what
 * servingRuntime then downloads is kept there.
 */
export function answeringWith(files, cache) {
  return {
    match: async (url) => {
      const bytes = await files[url];
      if (bytes) return new Response(bytes);
      return cache ? cache.match(url) : undefined;
    },
    put: (url, response) => (cache ? cache.put(url, response) : Promise.resolve()),
  };
}

/** The cache that keeps the decoded runtime files of `runtime` for the site at `root`, or null
 * where Cache Storage is missing or refused (a private window, say): downloaded, not kept. */
export function runtimeCache(runtime, root) {
  return openedCache(runtimeCacheName(runtime, root));
}

/** The cache named `name`, or null where Cache Storage is missing or refused. */
export async function openedCache(name) {
  if (!globalThis.caches) return null;
  return caches.open(name).catch(() => null);
}

/** Whether `cache` (or null) keeps every one of `urls`. */
export async function keepsAll(cache, urls) {
  return cache !== null && (await matches(cache, urls)).every(Boolean);
}

/** Whether `cache` (or null) keeps any of `urls`. */
export async function keepsAny(cache, urls) {
  return cache !== null && (await matches(cache, urls)).some(Boolean);
}

function matches(cache, urls) {
  return Promise.all(urls.map((url) => cache.match(url).catch(() => undefined)));
}

/**
 * Answer the fetches of `urls` (the runtime files' absolute URLs) made from now on, from `cache`
 * (a Cache, or null when Cache Storage is not there) or by `how` ("plain" or "xz"), keeping what
 * is downloaded in `cache`. `decoder()` gives XzReadableStream (imported when first needed).
 * Returns a function that stops answering them. Any other fetch passes untouched; the fetch of
 * a file, plain or .xz, is made through the `fetch` found now (web/download-progress.mjs counts
 * it there), and an error status or a network error is Pyodide's as its own fetch's would be.
 */
export function servingRuntime(urls, cache, how, decoder = importDecoder) {
  const unwrapped = globalThis.fetch;
  const serving = function (resource, ...rest) {
    const url = String((resource && resource.url) || resource);
    if (!urls.includes(url)) return unwrapped.call(this, resource, ...rest);
    return runtimeFile(url, cache, how, (at) => unwrapped.call(this, at), decoder);
  };
  globalThis.fetch = serving;
  return () => {
    if (globalThis.fetch === serving) globalThis.fetch = unwrapped;
  };
}

async function importDecoder() {
  return (await import(DECODER)).XzReadableStream;
}

async function runtimeFile(url, cache, how, fetching, decoder) {
  const kept = cache && (await cache.match(url).catch(() => undefined));
  if (kept) return kept;
  if (how !== "xz") {
    const response = await fetching(url);
    if (response.ok && cache) keep(cache, url, response.clone());
    return response;
  }
  const compressed = await fetching(url + XZ);
  if (!compressed.ok || !compressed.body) return compressed;
  const XzReadableStream = await decoder();
  const headers = {"Content-Type": url.endsWith(".wasm") ? "application/wasm" : "application/zip"};
  const decoded = new XzReadableStream(compressed.body);
  if (!cache) return new Response(decoded, {headers});
  const [forPyodide, forCache] = decoded.tee();
  keep(cache, url, new Response(forCache, {headers}));
  return new Response(forPyodide, {headers});
}

// Cache.put stores nothing unless the whole body came: a download cut off, or a stream that
// does not decode, leaves no entry, and the next visit downloads the file again.
const KEEPING = new Set();
function keep(cache, url, response) {
  const putting = cache.put(url, response).catch((error) => console.warn(`${url} not kept:`, error));
  KEEPING.add(putting);
  putting.finally(() => KEEPING.delete(putting));
}

/** Once every file servingRuntime is keeping is kept (or failed to be): a worker that ends
 * before then would lose the copy it is writing (web/runtime-ahead.mjs). */
export function keepingDone() {
  return Promise.all([...KEEPING]);
}
