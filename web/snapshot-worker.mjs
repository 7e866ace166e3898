// Makes this build's memory snapshot in a module worker, off the page's main thread: the vendored
// Pyodide started with `_makeSnapshot`, the wheel laid out exactly as PyScript's "./*" does
// (unpacked into the working directory, /home/pyodide), the modules web/main.py needs imported,
// then `makeMemorySnapshot()` kept in Cache Storage (web/snapshot.mjs) for the next visit.
// Nothing here touches `js` or the DOM: a snapshot may only hold plain Python state.
import {loadPyodide} from "../vendor/pyodide/pyodide.mjs";
import {storeSnapshot} from "./snapshot.mjs";

// What web/main.py imports (but PyScript's own `pyscript`, which only the page has), and the
// bots, which it loads just after the table shows. tests/test_snapshot.py keeps this in step.
export const MODULES = ["contextlib", "datetime", "json", "os", "re", "traceback", "html", "typing", "urllib.parse", "hearts", "hearts.markup", "hearts.pace", "hearts.settings", "hearts.sounds", "hearts.state", "hearts.strings", "hearts.table", "hearts.ai"];

async function make({url, root}) {
  const pyodide = await loadPyodide({indexURL: new URL("vendor/pyodide/", root).href, _makeSnapshot: true});
  if (typeof pyodide.makeMemorySnapshot !== "function") throw new Error("no makeMemorySnapshot");
  const config = await (await fetch(new URL("pyscript.json", root))).json();
  for (const [file, target] of Object.entries(config.files || {})) {
    // web/'s own modules (dom.py, browser.py) import pyscript, which only the page has: not here.
    if (file.startsWith("./web/") && file.endsWith(".py")) continue;
    if (target !== "./*") throw new Error(`unexpected files entry ${file}: ${target}`);
    const archive = await (await fetch(new URL(file, root))).arrayBuffer();
    pyodide.unpackArchive(archive, file.split(".").pop(), {extractDir: "./"});
  }
  pyodide.runPython(MODULES.map((name) => `import ${name}`).join("\n"));
  const bytes = pyodide.makeMemorySnapshot();
  await storeSnapshot({caches, subtle: crypto.subtle}, url, root, bytes);
  return bytes.length;
}

addEventListener("message", (event) => {
  make(event.data).then(
    (size) => postMessage({stored: true, size}),
    (error) => postMessage({stored: false, error: String(error && error.stack || error)}));
});
