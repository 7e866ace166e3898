# The README's two commands: `make play` and `make test`. Every target installs what it
# needs (venv, npm packages, Debian's Chromium and g++) and is a no-op when already set up.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
VENV_STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
CHROMIUM := /usr/bin/chromium
# The other engines players use (e2e/test_engine_*.py): Firefox, WebKitGTK's WebDriver and its display.
ENGINES := /usr/bin/firefox-esr /usr/bin/WebKitWebDriver /usr/bin/Xvfb
BROWSERS := $(CHROMIUM) $(ENGINES)
PORT ?= 8000
# The lab's xinxin seat, built by `make xinxin` (below).
XINXIN := build/xinxin/xinxin
XINXIN_SOURCES := $(wildcard lab/xinxin/vendor/*.cpp) lab/xinxin/driver.cpp
XINXIN_OBJECTS := $(patsubst lab/xinxin/%.cpp,build/xinxin/%.o,$(XINXIN_SOURCES))
XINXIN_FLAGS := -std=c++14 -O2 -w -pthread -Ilab/xinxin/vendor -include cassert -include cstring -include cstdlib -include climits
GXX := /usr/bin/g++
# The browser tests, two workers, a module's tests on one (e2e/conftest.py orders them).
E2E := $(PY) -m pytest -q -n 2 --dist loadfile --no-loadscope-reorder e2e

.PHONY: play test unit e2e monkey site bench bench-startup bench-longtasks venv clean xinxin browsers

play: site
	@echo "Serving http://127.0.0.1:$(PORT)/ (Ctrl-C to stop)"
	$(PY) -m http.server $(PORT) --bind 127.0.0.1 --directory _site

# The browsers install (network and dpkg, little CPU) and the site builds while lint and the unit
# tests run; each target's output is shown whole when it is done. Then the browser tests.
test:
	$(MAKE) --no-print-directory -j3 --output-sync=target unit site browsers
	$(E2E)

# ruff (lint and format, pyproject.toml) and mypy --strict first, then the tests.
# Two pytest workers (pytest-xdist): CI has 2 cores, and one worker leaves a third of them idle
# while pages boot and bots pause. The browser tests go by file, so a module keeps its shared page,
# longest first (e2e/conftest.py).
unit: $(VENV_STAMP) $(NODE_STAMP) $(XINXIN)
	$(PY) -m ruff check
	$(PY) -m ruff format --check
	$(PY) -m mypy
	$(PY) -m pytest -q -n 2 --doctest-modules --doctest-glob=README.md hearts lab tests README.md

e2e: site $(BROWSERS)
	$(E2E)

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

# Debian's builds of the three engines, in one apt transaction (Playwright's own cannot be
# fetched here): Chromium, driven by Playwright; Firefox over WebDriver BiDi, which it speaks
# itself; WebKitGTK through WebKitWebDriver on an Xvfb display. No recommended packages (a printer
# stack among them): WenQuanYi Micro Hei draws the page's Chinese and the suit symbols, and DejaVu
# comes with fontconfig. After g++'s install, if it had one: apt runs one transaction at a time.
browsers: $(BROWSERS)

$(BROWSERS) &: | $(GXX)
	apt-get update
	DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium fonts-wqy-microhei firefox-esr webkit2gtk-driver xvfb

# The lab's xinxin seat (lab/xinxin/): Sturtevant's Hearts program and its pipe driver, built with
# Debian's g++ (installed here when missing). Its upstream headers lean on implicit includes, hence
# the -include flags. Objects go to build/xinxin/, two at a time (make -j2 inside).
xinxin: $(XINXIN)

$(XINXIN): $(XINXIN_SOURCES) $(wildcard lab/xinxin/vendor/*.h) | $(GXX)
	$(MAKE) -j2 --no-print-directory $(XINXIN_OBJECTS)
	$(GXX) $(XINXIN_FLAGS) -o $@ $(XINXIN_OBJECTS)

build/xinxin/%.o: lab/xinxin/%.cpp $(wildcard lab/xinxin/vendor/*.h) | $(GXX)
	@mkdir -p $(@D)
	$(GXX) $(XINXIN_FLAGS) -c $< -o $@

$(GXX):
	apt-get update
	DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends g++ make

site: $(VENV_STAMP) $(NODE_STAMP)
	$(PY) tools/build_site.py

bench: $(VENV_STAMP)
	$(PY) -m lab.bench

# Navigation -> ready of the page against a bare PyScript page, cold and warm (tools/bench_startup.py).
bench-startup: site $(BROWSERS)
	$(PY) tools/bench_startup.py

# Main-thread long tasks during a hand against three Hard bots, with hints (tools/bench_longtasks.py).
bench-longtasks: site $(CHROMIUM)
	$(PY) tools/bench_longtasks.py --rounds 3

clean:
	rm -rf _site build dist *.egg-info
