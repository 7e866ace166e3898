// Makes this build's memory snapshot in a module worker, off the page's main thread: the vendored
// Pyodide started with `_makeSnapshot`, the site's files laid out and the game's modules imported
// as web/snapshot.mjs's makeSnapshot does (tools/make_snapshot.mjs does the same under Node at
// build time), then the snapshot kept in Cache Storage for the next visit. Pyodide's wasm comes
// compiled from PyScript's worker where the browser can send it. The stdlib, and the wasm where it
// cannot, come from the cache the page's interpreter kept them in (web/runtime-files.mjs), or are
// downloaded the way it downloaded them (`how`): never a second time in another form.
import {loadPyodide} from "../vendor/pyodide/pyodide.mjs";
import {RUNTIME} from "./build.mjs";
import {handingOver, withoutFetchingTheWasm} from "./handover.mjs";
import {runtimeCache, servingRuntime} from "./runtime-files.mjs";
import {Sha256} from "./sha256.mjs";
import {makeSnapshot, storeSnapshot} from "./snapshot.mjs";
import {withoutStackSwitching} from "./stack-switching.mjs";

async function make({url, root, sources, how, wasm}) {
  withoutStackSwitching();  // as the page that restores it
  const cache = await runtimeCache(RUNTIME, root);
  const stopServing = servingRuntime(RUNTIME.files.map((file) => new URL(file, root).href), cache, how);
  const settings = {indexURL: new URL("vendor/pyodide/", root).href, _makeSnapshot: true};
  let pyodide;
  let handed = false;
  try {
    if (wasm) {
      try {
        pyodide = await fromModule(settings, root, wasm, () => { handed = true; });
      } catch (error) {  // a module this worker cannot instantiate: Pyodide compiles its own
        console.warn("the handed wasm module not used:", error);
        handed = false;
      }
    }
    pyodide ||= await loadPyodide(settings);
  } finally {
    stopServing();
  }
  const config = await (await fetch(new URL("pyscript.json", root))).json();
  const read = async (file) => {
    const response = await fetch(new URL(file, root));
    if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
    return response.arrayBuffer();
  };
  // Packed and stored from the wasm memory itself, never copied whole (the first visit's peak).
  const parts = await makeSnapshot(pyodide, config, read, sources);
  await storeSnapshot({caches, Sha256}, url, root, parts);
  return {handed};
}

// Pyodide instantiated from `wasm`, the module PyScript's worker compiled (web/handover.mjs's
// instantiatedFrom), not compiled again: compiling it here was the first visit's memory peak.
// `used()` once it is. Its factory imported as Pyodide would import it, at the same moment (V8
// keeps the code this start compiles for return visits: web/sw-register.js's heartsControlled).
async function fromModule(settings, root, wasm, used) {
  const {default: create} = await import("../vendor/pyodide/pyodide.asm.mjs");
  const wasmUrl = new URL("vendor/pyodide/pyodide.asm.wasm", root).href;
  return withoutFetchingTheWasm(() => loadPyodide(handingOver(settings, create, used)), wasmUrl, wasm);
}

// A request that could not be received (a module this browser cannot send after all): say so, so
// that the page does not wait for good.
addEventListener("messageerror", () => postMessage({stored: false, error: "the request could not be received"}));

addEventListener("message", (event) => {
  make(event.data).then(
    (made) => postMessage({stored: true, ...made}),
    (error) => postMessage({stored: false, error: String(error && error.stack || error)}));
});
