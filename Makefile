# The README's two commands: `make play` and `make test`. Every target installs what it
# needs (venv, npm packages, Debian's Chromium) and is a no-op when already set up.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
VENV_STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
CHROMIUM := /usr/bin/chromium
# The other engines players use (e2e/test_engine_*.py): Firefox, WebKitGTK's WebDriver and its display.
ENGINES := /usr/bin/firefox-esr /usr/bin/WebKitWebDriver /usr/bin/Xvfb
PORT ?= 8000

.PHONY: play test unit e2e monkey site bench bench-startup bench-longtasks venv clean

play: site
	@echo "Serving http://127.0.0.1:$(PORT)/ (Ctrl-C to stop)"
	$(PY) -m http.server $(PORT) --bind 127.0.0.1 --directory _site

test: unit e2e

# ruff (lint and format, pyproject.toml) and mypy --strict first, then the tests.
# Two pytest workers (pytest-xdist): CI has 2 cores, and one worker leaves a third of them idle
# while pages boot and bots pause. The browser tests go by file, so a module keeps its shared page,
# longest first (e2e/conftest.py).
unit: $(VENV_STAMP) $(NODE_STAMP)
	$(PY) -m ruff check
	$(PY) -m ruff format --check
	$(PY) -m mypy
	$(PY) -m pytest -q -n 2 --doctest-modules --doctest-glob=README.md hearts lab tests README.md

e2e: site $(CHROMIUM) $(ENGINES)
	$(PY) -m pytest -q -n 2 --dist loadfile --no-loadscope-reorder e2e

# Before a release: the long monkey (2,100 random actions and two whole games; e2e/test_monkey.py).
monkey: site $(CHROMIUM)
	HEARTS_MONKEY=release $(PY) -m pytest -q -s e2e/test_monkey.py

venv: $(VENV_STAMP)

$(VENV_STAMP): pyproject.toml requirements-dev.txt requirements-bench.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q -r requirements-dev.txt
	$(PY) -m pip install -q --no-build-isolation --no-deps -e .
	touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# No recommended packages (a printer stack among them): WenQuanYi Micro Hei draws the page's
# Chinese and the suit symbols, and DejaVu comes with fontconfig.
$(CHROMIUM):
	apt-get update
	DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium fonts-wqy-microhei

# Debian's builds, as Chromium's (Playwright's own cannot be fetched here); Firefox is driven over
# WebDriver BiDi, which it speaks itself, WebKitGTK through WebKitWebDriver on an Xvfb display.
$(ENGINES) &:
	apt-get update
	DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends firefox-esr webkit2gtk-driver xvfb

site: $(VENV_STAMP) $(NODE_STAMP)
	$(PY) tools/build_site.py

bench: $(VENV_STAMP)
	$(PY) -m lab.bench

# Navigation -> ready of the page against a bare PyScript page, cold and warm (tools/bench_startup.py).
bench-startup: site $(CHROMIUM) $(ENGINES)
	$(PY) tools/bench_startup.py

# Main-thread long tasks during a hand against three Hard bots, with hints (tools/bench_longtasks.py).
bench-longtasks: site $(CHROMIUM)
	$(PY) tools/bench_longtasks.py --rounds 3

clean:
	rm -rf _site build dist *.egg-info
