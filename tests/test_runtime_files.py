"""web/runtime-files.mjs under Node, with the decoder as the build vendors it (tools/build_site.py)
and .xz files as the build writes them (tools/xz_files.py): Pyodide's fetches of its wasm and
stdlib answered from the kept copies, or downloaded as .xz and decoded, or as they are, and what
was downloaded kept; how the link decides; what the loading bar counts. The browser side (a first
visit over a slow link, nothing downloaded twice) is e2e/test_slow_link.py's."""

from __future__ import annotations

import hashlib
import json
import lzma
import os
import sys
from pathlib import Path

import pytest

from tests.node import ROOT, run_on_node

sys.path.insert(0, str(ROOT / "tools"))
import build_site  # noqa: E402
import xz_files  # noqa: E402

# A "browser" whose fetch serves FILES (and their .xz) and counts each request, and a Cache with
# match and put as Cache Storage's (put reads the whole body first, and stores nothing if it fails).
SCRIPT = r"""
import {readFileSync} from "node:fs";
import {answeringWith, downloadedFiles, howToDownload, keepsAll, keepsAny, measuredMbps, servingRuntime}
  from "%(module)s";
const {XzReadableStream} = await import("%(decoder)s");
const ROOT = "https://example.org/site/";
const FILES = JSON.parse(readFileSync("%(files)s", "utf-8"));
const asked = [];
const realFetch = globalThis.fetch;
globalThis.fetch = async (resource) => {
  const url = String(resource && resource.url || resource);
  asked.push(url.slice(ROOT.length));
  const path = FILES[url.slice(ROOT.length)];
  if (!path) return new Response("missing", {status: 404});
  const bytes = readFileSync(path);
  // In chunks, as a download comes.
  const body = new ReadableStream({start(controller) {
    for (let at = 0; at < bytes.length; at += 7000) controller.enqueue(new Uint8Array(bytes.subarray(at, at + 7000)));
    controller.close();
  }});
  return new Response(body, {status: 200});
};
class Cache {
  constructor() { this.kept = new Map(); }
  async match(url) { const bytes = this.kept.get(url); return bytes ? new Response(bytes) : undefined; }
  async put(url, response) { this.kept.set(url, new Uint8Array(await response.arrayBuffer())); }
}
const digest = async (response) =>
  Buffer.from(await crypto.subtle.digest("SHA-256", await response.arrayBuffer())).toString("hex");
const decoder = async () => XzReadableStream;
const wasm = ROOT + "vendor/a.wasm", zip = ROOT + "vendor/b.zip";
const out = {};

async function visit(name, cache, how) {
  asked.length = 0;
  const browserFetch = globalThis.fetch;
  const stop = servingRuntime([wasm, zip], cache, how, decoder);
  const answers = await Promise.all([fetch(wasm), fetch(zip)]);
  out[name] = {type: answers[0].headers.get("content-type"), status: answers.map((answer) => answer.status),
               sha: await Promise.all(answers.map(digest)), asked: [...asked]};
  const other = await fetch(ROOT + "index.html");
  out[name].otherStatus = other.status;
  stop();
  out[name].stopped = globalThis.fetch === browserFetch && asked.at(-1) === "index.html";
  await new Promise((resolve) => setTimeout(resolve, 20));  // the cache's copy is put meanwhile
  const keptDigest = async (url) => (cache.kept.has(url) ? digest(await cache.match(url)) : null);
  out[name].kept = cache ? await Promise.all([wasm, zip].map(keptDigest)) : null;
}

const decoding = new Cache();
await visit("xz", decoding, "xz");
await visit("kept", decoding, "plain");
await visit("plain", new Cache(), "plain");
await visit("uncached", null, "xz");
out.keepsAll = [await keepsAll(decoding, [wasm, zip]), await keepsAll(new Cache(), [wasm]),
                await keepsAll(null, [wasm])];
out.keepsAny = [await keepsAny(decoding, [wasm, ROOT + "vendor/missing.wasm"]), await keepsAny(new Cache(), [wasm]),
                await keepsAny(null, [wasm])];
// An .xz file the host lacks: its status is Pyodide's, as a missing plain file's would be.
asked.length = 0;
const stopMissing = servingRuntime([ROOT + "vendor/missing.wasm"], new Cache(), "xz", decoder);
out.missing = (await fetch(ROOT + "vendor/missing.wasm")).status;
stopMissing();
// A cut-off .xz: the decoded stream fails, and nothing is kept.
const cut = new Cache();
const stopCut = servingRuntime([ROOT + "vendor/cut.wasm"], cut, "xz", decoder);
out.cutFailed = await (await fetch(ROOT + "vendor/cut.wasm")).arrayBuffer().then(() => false, () => true);
await new Promise((resolve) => setTimeout(resolve, 20));
out.cutKept = cut.kept.size;
stopCut();
// The stdlib downloaded ahead by the page: answered with its bytes once they come, never
// downloaded; a download ahead that failed (null) is downloaded as the link says.
asked.length = 0;
let arrive;
const arriving = new Promise((resolve) => { arrive = resolve; });
const behind = new Cache();
const downloadedAhead = answeringWith({[zip]: arriving, [wasm]: Promise.resolve(null)}, behind);
const stopAhead = servingRuntime([zip, wasm], downloadedAhead, "xz", decoder);
const answeredAhead = fetch(zip).then((response) => response.text());
setTimeout(() => arrive(new TextEncoder().encode("the stdlib").buffer), 10);
out.ahead = [await answeredAhead, await digest(await fetch(wasm)), [...asked]];
await new Promise((resolve) => setTimeout(resolve, 20));  // the cache's copy is put meanwhile
out.aheadKept = [...behind.kept.keys()].map((url) => url.slice(ROOT.length));
stopAhead();
globalThis.fetch = realFetch;

const sizes = {"v/a.wasm": [10, 4], "v/a.wasm.xz": [3, 3], "v/b.zip": [8, 6], "v/b.zip.xz": [2, 2], "w.whl": [5, 5]};
out.downloads = Object.fromEntries(["xz", "plain", "kept"].map((how) =>
  [how, Object.keys(downloadedFiles(sizes, ["v/a.wasm", "v/b.zip"], how)).sort()]));
const entry = {name: "f.mjs", encodedBodySize: 250000, transferSize: 250300,
               responseStart: 100, responseEnd: 300};
out.mbps = [measuredMbps([entry], "f.mjs"), measuredMbps([{...entry, transferSize: 0}], "f.mjs"),
            measuredMbps([], "f.mjs")];
out.how = [howToDownload(20, true), howToDownload(40, false), howToDownload(null, true), howToDownload(null, false)];

console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def answers(tmp_path_factory: pytest.TempPathFactory) -> dict:
    folder = tmp_path_factory.mktemp("runtime")
    build_site.vendor_decoder(folder)
    wasm, stdlib = os.urandom(50_000) + bytes(200_000), b"PK" + bytes(range(256)) * 400
    files = {}
    for name, data in (("a.wasm", wasm), ("b.zip", stdlib)):
        (folder / name).write_bytes(data)
        (folder / f"{name}.xz").write_bytes(xz_files.compressed(data))
        files[f"vendor/{name}"] = str(folder / name)
        files[f"vendor/{name}.xz"] = str(folder / f"{name}.xz")
    (folder / "cut.wasm.xz").write_bytes(xz_files.compressed(wasm)[:9000])
    files["vendor/cut.wasm.xz"] = str(folder / "cut.wasm.xz")
    files["index.html"] = str(folder / "a.wasm")
    (folder / "files.json").write_text(json.dumps(files), encoding="utf-8")
    answers = run_on_node(
        folder,
        SCRIPT,
        module=(ROOT / "web" / "runtime-files.mjs").as_uri(),
        decoder=(folder / build_site.XZ_MODULE).as_uri(),
        files=str(folder / "files.json"),
    )
    answers["expected"] = [sha256(wasm), sha256(stdlib)]
    return answers


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def test_over_a_slow_link_the_files_come_as_xz_decoded_and_kept(answers: dict) -> None:
    xz = answers["xz"]
    assert xz["asked"] == ["vendor/a.wasm.xz", "vendor/b.zip.xz"]
    assert xz["sha"] == answers["expected"], "Pyodide gets the files themselves"
    assert xz["type"] == "application/wasm", "as instantiateStreaming needs"
    assert xz["kept"] == answers["expected"], "kept decoded for the next visits and the service worker"
    assert xz["otherStatus"] == 200 and xz["stopped"], "other fetches pass; stopping gives the fetch back"


def test_kept_files_are_answered_without_a_download(answers: dict) -> None:
    kept = answers["kept"]
    assert kept["asked"] == [] and kept["sha"] == answers["expected"]
    assert answers["keepsAll"] == [True, False, False]
    assert answers["keepsAny"] == [True, False, False]


def test_over_a_fast_link_the_files_come_as_they_are_and_are_kept(answers: dict) -> None:
    plain = answers["plain"]
    assert plain["asked"] == ["vendor/a.wasm", "vendor/b.zip"]
    assert plain["sha"] == plain["kept"] == answers["expected"]


def test_without_cache_storage_the_files_are_still_decoded(answers: dict) -> None:
    uncached = answers["uncached"]
    assert uncached["sha"] == answers["expected"] and uncached["kept"] is None


def test_a_missing_or_cut_off_xz_fails_and_keeps_nothing(answers: dict) -> None:
    assert answers["missing"] == 404, "wasm-watch.mjs turns the status into a failed start"
    assert answers["cutFailed"] and answers["cutKept"] == 0


def test_the_loading_bar_counts_what_crosses_the_link(answers: dict) -> None:
    assert answers["downloads"] == {
        "xz": ["v/a.wasm.xz", "v/b.zip.xz", "w.whl"],
        "plain": ["v/a.wasm", "v/b.zip", "w.whl"],
        "kept": ["w.whl"],
    }


def test_the_link_is_measured_on_a_download_that_crossed_it(answers: dict) -> None:
    # 250,000 bytes in 200 ms: 10 Mbit/s; an answer from the HTTP cache or no entry: unknown.
    assert answers["mbps"] == [10, None, None]
    # Measured, the figure decides (from 40 Mbit/s the plain files); unknown, what the browser says.
    assert answers["how"] == ["xz", "plain", "plain", "xz"]


def lzma2_dictionary(packed: bytes) -> int:
    """The dictionary size an .xz file's first block asks its decoder for (the .xz format, 3.1)."""
    at = 12 + 1  # the stream header, the block header's size
    flags = packed[at]
    at += 1
    for present in (flags & 0x40, flags & 0x80):  # the compressed and uncompressed sizes, varints
        if present:
            while packed[at] & 0x80:
                at += 1
            at += 1
    assert packed[at : at + 2] == b"\x21\x01", "one LZMA2 filter, one byte of properties"
    bits = packed[at + 2]
    return (2 | (bits & 1)) << (bits // 2 + 11)


def test_the_xz_files_decode_to_the_files_with_a_dictionary_no_larger_than_them(tmp_path: Path) -> None:
    data = os.urandom(1000) * 30
    packed = xz_files.compressed(data)
    assert lzma.decompress(packed) == data
    assert lzma2_dictionary(packed) == 32 * 1024, "30,000 bytes: 32 KiB, not preset 9's 64 MiB"
    decoder = lzma.LZMADecompressor()
    decoder.decompress(packed)
    assert decoder.check == lzma.CHECK_CRC32, "a check the browser's decoder verifies"
    kept = tmp_path / "kept"
    assert xz_files.kept_or_compressed(data, kept) == packed
    (only,) = kept.iterdir()
    only.write_bytes(b"kept")
    assert xz_files.kept_or_compressed(data, kept) == b"kept", "an earlier build's, by the bytes' hash"


def test_the_stdlib_downloaded_ahead_is_answered_when_it_comes_and_a_failed_one_is_downloaded(answers: dict) -> None:
    # web/runtime-ahead.mjs: the page's worker downloaded the stdlib; null where it failed.
    text, wasm, asked = answers["ahead"]
    assert text == "the stdlib"
    assert wasm == answers["expected"][0] and asked == ["vendor/a.wasm.xz"]
    assert answers["aheadKept"] == ["vendor/a.wasm"], "what the worker downloaded itself is kept in the real cache"
