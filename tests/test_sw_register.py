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
    register() { return register(container).then((r) => Object.assign(r, {update: () => Promise.resolve()})); },
  };
  const timers = [];
  const window = {};
  const context = {
    window,
    navigator: withWorkers ? {serviceWorker: container} : {},
    document: {currentScript: {dataset: {update: "new"}}, documentElement: {dataset: {state: "ready"}},
               getElementById: () => null, body: {appendChild: () => { notices += 1; }},
               createElement: () => ({style: {}, setAttribute() {}, appendChild() {}, addEventListener() {}})},
    setTimeout: (callback, ms) => timers.push({callback, ms}),
    MutationObserver: class { observe() {} disconnect() {} },
    console: {warn() {}},
  };
  vm.runInNewContext(SOURCE, context);
  let settled = false;
  window.heartsControlled.then(() => { settled = true; });
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  return {
    container, timers, tick, notices: () => notices,
    settled: async () => { for (let i = 0; i < 5; i++) await tick(); return settled; },
    claim: async (worker) => { container.controller = worker; changes.forEach((l) => l()); },
  };
}

// A `register` that answers with `registration` (kept as the page's).
const registering = (registration) => (c) => { c.registration = registration; return Promise.resolve(registration); };
const results = {};

// No service worker at all: nothing to wait for.
results.none = await page({withWorkers: false, register: () => new Promise(() => {})}).settled();

// A first visit: installing, then activating, then in control.
{
  const worker = new FakeWorker("installing");
  const p = page({register: registering({installing: worker, waiting: null, active: null})});
  const steps = [await p.settled()];
  Object.assign(p.container.registration, {installing: null, waiting: worker}); worker.become("installed");
  steps.push(await p.settled());
  Object.assign(p.container.registration, {waiting: null, active: worker}); worker.become("activating");
  steps.push(await p.settled());
  await p.claim(worker); worker.become("activated");
  steps.push(await p.settled());
  results.first = steps;
}

// An install that fails: never in control, the wait ends.
{
  const worker = new FakeWorker("installing");
  const p = page({register: registering({installing: worker, waiting: null, active: null})});
  const steps = [await p.settled()];
  p.container.registration.installing = null; worker.become("redundant");
  steps.push(await p.settled());
  results.failed = steps;
}

// A registration that never answers: waited for REGISTER_WAIT_MS only.
{
  const p = page({register: () => new Promise(() => {})});
  const steps = [await p.settled()];
  const [timer] = p.timers;
  timer.callback();
  steps.push(await p.settled(), timer.ms);
  results.hung = steps;
}

// A registration refused: nothing to wait for.
results.refused = await page({register: () => Promise.reject(new Error("refused"))}).settled();

// An update: the old worker controls the page, the new one installs; the wait ends once it claims.
{
  const old = new FakeWorker("activated");
  const fresh = new FakeWorker("installing");
  const p = page({controller: old, register: registering({installing: fresh, waiting: null, active: old})});
  const steps = [await p.settled()];
  Object.assign(p.container.registration, {installing: null, active: fresh}); fresh.become("activating");
  steps.push(await p.settled());
  await p.claim(fresh); fresh.become("activated");
  steps.push(await p.settled());
  results.update = [...steps, p.notices()];
}

// Already controlled by the newest: at once.
{
  const current = new FakeWorker("activated");
  const registration = {installing: null, waiting: null, active: current};
  results.current = await page({controller: current, register: registering(registration)}).settled();
}
console.log(JSON.stringify(results));
"""


@pytest.fixture(scope="module")
def settled(tmp_path_factory) -> dict:
    """For each scenario, whether heartsControlled had settled at each of its steps."""
    register = (ROOT / "web" / "sw-register.js").as_uri()
    return run_on_node(Path(tmp_path_factory.mktemp("sw")), SCENARIOS, register=register)


def test_a_first_visit_waits_through_the_install_until_the_service_worker_claims_the_page(settled) -> None:
    # installing, installed, activating: not yet; claimed and activated: now.
    assert settled["first"] == [False, False, False, True]


def test_a_page_already_controlled_by_the_newest_worker_waits_for_nothing(settled) -> None:
    assert settled["current"] is True


def test_an_update_waits_for_the_new_worker_to_claim_the_page_which_then_offers_the_refresh(settled) -> None:
    assert settled["update"] == [False, False, True, 1]


def test_no_service_worker_a_refused_one_or_a_failed_install_waits_for_nothing(settled) -> None:
    assert settled["none"] is True and settled["refused"] is True
    assert settled["failed"] == [False, True]


def test_a_registration_that_never_answers_is_waited_for_two_seconds_only(settled) -> None:
    # As Playwright's service_workers="block" leaves it.
    assert settled["hung"] == [False, True, 2000]
