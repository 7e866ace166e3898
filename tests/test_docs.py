"""The docs: reference pages say how things work now and stay short; dated entries live in
docs/log/, each listed in its index; every link between them and every docs/ path the code cites
resolves (a moved or renamed page breaks a test, not a reader's trail)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
LOG = DOCS / "log"
REFERENCE = sorted(DOCS.glob("*.md"))
#: The longest a reference page may grow: past it, history has crept back in.
MOST_LINES = 300
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
CITED = re.compile(r"docs/[\w./-]+\.md")
#: A reference page cited by the date of an entry: that entry is in docs/log/ now.
CITED_BY_DATE = re.compile(r"docs/(?!log/)[\w-]+\.md,?\s+(?:\*\s+|#\s+|//\s+)?20\d\d-\d\d-\d\d")


@pytest.mark.parametrize("page", REFERENCE, ids=lambda page: page.name)
def test_a_reference_page_is_short_and_has_no_dated_entries(page: Path) -> None:
    lines = page.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MOST_LINES, f"{page.name}: {len(lines)} lines; dated entries go to docs/log/"
    dated = [line for line in lines if re.match(r"#+ .*\b20\d\d-\d\d-\d\d", line)]
    assert not dated, f"{page.name}: a dated entry belongs in docs/log/: {dated}"


def test_every_log_file_is_in_the_log_s_index() -> None:
    index = (LOG / "README.md").read_text(encoding="utf-8")
    assert {path.name for path in LOG.glob("*.md")} - {"README.md"} == set(re.findall(r"\]\(([\w.-]+\.md)\)", index))


@pytest.mark.parametrize(
    "page", [ROOT / "README.md", *REFERENCE, *sorted(LOG.glob("*.md"))], ids=lambda page: str(page.relative_to(ROOT))
)
def test_every_relative_link_resolves(page: Path) -> None:
    targets = [target for target in LINK.findall(page.read_text(encoding="utf-8")) if "://" not in target]
    missing = [target for target in targets if not (page.parent / target).exists()]
    assert not missing, f"{page.relative_to(ROOT)} links to {missing}"


def test_every_docs_page_the_code_cites_exists_and_a_dated_entry_is_cited_in_the_log() -> None:
    sources = {
        path.relative_to(ROOT).as_posix(): path.read_text(encoding="utf-8")
        for folder in ("hearts", "lab", "tools", "web", "e2e", "tests")
        for path in (ROOT / folder).rglob("*")
        if path.suffix in (".py", ".mjs", ".js", ".css", ".html")
    }
    sources["README.md"] = (ROOT / "README.md").read_text(encoding="utf-8")
    cited = {(source, name) for source, text in sources.items() for name in CITED.findall(text)}
    missing = sorted((source, name) for source, name in cited if not (ROOT / name).exists())
    assert cited and not missing, missing
    by_date = sorted((source, found) for source, text in sources.items() for found in CITED_BY_DATE.findall(text))
    assert not by_date, by_date
