// Which start the page takes: from a memory snapshot of Pyodide kept in Cache Storage (the game's
// modules already imported, so a return visit skips the interpreter's start-up and the imports),
// from the snapshot the build made (tools/make_snapshot.mjs), fetched on a first visit over a fast
// link, or the normal start. Shared by web/interpreter.mjs (the page reads a snapshot),
// web/snapshot-worker.mjs (a worker writes one) and tools/make_snapshot.mjs (the build writes
// one under Node), so all of them lay out and import the same; tests/test_snapshot.py runs it
// under Node.
//
// A snapshot is trusted only when every check passes: kept for this very build (its URL names
// the build key), as long as written and with the SHA-256 written beside it. Pyodide itself only
// checks a magic number and its own build id, so a damaged heap would otherwise start a broken
// interpreter. Anything else (no Cache Storage, no crypto.subtle, a throw anywhere) is a normal
// start: the snapshot is only ever a shortcut.

// What web/main.py imports (but PyScript's own `pyscript`, which only the page has, and `js`), the bots,
// which it loads just after the table shows, and every other module of the game (the page
// unpacks the wheel only after a snapshot start's table is live: unpackingLater).
// tests/test_snapshot.py keeps this in step.
export const MODULES = ["collections.abc", "contextlib", "datetime", "json", "os", "re", "traceback", "html", "typing", "urllib.parse", "hearts", "hearts.table.keys", "hearts.table.markup", "hearts.table.delay_factor", "hearts.table.settings", "hearts.table.sounds", "hearts.table.state", "hearts.table.storage", "hearts.game.strings", "hearts.table", "hearts.ai", "hearts.ai.verdicts", "hearts.table.replay", "hearts.table.replay_viewer", "hearts.table.stats", "hearts.table.backup_document"];

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
 * The start to take: {start: "snapshot", bytes} or {start: "normal", reason}.
 * `env` holds what the browser offers: {caches, subtle} (either may be missing), and may hold
 * `read(url)`, which gives readKept's answer from elsewhere (the page: a worker).
 *
 * Deciding takes only the cache lookup. `bytes` is a promise of the snapshot, read and checked
 * (readKept): Pyodide awaits it (`_loadSnapshot`) only once its wasm is being fetched and
 * compiled, so reading and hashing the snapshot overlaps that work instead of preceding it. The
 * rejection of a snapshot that cannot be used is marked handled here, so a page that has not
 * awaited it yet reports no unhandled rejection (web/boot.js would show an error).
 */
export async function chooseStart(env, url) {
  try {
    if (!env.caches) return {start: "normal", reason: "no Cache Storage"};
    if (!env.subtle) return {start: "normal", reason: "no crypto.subtle"};
    const cache = await env.caches.open(CACHE_NAME);
    if (!await cache.match(url)) return {start: "normal", reason: "no snapshot for this build"};
    const bytes = env.read ? env.read(url) : readKept(env, url);
    bytes.catch(() => {});
    return {start: "snapshot", bytes};
  } catch (error) {
    return {start: "normal", reason: `snapshot unreadable: ${error}`};
  }
}

/** A module worker of `workerUrl`, or null where none can be started. */
export function moduleWorker(workerUrl) {
  try {
    return new Worker(workerUrl, {type: "module"});
  } catch (error) {
    return null;
  }
}

/**
 * The answer `worker`, a module worker of web/snapshot-bytes.mjs (moduleWorker; null rejects at
 * once), gives to `request`, off the thread that asks: {bytes}, the kept snapshot read and checked
 * ({kept: true, url}) or the build's fetched ({url, expected}); or {wasm}, Pyodide's module
 * compiled ({compile: wasmUrl}). A failure rejects with a `Failure`. The worker ends with its
 * answer.
 */
export function workingOn(worker, request, Failure) {
  return new Promise((resolve, reject) => {
    if (!worker) {
      reject(new Failure("no snapshot worker"));
      return;
    }
    const finish = (answer, error) => {
      worker.terminate();
      if (answer) resolve(answer); else reject(new Failure(error));
    };
    worker.onmessage = (event) => finish(event.data.error === undefined ? event.data : null, event.data.error);
    worker.onerror = (event) => finish(null, event.message || "the snapshot worker failed");
    worker.postMessage(request);
  });
}

/** Why a kept snapshot cannot be used: gone, unreadable, truncated or damaged. */
export class SnapshotUnusable extends Error {}

/**
 * The snapshot kept at `url`, read and checked; else a SnapshotUnusable, and a truncated or
 * damaged one is dropped so that a sound one is made again.
 */
export async function readKept(env, url) {
  let cache, bytes, hit;
  try {
    cache = await env.caches.open(CACHE_NAME);
    hit = await cache.match(url);
    if (hit) bytes = new Uint8Array(await hit.arrayBuffer());
  } catch (error) {
    throw new SnapshotUnusable(`snapshot unreadable: ${error}`);
  }
  if (!hit) throw new SnapshotUnusable("snapshot gone");
  const problem = await damaged(env.subtle, bytes, hit.headers);
  const memory = problem ? null : unpacked(bytes);
  if (memory) return memory;
  await cache.delete(url).catch(() => {});
  throw new SnapshotUnusable(problem || "snapshot damaged: its pages do not add up");
}

/** Why `bytes` is not the snapshot that was written (null when it is). */
export async function damaged(subtle, bytes, headers) {
  const length = Number(headers.get(LENGTH));
  if (!length || bytes.length !== length) return `snapshot truncated: ${bytes.length} of ${length} bytes`;
  if (await sha256(subtle, bytes) !== headers.get(DIGEST)) return "snapshot damaged: digest differs";
  return null;
}

/**
 * Keep the snapshot whose bytes are the concatenation of `parts` (Uint8Arrays: the snapshot
 * worker passes Pyodide's header and the wasm memory itself, snapshotParts) as this build's,
 * packed (see `packed`), in `env.caches`, and drop every other snapshot of this site. The length
 * and SHA-256 written beside it are those of what is kept. The packed bytes are never whole in
 * this worker: their digest is taken from the heap where it is, by `env.Sha256` (web/sha256.mjs;
 * Web Crypto's digest copies its input), and they are written as a stream of views of it
 * (`streamed`). The heap's copy, the packed bytes and Web Crypto's copy, ~14 MB each, were beside
 * the worker's interpreter at the first visit's memory peak (docs/log/network-2026-12-07.md).
 * web/sha256.mjs is imported by the snapshot's worker, not by this module: the page and
 * PyScript's worker import this one before anything runs, and each module more there is a round
 * trip more on a phone's link.
 */
export async function storeSnapshot(env, url, siteRoot, parts) {
  const cache = await env.caches.open(CACHE_NAME);
  const prefix = new URL("snapshot/", siteRoot).href;
  for (const request of await cache.keys()) {
    if (request.url.startsWith(prefix) && request.url !== url) await cache.delete(request);
  }
  // The bitmap and the digest in one task, so that nothing writes to the heap in between (a
  // finalizer of Pyodide's, say): the bytes written later are read again, and a change meanwhile
  // fails the digest, which refuses that snapshot on the next visit (readKept).
  const {head, size} = packing(parts);
  const digest = new env.Sha256().update(head);
  for (const run of keptRuns(parts, head)) digest.update(run);
  const headers = {"content-type": "application/octet-stream", [LENGTH]: String(size),
                   [DIGEST]: digest.hex()};
  await cache.put(url, new Response(streamed(head, keptRuns(parts, head)), {headers}));
}

// A snapshot is the interpreter's whole memory, 31.5 MB of which more than half is pages of
// zeros. Kept without them (~14 MB), it takes half the browser's storage, and a return visit
// reads and hashes less than half as much (docs/log/startup-2026-12-02.md, third session).
const PAGE = 4096;
// The longest piece a kept snapshot is written in (its runs of pages that are not zeros).
const STREAMED = 256 * 1024;

/**
 * The concatenation of `parts` without its pages of zeros: its length (4 bytes, little-endian),
 * a bitmap of the pages kept (page i is bytes [i*PAGE, (i+1)*PAGE), the last one maybe
 * shorter), those pages.
 */
export function packed(...parts) {
  const {head, size} = packing(parts);
  const out = new Uint8Array(size);
  out.set(head);
  let at = head.length;
  for (const run of keptRuns(parts, head)) {
    out.set(run, at);
    at += run.length;
  }
  return out;
}

/** The bytes of a bitmap of the pages of `length` bytes, a bit each (`packed`'s, the trailer's). */
function bitmapSize(length) {
  return Math.ceil(Math.ceil(length / PAGE) / 8);
}

/** Whether `bitmap` has bit `index` set (page `index` kept). */
function hasBit(bitmap, index) {
  return (bitmap[index >> 3] >> (index & 7) & 1) === 1;
}

/** The length of `parts` together. */
function lengthOf(parts) {
  return parts.reduce((sum, part) => sum + part.length, 0);
}

/** What `packed` gives before the pages (`head`: the length and the bitmap), and its whole size. */
function packing(parts) {
  const length = lengthOf(parts);
  const head = new Uint8Array(4 + bitmapSize(length));
  new DataView(head.buffer).setUint32(0, length, true);
  let size = head.length;
  let page = 0;
  for (const content of pagesOf(parts)) {
    if (!allZero(content)) {
      head[4 + (page >> 3)] |= 1 << (page & 7);
      size += content.length;
    }
    page++;
  }
  return {head, size};
}

/**
 * The pages of `parts` that `head`'s bitmap keeps, in order: each run of them that lies together
 * in one part as one view of it (up to STREAMED bytes), so nothing is copied but a page that
 * spans two parts.
 */
function* keptRuns(parts, head) {
  const bitmap = head.subarray(4);
  let run = null;
  let page = 0;
  for (const content of pagesOf(parts)) {
    const kept = hasBit(bitmap, page);
    page++;
    if (!kept) continue;
    if (run && content.buffer === run.buffer && content.byteOffset === run.byteOffset + run.length
        && run.length + content.length <= STREAMED) {
      run = new Uint8Array(run.buffer, run.byteOffset, run.length + content.length);
    } else {
      if (run) yield run;
      run = content;
    }
  }
  if (run) yield run;
}

/**
 * The pages of the concatenation of `parts`, each a view of the part that holds it, or a copy
 * where it spans two (the one where Pyodide's header meets the heap).
 */
function* pagesOf(parts) {
  const length = lengthOf(parts);
  let part = 0;
  let partAt = 0;  // where parts[part] begins in the whole
  for (let at = 0; at < length; at += PAGE) {
    const end = Math.min(at + PAGE, length);
    while (at >= partAt + parts[part].length) partAt += parts[part++].length;
    if (end <= partAt + parts[part].length) {
      yield parts[part].subarray(at - partAt, end - partAt);
      continue;
    }
    const page = new Uint8Array(end - at);
    let filled = 0;
    for (let from = part, fromAt = partAt; filled < page.length; fromAt += parts[from++].length) {
      const piece = parts[from].subarray(at + filled - fromAt, end - fromAt);
      page.set(piece, filled);
      filled += piece.length;
    }
    yield page;
  }
}

/**
 * A stream of `head` and then `runs`, as they are: views of the wasm memory, which the Response
 * copies as it reads them. Pieces copied here first were ~14 MB of garbage at the first visit's
 * peak (docs/log/network-2026-12-07.md).
 */
function streamed(head, runs) {
  let first = head;
  return new ReadableStream({
    pull(controller) {
      if (first) {
        controller.enqueue(first);
        first = null;
        return;
      }
      const next = runs.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
}

/**
 * `module` (Pyodide's Emscripten module, before Pyodide bootstraps it) restoring a snapshot
 * without writing its pages of zeros, and letting the snapshot's bytes go once copied. Pyodide's
 * restore (`API.restoreSnapshot`, private) copies the whole snapshot into the wasm memory with
 * `Module.HEAP8.set`: its 18 MB of zeros were written into pages that were zeros already, which
 * made them resident for the page's life (measured in the renderer of a return visit: the wasm
 * memory's 31.5 MB all resident; 14.8 MB so: docs/log/network-2026-12-06.md, mem58). The
 * 31.5 MB it was read from, which the promises and settings that held it kept for the page's
 * life, are let go (letGo): the next full garbage collection frees them.
 * With `base` (the build's description of its snapshot's base, see BASED_MAGIC), the snapshot
 * is the build's, based: it is restored over the memory the wasm started with, or refused.
 * A kept snapshot says which of its pages are zeros (`unpacked`'s trailer), and the memory above
 * the runtime's break and stack is known untouched (`untouchedAbove`): neither is read for zeros
 * then, ~20 ms of a return visit's restore on a desktop (docs/log/e2e-2026-12-07.md, session 50).
 */
export function restoringSparsely(module, base = null) {
  const api = module && module.API;
  if (!api || typeof api.restoreSnapshot !== "function") return module;
  const restore = api.restoreSnapshot;
  api.restoreSnapshot = function (snapshot, ...rest) {
    const heap = module.HEAP8;
    const target = new Uint8Array(heap.buffer);
    try {
      const pages = base ? unbased(snapshot, target, base) : [];
      const kept = keptPagesOf(snapshot);
      const untouchedFrom = untouchedAbove(module);
      // The bitmap is the snapshot's pages': it says which of `bytes` are zeros only if `bytes` is
      // a view of the snapshot (Pyodide's restore passes one), at its offset there.
      const within = (bytes) => kept && bytes.buffer === snapshot.buffer && bytes.byteOffset >= snapshot.byteOffset;
      module.HEAP8 = {set: (bytes) => copiedSparsely(target, bytes, pages, {
        zeros: within(bytes) ? zerosOf(kept, bytes.byteOffset - snapshot.byteOffset, bytes.length) : null, untouchedFrom})};
      return restore.call(this, snapshot, ...rest);
    } finally {
      module.HEAP8 = heap;
      letGo(snapshot);
    }
  };
  return module;
}

// The build's snapshot is sent as its difference from the memory Pyodide's wasm starts with. The
// first ~3.8 MB of the heap are the wasm's own data (CPython's static objects and tables); most
// of their pages are unchanged when the snapshot is made, and gzip sent them again: 1.5 of the
// file's 5.1 MB (docs/log/network-2026-12-06.md, snap58). So the build (tools/snapshot_base.mjs)
// XORs each page that holds the wasm's data, and that nothing writes before a restore, with that
// data: the pages of `base.pages` ([first, end) ranges of page numbers), nearly all zeros then.
// Its snapshot has a magic number of its own, which Pyodide refuses: only a restore given `base`
// takes it, and XORs those pages with the memory it finds there, once that memory's checksum
// is the build's (`base.checksum`): a runtime that wrote there first is a normal start, never a
// wrong heap.
export const BASED_MAGIC = 0x626e7300;  // "\0snb"; Pyodide's is "\0snp"
const PYODIDE_MAGIC = 0x706e7300;

/**
 * The pages (of `base.pages`) to restore by XOR over `memory`, the wasm memory's bytes as they
 * are before the restore, once `snapshot` is marked based and the memory there is the build's;
 * `snapshot` is marked as Pyodide's own then. Else throws.
 */
function unbased(snapshot, memory, base) {
  const header = new DataView(snapshot.buffer, snapshot.byteOffset, 4);
  if (header.getUint32(0, true) !== BASED_MAGIC) throw new Error("build snapshot: not a based snapshot");
  if (memoryChecksum(memory, base.pages) !== base.checksum) {
    throw new Error("build snapshot: the memory it is based on differs from the build's");
  }
  header.setUint32(0, PYODIDE_MAGIC, true);
  return base.pages;
}

/**
 * A 32-bit FNV-1a of `memory`'s 32-bit words in `pages` ([first, end) ranges of page numbers,
 * cut at its end): what a based snapshot checks before it is XORed over that memory.
 */
export function memoryChecksum(memory, pages) {
  const words = new Int32Array(memory.buffer, memory.byteOffset, memory.byteLength >> 2);
  let hash = 0x811c9dc5;
  for (const [first, end] of pages) {
    for (let at = first * PAGE / 4, stop = Math.min(end * PAGE / 4, words.length); at < stop; at++) {
      hash = Math.imul(hash ^ words[at], 0x01000193);
    }
  }
  return hash >>> 0;
}

/**
 * `bytes` written at the start of `target` (a wasm memory's bytes, or a fresh array), but for
 * the pages that are zeros in both: untouched pages stay untouched, so not resident. The pages
 * of `based` ([first, end) ranges of page numbers) are XORed into `target` instead (a page of
 * zeros left alone). Gives the number of pages left alone. What is known saves reading pages
 * for zeros: `zeros[i]` 1 says page i of `bytes` is zeros (others are read, and copied unless
 * zeros), and `target` holds only zeros from byte `untouchedFrom` on.
 */
export function copiedSparsely(target, bytes, based = [], {zeros = null, untouchedFrom = Infinity} = {}) {
  if (bytes.byteOffset % 4 !== 0 || target.byteOffset % 4 !== 0 || bytes.length > target.length) {
    if (based.length > 0) throw new Error("a based snapshot must be aligned and fit the memory");
    target.set(bytes);
    return 0;
  }
  const words = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
  const targetWords = new Int32Array(target.buffer, target.byteOffset, bytes.length >> 2);
  const xored = new Uint8Array(Math.ceil(bytes.length / PAGE));
  for (const [first, end] of based) xored.fill(1, first, end);
  let skipped = 0;
  for (let at = 0; at < bytes.length; at += PAGE) {
    const end = Math.min(at + PAGE, bytes.length);
    const zeroPage = end % 4 === 0 && ((zeros && zeros[at / PAGE] === 1) || allZero(words, at >> 2, end >> 2));
    if (zeroPage && (xored[at / PAGE] || at >= untouchedFrom || allZero(targetWords, at >> 2, end >> 2))) {
      skipped++;
    } else if (xored[at / PAGE]) {
      for (let word = at >> 2; word < end >> 2; word++) targetWords[word] ^= words[word];
    } else {
      target.set(bytes.subarray(at, end), at);
    }
  }
  return skipped;
}

/** Whether `array` holds only zeros from `from` to `to` (a page's bytes, or a page's words). */
function allZero(array, from = 0, to = array.length) {
  for (let at = from; at < to; at++) if (array[at] !== 0) return false;
  return true;
}

/**
 * `bytes`, received in a message, detached for every holder (the promises and Pyodide's settings
 * that keep them for the page's life): transferred to a clone nobody holds, which the thread's
 * next full garbage collection frees (an idle worker may run none for a while). Freed at once
 * they cannot be: Chromium keeps a received buffer's pages allocated after `transfer(0)`, even
 * through a full garbage collection (docs/log/network-2026-12-06.md, mem58).
 */
export function letGo(bytes) {
  const buffer = bytes && bytes.buffer;
  if (!buffer || buffer.detached || typeof structuredClone !== "function") return;
  try {
    structuredClone(buffer, {transfer: [buffer]});
  } catch (error) { /* not transferable (a view on memory it does not own): kept */ }
}

/**
 * The snapshot that `packed` gave `kept`, or null when its parts do not add up. Its buffer goes
 * on past it with a trailer (`keptPagesOf`): `kept`'s bitmap of the pages that are not zeros.
 */
export function unpacked(kept) {
  if (kept.length < 4) return null;
  const length = new DataView(kept.buffer, kept.byteOffset, kept.byteLength).getUint32(0, true);
  const pages = Math.ceil(length / PAGE);
  const bitmap = kept.subarray(4, 4 + bitmapSize(length));
  if (bitmap.length < bitmapSize(length)) return null;
  const whole = new Uint8Array(length + bitmap.length + TRAILER_MAGIC_SIZE);
  whole.set(bitmap, length);
  new DataView(whole.buffer).setUint32(whole.length - TRAILER_MAGIC_SIZE, TRAILER_MAGIC, true);
  const bytes = whole.subarray(0, length);
  let at = 4 + bitmap.length;
  for (let page = 0; page < pages; page++) {
    if (!hasBit(bitmap, page)) continue;
    const size = Math.min(PAGE, length - page * PAGE);
    if (at + size > kept.length) return null;
    bytes.set(kept.subarray(at, at + size), page * PAGE);
    at += size;
  }
  return at === kept.length ? bytes : null;
}

// The trailer `unpacked` leaves past the snapshot in its buffer: the bitmap of its pages that are
// not zeros, then this magic number. It rides along wherever the buffer goes (transferred from
// the snapshot's worker to the page and on to the worker that runs Python), unseen by Pyodide,
// which reads only the view: so every hop passes the view on, never its buffer alone (Pyodide
// would take the trailer for the snapshot's last bytes, and refuse the restore).
const TRAILER_MAGIC = 0x7a707368;  // "hspz"
const TRAILER_MAGIC_SIZE = 4;

/** `unpacked`'s bitmap behind `snapshot` (its pages, 1 bit each: not zeros), or null if none. */
export function keptPagesOf(snapshot) {
  const buffer = snapshot && snapshot.buffer;
  if (!buffer || buffer.detached) return null;
  const from = snapshot.byteOffset + snapshot.byteLength;
  const size = bitmapSize(snapshot.byteLength);
  if (snapshot.byteOffset !== 0 || buffer.byteLength !== from + size + TRAILER_MAGIC_SIZE) return null;
  if (new DataView(buffer).getUint32(buffer.byteLength - TRAILER_MAGIC_SIZE, true) !== TRAILER_MAGIC) return null;
  return new Uint8Array(buffer, from, size);
}

/**
 * Per page of the `length` bytes from `offset` in a snapshot whose pages `kept` marks (bit i:
 * page i is not zeros): 1 where that page is zeros, being all in pages that `kept` drops.
 */
export function zerosOf(kept, offset, length) {
  const zeros = new Uint8Array(Math.ceil(length / PAGE));
  const isKept = (page) => (page >> 3) >= kept.length || hasBit(kept, page);  // past it: unknown
  for (let page = 0; page < zeros.length; page++) {
    const first = Math.floor((offset + page * PAGE) / PAGE);
    const last = Math.floor((offset + Math.min((page + 1) * PAGE, length) - 1) / PAGE);
    let zero = 1;
    for (let at = first; at <= last && zero; at++) if (isKept(at)) zero = 0;
    zeros[page] = zero;
  }
  return zeros;
}

/**
 * Where the wasm memory of `module` (Emscripten's, before Python runs) holds only zeros from: the
 * runtime has written its data, its stack and its heap, all below its break and its stack's
 * base; the memory above came fresh. Infinity (nothing known) where it does not say.
 */
export function untouchedAbove(module) {
  if (typeof module._sbrk !== "function" || typeof module._emscripten_stack_get_base !== "function") return Infinity;
  return Math.max(module._sbrk(0) >>> 0, module._emscripten_stack_get_base() >>> 0);
}

/**
 * `pyodide` with its archives unpacked only once `later` resolves. After a snapshot start every
 * module of the game is imported already (MODULES), but Pyodide's file system is not part of a
 * snapshot, so PyScript unpacks the wheel again (~100 ms of a phone's return visit, before the
 * table is live); its files (bytecode only) then serve only imports the snapshot lacks, which can wait.
 */
export function unpackingLater(pyodide, later) {
  const unpack = pyodide.unpackArchive;
  pyodide.unpackArchive = (...args) => {
    later.then(() => unpack.apply(pyodide, args)).catch((error) => console.warn("wheel not unpacked:", error));
  };
  later.then(() => { pyodide.unpackArchive = unpack; }, () => { pyodide.unpackArchive = unpack; });
  return pyodide;
}

/**
 * Make a snapshot on a Pyodide started with `_makeSnapshot`: the files of `config` (pyscript.json)
 * laid out exactly as PyScript's "./*" does (unpacked into the working directory, /home/pyodide),
 * MODULES imported. `read(file)` gives a file of the site as an ArrayBuffer or Uint8Array.
 * `sources` ({absolute path: bytes}) are the Python files the page's worker imports from its file
 * system that a snapshot cannot import (PyScript's package, web/'s modules): their compiled code
 * is kept instead (web/precompiled.py). Nothing here touches `js` or the DOM: a snapshot may only
 * hold plain Python state. Gives the snapshot in parts (snapshotParts), its heap not copied.
 */
export async function makeSnapshot(pyodide, config, read, sources = {}) {
  if (typeof pyodide.makeMemorySnapshot !== "function") throw new Error("no makeMemorySnapshot");
  for (const [file, target] of Object.entries(config.files || {})) {
    // web/'s own modules (dom.py, browser.py) import pyscript, which only the page has: not here.
    if (file.startsWith("./web/") && file.endsWith(".py")) continue;
    if (target !== "./*") throw new Error(`unexpected files entry ${file}: ${target}`);
    pyodide.unpackArchive(await read(file), file.split(".").pop(), {extractDir: "./"});
  }
  pyodide.runPython(MODULES.map((name) => `import ${name}`).join("\n"));
  if (Object.keys(sources).length > 0) keepCompiled(pyodide, sources, await read(PRECOMPILED));
  freeMemoryZeroed(pyodide._module);
  return snapshotParts(pyodide);
}

/**
 * The interpreter's free memory filled with zeros, so that the snapshot sends no garbage: malloc
 * (Emscripten's dlmalloc) does not clear what is freed, and the imports leave ~200 kB of freed
 * chunks (files read, code compiled) in its heap; zeroed, the build's snapshot is ~50 kB smaller
 * gzipped (docs/log/network-2026-12-06.md, snap58). Every free chunk is taken (the heap kept from
 * growing by dlmalloc's footprint limit meanwhile), cleared and given back: the heap's state
 * stays dlmalloc's own. Gives the bytes cleared; nothing where `module` lacks those functions.
 */
export function freeMemoryZeroed(module) {
  const needed = ["_malloc", "_free", "_malloc_footprint", "_malloc_footprint_limit", "_malloc_set_footprint_limit"];
  if (!module || !needed.every((name) => typeof module[name] === "function")) return 0;
  const limit = module._malloc_footprint_limit() >>> 0;
  module._malloc_set_footprint_limit(module._malloc_footprint() >>> 0);
  const taken = [];
  let cleared = 0;
  try {
    for (let size = 1 << 24; size >= 8;) {
      const at = module._malloc(size) >>> 0;
      if (!at) {
        size >>>= 1;
        continue;
      }
      taken.push(at);
      module.HEAPU8.fill(0, at, at + size);
      cleared += size;
    }
  } finally {
    for (const at of taken) module._free(at);
    module._malloc_set_footprint_limit(limit);
  }
  return cleared;
}

/**
 * `pyodide.makeMemorySnapshot()`'s bytes in two parts, its header and the interpreter's heap, the
 * heap not copied: a view of the wasm memory, the snapshot while the interpreter runs nothing. The
 * snapshot worker packs and stores them as they are (storeSnapshot): its copy of the 31.5 MB,
 * ~14 MB resident, was at the first visit's peak. makeMemorySnapshot (private) sizes its copy by
 * `Module.HEAP8` and copies it whole: given an empty view for the call, it gives the header
 * alone; where the memory grew meanwhile (Emscripten then renews the view), the whole snapshot,
 * in one part.
 */
export function snapshotParts(pyodide) {
  const module = pyodide._module;
  const heap = module && module.HEAP8;
  if (!(heap instanceof Int8Array)) return [pyodide.makeMemorySnapshot()];
  module.HEAP8 = new Int8Array(0);
  let header;
  try {
    header = pyodide.makeMemorySnapshot();
  } finally {
    if (module.HEAP8.length === 0) module.HEAP8 = heap;
  }
  const heapAt = new DataView(header.buffer, header.byteOffset, header.byteLength).getUint32(4, true);
  if (header.length !== heapAt) return [header];
  return [header, new Uint8Array(module.HEAP8.buffer)];
}

/** `parts` copied into one array (the build's snapshot). */
export function joined(parts) {
  const bytes = new Uint8Array(lengthOf(parts));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}

// The module that keeps compiled code in the snapshot, a file of the site.
const PRECOMPILED = "web/precompiled.py";

/** `sources` written where the page's worker had them, compiled, their code kept for its imports. */
function keepCompiled(pyodide, sources, precompiled) {
  const root = pyodide.FS.cwd();
  for (const [path, bytes] of Object.entries(sources)) {
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    pyodide.FS.writeFile(path, bytes);
  }
  pyodide.FS.writeFile(`${root}/precompiled.py`, new Uint8Array(precompiled));
  // JSON strings and lists are Python literals too.
  pyodide.runPython(`import precompiled\nprecompiled.keep(${JSON.stringify(Object.keys(sources))}, ${JSON.stringify(root)})`);
}

// The slowest link, in Mbit/s as `navigator.connection.downlink` reports it, over which a first
// visit fetches the build's snapshot (3.6 MB more): Chromium caps the figure at 10, so this means
// "as fast as it says". The snapshot saves ~10 s of Python start-up at ×4 CPU (a mid-range phone)
// and ~3 s on a fast phone; 3.6 MB take 2.9 s at 10 Mbit/s, 5.8 s at 5. "4g" alone is not
// enough: Chromium calls any link with a round trip under 270 ms and more than 0.7 Mbit/s "4g",
// Lighthouse's slow 4G (1.6 Mbit/s, where the snapshot would cost 18 s) too.
export const FAST_DOWNLINK = 10;

/**
 * Whether a first visit may fetch the build's snapshot: only over a link the browser calls fast
 * ("4g", at least FAST_DOWNLINK Mbit/s when it says) with data saving off. A browser without the
 * Network Information API (Firefox, Safari) says nothing here: linkProbe decides there.
 */
export function fastLink(navigator) {
  const link = navigator && navigator.connection;
  if (!link || link.saveData || link.effectiveType !== "4g") return false;
  return typeof link.downlink !== "number" || link.downlink >= FAST_DOWNLINK;
}

/**
 * Whether a first visit downloads Pyodide's runtime files ahead of Pyodide
 * (web/runtime-ahead.mjs): where the browser says how fast its link is and does not call it fast
 * (they come as .xz or plain by a probe of the link there). Where it calls the link fast the
 * build's snapshot comes instead; where it says nothing (Firefox, Safari), the worker that runs
 * Python measures the link on its first download.
 */
export function downloadsAhead(navigator) {
  return Boolean(navigator && navigator.connection) && !fastLink(navigator);
}

// Where the browser does not say how fast its link is, the build's snapshot is fetched and the
// throughput of its first PROBE_BYTES after the first byte (the request and the connection's
// set-up left out) measured: below PROBE_MBPS the fetch is given up and Python starts as usual.
// The probe costs at most the time those bytes take at PROBE_MBPS (0.42 s) on a slow link; a
// whole MiB, not less, so that a connection still in TCP's slow start is less often taken for a
// slow link. Where the snapshot pays (docs/log/e2e-2026-12-06.md, "The link probe"): WebKitGTK
// here starts from it ~2.4 s sooner on a quiet machine (~5 s loaded), so its 5.2 MB then paid from
// ~17 Mbit/s (~8): from 20 it pays even on this machine when quiet, and a slower CPU gains more
// (3.6 MB since issue 58's snap58 would pay from ~12 by the same sum; the threshold is kept).
// Firefox starts Python fast (the snapshot saved ~0.1 s of a 1.5 s first visit), so they would
// pay only over hundreds of Mbit/s: Firefox never fetches them.
export const PROBE_BYTES = 1024 * 1024;
export const PROBE_MBPS = 20;

/**
 * The probe a first visit makes before it keeps the build's snapshot, {bytes, mbps}, or null
 * when it should not fetch it at all: on a browser whose navigator has no `connection` (else
 * fastLink decides), but Firefox (the token "Firefox/" of its user agent; Firefox on iOS is
 * WebKit and says "FxiOS/").
 */
export function linkProbe(navigator) {
  if (!navigator || navigator.connection) return null;
  if (/\bFirefox\//.test(navigator.userAgent || "")) return null;
  return {bytes: PROBE_BYTES, mbps: PROBE_MBPS};
}

/**
 * Whether the page compiles Pyodide's wasm on its own thread (web/prefetch.mjs) rather than in a
 * worker of its own: on Firefox (the token "Firefox/" of its user agent), which keeps no compiled
 * wasm between visits and compiles on its helper threads whichever thread asks, and where that
 * worker took ~40 ms to start under a return visit's load (docs/log/e2e-2026-12-06.md). Elsewhere
 * in the worker: Chromium's page's thread is what a return visit waits on at CPU x4 (its compile
 * reads no V8 code cache: docs/startup.md); WebKitGTK's return visit was not measured the other way.
 */
export function compilesOnThePage(navigator) {
  return /\bFirefox\//.test((navigator && navigator.userAgent) || "");
}

/** Why the link probe gave up on the build's snapshot: the link is slower than it pays for. */
export class SlowLink extends Error {}

const GZIP_MAGIC = [0x1f, 0x8b];

// How long a first visit waits for the build's snapshot before it starts as usual: a link
// that reported itself fast but is not (3.6 MB in 15 s is 1.9 Mbit/s, where the snapshot no
// longer pays) must not leave the loading screen waiting on it.
export const FETCH_TIMEOUT_MS = 15000;

/**
 * The build's snapshot fetched from `url` and checked against `expected` ({length, sha256} of
 * the uncompressed bytes, written into web/interpreter.mjs by the build). The file is gzip; a
 * host that sends it with `Content-Encoding: gzip` has the browser inflate it already, so the
 * bytes are inflated here only when they still start with gzip's magic number. With `probe`
 * (linkProbe's), the link is measured first (probed).
 * Throws on anything wrong (HTTP error, truncated, too long, damaged, not done in `timeoutMs`, a
 * SlowLink); the fetch is aborted then, and nothing is kept.
 */
export async function fetchSnapshot(env, url, expected, timeoutMs = FETCH_TIMEOUT_MS, probe = null) {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new Error(`build snapshot: not here within ${timeoutMs} ms`)), timeoutMs);
  try {
    const response = await env.fetch(url, {cache: "no-cache", signal: abort.signal});
    if (!response.ok) throw new Error(`build snapshot: HTTP ${response.status}`);
    const reader = response.body.getReader();
    const read = probe ? await probed(reader, probe) : [await reader.read()];
    let stream = replaying(read, reader);
    const head = read[0].value || new Uint8Array(0);
    if (head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1]) stream = stream.pipeThrough(new env.DecompressionStream("gzip"));
    const bytes = await collect(stream, expected.length);
    const problem = await damaged(env.subtle, bytes, new Map([[LENGTH, String(expected.length)], [DIGEST, expected.sha256]]));
    if (problem) throw new Error(`build ${problem}`);
    return bytes;
  } catch (error) {
    abort.abort(error);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The reads of `reader` up to the first `probe.bytes` after its first chunk (each {done, value},
 * the last maybe done): once the first chunk is here, those must come within the time they take
 * at `probe.mbps`, else a SlowLink. The first chunk's wait (the request, the connection's
 * set-up, the server's answer) is no measure of the link's throughput, so it is left out.
 */
async function probed(reader, probe) {
  const reads = [await reader.read()];
  const start = performance.now();
  const allowedMs = probe.bytes * 8 / (probe.mbps * 1000);
  let got = 0;
  while (got < probe.bytes && !reads[reads.length - 1].done) {
    let timer;
    const late = new Promise((resolve) => { timer = setTimeout(resolve, Math.max(0, start + allowedMs - performance.now()), null); });
    const next = await Promise.race([reader.read(), late]).finally(() => clearTimeout(timer));
    if (next === null) throw new SlowLink(`build snapshot: ${got} bytes in ${Math.round(allowedMs)} ms, under ${probe.mbps} Mbit/s`);
    reads.push(next);
    if (!next.done) got += next.value.length;
  }
  return reads;
}

/**
 * A stream of `reads` (what `reader` has given so far, each {done, value}, the last maybe done),
 * then of what `reader` gives next: a response's body, read ahead to probe the link, whole again.
 */
export function replaying(reads, reader) {
  return new ReadableStream({
    start(controller) {
      for (const {done, value} of reads) if (done) controller.close(); else controller.enqueue(value);
    },
    async pull(controller) {
      const {done, value} = await reader.read();
      if (done) controller.close(); else controller.enqueue(value);
    },
    cancel(reason) { return reader.cancel(reason); },
  });
}

/** Every chunk of `stream` into one buffer of `length` bytes, never more (a bigger file throws). */
async function collect(stream, length) {
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const reader = stream.getReader(); ;) {
    const {done, value} = await reader.read();
    if (done) return at === length ? bytes : bytes.subarray(0, at);
    if (at + value.length > length) {
      reader.cancel();
      throw new Error(`build snapshot longer than ${length} bytes`);
    }
    bytes.set(value, at);
    at += value.length;
  }
}
