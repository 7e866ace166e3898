"""web/sw-register.js's ``window.heartsControlled``, run under Node on a fake page: it settles once
the newest service worker controls the page, or when none will, so that the snapshot for the next
visit is made through the service worker (V8 keeps Pyodide's glue compiled beside its copy) and
never waits for good."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.node import ROOT, run_on_node

SCENARIOS = r"""
import {readFileSync} from "node:fs";
import vm from "node:vm";

const SOURCE = readFileSync(new URL("%(register)s"), "utf8");

// A service worker of the fake registration: its state changes when the scenario says.
class FakeWorker {
  constructor(state) { this.state = state; this.listeners = []; }
  addEventListener(type, listener) { if (type === "statechange") this.listeners.push(listener); }
  become(state) { this.state = state; const now = this.listeners; this.listeners = []; now.forEach((l) => l()); }
}

// The page as web/sw-register.js sees it, ready at once; `register` answers as the scenario says.
function page({withWorkers = true, controller = null, register}) {
  const changes = [];
  let notices = 0;
  const container = {
    controller,
    registration: undefined,
    addEventListener: (type, listener) => { if (type === "controllerchange") changes.push(listener); },
    startMessages() {},
    getRegistration() { return Promise.resolve(this.registration); },
    register() { return register(container).then((r) => r && Object.assign(r, {update: () => Promise.resolve()})); },
  };
  const window = {};
  const context = {
    window,
    navigator: withWorkers ? {serviceWorker: container} : {},
    document: {currentScript: {dataset: {update: "new"}}, documentElement: {dataset: {state: "ready"}},
               getElementById: () => null, body: {appendChild: () => { notices += 1; }},
               createElement: () => ({style: {}, setAttribute() {}, appendChild() {}, addEventListener() {}})},
    MutationObserver: class { observe() {} disconnect() {} },
    console: {warn() {}},
  };
  vm.runInNewContext(SOURCE, context);
  let settled = false;
  window.heartsControlled.then(() => { settled = true; });
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  return {
    container, tick, notices: () => notices,
    settled: async () => { for (let i = 0; i < 5; i++) await tick(); return settled; },
    claim: async (worker) => { container.controller = worker; changes.forEach((l) => l()); },
  };
}

// A `register` that answers with `registration` (kept as the page's).
const registering = (registration) => (c) => { c.registration = registration; return Promise.resolve(registration); };
const results = {};

// No service worker at all: nothing to wait for.
results.none = await page({withWorkers: false, register: () => new Promise(() => {})}).settled();

// A first visit: installing, installed, made active (still "installed"), activating, then in
// control once it has claimed the page and activated.
{
  const worker = new FakeWorker("installing");
  const p = page({register: registering({installing: worker, waiting: null, active: null})});
  const steps = [await p.settled()];
  Object.assign(p.container.registration, {installing: null, waiting: worker}); worker.become("installed");
  steps.push(await p.settled());
  Object.assign(p.container.registration, {waiting: null, active: worker}); worker.become("installed");
  steps.push(await p.settled());
  worker.become("activating");
  steps.push(await p.settled());
  await p.claim(worker); worker.become("activated");
  steps.push(await p.settled());
  results.first = steps;
}

// An install that fails: never in control, the wait ends; also while the registration still
// names the failed worker as installing.
for (const [name, cleared] of [["failed", true], ["failedStillListed", false]]) {
  const worker = new FakeWorker("installing");
  const p = page({register: registering({installing: worker, waiting: null, active: null})});
  const steps = [await p.settled()];
  if (cleared) p.container.registration.installing = null;
  worker.become("redundant");
  steps.push(await p.settled());
  results[name] = steps;
}

// A registration that never answers: not settled here (web/page.js stops waiting after 15 s).
results.hung = await page({register: () => new Promise(() => {})}).settled();

// A registration refused, or one that answers with nothing (Playwright's service_workers="block"):
// nothing to wait for.
results.refused = await page({register: () => Promise.reject(new Error("refused"))}).settled();
results.blocked = await page({register: () => Promise.resolve(undefined)}).settled();

// A page controlled from the start while a new build installs: its snapshot is of its own build,
// so it waits for nothing; the new worker's claim then offers the refresh.
{
  const old = new FakeWorker("activated");
  const fresh = new FakeWorker("installing");
  const p = page({controller: old, register: registering({installing: fresh, waiting: null, active: old})});
  const steps = [await p.settled()];
  Object.assign(p.container.registration, {installing: null, active: fresh}); fresh.become("activating");
  await p.claim(fresh); fresh.become("activated");
  results.update = [...steps, p.notices()];
}

console.log(JSON.stringify(results));
"""


@pytest.fixture(scope="module")
def settled(tmp_path_factory) -> dict:
    """For each scenario, whether heartsControlled had settled at each of its steps."""
    register = (ROOT / "web" / "sw-register.js").as_uri()
    return run_on_node(Path(tmp_path_factory.mktemp("sw")), SCENARIOS, register=register)


def test_a_first_visit_waits_through_the_install_until_the_service_worker_claims_the_page(settled) -> None:
    # installing, installed, active but still installed, activating: not yet; claimed and activated: now.
    assert settled["first"] == [False, False, False, False, True]


def test_a_page_controlled_from_the_start_waits_for_no_newer_build_which_then_offers_the_refresh(settled) -> None:
    assert settled["update"] == [True, 1]


def test_no_service_worker_a_refused_or_blocked_one_or_a_failed_install_waits_for_nothing(settled) -> None:
    assert settled["none"] is True and settled["refused"] is True and settled["blocked"] is True
    assert settled["failed"] == [False, True]
    assert settled["failedStillListed"] == [False, True]


def test_a_registration_that_never_answers_is_left_to_the_page_s_own_limit(settled) -> None:
    assert settled["hung"] is False
