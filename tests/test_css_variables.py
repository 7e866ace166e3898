"""web/patch.js's reading of ``data-css`` under Node: the one parser the redraws and web/boot.js's
saved table both use (window.heartsCssVariables). The markup's CSS variables reach the page
through it, since the Content Security Policy refuses style attributes; e2e/test_snapshot.py
checks that the saved table painted before Python starts gets every one of them."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from hearts.table.markup import hand_css

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = r"""
const fs = require("fs");
const vm = require("vm");
const window = {};
vm.runInNewContext(fs.readFileSync(process.argv[1], "utf8"), {window, document: {}});
// Elements that hold data-css and record what is set on their style.
const holder = css => {
  const set = [];
  return {set, dataset: {css}, style: {setProperty: (name, value) => set.push([name, value])}};
};
const holders = JSON.parse(process.argv[2]).map(holder);
window.heartsCssVariables({querySelectorAll: selector => selector === "[data-css]" ? holders : []});
console.log(JSON.stringify(holders.map(h => h.set)));
"""


def css_set(*declarations: str) -> list[list[list[str]]]:
    """What web/patch.js sets on holders with these ``data-css`` values."""
    if shutil.which("node") is None:
        pytest.skip("needs node")
    done = subprocess.run(
        ["node", "-e", SCRIPT, str(ROOT / "web" / "patch.js"), json.dumps(declarations)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    result: list[list[list[str]]] = json.loads(done.stdout)
    return result


def test_each_declaration_becomes_a_property_of_its_holder() -> None:
    assert css_set("--n:13", "--count: 7; --rows:2;") == [[["--n", "13"]], [["--count", "7"], ["--rows", "2"]]]


def test_a_value_is_split_at_its_first_colon_and_a_declaration_without_one_is_skipped() -> None:
    assert css_set("--image:url(a:b); nothing ;;") == [[["--image", "url(a:b)"]]]


def test_the_hand_s_variables_reach_its_style() -> None:
    rows = [["2C", "3C", "4C", "5C", "6C", "7C", "8C"], ["9C", "TC", "JC", "QC", "KC", "AC"]]
    assert css_set(hand_css(13, rows)) == [[["--n", "13"], ["--row", "7"]]]
