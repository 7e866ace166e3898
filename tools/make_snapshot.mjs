// Makes the build's memory snapshot under Node: the site's own vendored Pyodide started with
// `_makeSnapshot`, its files laid out and the game's modules imported by the very code the page's
// worker runs (web/snapshot.mjs's makeSnapshot), so a first visit over a fast link can restore
// it instead of starting Python (web/interpreter.mjs). tools/build_site.py runs it.
// Usage: node tools/make_snapshot.mjs SITE OUT
import fs from "node:fs";
import path from "node:path";
import {pathToFileURL} from "node:url";

const [site, out] = process.argv.slice(2).map((arg) => path.resolve(arg));
const {loadPyodide} = await import(pathToFileURL(path.join(site, "vendor/pyodide/pyodide.mjs")).href);
const {makeSnapshot} = await import(pathToFileURL(path.join(site, "web/snapshot.mjs")).href);

const pyodide = await loadPyodide({indexURL: path.join(site, "vendor/pyodide") + "/", _makeSnapshot: true});
const config = JSON.parse(fs.readFileSync(path.join(site, "pyscript.json"), "utf8"));
// A Uint8Array of the file's own bytes: unpackArchive refuses a Node Buffer.
const read = (file) => new Uint8Array(fs.readFileSync(path.join(site, file)));
fs.writeFileSync(out, await makeSnapshot(pyodide, config, read));
