"""The Content Security Policy in index.html: this origin only, no inline code, and the one
exception PyScript still needs."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">')


def policy() -> dict[str, list[str]]:
    found = META.findall((ROOT / "index.html").read_text(encoding="utf-8"))
    assert len(found) == 1, "index.html has exactly one Content-Security-Policy meta tag"
    directives = {}
    for part in found[0].split(";"):
        name, *sources = part.split()
        directives[name] = sources
    return directives


def test_the_policy_comes_before_any_script_or_stylesheet():
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    meta = page.index("Content-Security-Policy")
    assert meta < page.index("<script") and meta < page.index("<link")


def test_everything_comes_from_this_origin_only():
    directives = policy()
    assert directives["default-src"] == ["'self'"]
    for name, sources in directives.items():
        for source in sources:
            if (name, source) == ("worker-src", "blob:"):
                continue  # PyScript's worker: test_workers_may_start_from_blob_urls_for_pyscript
            assert source.startswith("'"), f"{name} names a host or scheme: {source}"
    assert directives["object-src"] == ["'none'"] and directives["base-uri"] == ["'none'"]


def test_no_inline_script_or_style():
    for name, sources in policy().items():
        assert "'unsafe-inline'" not in sources, name
        assert "'unsafe-hashes'" not in sources, name


def test_scripts_may_compile_webassembly_and_evaluate_only_for_pyscript():
    assert policy()["script-src"] == ["'self'", "'wasm-unsafe-eval'", "'unsafe-eval'"]


def test_workers_may_start_from_blob_urls_for_pyscript():
    """The game's Python runs in PyScript's worker (index.html), and PyScript 0.7 starts its
    workers from a blob: URL of code it carries. When an upgrade stops that, drop ``blob:``."""
    assert policy()["worker-src"] == ["'self'", "blob:"]
    assert "worker" in (ROOT / "index.html").read_text(encoding="utf-8").split('<script type="py"', 1)[1].split(">")[0]
    cores = list((ROOT / "node_modules" / "@pyscript" / "core" / "dist").glob("core-*.js"))
    assert any('createObjectURL(new Blob(["/*@*/"+' in core.read_text(encoding="utf-8") for core in cores)


def test_pyscript_still_needs_unsafe_eval():
    """PyScript 0.7 composes its worker hooks with the Function constructor while it defines the
    <script type="py"> type, on every page. When an upgrade drops that, drop 'unsafe-eval'."""
    cores = list((ROOT / "node_modules" / "@pyscript" / "core" / "dist").glob("core-*.js"))
    assert cores, "node_modules is installed (make unit does it)"
    assert any("return Function(`return(w,x)=>" in core.read_text(encoding="utf-8") for core in cores)
