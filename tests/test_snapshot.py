"""The snapshot start (web/snapshot.mjs, web/interpreter.mjs, web/snapshot-worker.mjs): which
start the page takes, run under Node with a stand-in Cache Storage; the private Pyodide API it
relies on, pinned; and the build key that ties a snapshot to one build.
e2e/test_snapshot.py runs the real thing in Chromium."""

from __future__ import annotations

import ast
import hashlib
import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.node import PYODIDE, ROOT, run_on_node

sys.path.insert(0, str(ROOT / "tools"))
import build_site  # noqa: E402

# Each scenario prints one JSON line: what chooseStart said and which entries the cache holds.
SCENARIOS = r"""
import {CACHE_NAME, SnapshotUnusable, chooseStart, packed, readKept, snapshotUrl, storeSnapshot} from "%(module)s";
import {Sha256} from "%(sha)s";

class FakeCache {
  constructor() { this.entries = new Map(); }
  async match(url) { const hit = this.entries.get(String(url)); return hit && hit.clone(); }
  async put(url, response) { this.entries.set(String(url), response); }
  async delete(url) { return this.entries.delete(typeof url === "string" ? url : url.url); }
  async keys() { return [...this.entries.keys()].map((url) => ({url})); }
}
const cache = new FakeCache();
const caches = {async open(name) { if (name !== CACHE_NAME) throw new Error(name); return cache; }};
const env = {caches, subtle: crypto.subtle, Sha256};
const root = "https://example.org/game/";
const url = snapshotUrl(root, "1.0.0-abc");
// Three pages and a short tail, the second page all zeros (web/snapshot.mjs keeps it without them).
const bytes = new Uint8Array(3 * 4096 + 100).map((_, i) => i >= 4096 && i < 8192 ? 0 : i * 7 %% 255 + 1);
const out = {};
// A snapshot start's bytes, awaited: the same bytes, or why they were refused.
const said = async (choice) => {
  if (choice.start !== "snapshot") return ["normal", choice.reason];
  try {
    return ["snapshot", [...await choice.bytes].join() === [...bytes].join()];
  } catch (error) {
    return [error instanceof SnapshotUnusable ? "unusable" : "other error", error.message];
  }
};
out.url = url;
out.noCaches = await said(await chooseStart({subtle: crypto.subtle}, url));
out.noSubtle = await said(await chooseStart({caches}, url));
out.empty = await said(await chooseStart(env, url));
await storeSnapshot(env, snapshotUrl(root, "0.9.0-old"), root, [bytes]);
await storeSnapshot(env, "https://example.org/other/snapshot/x.bin", root, [bytes]);
// In parts as the snapshot worker gives them (a header, then the heap), split inside a page.
await storeSnapshot(env, url, root, [bytes.subarray(0, 100), bytes.subarray(100)]);
out.kept = [...cache.entries.keys()];
out.stored = await said(await chooseStart(env, url));
out.otherBuild = await said(await chooseStart(env, snapshotUrl(root, "1.0.1-def")));
const headers = (await cache.match(url)).headers;
const kept = new Uint8Array(await (await cache.match(url)).arrayBuffer());
out.keptLength = kept.length;
cache.entries.set(url, new Response(kept.slice(0, 1000), {headers}));
out.truncated = await said(await chooseStart(env, url));
out.truncatedDropped = !cache.entries.has(url);
const flipped = kept.slice(); flipped[2000] ^= 1;
cache.entries.set(url, new Response(flipped, {headers}));
out.flipped = await said(await chooseStart(env, url));
cache.entries.set(url, new Response(bytes));
out.noHeaders = await said(await chooseStart(env, url));
// Chosen, then left unread for a while, as the page leaves it until Pyodide awaits it: a damaged
// snapshot's refusal must not surface as an unhandled rejection (Node would end here).
cache.entries.set(url, new Response(flipped, {headers}));
const unread = await chooseStart(env, url);
await new Promise((resolve) => setTimeout(resolve, 50));
out.unreadLater = [unread.start, await said(unread)];
out.goneBeforeRead = await said({start: "snapshot", bytes: readKept(env, snapshotUrl(root, "1.0.1-def"))});
cache.entries.set(url, new Response(bytes, {headers}));
const readElsewhere = [];
out.readElsewhere = await said(await chooseStart({...env, read: async (at) => { readElsewhere.push(at); return bytes; }}, url));
out.readElsewhereAt = readElsewhere;
out.unreadable = await said(await chooseStart({caches: {async open() { return {async match() {
  return {headers, async arrayBuffer() { throw new Error("disk"); }};
}}; }}, subtle: crypto.subtle}, url));
out.throwing = await said(await chooseStart({caches: {open() { throw new Error("denied"); }}, subtle: crypto.subtle}, url));
// A snapshot of 1.6 MB kept, streamed in several pieces: its body and headers those of `packed`.
const big = new Uint8Array(600 * 4096 + 7).map((_, i) => (i >> 12) %% 3 === 2 ? 0 : (i * 2654435761) >>> 24);
const bigUrl = snapshotUrl("https://example.org/big/", "2.0.0-big");
await storeSnapshot(env, bigUrl, "https://example.org/big/", [big.subarray(0, 144), big.subarray(144)]);
const bigKept = await cache.match(bigUrl);
const bigBody = new Uint8Array(await bigKept.clone().arrayBuffer());
const expected = packed(big);
const hex = (digest) => Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
out.big = {
  body: bigBody.length === expected.length && bigBody.every((byte, i) => byte === expected[i]),
  length: bigKept.headers.get("x-hearts-length") === String(expected.length),
  digest: bigKept.headers.get("x-hearts-sha256") === hex(await crypto.subtle.digest("SHA-256", expected)),
  read: [...await readKept(env, bigUrl)].join() === [...big].join(),
};
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def scenarios(tmp_path_factory) -> dict:
    return run_on_node(tmp_path_factory.mktemp("snapshot"), SCENARIOS, sha=(ROOT / "web" / "sha256.mjs").as_uri())


def test_without_cache_storage_or_crypto_the_start_is_normal(scenarios):
    assert scenarios["noCaches"] == ["normal", "no Cache Storage"]
    assert scenarios["noSubtle"] == ["normal", "no crypto.subtle"]
    assert scenarios["empty"] == ["normal", "no snapshot for this build"]
    assert scenarios["throwing"][0] == "normal" and "denied" in scenarios["throwing"][1]


def test_a_sound_snapshot_of_this_build_is_used_with_its_bytes_unchanged(scenarios):
    assert scenarios["stored"] == ["snapshot", True]


def test_a_snapshot_is_kept_without_its_pages_of_zeros(scenarios):
    # Its length, one byte of bitmap for four pages, the two pages and the tail that hold data.
    assert scenarios["keptLength"] == 4 + 1 + 2 * 4096 + 100


def test_a_snapshot_is_kept_packed_from_its_parts_in_pieces_with_the_digest_of_what_is_kept(scenarios):
    assert scenarios["big"] == {"body": True, "length": True, "digest": True, "read": True}


SHA256 = r"""
import {Sha256} from "%(sha)s";
const data = new Uint8Array(3000).map((_, i) => (i * 2654435761) >>> 24);
const out = {};
for (const length of [0, 1, 55, 56, 63, 64, 65, 119, 120, 128, 3000]) out[length] = new Sha256().update(data.subarray(0, length)).hex();
// Fed in pieces of every size across block boundaries.
const pieces = new Sha256();
for (let at = 0, size = 1; at < data.length; at += size, size = size * 3 %% 97 + 1) pieces.update(data.subarray(at, at + size));
out.pieces = pieces.hex();
try {
  pieces.update(data);
  out.afterDigest = "taken";
} catch (error) {
  out.afterDigest = error.message;
}
console.log(JSON.stringify(out));
"""


def test_the_digest_fed_in_pieces_is_sha_256(tmp_path):
    out = run_on_node(tmp_path, SHA256, sha=(ROOT / "web" / "sha256.mjs").as_uri())
    data = bytes((i * 2654435761) % 2**32 >> 24 for i in range(3000))
    for length in (0, 1, 55, 56, 63, 64, 65, 119, 120, 128, 3000):
        assert out[str(length)] == hashlib.sha256(data[:length]).hexdigest(), length
    assert out["pieces"] == hashlib.sha256(data).hexdigest()
    assert out["afterDigest"] == "this SHA-256 has given its digest"


PACKING = r"""
import {packed, unpacked} from "%(module)s";
const same = (a, b) => a !== null && a.length === b.length && a.every((byte, i) => byte === b[i]);
const cases = {
  empty: new Uint8Array(0), one: new Uint8Array([5]), zeros: new Uint8Array(3 * 4096 + 1),
  page: new Uint8Array(4096).fill(9), tail: new Uint8Array(4097).map((_, i) => i === 4096 ? 1 : 0),
  mixed: new Uint8Array(40000).map((_, i) => (i >> 12) %% 3 === 1 ? 0 : i %% 251),
};
const out = {roundTrips: {}, sizes: {}};
for (const [name, bytes] of Object.entries(cases)) {
  out.roundTrips[name] = same(unpacked(packed(bytes)), bytes);
  out.sizes[name] = packed(bytes).length;
}
// In parts split anywhere (inside a page, at a page's end, an empty part): as packed whole.
const mixed = cases.mixed;
out.inParts = [[mixed.subarray(0, 100), mixed.subarray(100)], [mixed.subarray(0, 4096), mixed.subarray(4096, 4096), mixed.subarray(4096)],
               [mixed.subarray(0, 4000), mixed.subarray(4000, 4200), mixed.subarray(4200)]].map((parts) => same(packed(...parts), packed(mixed)));
const kept = packed(cases.mixed);
out.shortened = unpacked(kept.subarray(0, kept.length - 1));
out.lengthened = unpacked(new Uint8Array([...kept, 0]));
out.headerOnly = unpacked(kept.subarray(0, 5));
out.tiny = unpacked(new Uint8Array(3));
console.log(JSON.stringify(out));
"""


def test_packing_gives_back_every_byte_and_refuses_what_does_not_add_up(tmp_path):
    out = run_on_node(tmp_path, PACKING)
    assert all(out["roundTrips"].values()), out["roundTrips"]
    assert out["sizes"]["zeros"] == 4 + 1 and out["sizes"]["empty"] == 4
    assert out["sizes"]["page"] == 4 + 1 + 4096 and out["sizes"]["tail"] == 4 + 1 + 1
    assert [out[name] for name in ("shortened", "lengthened", "headerOnly", "tiny")] == [None] * 4
    assert out["inParts"] == [True, True, True]


def test_a_snapshot_of_another_build_is_never_used_and_storing_drops_older_ones(scenarios):
    assert scenarios["url"] == "https://example.org/game/snapshot/1.0.0-abc.bin"
    assert scenarios["otherBuild"] == ["normal", "no snapshot for this build"]
    # Another site on the same origin keeps its own snapshot.
    assert scenarios["kept"] == ["https://example.org/other/snapshot/x.bin", scenarios["url"]]


def test_a_truncated_or_damaged_snapshot_is_refused_and_dropped(scenarios):
    # The start is chosen on the lookup; the bytes, checked after, are refused (web/interpreter.mjs
    # then starts normally) and the entry is dropped so the worker makes a sound one.
    assert scenarios["truncated"] == ["unusable", f"snapshot truncated: 1000 of {scenarios['keptLength']} bytes"]
    assert scenarios["truncatedDropped"]
    assert scenarios["flipped"] == ["unusable", "snapshot damaged: digest differs"]
    assert scenarios["noHeaders"] == ["unusable", "snapshot truncated: 12388 of 0 bytes"]
    assert scenarios["unreadable"] == ["unusable", "snapshot unreadable: Error: disk"]


def test_the_bytes_may_be_read_elsewhere_and_a_snapshot_gone_meanwhile_is_refused(scenarios):
    # The page reads them in a worker (web/snapshot-bytes.mjs), off its main thread.
    assert scenarios["readElsewhere"] == ["snapshot", True]
    assert scenarios["readElsewhereAt"] == [scenarios["url"]]
    assert scenarios["goneBeforeRead"] == ["unusable", "snapshot gone"]


def test_a_refused_snapshot_left_unread_for_a_while_is_no_unhandled_rejection(scenarios):
    assert scenarios["unreadLater"] == ["snapshot", ["unusable", "snapshot damaged: digest differs"]]


# ----- the build's snapshot, fetched on a first visit over a fast link ---------------------------

# Each case prints what fetchSnapshot gave (["ok", bytes equal]) or threw (["error", message]),
# and which links fastLink calls fast.
FETCHING = r"""
import {FETCH_TIMEOUT_MS, PROBE_BYTES, PROBE_MBPS, SlowLink, compilesOnThePage, downloadsAhead, fastLink, fetchSnapshot, linkProbe, makeSnapshot, MODULES, replaying} from "%(module)s";
import {gzipSync} from "node:zlib";

const bytes = new Uint8Array(100000).map((_, i) => (i * 31) %% 251);
const digest = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)),
                          (byte) => byte.toString(16).padStart(2, "0")).join("");
const expected = {length: bytes.length, sha256: digest};
const packed = new Uint8Array(gzipSync(bytes));
const served = (body, status = 200) => ({fetch: async () => new Response(body, {status}),
                                         subtle: crypto.subtle, DecompressionStream});
const said = async (env) => {
  try {
    const got = await fetchSnapshot(env, "https://example.org/snapshot/k.bin.gz", expected);
    return ["ok", got.length === bytes.length && got.every((byte, i) => byte === bytes[i])];
  } catch (error) {
    return ["error", String(error.message || error)];
  }
};
const out = {};
out.gzip = await said(served(packed));
out.inflatedByTheHost = await said(served(bytes));
out.missing = await said(served("not found", 404));
out.truncatedGzip = await said(served(packed.slice(0, packed.length >> 1)));
out.truncatedRaw = await said(served(bytes.slice(0, 5000)));
const flipped = bytes.slice(); flipped[777] ^= 1;
out.damaged = await said(served(new Uint8Array(gzipSync(flipped))));
const longer = new Uint8Array(bytes.length + 10); longer.set(bytes);
out.longer = await said(served(new Uint8Array(gzipSync(longer))));
out.empty = await said(served(new Uint8Array(0)));
out.offline = await said({...served(packed), fetch: async () => { throw new TypeError("Failed to fetch"); }});
// A link that stalls after the first bytes: given up after the timeout (50 ms here).
const stalled = {...served(packed), fetch: async (url, {signal}) => new Response(new ReadableStream({
  start(controller) {
    controller.enqueue(packed.slice(0, 1000));
    signal.addEventListener("abort", () => controller.error(signal.reason));
  }}))};
try {
  await fetchSnapshot(stalled, "https://example.org/snapshot/k.bin.gz", expected, 50);
  out.stalled = "ok";
} catch (error) {
  out.stalled = error.message;
}
out.timeout = FETCH_TIMEOUT_MS;

// The link probe: the raw bytes in chunks of 1000, the first after `setUpMs`, the others at once
// or one every 200 ms; 4000 bytes at 1 Mbit/s may take 32 ms after the first chunk.
const probe = {bytes: 4000, mbps: 1};
const chunked = (setUpMs, everyMs) => {
  const seen = {aborted: false};
  const fetch = async (url, {signal}) => new Response(new ReadableStream({
    start(controller) {
      signal.addEventListener("abort", () => { seen.aborted = true; controller.error(signal.reason); });
      let at = 0;
      const next = () => {
        if (signal.aborted) return;
        if (at >= bytes.length) { controller.close(); return; }
        controller.enqueue(bytes.slice(at, at + 1000));
        at += 1000;
        if (everyMs && at > 1000) setTimeout(next, everyMs); else next();
      };
      setTimeout(next, setUpMs);
    }}));
  return {env: {...served(bytes), fetch}, seen};
};
const probing = async ({env, seen}) => {
  try {
    const got = await fetchSnapshot(env, "https://example.org/snapshot/k.bin.gz", expected, 5000, probe);
    return ["ok", got.every((byte, i) => byte === bytes[i]), seen.aborted];
  } catch (error) {
    return [error instanceof SlowLink ? "slow" : "error", error.message, seen.aborted];
  }
};
out.probeFast = await probing(chunked(0, 0));
out.probeSlowSetUp = await probing(chunked(150, 0));
out.probeSlow = await probing(chunked(0, 200));
out.probeGzip = await fetchSnapshot(served(packed), "https://example.org/snapshot/k.bin.gz", expected, 5000, probe)
  .then((got) => got.length);
out.probeDefaults = [PROBE_BYTES, PROBE_MBPS];
const safari = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
out.probes = {
  safari: linkProbe({userAgent: safari}),
  firefoxOnIos: linkProbe({userAgent: safari.replace("Version/18.0", "FxiOS/133.0")}),
  firefox: linkProbe({userAgent: "Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0"}),
  withConnection: linkProbe({userAgent: safari, connection: {effectiveType: "3g"}}),
  noNavigator: linkProbe(undefined),
};
const chrome = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
out.compilesOnThePage = [safari, safari.replace("Version/18.0", "FxiOS/133.0"), chrome,
  "Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0"].map((userAgent) => compilesOnThePage({userAgent}));
out.compilesOnThePage.push(compilesOnThePage(undefined));

const link = (connection) => fastLink({connection});
out.links = {
  none: fastLink({}), noNavigator: fastLink(undefined),
  fast: link({effectiveType: "4g", downlink: 10, saveData: false}),
  noDownlink: link({effectiveType: "4g", saveData: false}),
  slowFourG: link({effectiveType: "4g", downlink: 1.6, saveData: false}),
  threeG: link({effectiveType: "3g", downlink: 10, saveData: false}),
  saveData: link({effectiveType: "4g", downlink: 10, saveData: true}),
};

const ahead = (connection) => downloadsAhead({connection});
out.ahead = {
  none: downloadsAhead({}), noNavigator: downloadsAhead(undefined),
  fast: ahead({effectiveType: "4g", downlink: 10, saveData: false}),
  fourG: ahead({effectiveType: "4g", downlink: 9, saveData: false}),
  threeG: ahead({effectiveType: "3g", downlink: 1.2, saveData: false}),
  saveData: ahead({effectiveType: "4g", downlink: 10, saveData: true}),
};

// replaying: the chunks read ahead, then the rest of the reader, then its end.
const source = new ReadableStream({start(controller) {
  for (const text of ["ab", "cd", "ef"]) controller.enqueue(new TextEncoder().encode(text));
  controller.close();
}}).getReader();
const readAhead = [await source.read(), await source.read()];
out.replayed = await new Response(replaying(readAhead, source)).text();
const whole = new ReadableStream({start(controller) { controller.enqueue(new Uint8Array([7])); controller.close(); }}).getReader();
out.replayedWhole = [...new Uint8Array(await new Response(replaying([await whole.read(), await whole.read()], whole)).arrayBuffer())];

// makeSnapshot on a stand-in Pyodide: what it unpacks where, and what it imports.
const calls = [];
const pyodide = {unpackArchive: (data, format, options) => calls.push(["unpack", data, format, options.extractDir]),
                 runPython: (code) => calls.push(["run", code]), makeMemorySnapshot: () => "SNAPSHOT"};
const config = {files: {"./hearts-1-py3-none-any.whl": "./*", "./web/dom.py": "./dom.py"}};
out.made = await makeSnapshot(pyodide, config, async (file) => `bytes of ${file}`);
out.calls = calls;
out.modules = MODULES;
// With the sources of the page's worker: written where they were, web/precompiled.py beside them,
// their code kept.
const keeping = [];
const FS = {cwd: () => "/home/pyodide", mkdirTree: (path) => keeping.push(["mkdir", path]),
            writeFile: (path, data) => keeping.push(["write", path, data.length])};
out.keptMade = await makeSnapshot({FS, runPython: (code) => keeping.push(["run", code]), makeMemorySnapshot: () => "KEPT"},
                                  {files: {}}, async (file) => new TextEncoder().encode(`bytes of ${file}`),
                                  {"/home/pyodide/main.py": new Uint8Array(3), "/home/pyodide/pyscript/ffi.py": new Uint8Array(5)});
out.keeping = keeping;
try {
  await makeSnapshot(pyodide, {files: {"./other.zip": "./lib/"}}, async () => "");
  out.oddTarget = "made";
} catch (error) {
  out.oddTarget = error.message;
}
try {
  await makeSnapshot({}, config, async () => "");
} catch (error) {
  out.noApi = error.message;
}
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def fetching(tmp_path_factory) -> dict:
    return run_on_node(tmp_path_factory.mktemp("fetching"), FETCHING)


def test_the_build_snapshot_is_inflated_unless_the_host_already_did(fetching):
    assert fetching["gzip"] == ["ok", True]
    assert fetching["inflatedByTheHost"] == ["ok", True]


def test_a_missing_truncated_damaged_or_overlong_build_snapshot_throws(fetching):
    """interpreter.mjs turns any throw into the normal start."""
    assert fetching["missing"] == ["error", "build snapshot: HTTP 404"]
    assert fetching["truncatedGzip"][0] == "error"
    assert fetching["truncatedRaw"] == ["error", "build snapshot truncated: 5000 of 100000 bytes"]
    assert fetching["damaged"] == ["error", "build snapshot damaged: digest differs"]
    assert fetching["longer"] == ["error", "build snapshot longer than 100000 bytes"]
    assert fetching["empty"] == ["error", "build snapshot truncated: 0 of 100000 bytes"]
    assert fetching["offline"] == ["error", "Failed to fetch"]


def test_a_build_snapshot_that_stalls_is_given_up(fetching):
    """A link that said it was fast but is not must not hold the loading screen."""
    assert fetching["stalled"] == "build snapshot: not here within 50 ms"
    assert fetching["timeout"] == 15000


def test_the_link_probe_keeps_a_fast_link_s_snapshot_whatever_its_set_up_took(fetching):
    """The first chunk's wait (the request, the connection's set-up) is not timed."""
    assert fetching["probeFast"] == ["ok", True, False]
    assert fetching["probeSlowSetUp"] == ["ok", True, False]
    assert fetching["probeGzip"] == 100000


def test_the_link_probe_gives_up_a_slow_link_and_stops_its_download(fetching):
    """A SlowLink (interpreter.mjs: the normal start) within the probe's time box, the fetch aborted:
    nothing more comes down the link, nothing is kept."""
    assert fetching["probeSlow"] == ["slow", "build snapshot: 1000 bytes in 32 ms, under 1 Mbit/s", True]


def test_the_link_is_probed_only_where_the_browser_says_nothing_of_it_and_not_on_firefox(fetching):
    """Firefox starts Python fast: the snapshot saved it ~0.1 s, which would pay only over hundreds
    of Mbit/s (docs/log/e2e-2026-12-06.md, "The link probe")."""
    probe = {"bytes": 1024 * 1024, "mbps": 20}
    assert fetching["probeDefaults"] == [probe["bytes"], probe["mbps"]]
    assert fetching["probes"] == {
        "safari": probe,
        "firefoxOnIos": probe,
        "firefox": None,
        "withConnection": None,
        "noNavigator": None,
    }


def test_only_firefox_compiles_the_wasm_on_the_page_s_thread(fetching):
    """Safari, Firefox on iOS (WebKit), Chrome, Firefox, no navigator: the page's own compile on
    Firefox alone (web/prefetch.mjs)."""
    assert fetching["compilesOnThePage"] == [False, False, False, True, False]


def test_only_a_fast_link_without_data_saving_fetches_the_build_snapshot(fetching):
    assert fetching["links"] == {
        "none": False,
        "noNavigator": False,
        "fast": True,
        "noDownlink": True,
        "slowFourG": False,
        "threeG": False,
        "saveData": False,
    }


def test_the_runtime_is_downloaded_ahead_where_the_browser_calls_its_link_anything_but_fast(fetching):
    # Where it says nothing (Firefox, Safari), the worker that runs Python measures the link.
    assert fetching["ahead"] == {
        "none": False,
        "noNavigator": False,
        "fast": False,
        "fourG": True,
        "threeG": True,
        "saveData": True,
    }


def test_a_body_read_ahead_is_replayed_whole(fetching):
    assert fetching["replayed"] == "abcdef"
    assert fetching["replayedWhole"] == [7]


def test_make_snapshot_lays_out_the_wheel_as_pyscript_does_imports_the_modules_and_keeps_compiled_code(fetching):
    assert fetching["made"] == ["SNAPSHOT"]
    assert fetching["calls"] == [
        ["unpack", "bytes of ./hearts-1-py3-none-any.whl", "whl", "./"],
        ["run", "\n".join(f"import {name}" for name in fetching["modules"])],
    ]
    assert fetching["oddTarget"] == "unexpected files entry ./other.zip: ./lib/"
    assert fetching["keptMade"] == ["KEPT"]
    assert fetching["keeping"] == [
        ["run", "\n".join(f"import {name}" for name in fetching["modules"])],
        ["mkdir", "/home/pyodide"],
        ["write", "/home/pyodide/main.py", 3],
        ["mkdir", "/home/pyodide/pyscript"],
        ["write", "/home/pyodide/pyscript/ffi.py", 5],
        ["write", "/home/pyodide/precompiled.py", len("bytes of web/precompiled.py")],
        [
            "run",
            'import precompiled\nprecompiled.keep(["/home/pyodide/main.py","/home/pyodide/pyscript/ffi.py"], "/home/pyodide")',
        ],
    ]
    assert fetching["noApi"] == "no makeMemorySnapshot"


@pytest.mark.skipif(not PYODIDE.exists(), reason="needs node_modules/pyodide (make unit installs it)")
def test_the_private_pyodide_api_the_snapshot_uses_is_still_there():
    """loadPyodide's `_makeSnapshot` and `_loadSnapshot` options and `makeMemorySnapshot` are
    private: an upgrade may drop or rename them. The page then only starts normally, so this
    test is what says the shortcut is gone."""
    types = (PYODIDE / "pyodide.d.ts").read_text(encoding="utf-8")
    for name in ("_makeSnapshot?: boolean", "_loadSnapshot?: Uint8Array | ArrayBuffer", "static makeMemorySnapshot("):
        assert name in types, name
    loader = (PYODIDE / "pyodide.mjs").read_text(encoding="utf-8")
    assert "e._loadSnapshot" in loader and "INITIAL_MEMORY=i.length" in loader
    runtime = (PYODIDE / "pyodide.asm.mjs").read_text(encoding="utf-8")
    assert "static makeMemorySnapshot(" in runtime and "API.restoreSnapshot=function" in runtime
    # restoringSparsely (web/snapshot.mjs) answers this one call: the restore's copy into the heap.
    assert "return Module.HEAP8.set(t),l}" in runtime
    # snapshotParts (web/snapshot.mjs) hands makeMemorySnapshot an empty view to size and copy.
    assert "new Uint8Array(n+Module.HEAP8.length)" in runtime and "o.subarray(n).set(Module.HEAP8),o}" in runtime


def test_pyscript_still_passes_the_interpreters_folder_as_index_url():
    """Why web/interpreter.mjs sets indexURL itself: PyScript passes the folder of the module
    that pyscript.json names, which is web/, not the vendored Pyodide's folder."""
    cores = list((ROOT / "node_modules" / "@pyscript" / "core" / "dist").glob("core-*.js"))
    assert cores, "node_modules is installed (make unit does it)"
    assert any(
        re.search(
            r'(\w)=\w\.slice\(0,\w\.lastIndexOf\("/"\)\),\w=new \w\(`\$\{\1\}@\$\{\w\}`\),\w=\{indexURL:\1\}',
            core.read_text(encoding="utf-8"),
        )
        for core in cores
    )


def worker_modules() -> list[str]:
    source = (ROOT / "web" / "snapshot.mjs").read_text(encoding="utf-8")
    return json.loads(re.search(r"export const MODULES = (\[.*\]);", source).group(1))


def test_the_page_worker_and_the_build_make_a_snapshot_with_one_function():
    """One layout and one module list (web/snapshot.mjs's makeSnapshot and MODULES) for the
    snapshot a worker makes in the page and the one the build makes under Node."""
    for maker in (ROOT / "web" / "snapshot-worker.mjs", ROOT / "tools" / "make_snapshot.mjs"):
        source = maker.read_text(encoding="utf-8")
        assert "makeSnapshot(pyodide, config," in source and "MODULES" not in source, maker.name
        assert "_makeSnapshot: true" in source, maker.name


def test_the_snapshot_holds_every_module_the_page_imports_and_the_bots():
    tree = ast.parse((ROOT / "web" / "main.py").read_text(encoding="utf-8"))
    imported = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            imported |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            imported.add(node.module)
    # pyscript, and web/'s own modules (which import pyscript), exist only in the page; js is
    # Pyodide's view of the global scope it runs in, not a module to import ahead.
    imported = {
        name
        for name in imported
        if name.split(".")[0] not in ("pyscript", "js") and not (ROOT / "web" / f"{name}.py").exists()
    }
    assert imported <= set(worker_modules())
    assert "hearts.ai" in worker_modules()  # what load_ai() imports just after the table shows


def test_the_snapshot_holds_what_the_table_imports_later_too():
    """The bots' code (load_ai, just after the table shows) and 复盘's background judging (a
    second later) are imported lazily; a snapshot holds them already, so after a snapshot start
    no task spends time importing them (a fresh interpreter, as the worker's)."""
    code = textwrap.dedent(f"""
        import sys
        for name in {worker_modules()!r}:
            __import__(name)
        before = set(sys.modules)
        from hearts.table import Table
        table = Table(seed=3, level="normal")
        table.state(); table.act("hint"); table.act("pass"); table.review.job()
        print(sorted(name for name in set(sys.modules) - before if name.startswith("hearts")))
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.strip() == "[]"


def test_the_snapshot_holds_every_module_of_the_game():
    """After a snapshot start the page unpacks the wheel only once the table is live
    (web/snapshot.mjs's unpackingLater): until then a module the snapshot lacks could not be
    imported at all."""
    code = textwrap.dedent(f"""
        import pkgutil, sys
        import hearts
        for name in {worker_modules()!r}:
            __import__(name)
        every = {{info.name for info in pkgutil.walk_packages(hearts.__path__, "hearts.")}}
        print(sorted(every - set(sys.modules)))
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.strip() == "[]"


UNPACKING = r"""
import {unpackingLater} from "%(module)s";
const calls = [];
function unpackArchive(...args) { calls.push([this === pyodide, ...args]); }
const pyodide = {unpackArchive};
let settle;
const later = new Promise((resolve) => { settle = resolve; });
unpackingLater(pyodide, later);
const answer = pyodide.unpackArchive("wheel", "whl", {extractDir: "."});
await new Promise((resolve) => setTimeout(resolve, 20));
const before = calls.length;
settle();
await new Promise((resolve) => setTimeout(resolve, 0));
console.log(JSON.stringify({answer: answer === undefined, before, calls, restored: pyodide.unpackArchive === unpackArchive}));
"""


def test_after_a_snapshot_start_the_wheel_is_unpacked_only_when_told(tmp_path):
    out = run_on_node(tmp_path, UNPACKING)
    assert out == {
        "answer": True,
        "before": 0,
        "calls": [[True, "wheel", "whl", {"extractDir": "."}]],
        "restored": True,
    }


SPARSE_COPY = r"""
import {copiedSparsely, letGo} from "%(module)s";
const PAGE = 4096;
// A snapshot's heap of four pages and a tail: pages 1 and 3 zeros. The heap it goes into holds
// data in page 3 already (a wasm memory's data segments, say), which must be overwritten.
const bytes = new Uint8Array(4 * PAGE + 8).map((_, i) => (i >> 12) === 1 || (i >> 12) === 3 ? 0 : i %% 251 + 1);
const heap = new Uint8Array(8 * PAGE);
heap.fill(7, 3 * PAGE, 3 * PAGE + 10);
const out = {};
out.skipped = copiedSparsely(heap, bytes);
out.same = heap.subarray(0, bytes.length).every((byte, i) => byte === bytes[i]);
out.restUntouched = heap.subarray(bytes.length).every((byte) => byte === 0);
// A view at an odd offset (no word access): copied whole.
const odd = new Uint8Array(bytes.length + 1).subarray(1);
odd.set(bytes);
const other = new Uint8Array(8 * PAGE).fill(3);
out.oddSkipped = copiedSparsely(other, odd);
out.oddSame = other.subarray(0, odd.length).every((byte, i) => byte === odd[i]);
// letGo: detached for every holder (transferred to a clone).
const received = new Uint8Array(16);
const holder = Promise.resolve(received);
letGo(received);
out.letGo = [received.length, (await holder).length, received.buffer.byteLength];
letGo(received);
letGo(null);
console.log(JSON.stringify(out));
"""


def test_a_snapshot_is_restored_without_writing_pages_that_are_zeros_in_both(tmp_path):
    out = run_on_node(tmp_path, SPARSE_COPY)
    assert out == {
        "skipped": 1,  # page 1; page 3 held data in the heap, so its zeros were written
        "same": True,
        "restUntouched": True,
        "oddSkipped": 0,
        "oddSame": True,
        "letGo": [0, 0, 0],
    }


KNOWN_ZEROS = r"""
import {copiedSparsely, keptPagesOf, packed, restoringSparsely, unpacked, untouchedAbove, zerosOf} from "%(module)s";
const PAGE = 4096;
// A snapshot of 7 pages and a tail whose header is 144 bytes (Pyodide's is ~130-150, by its
// metadata's length): the heap (from byte 144) straddles the snapshot's pages. Pages 2, 3 and 5 of the snapshot are zeros, and page 4
// but for its first byte, which is the heap's page 3.
const snapshot = new Uint8Array(7 * PAGE + 100).map((_, i) => [2, 3, 5].includes(i >> 12) ? 0 : i %% 251 + 1);
snapshot.fill(0, 4 * PAGE + 1, 5 * PAGE);
const bytes = unpacked(packed(snapshot));
const out = {};
out.same = bytes.length === snapshot.length && bytes.every((byte, i) => byte === snapshot[i]);
const kept = keptPagesOf(bytes);
out.kept = Array.from({length: 8}, (_, page) => (kept[page >> 3] >> (page & 7)) & 1);
// Heap page i is known zeros where both snapshot pages it lies across are dropped: heap page 2
// only (bytes 8192-12287 of the heap, 8336-12431 of the snapshot: its pages 2 and 3). Heap page 4
// is zeros too, but lies across the kept page 4.
const heap = bytes.subarray(144);
const zeros = zerosOf(kept, 144, heap.length);
out.zeros = Array.from(zeros);
// Restored with that knowledge, the memory is the same as without it, and as many pages are left alone.
const plain = new Uint8Array(9 * PAGE), known = new Uint8Array(9 * PAGE);
out.skipped = [copiedSparsely(plain, heap), copiedSparsely(known, heap, [], {zeros})];
out.sameMemory = plain.every((byte, i) => byte === known[i]);
// Memory known untouched from a byte on is not read for zeros: a page there that is not zeros
// stays as it was (which is why that bound must be the runtime's own).
const garbled = new Uint8Array(9 * PAGE);
garbled.fill(7, 4 * PAGE, 5 * PAGE);
copiedSparsely(garbled, heap, [], {zeros, untouchedFrom: 4 * PAGE});
out.trustedBound = garbled[4 * PAGE] === 7;
// No trailer: a snapshot not from unpacked, a view of part of one, one let go.
const moved = bytes.slice(0);
out.withoutTrailer = [keptPagesOf(snapshot), keptPagesOf(bytes.subarray(1)), keptPagesOf(moved.subarray(0, 10))];
structuredClone(bytes.buffer, {transfer: [bytes.buffer]});
out.detached = keptPagesOf(bytes);
// A bitmap of 8 dropped pages: from page 7 on, page 7 is known zeros; past the bitmap's end
// nothing is known, so not zeros.
out.pastTheBitmap = Array.from(zerosOf(new Uint8Array([0]), 7 * PAGE, 3 * PAGE));
// A restore that copies the heap out of the snapshot before writing it: the bitmap is not the
// copy's, so every page is read; the memory is the heap's.
const again = unpacked(packed(snapshot));
const memory = new Uint8Array(9 * PAGE).fill(5, 2 * PAGE, 3 * PAGE);
const module = {HEAP8: new Int8Array(memory.buffer), _sbrk: () => 9 * PAGE, _emscripten_stack_get_base: () => 0,
                API: {restoreSnapshot: (whole) => module.HEAP8.set(whole.slice(144))}};
restoringSparsely(module).API.restoreSnapshot(again);
out.copiedRestore = memory.subarray(0, snapshot.length - 144).every((byte, i) => byte === snapshot[144 + i]);
out.untouched = [untouchedAbove({_sbrk: () => 5000, _emscripten_stack_get_base: () => 9000}),
                 untouchedAbove({_sbrk: () => 9000, _emscripten_stack_get_base: () => 5000}), untouchedAbove({})];
console.log(JSON.stringify(out, (key, value) => value === Infinity ? "Infinity" : value));
"""


def test_a_kept_snapshot_says_which_pages_are_zeros_and_restores_the_same_without_reading_them(tmp_path):
    out = run_on_node(tmp_path, KNOWN_ZEROS)
    assert out == {
        "same": True,
        "kept": [1, 1, 0, 0, 1, 0, 1, 1],
        "zeros": [0, 0, 1, 0, 0, 0, 0],
        "skipped": [2, 2],  # heap pages 2 (known) and 4 (read, and found zeros)
        "sameMemory": True,
        "trustedBound": True,
        "withoutTrailer": [None, None, None],
        "detached": None,
        "pastTheBitmap": [1, 0, 0],
        "copiedRestore": True,
        "untouched": [9000, 9000, "Infinity"],
    }


def on_pyodide(folder: Path, script: str, **paths: str) -> dict:
    """``script`` run under Node with the vendored Pyodide (``%(pyodide)s``) and web/handover.mjs
    (``%(handover)s``) to hand."""
    pyodide, handover = PYODIDE.as_uri(), (ROOT / "web" / "handover.mjs").as_uri()
    return run_on_node(folder, script, timeout=120, pyodide=pyodide, handover=handover, **paths)


BASED_COPY = r"""
import {copiedSparsely, memoryChecksum} from "%(module)s";
const PAGE = 4096;
// A memory whose pages 0 and 1 hold the wasm's data; a based snapshot of three pages: page 0
// changed in one byte (XORed: one byte set), page 1 unchanged (XORed: zeros), page 2 as it is.
const memory = new Uint8Array(4 * PAGE).map((_, i) => i < 2 * PAGE ? i %% 13 + 1 : 0);
const wanted = memory.slice(0, 3 * PAGE);
wanted[100] ^= 0x55;
wanted.fill(9, 2 * PAGE, 2 * PAGE + 50);
const bytes = wanted.slice();
for (let at = 0; at < 2 * PAGE; at++) bytes[at] ^= memory[at];
const before = memoryChecksum(memory, [[0, 2]]);
const out = {};
out.skipped = copiedSparsely(memory, bytes, [[0, 2]]);
out.same = memory.subarray(0, wanted.length).every((byte, i) => byte === wanted[i]);
out.checksumChanged = memoryChecksum(memory, [[0, 2]]) !== before;
out.checksumCut = memoryChecksum(memory, [[0, 99]]) === memoryChecksum(memory, [[0, 4]]);
const odd = new Uint8Array(bytes.length + 1).subarray(1);
try {
  copiedSparsely(new Uint8Array(4 * PAGE), odd, [[0, 2]]);
  out.odd = "copied";
} catch (error) {
  out.odd = error.message;
}
console.log(JSON.stringify(out));
"""


def test_the_based_pages_of_a_snapshot_are_xored_over_the_memory(tmp_path):
    out = run_on_node(tmp_path, BASED_COPY)
    assert out == {
        "skipped": 1,  # page 1: unchanged from the wasm's data, so zeros once based
        "same": True,
        "checksumChanged": True,
        "checksumCut": True,
        "odd": "a based snapshot must be aligned and fit the memory",
    }


BASING = r"""
import zlib from "node:zlib";
import fs from "node:fs";
import {loadPyodide} from "%(pyodide)s/pyodide.mjs";
import createPyodideModule from "%(pyodide)s/pyodide.asm.mjs";
import {handingOver} from "%(handover)s";
import {freeMemoryZeroed, joined, snapshotParts} from "%(module)s";
import {based, initialMemory, memoryAtRestore} from "%(base)s";
const indexURL = "%(pyodide)s/".replace("file://", "");
const maker = await loadPyodide({indexURL, _makeSnapshot: true});
maker.runPython("kept = [41, 'snapshot'] + [str(i) * 50 for i in range(3000)]\ndel kept[2:]");
const module = maker._module;
const limit = module._malloc_footprint_limit();
const cleared = freeMemoryZeroed(module);
const snapshot = joined(snapshotParts(maker));
const wasm = new Uint8Array(fs.readFileSync(new URL("%(pyodide)s/pyodide.asm.wasm")));
const before = await memoryAtRestore(loadPyodide, createPyodideModule, indexURL, snapshot);
const {bytes, base} = based(snapshot, initialMemory(wasm, before.memory.length), before);
const trampoline = Math.floor(before.written[0] / 4096);
const gzipped = (data) => zlib.gzipSync(data, {level: 6}).length;
const restored = async (data, given) => {
  try {
    const pyodide = await loadPyodide({...handingOver({indexURL}, createPyodideModule, () => {}, given), _loadSnapshot: data.slice()});
    return pyodide.runPython("kept[0] + 1");
  } catch (error) {
    return error.message;
  }
};
console.log(JSON.stringify({
  cleared: cleared > 10000,
  limitKept: module._malloc_footprint_limit() === limit,
  pages: base.pages.length > 0 && base.pages.every(([first, end]) => first < end),
  trampolineNotBased: [base, based(snapshot, initialMemory(wasm, before.memory.length), {memory: before.memory}).base]
    .map(({pages}) => pages.some(([first, end]) => first <= trampoline && trampoline < end)),
  smaller: gzipped(bytes) < gzipped(snapshot) * 0.8,
  answer: await restored(bytes, base),
  plain: await restored(snapshot, null),
  unbased: await restored(bytes, null),
  otherMemory: await restored(bytes, {...base, checksum: (base.checksum + 1) >>> 0}),
  plainGivenBase: await restored(snapshot, base),
}));
"""


@pytest.mark.skipif(not PYODIDE.exists(), reason="needs node_modules/pyodide (make unit installs it)")
def test_a_snapshot_based_on_the_wasm_s_data_restores_only_over_that_data(tmp_path):
    """The build's snapshot (tools/snapshot_base.mjs) with its free memory zeroed and its pages of
    the wasm's data XORed out: restored with its base it holds its Python state; Pyodide alone,
    or a memory that is not the one it was based on, refuses it (a normal start then)."""
    out = on_pyodide(tmp_path, BASING, base=(ROOT / "tools" / "snapshot_base.mjs").as_uri())
    assert out == {
        "cleared": True,
        "limitKept": True,
        "pages": True,
        "trampolineNotBased": [False, True],  # unless Node's restore were all there is
        "smaller": True,
        "answer": 42,
        "plain": 42,
        "unbased": "Snapshot has invalid magic number",
        "otherMemory": "build snapshot: the memory it is based on differs from the build's",
        "plainGivenBase": "build snapshot: not a based snapshot",
    }


RESTORING = r"""
import {loadPyodide} from "%(pyodide)s/pyodide.mjs";
import createPyodideModule from "%(pyodide)s/pyodide.asm.mjs";
import {handingOver} from "%(handover)s";
import {joined, keptPagesOf, packed, snapshotParts, unpacked, untouchedAbove} from "%(module)s";
const indexURL = "%(pyodide)s/".replace("file://", "");
const maker = await loadPyodide({indexURL, _makeSnapshot: true});
maker.runPython("kept = [41, 'snapshot']");
// In parts as the snapshot worker packs them (the heap not copied): the same bytes as Pyodide's own.
const parts = snapshotParts(maker);
const snapshot = joined(parts);
const whole = maker.makeMemorySnapshot();
const same = (a, b) => a.length === b.length && a.every((byte, i) => byte === b[i]);
const sameAsPyodides = parts.length === 2 && parts[1].buffer === maker._module.HEAP8.buffer && same(snapshot, whole)
  && same(packed(...parts), packed(whole));
const heapBack = maker._module.HEAP8 instanceof Int8Array && maker._module.HEAP8.length > 0;
// Restored as a return visit restores it: kept (packed), read back (unpacked, with its trailer).
const back = unpacked(packed(...parts));
const length = back.length;
const trailer = keptPagesOf(back) !== null;
let seen = null;
const config = handingOver({indexURL, _loadSnapshot: back}, async (settings) => {
  const module = await createPyodideModule(settings);
  const restore = module.API.restoreSnapshot;
  const memory = module.HEAP8.buffer;
  // Called inside restoringSparsely's wrapper: the heap's copy then goes to its stand-in.
  module.API.restoreSnapshot = (bytes) => {
    const untouched = untouchedAbove(module);
    seen = {bytes, standIn: !(module.HEAP8 instanceof Int8Array),
            // Only zeros above the runtime's break and stack, as restoringSparsely trusts.
            untouched: untouched > 0 && untouched < length && new Int32Array(memory, untouched).every((word) => word === 0)};
    return restore(bytes);
  };
  return module;
});
const pyodide = await loadPyodide(config);
console.log(JSON.stringify({
  sameAsPyodides, heapBack,
  answer: pyodide.runPython("kept[0] + 1"), text: pyodide.runPython("kept[1]"),
  heapRestored: pyodide._module.HEAP8 instanceof Int8Array,
  sparse: seen.bytes === back && seen.standIn && trailer,
  // The runtime's break and stack lie inside the memory: what lies above is not read for zeros.
  untouched: seen.untouched,
  // Let go once copied: detached for every holder (Pyodide's settings, the page's promises).
  detached: back.length === 0 && length > 0,
}));
"""


@pytest.mark.skipif(not PYODIDE.exists(), reason="needs node_modules/pyodide (make unit installs it)")
def test_a_snapshot_made_and_restored_sparsely_holds_its_python_state(tmp_path):
    out = on_pyodide(tmp_path, RESTORING)
    assert out == {
        "sameAsPyodides": True,
        "heapBack": True,
        "answer": 42,
        "text": "snapshot",
        "heapRestored": True,
        "sparse": True,
        "untouched": True,
        "detached": True,
    }


def test_the_build_key_changes_with_the_runtime_the_wheel_or_the_snapshot_code(tmp_path):
    (tmp_path / "vendor" / "pyodide").mkdir(parents=True)
    (tmp_path / "web").mkdir()
    files = {
        "vendor/pyodide/pyodide.asm.wasm": b"wasm",
        "hearts-1-py3-none-any.whl": b"wheel",
        "web/snapshot-worker.mjs": b"worker",
        "web/snapshot.mjs": b"decide",
        "web/precompiled.py": b"keep",
        "web/main.py": b"main",
    }
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    first = build_site.snapshot_build(tmp_path, "1.0.0")
    assert first.startswith("1.0.0-") and build_site.snapshot_build(tmp_path, "1.0.0") == first
    assert build_site.snapshot_build(tmp_path, "1.0.1") != first
    # Not in the snapshot, only its compiled code, which is run while the file is unchanged.
    (tmp_path / "web" / "main.py").write_bytes(b"main, edited")
    assert build_site.snapshot_build(tmp_path, "1.0.0") == first
    for name in files:
        if name == "web/main.py":
            continue
        (tmp_path / name).write_bytes(files[name] + b"!")
        assert build_site.snapshot_build(tmp_path, "1.0.0") != first, name
        (tmp_path / name).write_bytes(files[name])


def test_the_build_module_carries_the_build_key_once():
    source = (ROOT / build_site.BUILD_MODULE).read_text(encoding="utf-8")
    assert source.count(build_site.SNAPSHOT_KEY) == 1


def test_the_interpreter_module_runs_in_the_worker_only():
    """PyScript imports it in its worker (index.html's py script is one), where there is no
    document and no localStorage: what only the page has goes through web/page.js."""
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    assert "interpreter.mjs" not in page  # the page looks the snapshot up itself: web/prefetch.mjs
    assert page.index('<script type="module" src="./web/prefetch.mjs">') < page.index(
        '<script type="module" src="./vendor/pyscript/core.js">'
    )
    assert " worker " in page.split('<script type="py"', 1)[1].split(">", 1)[0] + " "
    assert f"./{build_site.INTERPRETER}" == "./web/interpreter.mjs"  # what pyscript.json names
    source = (ROOT / build_site.INTERPRETER).read_text(encoding="utf-8")
    code = "\n".join(line.split("//", 1)[0] for line in source.splitlines())
    assert "document." not in code and "localStorage." not in code and "requestIdleCallback" not in code
