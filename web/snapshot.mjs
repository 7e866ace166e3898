// Which start the page takes: from a memory snapshot of Pyodide kept in Cache Storage (the game's
// modules already imported, so a return visit skips the interpreter's start-up and the imports),
// or the normal start. Shared by web/interpreter.mjs (the page reads a snapshot) and
// web/snapshot-worker.mjs (a worker writes one); tests/test_snapshot.py runs it under Node.
//
// A snapshot is trusted only when every check passes: kept for this very build (its URL names
// the build key), as long as written and with the SHA-256 written beside it. Pyodide itself only
// checks a magic number and its own build id, so a damaged heap would otherwise start a broken
// interpreter. Anything else (no Cache Storage, no crypto.subtle, a throw anywhere) is a normal
// start: the snapshot is only ever a shortcut.

// Not "hearts-…": web/sw.js deletes the caches of old builds by that prefix.
export const CACHE_NAME = "hearts.snapshot";
const LENGTH = "x-hearts-length";
const DIGEST = "x-hearts-sha256";

/** Where this build's snapshot lives: an absolute URL, so page and worker name the same entry. */
export function snapshotUrl(siteRoot, build) {
  return new URL(`snapshot/${encodeURIComponent(build)}.bin`, siteRoot).href;
}

async function sha256(subtle, bytes) {
  const digest = new Uint8Array(await subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The start to take, as {start: "snapshot", bytes} or {start: "normal", reason}.
 * `env` holds what the browser offers: {caches, subtle} (either may be missing).
 */
export async function chooseStart(env, url) {
  try {
    if (!env.caches) return {start: "normal", reason: "no Cache Storage"};
    if (!env.subtle) return {start: "normal", reason: "no crypto.subtle"};
    const cache = await env.caches.open(CACHE_NAME);
    const hit = await cache.match(url);
    if (!hit) return {start: "normal", reason: "no snapshot for this build"};
    const bytes = new Uint8Array(await hit.arrayBuffer());
    const problem = await damaged(env.subtle, bytes, hit.headers);
    if (problem) {
      await cache.delete(url);
      return {start: "normal", reason: problem};
    }
    return {start: "snapshot", bytes};
  } catch (error) {
    return {start: "normal", reason: `snapshot unreadable: ${error}`};
  }
}

/** Why `bytes` is not the snapshot that was written (null when it is). */
export async function damaged(subtle, bytes, headers) {
  const length = Number(headers.get(LENGTH));
  if (!length || bytes.length !== length) return `snapshot truncated: ${bytes.length} of ${length} bytes`;
  if (await sha256(subtle, bytes) !== headers.get(DIGEST)) return "snapshot damaged: digest differs";
  return null;
}

/** Keep `bytes` as this build's snapshot, and drop every other snapshot of this site. */
export async function storeSnapshot(env, url, siteRoot, bytes) {
  const cache = await env.caches.open(CACHE_NAME);
  const prefix = new URL("snapshot/", siteRoot).href;
  for (const request of await cache.keys()) {
    if (request.url.startsWith(prefix) && request.url !== url) await cache.delete(request);
  }
  const headers = {"content-type": "application/octet-stream", [LENGTH]: String(bytes.length),
                   [DIGEST]: await sha256(env.subtle, bytes)};
  await cache.put(url, new Response(bytes, {headers}));
}
