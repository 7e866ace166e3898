"""web/wasm-watch.mjs under Node: a start whose wasm cannot be fetched fails, instead of waiting
for good as Pyodide's own loader does (it swallows the error inside Emscripten's instantiateWasm
hook). The stand-in for Pyodide below does what Pyodide 314 does: it asks for the wasm after its
first await and then awaits the response behind a catch that never settles. The browser test is
e2e/test_hardening.py's missing wasm (a refused request and a 404)."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from tests.node import ROOT

SCRIPT = r"""
import {WasmUnavailable, failingWithTheWasm} from "%(module)s";
const WASM = "https://example.org/vendor/pyodide/pyodide.asm.wasm";
const realFetch = globalThis.fetch;

// Pyodide's start as far as the wasm goes: fetched after an await, its failure swallowed.
function pyodideLike(request = (url) => fetch(url)) {
  return async () => {
    await null;
    const response = request(WASM);
    try {
      const answer = await response;
      if (!answer.ok) throw new TypeError("bad response");
      return "started";
    } catch (error) {
      return new Promise(() => {});  // "wasm instantiation failed!", and nothing else
    }
  };
}

async function outcome(answer, request) {
  const browserFetch = async (resource) => answer(String(resource && resource.url || resource));
  globalThis.fetch = browserFetch;
  const settled = failingWithTheWasm(pyodideLike(request), WASM).then(
    (value) => ["started", value],
    (error) => [error instanceof WasmUnavailable ? "unavailable" : "other", error.message]);
  const timeout = new Promise((resolve) => setTimeout(() => resolve(["still waiting"]), 200));
  const result = await Promise.race([settled, timeout]);
  const unwatched = globalThis.fetch === browserFetch || "fetch still watched";
  globalThis.fetch = realFetch;
  return [...result, unwatched];
}

const out = {};
out.refused = await outcome(() => { throw new TypeError("Failed to fetch"); });
out.notFound = await outcome(() => ({ok: false, status: 404}));
out.fine = await outcome(() => ({ok: true, status: 200}));
out.asUrl = await outcome(() => ({ok: false, status: 503}), (url) => fetch(new URL(url)));
out.asRequest = await outcome(() => ({ok: false, status: 500}), (url) => fetch({url}));
// Another file failing is not this watch's business: the start's own outcome stands.
out.otherFile = await outcome((url) => url === WASM ? {ok: true, status: 200} : {ok: false, status: 404},
                              (url) => { fetch(url + ".map"); return fetch(url); });
console.log(JSON.stringify(out));
"""


def test_a_wasm_that_cannot_be_fetched_fails_the_start_and_the_watch_ends():
    if shutil.which("node") is None:
        pytest.skip("needs node")
    script = SCRIPT % {"module": (ROOT / "web" / "wasm-watch.mjs").as_uri()}
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60, check=True
    )
    out = json.loads(done.stdout.strip().splitlines()[-1])
    wasm = "https://example.org/vendor/pyodide/pyodide.asm.wasm"
    # The fetch functions below stand in for the browser's; each run restores the real one.
    assert out["refused"] == ["unavailable", f"{wasm}: TypeError: Failed to fetch", True]
    assert out["notFound"] == ["unavailable", f"{wasm}: HTTP 404", True]
    assert out["fine"] == ["started", "started", True]
    assert out["asUrl"] == ["unavailable", f"{wasm}: HTTP 503", True]
    assert out["asRequest"] == ["unavailable", f"{wasm}: HTTP 500", True]
    assert out["otherFile"] == ["started", "started", True]
