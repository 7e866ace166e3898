// Makes the build's memory snapshot under Node: the site's own vendored Pyodide started with
// `_makeSnapshot`, its files laid out and the game's modules imported by the very code the page's
// worker runs (web/snapshot.mjs's makeSnapshot), so a first visit over a fast link can restore
// it instead of starting Python (web/interpreter.mjs). It is written based on the memory the wasm
// starts with (tools/snapshot_base.mjs), and that base, as JSON, beside it (OUT.json).
// tools/build_site.py runs it.
// Usage: node tools/make_snapshot.mjs SITE OUT
import fs from "node:fs";
import path from "node:path";
import {pathToFileURL} from "node:url";
import {based, initialMemory, memoryAtRestore} from "./snapshot_base.mjs";

const [site, out] = process.argv.slice(2).map((arg) => path.resolve(arg));
const vendor = path.join(site, "vendor/pyodide");
const {loadPyodide} = await import(pathToFileURL(path.join(vendor, "pyodide.mjs")).href);
const {default: create} = await import(pathToFileURL(path.join(vendor, "pyodide.asm.mjs")).href);
const {joined, makeSnapshot} = await import(pathToFileURL(path.join(site, "web/snapshot.mjs")).href);

const pyodide = await loadPyodide({indexURL: vendor + "/", _makeSnapshot: true});
const config = JSON.parse(fs.readFileSync(path.join(site, "pyscript.json"), "utf8"));
// A Uint8Array of the file's own bytes: unpackArchive refuses a Node Buffer.
const read = (file) => new Uint8Array(fs.readFileSync(path.join(site, file)));
const snapshot = joined(await makeSnapshot(pyodide, config, read));
const before = await memoryAtRestore(loadPyodide, create, vendor + "/", snapshot);
const initial = initialMemory(read("vendor/pyodide/pyodide.asm.wasm"), before.memory.length);
const {bytes, base} = based(snapshot, initial, before);
fs.writeFileSync(out, bytes);
fs.writeFileSync(`${out}.json`, JSON.stringify(base));
