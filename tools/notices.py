"""The licences of what the site ships, in ``_site/licenses/`` with a page that lists them
(``hearts.table.panels.LICENSES_PAGE``, linked from 「玩法」). ``tools/build_site.py`` calls
:func:`write` before the service worker's list is made, so they are there offline too.

What is listed: this game (``LICENSE``, MIT); Pyodide (MPL-2.0) and CPython, whose interpreter
and standard library Pyodide's runtime files are; PyScript (Apache-2.0) and the npm packages its
bundle is built from (its dependencies in ``package-lock.json``); xz-decompress (MIT), the decoder
of a slow link's first visit (web/runtime-files.mjs). Each text is copied from its package in
``node_modules``; Pyodide's npm package carries none, so its licence and CPython's are kept in
``licenses/`` of this repository, as is xz-decompress's notice (its package holds no licence text:
its bundle's banner and the MIT text). A package whose npm files hold no licence text is
listed with the licence its ``package.json`` names. The site ships no font (web/style.css uses
the system's) and no other third-party file (axe-core is the tests' alone).
"""

from __future__ import annotations

import html
import json
import re
import shutil
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "node_modules"
#: Licence texts that the packages' npm files lack.
KEPT = ROOT / "licenses"
#: The xz decoder the site vendors (tools/build_site.py), as a path of ``package-lock.json``.
XZ_DECODER = "node_modules/xz-decompress"
#: Names a licence file goes by in an npm package.
LICENCE_FILE = re.compile(r"(licen[cs]e|copying)(\.(md|txt))?$", re.IGNORECASE)
#: package.json's licence names as SPDX spells them.
SPDX = {"apache-2.0": "Apache-2.0", "isc": "ISC", "mit": "MIT", "mpl-2.0": "MPL-2.0"}


@dataclass(frozen=True)
class Notice:
    """One component of the site: its name and version, its licence (SPDX), where its source
    is, and the file holding the licence's text (None: its package holds none)."""

    name: str
    version: str
    licence: str
    source: str
    text: Path | None

    @property
    def file_name(self) -> str | None:
        """The text's name in ``_site/licenses/``, if it has one."""
        if self.text is None:
            return None
        return re.sub(r"[^A-Za-z0-9.]+", "-", f"{self.name}-{self.version}").strip("-") + ".txt"


def _source(package: dict[str, Any]) -> str:
    """Where an npm package's source is: its repository, else its page on npm."""
    repository = package.get("repository")
    url = repository.get("url") if isinstance(repository, dict) else repository
    if isinstance(url, str) and url:
        return re.sub(r"^git\+|\.git$", "", url)
    return f"https://www.npmjs.com/package/{package['name']}/v/{package['version']}"


def _licence_text(folder: Path) -> Path | None:
    found = sorted(path for path in folder.iterdir() if path.is_file() and LICENCE_FILE.match(path.name))
    return found[0] if found else None


def _resolve(lock: dict[str, dict[str, Any]], parent: str, name: str) -> str:
    """The lock's path of the package ``name`` that the package at ``parent`` imports, found as
    Node finds it: in the nearest ``node_modules`` folder up from ``parent``."""
    folder = parent
    while True:
        path = f"{folder}/node_modules/{name}"
        if path in lock:
            return path
        if "/node_modules/" not in folder:
            break
        folder = folder.rsplit("/node_modules/", 1)[0]
    if f"node_modules/{name}" not in lock:
        raise SystemExit(f"package-lock.json has no {name} for {parent}")
    return f"node_modules/{name}"


def pyscript_packages(lock: dict[str, dict[str, Any]]) -> list[str]:
    """``@pyscript/core`` and every package it depends on, as paths of ``package-lock.json``."""
    seen: set[str] = set()
    waiting = ["node_modules/@pyscript/core"]
    while waiting:
        path = waiting.pop()
        if path not in seen:
            seen.add(path)
            waiting += [_resolve(lock, path, name) for name in lock[path].get("dependencies", {})]
    return sorted(seen, key=lambda path: (path != "node_modules/@pyscript/core", path))


def _with_text(notice: Notice, text: Path) -> Notice:
    """``notice`` with the text kept in this repository, where its package holds none."""
    return Notice(notice.name, notice.version, notice.licence, notice.source, notice.text or text)


def _npm_notice(path: str) -> Notice:
    folder = ROOT / path
    package = json.loads((folder / "package.json").read_text(encoding="utf-8"))
    licence = str(package.get("license", ""))
    return Notice(
        package["name"], package["version"], SPDX.get(licence.lower(), licence), _source(package), _licence_text(folder)
    )


def notices() -> list[Notice]:
    """Every component the site ships, this game first."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))["packages"]
    pyodide = json.loads((NODE / "pyodide" / "package.json").read_text(encoding="utf-8"))
    python = json.loads((NODE / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]["python"]
    listed = [
        Notice("红心大战 (hearts)", project["version"], project["license"], "", ROOT / "LICENSE"),
        Notice(
            "Pyodide",
            pyodide["version"],
            SPDX[pyodide["license"].lower()],
            _source(pyodide),
            KEPT / "Pyodide-MPL-2.0.txt",
        ),
        Notice("CPython", python, "PSF-2.0", "https://github.com/python/cpython", KEPT / "CPython-LICENSE.txt"),
        *(_npm_notice(path) for path in pyscript_packages(lock)),
        _with_text(_npm_notice(XZ_DECODER), KEPT / "xz-decompress-NOTICE.txt"),
    ]
    # A package the lock holds twice at one version (nested under two dependents) is listed once.
    return list({(notice.name, notice.version): notice for notice in listed}.values())


def _strings() -> dict[str, dict[str, str]]:
    """The page's words in every language, from the wheel's strings."""
    sys.path.insert(0, str(ROOT))
    from hearts.game import strings

    return {
        language: {
            key: strings.STRINGS[language][key] for key in ("rules.licenses", "licenses.intro", "licenses.changes")
        }
        for language in strings.LANGUAGES
    }


def page(listed: list[Notice]) -> str:
    """The page of the licences: what it is in every language, then each component with its
    licence's text (when there is one) and its source."""
    said = _strings()
    intro = "".join(
        f'<section lang="{language}"><h1>{html.escape(text["rules.licenses"])}</h1>'
        f"<p>{html.escape(text['licenses.intro'])}</p><p>{html.escape(text['licenses.changes'])}</p></section>"
        for language, text in said.items()
    )

    def item(notice: Notice) -> str:
        name = html.escape(f"{notice.name} {notice.version}")
        parts = [f'<a href="{notice.file_name}">{name}</a>' if notice.file_name else name, html.escape(notice.licence)]
        if notice.source:
            parts.append(f'<a href="{html.escape(notice.source)}">{html.escape(notice.source)}</a>')
        return f"<li>{' · '.join(parts)}</li>"

    items = "\n".join(item(notice) for notice in listed)
    return (
        "<!doctype html>\n"
        '<html lang="zh-Hans"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'">'
        f"<title>{html.escape(' · '.join(text['rules.licenses'] for text in said.values()))}</title></head>"
        f'<body>\n{intro}\n<ul lang="en">\n{items}\n</ul>\n</body></html>\n'
    )


def write(site: Path) -> list[str]:
    """Copy every licence text into ``site`` beside the page that lists them (the one 「玩法」
    links to); return the files written, as paths in ``site``."""
    sys.path.insert(0, str(ROOT))
    from hearts.table.panels import LICENSES_PAGE as page_name

    folder = (site / page_name).parent
    folder.mkdir(parents=True, exist_ok=True)
    listed = notices()
    written = [page_name]
    for notice in listed:
        if notice.text is not None and notice.file_name is not None:
            shutil.copyfile(notice.text, folder / notice.file_name)
            written.append((folder / notice.file_name).relative_to(site).as_posix())
    (site / page_name).write_text(page(listed), encoding="utf-8")
    return sorted(written)
