// How much of the runtime a first visit has downloaded, for the loading screen's bar (web/boot.js):
// on a phone's link the download is most of the wait (4.6 MB are ~25 s at 1.6 Mbit/s), and
// PyScript's own steps say nothing between "Loading interpreter" and "Loaded interpreter".
//
// Every fetch in the worker of a file the build listed (tools/build_site.py: the wasm, the
// stdlib zip, the lock file, the wheel, with their sizes as a file and gzipped) has its body
// counted as it streams. The browser hands the body over inflated, so each file's share of the
// total is weighed by its gzipped size: the fraction reported is close to the bytes that crossed
// the link, which is what the player waits for.

/**
 * Count the downloads of `files` ({path relative to `root`: [bytes, gzipped bytes]}) from now
 * on: `report(fraction, sent, total)` (sent and total in gzipped bytes, fraction of 1) as chunks
 * come, at most every `everyMs`. Returns a function that stops counting.
 */
export function countingDownloads(root, files, report, everyMs = 100) {
  const sizes = new Map(Object.entries(files).map(([path, size]) => [new URL(path, root).href, size]));
  const total = [...sizes.values()].reduce((sum, [, gzipped]) => sum + gzipped, 0);
  const received = new Map();
  let reportedAt = 0;
  const tell = (force) => {
    const now = Date.now();
    if (!force && now - reportedAt < everyMs) return;
    reportedAt = now;
    let sent = 0;
    for (const [url, bytes] of received) {
      const [size, gzipped] = sizes.get(url);
      sent += Math.min(1, bytes / size) * gzipped;
    }
    report(total ? sent / total : 1, Math.round(sent), total);
  };
  const unwrapped = globalThis.fetch;
  const counting = function (resource, ...rest) {
    const url = String(resource && resource.url || resource);
    const answer = unwrapped.call(this, resource, ...rest);
    if (!sizes.has(url)) return answer;
    return answer.then((response) => counted(response, (bytes) => {
      received.set(url, bytes);
      tell(bytes >= sizes.get(url)[0]);
    }));
  };
  globalThis.fetch = counting;
  return () => { if (globalThis.fetch === counting) globalThis.fetch = unwrapped; };
}

/** `response` itself, its bytes counted as they come (`heard(bytes)`) on a clone of it: the
 * answer Pyodide gets is the browser's own, so WebAssembly.instantiateStreaming keeps its URL and
 * V8's cache of compiled code. An error status or an answer without a body is not counted. */
export function counted(response, heard) {
  if (!response.ok || !response.body) return response;
  const reader = response.clone().body.getReader();
  let bytes = 0;
  const next = () => reader.read().then(({done, value}) => {
    if (done) return;
    bytes += value.byteLength;
    heard(bytes);
    return next();
  });
  next().catch(() => {});  // a download cut off: Pyodide's own read of it fails and says so
  return response;
}
