"""The built site and its wheel hold nothing of lab/: above all not xinxin (lab/xinxin/, GPL-3.0),
which the lab builds from source and which must never ship."""

from __future__ import annotations

import zipfile

import pytest

from browser_harness import SITE


def test_the_wheel_holds_only_the_hearts_package() -> None:
    wheels = list(SITE.glob("*.whl"))
    if not wheels:
        pytest.fail("_site/ is not built: run `make site` (make e2e does)")
    for wheel in wheels:
        names = zipfile.ZipFile(wheel).namelist()
        assert names and all(name.startswith(("hearts/", "hearts-")) for name in names), names


def test_no_file_of_the_site_comes_from_the_lab() -> None:
    paths = [path.relative_to(SITE) for path in SITE.rglob("*")]
    assert paths
    assert not [path for path in paths if "xinxin" in str(path).lower() or "lab" in path.parts], paths
    assert not [path for path in paths if path.suffix in (".cpp", ".h", ".o")]
