"""web/download-progress.mjs under Node: the loading screen's bar follows the bytes of the files
the build listed as they stream, each weighed by its gzipped size; other fetches pass untouched,
and a counted answer is the browser's own (counted on a clone: WebAssembly.instantiateStreaming
keeps its URL and V8's code cache). The browser side (the bar moving on a slow link) is e2e/test_offline.py's."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from tests.node import ROOT

SCRIPT = r"""
import {countingDownloads} from "%(module)s";
const ROOT = "https://example.org/site/";
const realFetch = globalThis.fetch;
// The "browser": each file's body in chunks of 250 bytes.
const answered = [];
globalThis.fetch = async (resource) => {
  const url = String(resource && resource.url || resource);
  if (url.endsWith("missing.zip")) return new Response("gone", {status: 404});
  const size = url.endsWith(".wasm") ? 1000 : 500;
  const body = new ReadableStream({start(controller) {
    for (let at = 0; at < size; at += 250) controller.enqueue(new Uint8Array(250));
    controller.close();
  }});
  const type = url.endsWith(".wasm") ? "application/wasm" : "text/plain";
  const response = new Response(body, {headers: {"content-type": type}});
  answered.push(response);
  return response;
};
const standIn = globalThis.fetch;
const reports = [];
// The wasm: 1000 bytes, 300 gzipped; the zip: 500 bytes, not smaller gzipped; 800 on the link.
const stop = countingDownloads(ROOT, {"vendor/a.wasm": [1000, 300], "vendor/b.zip": [500, 500]},
                               (fraction, sent, total) => reports.push([fraction, sent, total]), 0);
const wasm = await fetch(ROOT + "vendor/a.wasm");
const same = wasm === answered[0];
const type = wasm.headers.get("content-type");
const wasmBytes = (await wasm.arrayBuffer()).byteLength;
await new Promise((resolve) => setTimeout(resolve, 10));  // the clone's reader catches up
const afterWasm = reports.at(-1);
await (await fetch(new URL(ROOT + "vendor/b.zip"))).arrayBuffer();
await new Promise((resolve) => setTimeout(resolve, 10));
const before = reports.length;
const other = await (await fetch(ROOT + "index.html")).text();
const missing = await fetch(ROOT + "vendor/missing.zip");
const otherCounted = reports.length !== before;
stop();
const stopped = globalThis.fetch === standIn;
globalThis.fetch = realFetch;
console.log(JSON.stringify({same, type, wasmBytes, afterWasm, last: reports.at(-1), first: reports[0], otherCounted,
                            otherLength: other.length, missingStatus: missing.status, stopped}));
"""


def test_the_bar_follows_the_bytes_weighed_by_their_size_on_the_link():
    if shutil.which("node") is None:
        pytest.skip("needs node")
    script = SCRIPT % {"module": (ROOT / "web" / "download-progress.mjs").as_uri()}
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60, check=True
    )
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["same"], "the browser's own answer, not a copy (instantiateStreaming's code cache needs it)"
    assert out["type"] == "application/wasm" and out["wasmBytes"] == 1000
    assert out["first"] == [75 / 800, 75, 800]  # a quarter of the wasm: a quarter of its 300 bytes
    assert out["afterWasm"] == [300 / 800, 300, 800]
    assert out["last"] == [1, 800, 800]
    assert not out["otherCounted"] and out["otherLength"] > 0 and out["missingStatus"] == 404
    assert out["stopped"]  # the browser's fetch is back
