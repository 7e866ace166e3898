"""Build the static site into ``_site/``: the page, the thin web layer, the ``hearts`` wheel
and only those runtime files of Pyodide and PyScript that the page loads.

Run with the project's venv (``make site``). Every URL in the output is relative, so the
directory can be served from any sub-path.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import html
import json
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

import build_snapshot
import bytecode
import notices
import pwa
import stdlib_cut
import xz_files

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_site"
NODE = ROOT / "node_modules"

# What Pyodide fetches when it boots: the loader, the module, the wasm, the stdlib and the
# lock file it reads for its own version check. Nothing else (no packages, no source maps).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# PyScript's plugins the page leaves off: editors, terminals, games and the donkey it never uses,
# the check for pages that load PyScript from its CDN, and the error banner (the page shows its
# own readable error with a restart button). PyScript takes the list from a <py-config> or
# <mpy-config> element (index.html), one per interpreter type, and never from a worker script's
# config file: named only in pyscript.json, all six were imported on every visit and py-editor's
# MutationObserver watched the table (docs/log/startup-2026-12-03.md).
PLUGINS_OFF = ("deprecations-manager", "donkey", "error", "py-editor", "py-game", "py-terminal")
# What index.html's two elements hold: PyScript's config format for leaving a plugin off.
PLUGINS_CONFIG = {"plugins": [f"!{name}" for name in PLUGINS_OFF]}
# PyScript's entry, its core chunk, the error plugin (imported even when off, to hide itself) and
# the unzipper for the wheel.
PYSCRIPT_CHUNKS = ("core", "error", "zip")
SOURCE_MAP_COMMENT = re.compile(rb"\n?//# sourceMappingURL=\S+\s*$")
PLACEHOLDER = re.compile(r"\{\{([a-z0-9_.]+)\}\}")
# The interpreter module pyscript.json names: the vendored Pyodide, started from a memory
# snapshot (web/interpreter.mjs).
INTERPRETER = "web/interpreter.mjs"
# Where this build's snapshot key and a description of the snapshot the build made
# (tools/build_snapshot.py) are written, for the interpreter module and web/prefetch.mjs.
BUILD_MODULE = "web/build.mjs"
SNAPSHOT_KEY = "{{snapshot.build}}"
SNAPSHOT_FILE = "{{snapshot.file}}"
DOWNLOADS = "{{downloads}}"
RUNTIME = "{{runtime}}"
#: What the worker fetches on a first visit, besides the wheel: its progress is shown by bytes.
DOWNLOADED = (
    *xz_files.RUNTIME_FILES,
    *(f"{name}{xz_files.SUFFIX}" for name in xz_files.RUNTIME_FILES),
    "vendor/pyodide/pyodide-lock.json",
)
#: Where the page keeps the runtime files decoded from their .xz (web/runtime-files.mjs): a cache
#: named by a hash of their bytes, so that builds with the same runtime share it.
RUNTIME_CACHE_PREFIX = "hearts.runtime-"
#: The xz decoder (npm's xz-decompress, a CommonJS bundle), vendored as an ES module.
XZ_DECODER = NODE / "xz-decompress" / "dist" / "package" / "xz-decompress.min.js"
XZ_MODULE = "vendor/xz/xz-decompress.mjs"
#: The page's browser layer: web/start.py, the script PyScript runs, imports main.py, which
#: imports dom.py and browser.py; PyScript puts them all in its working directory.
WEB_MODULES = ("main.py", "dom.py", "browser.py")
# What a memory snapshot holds or depends on: the runtime, the wheel, and the code that makes it.
SNAPSHOT_INPUTS = (
    "vendor/pyodide/*",
    "*.whl",
    "web/snapshot-worker.mjs",
    "web/snapshot.mjs",
    "web/handover.mjs",
    "web/precompiled.py",
)
#: The build's own snapshot maker and what bases its snapshot, outside the site but inputs too.
SNAPSHOT_MAKERS = (build_snapshot.MAKER, build_snapshot.BASE)


def project_version() -> str:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return data["project"]["version"]


def build_wheel(out: Path) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", tmp, str(ROOT)],
            check=True,
        )
        wheels = list(Path(tmp).glob("hearts-*-py3-none-any.whl"))
        if len(wheels) != 1:
            raise SystemExit(f"expected one hearts wheel, got {wheels}")
        shutil.copy2(wheels[0], out / wheels[0].name)
        return wheels[0].name


#: Said at the end of a vendored file the build changed, as Apache-2.0 (PyScript) §4(b) asks of a
#: modified file; a block comment is one in both JavaScript and CSS.
MODIFIED_NOTICE = b"/* Modified by the hearts site build (tools/build_site.py): its source-map comment removed. */\n"


def copy_without_source_map(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    data = source.read_bytes()
    if source.suffix in (".js", ".mjs", ".css"):
        stripped = SOURCE_MAP_COMMENT.sub(b"\n", data)
        data = data if stripped == data else stripped + MODIFIED_NOTICE
    target.write_bytes(data)


#: Pyodide's lock file describes its 357 packages (119 kB), of which the page loads none: the
#: loader reads it at start for its version check (``info``) and to find packages by name.
LOCK_FILE = "pyodide-lock.json"


def used_lock(lock: bytes) -> bytes:
    """The lock file with only what the page uses: its ``info``, and no packages."""
    data = json.loads(lock)
    return json.dumps({"info": data["info"], "packages": {}}, separators=(",", ":")).encode()


def vendor_runtime(out: Path) -> None:
    pyodide = NODE / "pyodide"
    for name in PYODIDE_FILES:
        copy_without_source_map(pyodide / name, out / "vendor" / "pyodide" / name)
    lock = out / "vendor" / "pyodide" / LOCK_FILE
    lock.write_bytes(used_lock(lock.read_bytes()))
    dist = NODE / "@pyscript" / "core" / "dist"
    wanted = [dist / "core.js"]
    for chunk in PYSCRIPT_CHUNKS:
        wanted += dist.glob(f"{chunk}-*.js")
    for source in wanted:
        copy_without_source_map(source, out / "vendor" / "pyscript" / source.name)


def vendor_decoder(out: Path) -> None:
    """xz-decompress's bundle as an ES module, which a module worker can import: the bundle, its
    licence banner first, run with a CommonJS ``module`` of its own (it asks ``require`` only for
    Node's streams, which it uses when there is no global ``ReadableStream``)."""
    target = out / XZ_MODULE
    target.parent.mkdir(parents=True, exist_ok=True)
    bundle = XZ_DECODER.read_text(encoding="utf-8")
    target.write_text(
        "const module = {exports: {}}, exports = module.exports, require = () => ({});\n"
        f"{bundle}\nexport const {{XzReadableStream}} = module.exports;\n"
        "/* Modified by the hearts site build (tools/build_site.py): wrapped as an ES module. */\n",
        encoding="utf-8",
    )


def page_strings() -> dict[str, str]:
    """The strings the page shows before Python runs, taken from hearts/game/strings.py."""
    sys.path.insert(0, str(ROOT))
    from hearts.game import strings

    return strings.STRINGS[strings.DEFAULT_LANGUAGE]


def every_language(keys: set[str]) -> str:
    """The page's own strings (``keys``) in every language, as JSON for a data block: the
    loading and error screens show before Python runs, in the language the player chose."""
    from hearts.game import strings

    table = {language: {key: strings.STRINGS[language][key] for key in sorted(keys)} for language in strings.LANGUAGES}
    return json.dumps(table, ensure_ascii=False).replace("</", "<\\/")


def render_index(out: Path, version: str) -> None:
    strings = page_strings()
    source = (ROOT / "index.html").read_text(encoding="utf-8")
    keys = {key for key in PLACEHOLDER.findall(source) if key in strings}

    def fill(match: re.Match[str]) -> str:
        key = match.group(1)
        if key == "page_strings":
            return every_language(keys)
        if key == "plugins_config":
            return json.dumps(PLUGINS_CONFIG)
        return version if key == "version" else html.escape(strings[key])

    page = PLACEHOLDER.sub(fill, source)
    (out / "index.html").write_text(page, encoding="utf-8")


def snapshot_build(out: Path, version: str) -> str:
    """``<version>-<hash>`` of every file a snapshot depends on: a new build of any of them
    never starts from an older build's snapshot."""
    digest = hashlib.sha256()
    for pattern in SNAPSHOT_INPUTS:
        # Not the .xz files: written meanwhile (xz_files.start), they are the others' copies.
        for path in sorted(path for path in out.glob(pattern) if path.suffix != xz_files.SUFFIX):
            digest.update(path.relative_to(out).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    for maker in SNAPSHOT_MAKERS:
        digest.update(maker.read_bytes())
    return f"{version}-{digest.hexdigest()[:16]}"


def downloads(out: Path, wheel: str) -> dict[str, list[int]]:
    """{path: [bytes, bytes gzipped as a host sends them]} of what the worker downloads."""
    sizes = {}
    for path in (*DOWNLOADED, wheel):
        data = (out / path).read_bytes()
        sizes[path] = [len(data), min(len(data), len(gzip.compress(data, compresslevel=6, mtime=0)))]
    return sizes


def runtime(out: Path) -> dict[str, object]:
    """{cache, prefix, files}: the cache the page keeps the runtime files in once decoded, and those files
    (relative to the site), for web/runtime-files.mjs and the service worker."""
    digest = hashlib.sha256()
    for name in xz_files.RUNTIME_FILES:
        digest.update(name.encode() + b"\0" + (out / name).read_bytes() + b"\0")
    return {
        "cache": f"{RUNTIME_CACHE_PREFIX}{digest.hexdigest()[:16]}",
        "prefix": RUNTIME_CACHE_PREFIX,
        "files": list(xz_files.RUNTIME_FILES),
    }


def write_build_module(
    out: Path, build: str, made: dict[str, object], wheel: str, kept: dict[str, object] | None = None
) -> None:
    """Put the build key, the build's snapshot (file, length, SHA-256), what a first visit
    downloads and where the runtime files are kept decoded (``kept``: ``runtime(out)`` unless
    given) into the module."""
    module = out / BUILD_MODULE
    source = module.read_text(encoding="utf-8")
    for placeholder in (SNAPSHOT_KEY, SNAPSHOT_FILE, DOWNLOADS, RUNTIME):
        if source.count(placeholder) != 1:
            raise SystemExit(f"{BUILD_MODULE} must hold {placeholder} once")
    source = source.replace(SNAPSHOT_KEY, build).replace(SNAPSHOT_FILE, json.dumps(made))
    source = source.replace(DOWNLOADS, json.dumps(downloads(out, wheel)))
    source = source.replace(RUNTIME, json.dumps(kept if kept is not None else runtime(out)))
    module.write_text(source, encoding="utf-8")


def write_config(out: Path, wheel: str) -> None:
    config = {
        "interpreter": f"./{INTERPRETER}",
        # web/'s own modules in the working directory, where start.py and main.py import them.
        "files": {f"./{wheel}": "./*", **{f"./web/{name}": f"./{name}" for name in WEB_MODULES}},
        # The worker (index.html) and the page only exchange messages: no synchronous calls from
        # the worker into the page, so no SharedArrayBuffer and no cross-origin isolation needed.
        "sync_main_only": True,
    }
    (out / "pyscript.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    # No options: the parser only answers --help and refuses anything else before _site/ is
    # removed (an unknown argument used to be ignored and the site rebuilt from the tree).
    argparse.ArgumentParser(description=__doc__).parse_args(argv)
    if not (NODE / "pyodide").is_dir():
        raise SystemExit("node_modules missing: run `npm ci` (make site does)")
    if SITE.exists():
        shutil.rmtree(SITE)
    SITE.mkdir()
    version = project_version()
    wheel = build_wheel(SITE)
    bytecode.add_bytecode(SITE / wheel)
    vendor_runtime(SITE)
    wasm, stdlib = xz_files.RUNTIME_FILES
    compressing = [xz_files.start(SITE, wasm)]
    vendor_decoder(SITE)
    shutil.copytree(ROOT / "web", SITE / "web", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    stdlib_cut.cut_stdlib(SITE, wheel)
    compressing.append(xz_files.start(SITE, stdlib))
    write_config(SITE, wheel)
    build = snapshot_build(SITE, version)
    made = build_snapshot.make(SITE, build)
    for done in compressing:
        done.result()
    kept = runtime(SITE)  # hashes the 12.6 MB of the runtime files: once, for the module and sw.js
    write_build_module(SITE, build, made, wheel, kept)
    render_index(SITE, version)
    notices.write(SITE)
    pwa.build(SITE, version, kept)
    total = sum(p.stat().st_size for p in SITE.rglob("*") if p.is_file())
    print(f"built {SITE.relative_to(ROOT)}/ ({total / 1e6:.1f} MB) with {wheel}")


if __name__ == "__main__":
    main()
