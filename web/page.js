// The page's side of its conversation with Python (web/main.py), which runs in a worker
// (index.html's py script): the main thread never waits for Python, so the page paints and takes
// taps while Python starts, thinks and draws. The page's DOM events become plain messages for
// Python, and Python answers with lists of commands, applied here in order: the table's redraws
// (web/patch.js), the focus, sounds, files, localStorage's writes, the table as last drawn. The
// worker's interpreter module (web/interpreter.mjs) sends commands the same way. Both directions
// are JSON strings; PyScript's own messages between the threads are not.
//
// Messages to Python, as JSON: {kind: "hello", ...opening()} once Python listens (and
// {kind: "reopen", ...} from the ?test=1 hook); {kind: "act", action, data, at} for a tap or a
// key (`data`: the element's data-* attributes, `at`: performance.now() at the event);
// {kind: "submit", typed}; {kind: "storage", key, value} (another tab's write);
// {kind: "storage-refused", problem} and {kind: "storage-accepted"} (what became of Python's
// writes); {kind: "fullscreen", fullscreen}; {kind: "file", text, region}; {kind: "swipe", across,
// down}; {kind: "persistence", persisted, asked} (navigator.storage's answers);
// {kind: "installable", offered} (the browser's offer to install the page).
// Commands from Python: see `commands` below.
"use strict";

(() => {
  // The table as last drawn, which web/boot.js paints on the next visit while Python starts.
  const DRAWING = "hearts.drawing";
  // How the DOM serialises what web/patch.js's CSS variables set: web/boot.js sets them again
  // from data-css, and markup with a style attribute is refused by the Content Security Policy.
  const STYLE_ATTRIBUTE = / style="[^"]*"/g;

  let worker = null;  // PyScript's XWorker for the py script
  let toPython = null;  // what sends Python a message, once it listens
  // What each key the table answers asks for now, by where the focus is:
  // [elsewhere, on a button, on a card, on a card that is a button] (web/main.py sends it).
  let keys = {};
  let soundWanted = false;
  let audio = null;  // the AudioContext, once a gesture allowed one
  let drawingDue = false;
  let refused = false;  // whether the browser refused Python's last write to localStorage
  let reopened = null;  // what resolves the ?test=1 hook's promise once the table is ready again
  // Whether the browser keeps this origin's data (navigator.storage.persisted(); null: not known
  // yet, or no such thing here), and the browser's offer to install the page, kept for 「添加到主屏幕」.
  let persisted = null;
  let installOffer = null;

  const app = () => document.getElementById("app");

  // A pointer does not focus your cards or the buttons beside them (the keyboard still does):
  // a played card's button is removed and the buttons beside your hand redrawn, and taking the
  // focus off a removed element costs the browser a style and layout pass inside the tap,
  // 10-15 ms at CPU x4. A tap's focus shows nothing (no :focus-visible ring) and is not needed.
  document.addEventListener("mousedown", event => {
    if (event.target instanceof Element && event.target.closest(".hand [data-code], .actions [data-action]")) {
      event.preventDefault();
    }
  });

  // `callback` once the browser has painted: a frame callback runs just before the paint, a
  // zero-delay timer set there just after. Work a tap's frame need not wait for goes there.
  const afterPaint = callback => requestAnimationFrame(() => setTimeout(callback, 0));

  // A User Timing measure from `start` to now (tools/bench_longtasks.py observes them), cleared
  // at once so that a long game keeps none in the page's buffer.
  const measure = (name, start) => {
    performance.measure(name, {start});
    performance.clearMeasures(name);
  };

  // Swipes across 复盘's viewer: `handler(across, down)` for a touch that began inside it, in
  // pixels; every other touch stays here, on the page's thread.
  const onSwipe = (root, handler) => {
    let from = null;
    const start = event => {
      const touch = event.changedTouches[0];
      from = touch && event.target.closest(".panel-review") ? [touch.clientX, touch.clientY] : null;
    };
    const end = event => {
      const touch = event.changedTouches[0];
      if (from === null || !touch) return;
      const [x, y] = from;
      from = null;
      handler(touch.clientX - x, touch.clientY - y);
    };
    root.addEventListener("touchstart", start, {passive: true});
    root.addEventListener("touchend", end, {passive: true});
  };

  const post = message => worker.postMessage(JSON.stringify(message));
  // The messages Python has yet to answer (each is, in order: "answered"), by the time of the tap or
  // key that sent each (null for the others): a tap's answer is measured from the tap.
  const asked = [];
  const send = message => {
    if (toPython === null) return;
    asked.push(message.at ?? null);
    toPython(message);
  };
  const fullscreen = () => [Boolean(document.fullscreenEnabled), document.fullscreenElement !== null];

  // What Python cannot ask the DOM, for a Page to open on: localStorage as it is now (null:
  // refused), the query, fullscreen, and this page's clock (a worker's differs).
  const opening = () => {
    let storage = null;
    try {
      storage = Object.fromEntries(Object.entries(localStorage));
    } catch (problem) { /* private mode or locked down: Python says progress is not saved */ }
    return {storage, search: location.search, fullscreen: fullscreen(), origin: performance.timeOrigin, persisted,
            installable: installOffer !== null};
  };

  // Web Audio needs a gesture to start: made or resumed on a tap or a key, when sound is on
  // (after Python has answered it too: the tap may have turned sound on).
  const wakeSound = () => {
    if (!soundWanted) return;
    try {
      if (audio === null) {
        const Maker = window.AudioContext || window.webkitAudioContext;
        if (!Maker) return;
        audio = new Maker();
      }
      if (audio.state === "suspended") audio.resume();
    } catch (problem) {  // no Web Audio here: stay silent
      console.warn(`no sound: ${problem}`);
      audio = null;
    }
  };

  // A cue's notes ([frequency, start, length, wave] each: hearts/table/sounds.py), when sound runs.
  const playSound = notes => {
    if (audio === null || audio.state !== "running") return;
    try {
      const now = audio.currentTime;
      for (const [frequency, offset, length, wave] of notes) {
        const oscillator = audio.createOscillator(), gain = audio.createGain();
        const start = now + offset, end = now + offset + length;
        oscillator.type = wave;
        oscillator.frequency.setValueAtTime(frequency, start);
        gain.gain.setValueAtTime(0.0001, start);
        gain.gain.exponentialRampToValueAtTime(0.18, start + 0.015);
        gain.gain.exponentialRampToValueAtTime(0.0001, end);
        oscillator.connect(gain);
        gain.connect(audio.destination);
        oscillator.start(start);
        oscillator.stop(end + 0.02);
      }
    } catch (problem) {
      console.warn(`sound not played: ${problem}`);
    }
  };

  // Save `content` as a file: a Blob behind a temporary <a download>, the one way a static page
  // offers a file without a server.
  const download = (filename, content) => {
    const url = URL.createObjectURL(new Blob([content], {type: "application/json"}));
    const link = document.createElement("a");
    link.href = url;
    link.download = filename;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  // Keep the table as drawn, with the look <html> gives it, for web/boot.js to paint on the
  // next visit. Best effort: a full storage only loses that picture.
  const rememberDrawing = () => {
    drawingDue = false;
    const look = document.documentElement.dataset;
    const drawing = {format: DRAWING, lang: document.documentElement.lang, theme: look.theme, deck: look.deck,
                     cards: look.cards, app: app().outerHTML.replace(STYLE_ATTRIBUTE, "")};
    try {
      localStorage.setItem(DRAWING, JSON.stringify(drawing));
    } catch (problem) { /* storage full or refused */ }
  };
  // After a redraw, once the browser has painted it: serialising the whole table is work a tap
  // need not wait for. Redraws before then share one write; pagehide writes what is due.
  const rememberDrawingLater = () => {
    if (drawingDue) return;
    drawingDue = true;
    afterPaint(() => { if (drawingDue) rememberDrawing(); });
  };

  // ←/→ move the focus along your hand; from elsewhere, to the selected or first playable card.
  const moveCardFocus = command => {
    const cards = [...app().querySelectorAll("[data-region='hand'] [data-code]")];
    if (!cards.length) return;
    if (command === "first-card") {
      const chosen = cards.find(card => card.getAttribute("aria-pressed") === "true") ||
        cards.find(card => card.getAttribute("aria-disabled") === "false") || cards[0];
      chosen.focus();
      return;
    }
    const index = cards.indexOf(document.activeElement);
    if (index < 0) return;
    cards[Math.max(0, Math.min(cards.length - 1, index + (command === "previous-card" ? -1 : 1)))].focus();
  };

  const focusing = {
    "previous-card": moveCardFocus, "next-card": moveCardFocus, "first-card": moveCardFocus,
    // Keyboard users land in the menu they opened, not behind it.
    "menu": () => app().querySelector("[data-region='menu'] button")?.focus(),
    "menu-button": () => app().querySelector(".menu-button")?.focus(),
    // A jump in 「玩法」 takes the keyboard and the screen reader to the section's heading.
    "rules-section": () => app().querySelector("[data-region='panel'] .rules-section h3")?.focus(),
  };

  // How long the table must have been live, and then the page idle, before the worker goes on with
  // what can wait (web/interpreter.mjs: the wheel's files, and the snapshot for the next visit).
  const SETTLE_MS = 1500;
  // The snapshot also waits until the service worker controls the page (web/sw-register.js's
  // heartsControlled), at most this long.
  const CONTROL_WAIT_MS = 15000;
  let settling = false;
  const settleLater = () => {
    if (settling) return;
    settling = true;
    setTimeout(() => {
      const settled = () => post({kind: "settled"});
      if (window.requestIdleCallback) requestIdleCallback(settled, {timeout: 5000}); else settled();
    }, SETTLE_MS);
    const stopWaiting = new Promise(resolve => setTimeout(resolve, CONTROL_WAIT_MS));
    Promise.race([window.heartsControlled, stopWaiting]).then(() => post({kind: "controlled"}));
  };

  const commands = {
    // A tap or key answered: measured from the event to Python's answer applied (the redraw comes
    // before), which tools/bench_longtasks.py reports; the paint follows in the next frame.
    answered: () => {
      const at = asked.shift();
      if (at !== null && at !== undefined) measure("hearts:answer", at);
    },
    // Python's first words: it takes messages now.
    listen: () => {
      toPython = post;
      send({kind: "hello", ...opening()});
    },
    // web/interpreter.mjs asks what only the page knows: the link, what it kept under `keys`, and
    // whether web/prefetch.mjs found this build's snapshot kept; if so, its bytes follow, with
    // Pyodide's wasm module compiled beside them (or null). Else, when the runtime is downloaded
    // ahead (`ahead`), how they come, the wasm compiled and the stdlib's bytes follow, each once here.
    facts: async keys => {
      const stored = {};
      try {
        for (const key of keys) stored[key] = localStorage.getItem(key);
      } catch (problem) { /* nothing kept, then */ }
      const link = navigator.connection;
      const kept = await (window.heartsKept ?? {start: "normal", reason: "no lookup on the page"});
      post({kind: "facts", stored, kept: kept.start === "snapshot" ? "snapshot" : kept.reason, ahead: Boolean(kept.ahead),
            link: link ? {effectiveType: link.effectiveType, downlink: link.downlink, saveData: link.saveData} : null});
      if (kept.ahead) {
        const failed = problem => worker.postMessage({heartsAhead: "failed", value: String(problem)});
        kept.ahead.how.then(how => worker.postMessage({heartsAhead: "how", value: how}), failed);
        kept.ahead.wasm.then(wasm => worker.postMessage({heartsAhead: "wasm", value: wasm}), failed);
        kept.ahead.stdlib.then(bytes => worker.postMessage({heartsAhead: "stdlib", value: bytes}, [bytes]), failed);
      }
      if (kept.start !== "snapshot") return;
      Promise.all([kept.bytes, kept.wasm]).then(
        // The view, its buffer transferred: the buffer holds more than the snapshot (web/snapshot.mjs's unpacked).
        ([bytes, wasm]) => worker.postMessage({heartsSnapshot: bytes, heartsWasm: wasm}, [bytes.buffer]),
        problem => worker.postMessage({heartsSnapshotUnusable: String(problem)}));
    },
    remember: (key, value) => {
      try {
        localStorage.setItem(key, value);
      } catch (problem) { /* at worst the snapshot is tried, or fetched, once more */ }
    },
    mark: (name, value) => { document.documentElement.dataset[name] = value; },
    step: detail => window.dispatchEvent(new CustomEvent("py:progress", {detail})),  // as PyScript's own
    loading: percent => window.heartsProgress(percent, ""),
    downloaded: (_fraction, sent, total) => window.heartsDownloaded("python", sent, total),
    patch: changes => { window.heartsPatch(app(), changes); rememberDrawingLater(); },
    keys: table => { keys = table; },
    // A write to localStorage: Python hears when the browser starts or stops refusing them.
    store: (key, value) => {
      try {
        localStorage.setItem(key, value);
      } catch (problem) {
        if (!refused) send({kind: "storage-refused", problem: String(problem)});
        refused = true;
        return;
      }
      if (refused) send({kind: "storage-accepted"});
      refused = false;
    },
    "sound-wanted": wanted => { soundWanted = wanted; },
    sound: playSound,
    download,
    "choose-file": region => app().querySelector(`[data-region='${region}']`).click(),
    // Ask the browser to keep this origin's data (Python asks once, after a finished game):
    // Firefox asks the player, Chromium decides silently. The answer goes back to Python.
    persist: () => {
      const answered = granted => {
        persisted = Boolean(granted);
        send({kind: "persistence", persisted, asked: true});
      };
      navigator.storage.persist().then(answered, () => answered(false));
    },
    install: () => {
      if (installOffer === null) return;
      installOffer.prompt();
      installOffer = null;
    },
    fullscreen: () => {
      if (document.fullscreenElement !== null) document.exitFullscreen();
      else if (document.fullscreenEnabled) document.documentElement.requestFullscreen();
    },
    reload: () => location.reload(),
    focus: what => focusing[what](what),
    measure,
    "remember-drawing": rememberDrawing,
    ready: () => {
      document.getElementById("loading").hidden = true;
      app().hidden = false;
      document.documentElement.dataset.state = "ready";
      performance.mark("hearts:ready");  // the start-up benchmark's on engines without init scripts
      if (reopened !== null) reopened();
      reopened = null;
      settleLater();
    },
    error: detail => { console.warn(detail); window.heartsShowError(detail); },
  };

  // Commands from the worker, as JSON; PyScript's own messages are not strings that start so.
  const heard = event => {
    if (typeof event.data !== "string" || !event.data.startsWith("[")) return;
    for (const [name, ...args] of JSON.parse(event.data)) commands[name](...args);
  };
  // PyScript makes the worker once its core has read the py script's config: the XWorker is then
  // the element's `xworker`. Looked for every few milliseconds until then (the worker's first
  // message, web/interpreter.mjs's question, comes only after it has loaded its interpreter).
  const findWorker = () => {
    worker = document.querySelector("script[type='py'][worker]")?.xworker ?? null;
    if (worker === null) {
      setTimeout(findWorker, 4);
      return;
    }
    worker.addEventListener("message", heard);
    // A start that fails in the worker (a file that cannot be fetched, the wasm, a module that
    // cannot be imported) rejects `ready`: PyScript forwards neither its events nor its errors
    // from a worker without SharedArrayBuffer, and Python's own errors come as an error command.
    worker.onerror = event => console.error(event.error);  // PyScript's default logs only "MessageEvent"
    const failed = detail => { if (document.documentElement.dataset.state === "loading") window.heartsShowError(detail); };
    worker.ready.then(() => { if (toPython === null) failed(document.getElementById("loading").dataset.failed); },
                      problem => failed(String(problem)));
  };
  // The e2e tests set each position up by opening what localStorage holds, as a reload does but
  // without starting Python again; the promise resolves once the table is ready.
  if (new URLSearchParams(location.search).get("test") === "1") {
    window.heartsReopen = () => new Promise(resolve => {
      reopened = resolve;
      send({kind: "reopen", ...opening()});
    });
  }
  // Whether Python has yet to answer a tap or a key: once not, the table shows it and it is saved
  // (the e2e tests and tools/bench_longtasks.py wait for that after each action).
  window.heartsBusy = () => asked.length > 0;

  const dataOf = element => ({...element.dataset});

  // A tap: what it asks Python for, if anything.
  const tapped = event => {
    const at = performance.now();
    const menu = app().querySelector("[data-region='menu']");
    if (menu !== null && !menu.hidden && !event.target.closest(".menu, .menu-button")) {
      send({kind: "act", action: "dismiss-menu", data: {}, at});  // a tap outside the open menu closes it
      return;
    }
    const target = event.target.closest("[data-action]");
    if (target === null || target.getAttribute("aria-disabled") === "true" && target.dataset.action !== "card") return;
    send({kind: "act", action: target.dataset.action, data: dataOf(target), at});
  };

  const onClick = event => {
    wakeSound();
    tapped(event);
    wakeSound();
  };

  const onKey = event => {
    const target = event.target;
    if (event.ctrlKey || event.altKey || event.metaKey || !(target instanceof Element)) return;
    if (["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) && event.key !== "Escape") return;
    wakeSound();
    const where = (target.closest(".hand [data-code]") !== null ? 2 : 0) + (target.closest("button") !== null ? 1 : 0);
    const command = keys[event.key]?.[where];
    if (!command) return;
    event.preventDefault();
    send({kind: "act", action: command, data: dataOf(target), at: performance.now()});
    wakeSound();
  };

  // The 「牌局编号」 form: Enter in the field or its 「开始」 button.
  const onSubmit = event => {
    event.preventDefault();
    const field = event.target.querySelector("input");
    if (field !== null) send({kind: "submit", typed: field.value});
  };

  // The file 「导入牌局」 or 「导入存档」 asked for: its text goes to Python once the browser has
  // read it, with the input it came from.
  const onChange = event => {
    const chosen = event.target;
    const region = chosen.getAttribute("data-region");
    if (!["import-file", "backup-file"].includes(region) || !chosen.files.length) return;
    const file = chosen.files.item(0);
    chosen.value = "";  // the same file can be chosen again
    file.text().then(text => send({kind: "file", text, region}));
  };

  // What the browser says about keeping the data, once it says it (no question is put here).
  const learnPersistence = () => {
    if (!navigator.storage?.persisted || !navigator.storage.persist) return;
    navigator.storage.persisted().then(value => {
      persisted = Boolean(value);
      send({kind: "persistence", persisted});
    }, () => {});
  };
  // Where the browser offers installing, its offer is kept (not shown at once: Python offers
  // 「添加到主屏幕」 after a finished game).
  const keepInstallOffer = event => {
    event.preventDefault();
    installOffer = event;
    send({kind: "installable", offered: true});
  };
  const forgetInstallOffer = () => {
    installOffer = null;
    send({kind: "installable", offered: false});
  };

  document.addEventListener("DOMContentLoaded", () => {
    const root = app();
    root.addEventListener("click", onClick);
    root.addEventListener("submit", onSubmit);
    root.addEventListener("change", onChange);
    document.addEventListener("keydown", onKey);
    window.addEventListener("storage", event => send({kind: "storage", key: event.key, value: event.newValue}));
    document.addEventListener("fullscreenchange", () => send({kind: "fullscreen", fullscreen: fullscreen()}));
    window.addEventListener("pagehide", () => { if (drawingDue) rememberDrawing(); });
    onSwipe(root, (across, down) => send({kind: "swipe", across, down}));
    window.addEventListener("beforeinstallprompt", keepInstallOffer);
    window.addEventListener("appinstalled", forgetInstallOffer);
    learnPersistence();
    findWorker();
  });
})();
