"""The build's memory snapshot (tools/build_snapshot.py): packed where the page looks for it and
described so the page can check it. Making it runs the vendored Pyodide under Node on every
`make site`; e2e/test_snapshot.py restores it in Chromium."""

from __future__ import annotations

import gzip
import hashlib
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import build_site  # noqa: E402
import build_snapshot  # noqa: E402

RAW = bytes(range(256)) * 1000


def test_the_snapshot_is_gzip_named_by_the_build_key_and_described_uncompressed_with_its_base(tmp_path):
    base = {"pages": [[0, 3]], "checksum": 7}
    made = build_snapshot.pack(tmp_path, "1.0.0-abc", RAW, base)
    assert made == {
        "file": "snapshot/1.0.0-abc.bin.gz",
        "length": len(RAW),
        "sha256": hashlib.sha256(RAW).hexdigest(),
        "base": base,
    }
    packed = (tmp_path / made["file"]).read_bytes()
    assert packed[:2] == b"\x1f\x8b" and gzip.decompress(packed) == RAW
    assert len(packed) < len(RAW) / 10


def test_packing_the_same_snapshot_twice_gives_the_same_file(tmp_path):
    """No build time in the gzip header: equal snapshots, equal files (and service-worker caches)."""
    first = tmp_path / "a"
    second = tmp_path / "b"
    build_snapshot.pack(first, "k", RAW)
    build_snapshot.pack(second, "k", RAW)
    assert (first / "snapshot/k.bin.gz").read_bytes() == (second / "snapshot/k.bin.gz").read_bytes()


def test_the_build_module_gets_the_key_and_the_description(tmp_path):
    (tmp_path / "web").mkdir()
    source = (build_site.ROOT / build_site.BUILD_MODULE).read_text(encoding="utf-8")
    (tmp_path / build_site.BUILD_MODULE).write_text(source, encoding="utf-8")
    made = {"file": "snapshot/1.0.0-abc.bin.gz", "length": 3, "sha256": "00"}
    for path in (*build_site.DOWNLOADED, "hearts.whl"):
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_bytes(b"a" * 1000)
    build_site.write_build_module(tmp_path, "1.0.0-abc", made, "hearts.whl")
    written = (tmp_path / build_site.BUILD_MODULE).read_text(encoding="utf-8")
    assert 'export const BUILD = "1.0.0-abc";' in written
    assert f"export const BUILT = {json.dumps(made)};" in written
    downloads = json.loads(written.split("export const DOWNLOADS = ")[1].split(";")[0])
    assert downloads["hearts.whl"][0] == 1000 and 0 < downloads["hearts.whl"][1] < 100  # as a gzipping host sends it
    assert set(downloads) == {*build_site.DOWNLOADED, "hearts.whl"}
    assert "{{" not in written


def test_the_build_key_changes_with_the_snapshot_maker_and_what_bases_it(tmp_path, monkeypatch):
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "snapshot.mjs").write_bytes(b"decide")
    maker = tmp_path / "make_snapshot.mjs"
    base = tmp_path / "snapshot_base.mjs"
    maker.write_bytes(b"make")
    base.write_bytes(b"base")
    monkeypatch.setattr(build_site, "SNAPSHOT_MAKERS", (maker, base))
    first = build_site.snapshot_build(tmp_path, "1.0.0")
    maker.write_bytes(b"make, edited")
    second = build_site.snapshot_build(tmp_path, "1.0.0")
    base.write_bytes(b"base, edited")
    assert len({first, second, build_site.snapshot_build(tmp_path, "1.0.0")}) == 3


def test_the_build_answers_help_and_refuses_unknown_arguments_before_touching_the_site(monkeypatch, capsys) -> None:
    monkeypatch.setattr(build_site, "SITE", Path("/nonexistent/site-that-must-not-be-touched"))
    with pytest.raises(SystemExit) as helped:
        build_site.main(["--help"])
    assert helped.value.code == 0 and "Build the static site" in capsys.readouterr().out
    with pytest.raises(SystemExit) as refused:
        build_site.main(["--bogus"])
    assert refused.value.code == 2 and "unrecognized arguments: --bogus" in capsys.readouterr().err
