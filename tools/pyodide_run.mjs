// Runs Python code on the vendored Pyodide under Node, with this repository's `hearts`
// package on sys.path, and prints the value of the code's last expression.
// Usage: node tools/pyodide_run.mjs FILE.py   (used by tests/test_pyodide_parity.py)
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pyodide = await loadPyodide({ indexURL: path.join(root, "node_modules/pyodide") + "/" });
const target = "/lib/project/hearts";
for (const directory of ["", "ai"]) {
  const source = path.join(root, "hearts", directory);
  if (!fs.existsSync(source)) continue;
  pyodide.FS.mkdirTree(path.posix.join(target, directory));
  for (const name of fs.readdirSync(source)) {
    if (name.endsWith(".py")) {
      pyodide.FS.writeFile(path.posix.join(target, directory, name), fs.readFileSync(path.join(source, name)));
    }
  }
}
pyodide.runPython("import sys; sys.path.insert(0, '/lib/project')");
const result = await pyodide.runPythonAsync(fs.readFileSync(process.argv[2], "utf8"));
console.log(String(result));
