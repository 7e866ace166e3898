// Runs Python code on the vendored Pyodide under Node, with this repository's `hearts`
// package on sys.path, and prints the value of the code's last expression.
// Usage: node tools/pyodide_run.mjs FILE.py   (used by tests/test_pyodide_parity.py)
//        node tools/pyodide_run.mjs - < FILE.py   (the program on stdin: lab.hint_agreement, tools/bench_review.py)
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pyodide = await loadPyodide({ indexURL: path.join(root, "node_modules/pyodide") + "/" });
const target = "/lib/project/hearts";
// The package and its subpackages (hearts/game, ai, table): every .py file, at its path.
function copyPackage(directory) {
  pyodide.FS.mkdirTree(path.posix.join(target, directory));
  for (const entry of fs.readdirSync(path.join(root, "hearts", directory), { withFileTypes: true })) {
    const relative = path.posix.join(directory, entry.name);
    if (entry.isDirectory() && fs.existsSync(path.join(root, "hearts", relative, "__init__.py"))) {
      copyPackage(relative);
    } else if (entry.isFile() && entry.name.endsWith(".py")) {
      pyodide.FS.writeFile(path.posix.join(target, relative), fs.readFileSync(path.join(root, "hearts", relative)));
    }
  }
}
copyPackage("");
pyodide.runPython("import sys; sys.path.insert(0, '/lib/project')");
const program = process.argv[2] === "-" ? 0 : process.argv[2]; // 0: stdin's file descriptor
const result = await pyodide.runPythonAsync(fs.readFileSync(program, "utf8"));
console.log(String(result));
