// The build's snapshot based on the memory Pyodide's wasm starts with (web/snapshot.mjs's
// BASED_MAGIC): the pages of the heap that hold the wasm's data, and that the runtime leaves
// alone until a restore, XORed with that data, so that gzip sends what changed instead of
// CPython's static data again. tools/make_snapshot.mjs uses it; tests/test_snapshot.py runs it.
import {BASED_MAGIC, memoryChecksum} from "../web/snapshot.mjs";

const PAGE = 4096;
const DATA_SECTION = 11;
const I32_CONST = 0x41;
const END = 0x0b;

function leb(bytes, at) {
  let value = 0;
  for (let shift = 0; ; shift += 7) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    if (byte < 0x80) return [value, at];
  }
}

/**
 * The first `length` bytes of the memory the wasm `module` (its bytes) starts with: its active
 * data segments at their offsets, zeros elsewhere. A segment placed otherwise than at an
 * `i32.const` offset (a relocatable module's) is left out: its pages are then not based, as
 * they differ from what a restore finds (`based` keeps only pages where the two agree).
 */
export function initialMemory(module, length) {
  const memory = new Uint8Array(length);
  let at = 8;  // the magic number and the version
  while (at < module.length) {
    const id = module[at];
    const [size, start] = leb(module, at + 1);
    at = start + size;
    if (id !== DATA_SECTION) continue;
    let [count, cursor] = leb(module, start);
    for (; count > 0; count--) {
      let flags, offset = null, bytes;
      [flags, cursor] = leb(module, cursor);
      if (flags === 1) {
        [bytes, cursor] = leb(module, cursor);  // passive: no place in memory
        cursor += bytes;
        continue;
      }
      if (flags === 2) [, cursor] = leb(module, cursor);  // the memory's index
      if (module[cursor] === I32_CONST && module[cursor + 1] !== undefined) {
        [offset, cursor] = leb(module, cursor + 1);
        if (module[cursor] !== END) offset = null;
      }
      while (module[cursor] !== END) cursor++;  // another constant expression: skipped whole
      [bytes, cursor] = leb(module, cursor + 1);
      if (offset !== null && offset + bytes <= length) memory.set(module.subarray(cursor, cursor + bytes), offset);
      cursor += bytes;
    }
  }
  return memory;
}

/**
 * {memory, written}: the wasm memory as a restore of `snapshot` (Pyodide's own) finds it, just
 * before it copies the heap, with the same vendored Pyodide started under Node as the page starts
 * it (`loadPyodide`, `create`: pyodide.mjs's and pyodide.asm.mjs's exports), its restore run to
 * the end; and the addresses a browser's runtime writes before a restore where Node's does not
 * (trampolineAddress).
 */
export async function memoryAtRestore(loadPyodide, create, indexURL, snapshot) {
  let memory = null, written = [];
  await loadPyodide({
    indexURL,
    _loadSnapshot: snapshot.slice(),
    createPyodideModule: async (settings) => {
      const module = await create(settings);
      const restore = module.API.restoreSnapshot;
      module.API.restoreSnapshot = function (...args) {
        memory = new Uint8Array(module.HEAP8.buffer).slice();
        written = [trampolineAddress(module)];
        return restore.apply(this, args);
      };
      return module;
    },
  });
  return {memory, written};
}

/**
 * Where CPython's runtime keeps its wasm trampoline (`_PyEM_EMSCRIPTEN_TRAMPOLINE`), which
 * Pyodide's `setEmscriptenTrampoline` writes before main() or a restore: a function of the table
 * in a browser with wasm GC, nothing in Node 20 (no wasm GC) or on iOS. A page of the build's
 * snapshot that holds it is not based: Chromium's restore found it written and refused the
 * snapshot (docs/log/network-2026-12-06.md, snap58). Throws where Pyodide no longer exports it.
 */
export function trampolineAddress(module) {
  const runtime = module.__PyRuntime, offset = module.__PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET;
  if (typeof runtime !== "number" || typeof offset !== "number") throw new Error("no _PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET");
  return runtime + module.HEAP32[offset / 4];
}

/**
 * `snapshot` (Pyodide's, its heap at the offset its header gives) based on `initial` (the memory
 * the wasm starts with, initialMemory) where `before.memory` (the memory a restore finds,
 * memoryAtRestore) still holds it and no address of `before.written` lies: {bytes, base}, the
 * snapshot with those pages XORed and its magic number BASED_MAGIC, and base = {pages: [[first,
 * end], ...], checksum} as web/snapshot.mjs's restoringSparsely takes it. Pages of zeros in
 * `initial` are not based (a XOR with zeros changes nothing, and the restore's checksum would
 * read them for nothing).
 */
export function based(snapshot, initial, {memory: before, written = []}) {
  const writtenPages = new Set(written.map((at) => Math.floor(at / PAGE)));
  const heapAt = new DataView(snapshot.buffer, snapshot.byteOffset).getUint32(4, true);
  const bytes = snapshot.slice();
  const heap = bytes.subarray(heapAt);
  const pages = [];
  for (let page = 0; page * PAGE < Math.min(heap.length, initial.length, before.length); page++) {
    const from = page * PAGE;
    const data = initial.subarray(from, from + PAGE);
    if (writtenPages.has(page) || data.every((byte) => byte === 0) || !same(data, before.subarray(from, from + PAGE))) continue;
    for (let at = 0; at < data.length && from + at < heap.length; at++) heap[from + at] ^= data[at];
    const last = pages[pages.length - 1];
    if (last && last[1] === page) last[1] = page + 1; else pages.push([page, page + 1]);
  }
  new DataView(bytes.buffer).setUint32(0, BASED_MAGIC, true);
  return {bytes, base: {pages, checksum: memoryChecksum(initial, pages)}};
}

function same(one, other) {
  if (one.length !== other.length) return false;
  for (let at = 0; at < one.length; at++) if (one[at] !== other[at]) return false;
  return true;
}
