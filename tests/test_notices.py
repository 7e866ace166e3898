"""The licences the site carries (tools/notices.py): every component it ships is listed with its
licence and, where its package has one, the licence's text; the service worker keeps them for
offline; 「玩法」 links to the page in every language. e2e/test_rules_panel.py follows the link."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from hearts.game.strings import LANGUAGES, text
from hearts.table.markup import panel_html
from hearts.table.panels import LICENSES_PAGE, rules_panel

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import build_site  # noqa: E402
import notices  # noqa: E402
import pwa  # noqa: E402


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    site = tmp_path_factory.mktemp("site")
    return site, notices.write(site)


def test_every_component_shipped_is_listed_with_its_licence(site: tuple[Path, list[str]]) -> None:
    folder, written = site
    page = re.sub(r"<[^>]+>", "", (folder / LICENSES_PAGE).read_text(encoding="utf-8"))  # the words shown
    lock = json.loads((notices.ROOT / "package-lock.json").read_text(encoding="utf-8"))["packages"]
    for path in notices.pyscript_packages(lock):
        assert f"{path.rsplit('node_modules/', 1)[1]} {lock[path]['version']} · " in page
    for listed in (
        "Pyodide 314.0.7 · MPL-2.0",
        "@pyscript/core 0.7.31 · Apache-2.0",
        "polyscript",
        "CPython 3.14",
        "xz-decompress 0.2.3 · MIT",
    ):
        assert listed in page
    assert "axe-core" not in page, "the tests' own package is not shipped"


def test_the_texts_are_the_licences_they_name(site: tuple[Path, list[str]]) -> None:
    folder, written = site
    page = (folder / LICENSES_PAGE).read_text(encoding="utf-8")
    linked = re.findall(r'<a href="([^":]+\.txt)">([^<]+)</a>', page)
    assert {name for _, name in linked} >= {"红心大战 (hearts) 0.1.0", "Pyodide 314.0.7", "@pyscript/core 0.7.31"}
    assert sorted([*(f"licenses/{href}" for href, _ in linked), LICENSES_PAGE]) == written
    texts = {name.split()[0]: (folder / "licenses" / href).read_text(encoding="utf-8") for href, name in linked}
    assert texts["红心大战"].startswith("MIT License")
    assert texts["Pyodide"].startswith("Mozilla Public License Version 2.0")
    assert "PYTHON SOFTWARE FOUNDATION LICENSE VERSION 2" in texts["CPython"]
    assert "Steve Sanderson. License: MIT" in texts["xz-decompress"]
    assert "Permission is hereby granted" in texts["xz-decompress"]
    assert "Apache License" in texts["@pyscript/core"] and "Apache License" in texts["polyscript"]


def test_the_service_worker_keeps_them_for_offline(site: tuple[Path, list[str]]) -> None:
    folder, written = site
    assert set(written) <= set(pwa.precache_list(folder))


@pytest.mark.parametrize("language", LANGUAGES)
def test_how_to_play_links_to_the_licences_in_every_language(language: str) -> None:
    markup = panel_html(rules_panel("fair", language))
    assert f'<a href="{LICENSES_PAGE}" target="_blank" rel="noopener">{text("rules.licenses", language)}</a>' in markup


def test_a_vendored_file_the_build_changes_says_so(tmp_path: Path) -> None:
    mapped, plain = tmp_path / "mapped.js", tmp_path / "plain.js"
    mapped.write_bytes(b"export const a = 1;\n//# sourceMappingURL=a.js.map\n")
    plain.write_bytes(b"export const b = 2;\n")
    build_site.copy_without_source_map(mapped, tmp_path / "out" / "mapped.js")
    build_site.copy_without_source_map(plain, tmp_path / "out" / "plain.js")
    changed = (tmp_path / "out" / "mapped.js").read_bytes()
    assert b"sourceMappingURL" not in changed and changed.endswith(build_site.MODIFIED_NOTICE)
    assert (tmp_path / "out" / "plain.js").read_bytes() == plain.read_bytes()
