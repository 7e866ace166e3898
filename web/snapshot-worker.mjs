// Makes this build's memory snapshot in a module worker, off the page's main thread: the vendored
// Pyodide started with `_makeSnapshot`, the site's files laid out and the game's modules imported
// as web/snapshot.mjs's makeSnapshot does (tools/make_snapshot.mjs does the same under Node at
// build time), then the snapshot kept in Cache Storage for the next visit. Pyodide's wasm and
// stdlib come from the cache the page's interpreter kept them in (web/runtime-files.mjs), or are
// downloaded the way it downloaded them (`how`): never a second time in another form.
import {loadPyodide} from "../vendor/pyodide/pyodide.mjs";
import {RUNTIME} from "./build.mjs";
import {runtimeCache, servingRuntime} from "./runtime-files.mjs";
import {makeSnapshot, storeSnapshot} from "./snapshot.mjs";
import {withoutStackSwitching} from "./stack-switching.mjs";

async function make({url, root, sources, how}) {
  withoutStackSwitching();  // as the page that restores it
  const cache = await runtimeCache(RUNTIME, root);
  const stopServing = servingRuntime(RUNTIME.files.map((file) => new URL(file, root).href), cache, how);
  let pyodide;
  try {
    pyodide = await loadPyodide({indexURL: new URL("vendor/pyodide/", root).href, _makeSnapshot: true});
  } finally {
    stopServing();
  }
  const config = await (await fetch(new URL("pyscript.json", root))).json();
  const read = async (file) => {
    const response = await fetch(new URL(file, root));
    if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
    return response.arrayBuffer();
  };
  const bytes = await makeSnapshot(pyodide, config, read, sources);
  const size = bytes.length;
  // Freed once packed: the rest of the store holds the packed copy only (the first visit's peak).
  await storeSnapshot({caches, subtle: crypto.subtle}, url, root, bytes, true);
  return size;
}

addEventListener("message", (event) => {
  make(event.data).then(
    (size) => postMessage({stored: true, size}),
    (error) => postMessage({stored: false, error: String(error && error.stack || error)}));
});
