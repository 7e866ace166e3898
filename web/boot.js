// Before Python runs: loading progress, and a readable error instead of a blank page if the
// runtime, the wheel or web/main.py fails (web/page.js hears what fails in Python's worker).
// Strings come from data-* attributes that the build fills from hearts/game/strings.py.
(function () {
  "use strict";
  var STEPS = {
    "Loading Pyodide": 10, "Loading Storage": 20, "Loaded Storage": 25,
    "Loading interpreter": 30, "Loaded interpreter": 70, "Loaded Pyodide": 75, "Loading files": 80,
    "Loaded files": 88
  };
  var percent = 5;
  var loading = function () { return document.getElementById("loading"); };

  function setProgress(value, label) {
    percent = Math.max(percent, value);
    var bar = document.getElementById("loading-bar");
    if (bar) bar.style.width = percent + "%";
    var text = document.getElementById("loading-text");
    if (text && label) text.textContent = label;
  }

  function showError(detail) {
    var box = document.getElementById("error");
    if (!box) return;
    document.documentElement.dataset.state = "error";
    var pre = document.getElementById("error-text");
    if (pre && detail) pre.textContent = String(detail).slice(-2000);
    var shade = loading();
    if (shade) shade.hidden = true;
    box.hidden = false;
    var restart = document.getElementById("error-restart");
    if (restart) restart.focus();
  }
  // A first visit's download by bytes (web/download-progress.mjs), as each worker that downloads
  // (`source`) tells it: the one that runs Python, and the page's that may fetch the runtime ahead
  // of it (web/runtime-ahead.mjs), each with the total of the whole visit. The runtime's files
  // come before PyScript's "Loaded interpreter", the wheel before "Loaded files" (88%); their
  // bytes move the bar from 30% to 85% and the text says how many megabytes of how many have come.
  var downloaded = {};
  function setDownloaded(source, sent, total) {
    downloaded[source] = sent;
    var all = 0;
    for (var key in downloaded) all += downloaded[key];
    var el = loading();
    var label = el && el.dataset.download;
    var megabytes = function (bytes) { return (bytes / 1e6).toFixed(1); };
    setProgress(30 + 55 * Math.min(1, total ? all / total : 1),
                label && label.replace("{done}", megabytes(Math.min(all, total))).replace("{total}", megabytes(total)));
  }

  // A first visit (nothing saved) where the browser says how fast its link is: the worker of
  // web/runtime-ahead.mjs, started now rather than once the page's modules are loaded, says
  // whether it downloads Pyodide's runtime ahead of Pyodide (where the browser does not call the link fast,
  // nothing kept), and then downloads it. window.heartsAhead = {deciding, how, wasm, stdlib}:
  // promises of that answer, of how the files come ("xz" or "plain"), of the wasm compiled and of
  // the stdlib's bytes, which web/prefetch.mjs and web/page.js hand on.
  function downloadingAhead() {
    var link = navigator.connection;
    try {
      if (!link || !window.Worker || localStorage.getItem("hearts.save")) return null;
    } catch (problem) {
      return null;  // storage refused: a first visit or not, the worker that runs Python decides
    }
    var worker;
    try {
      worker = new Worker(new URL("runtime-ahead.mjs", document.currentScript.src), {type: "module"});
    } catch (problem) {
      return null;
    }
    var settle = {};
    var promised = function (name) {
      var promise = new Promise(function (resolve, reject) { settle[name] = [resolve, reject]; });
      promise.catch(function () {});  // a failure is said to the worker that runs Python
      return promise;
    };
    var ahead = {deciding: promised("deciding"), how: promised("how"), wasm: promised("wasm"), stdlib: promised("stdlib")};
    var fail = function (problem) {
      worker.terminate();
      settle.deciding[0](false);
      ["how", "wasm", "stdlib"].forEach(function (name) { settle[name][1](new Error(problem)); });
    };
    worker.onmessage = function (event) {
      var data = event.data;
      if (data.ahead === true) settle.deciding[0](true);
      else if (data.ahead === false) fail(data.why);
      else if (data.downloaded) setDownloaded("ahead", data.downloaded[0], data.downloaded[1]);
      else if (data.how) settle.how[0](data.how);
      else if (data.wasm) settle.wasm[0](data.wasm);
      else if (data.stdlib) settle.stdlib[0](data.stdlib);
      else if (data.done) worker.terminate();
      else fail(data.error);
    };
    worker.onerror = function (event) {
      event.preventDefault();  // not the page's error screen: the worker that runs Python downloads them
      fail(event.message || "the runtime worker failed");
    };
    worker.postMessage({root: new URL("../", document.currentScript.src).href,
                        link: {effectiveType: link.effectiveType, downlink: link.downlink, saveData: link.saveData}});
    return ahead;
  }
  window.heartsAhead = downloadingAhead();

  window.heartsShowError = showError;
  window.heartsProgress = setProgress;
  window.heartsDownloaded = setDownloaded;

  addEventListener("py:progress", function (event) {
    var step = STEPS[event.detail];
    if (step === undefined) return;
    var el = loading();
    setProgress(step, el && (step >= 75 ? el.dataset.game : el.dataset.runtime));
  });
  addEventListener("error", function (event) {
    if (document.documentElement.dataset.state === "loading") {
      showError(event.message || (event.target && event.target.src) || "");
    }
  }, true);
  addEventListener("unhandledrejection", function (event) {
    if (document.documentElement.dataset.state === "loading") showError(event.reason);
  });
  // The player's language (web/main.py saves it under hearts.settings): the loading and error
  // screens and the update notice speak it before Python runs.
  function chosenStrings() {
    try {
      var saved = JSON.parse(localStorage.getItem("hearts.settings"));
      var strings = JSON.parse(document.getElementById("page-strings").textContent);
      var table = saved && saved.format === "hearts.settings" && strings[saved.language];
      if (table) document.documentElement.lang = saved.language;
      return table || null;
    } catch (problem) {
      return null;  // no storage, or damaged settings: the built-in default language
    }
  }
  var chosen = chosenStrings();

  function translate(table) {
    document.title = table["app.title"];
    Array.prototype.forEach.call(document.querySelectorAll("[data-text]"), function (element) {
      element.textContent = table[element.dataset.text];
    });
    var shade = loading();
    if (shade) {
      shade.dataset.runtime = table["loading.runtime"];
      shade.dataset.download = table["loading.download"];
      shade.dataset.game = table["loading.game"];
      shade.dataset.failed = table["loading.failed"];
    }
    var register = document.querySelector("script[data-update]");
    if (register) register.dataset.update = table["pwa.update"];
  }

  // A return visit: the table as it was last drawn (web/page.js keeps it under hearts.drawing)
  // is painted as soon as the page is parsed, before Python runs, visibly not live: inert (no
  // taps, no focus), aria-busy, the loading screen shrunk to a thin bar. web/main.py draws the
  // live table in the same place, and the page turns ready.
  var DRAWING = "hearts.drawing";
  // Only our own markup: no scripts or embedded content, no handlers, no inline styles (the
  // Content Security Policy would refuse them), no URLs.
  var UNSAFE_TAGS = "script, style, link, meta, base, iframe, frame, object, embed, img, svg, math, template";
  var UNSAFE_ATTRIBUTE = /^(on|style$|href$|src|action$|formaction$|xlink|srcset$)/i;
  var LOOK = /^[a-z-]+$/;

  function savedDrawing() {
    try {
      if (!localStorage.getItem("hearts.save")) return null;
      var drawing = JSON.parse(localStorage.getItem(DRAWING));
      return drawing && drawing.format === DRAWING && typeof drawing.app === "string" ? drawing : null;
    } catch (problem) {
      return null;
    }
  }

  function clean(element) {
    Array.prototype.forEach.call(element.querySelectorAll(UNSAFE_TAGS), function (node) { node.remove(); });
    [element].concat(Array.prototype.slice.call(element.querySelectorAll("*"))).forEach(function (node) {
      Array.prototype.slice.call(node.attributes).forEach(function (attribute) {
        if (UNSAFE_ATTRIBUTE.test(attribute.name)) node.removeAttribute(attribute.name);
      });
    });
  }

  function paintSaved() {
    var drawing = savedDrawing();
    var app = document.getElementById("app");
    if (!drawing || !app || drawing.lang !== document.documentElement.lang) return;
    var parsed = new DOMParser().parseFromString(drawing.app, "text/html").getElementById("app");
    if (!parsed) return;
    clean(parsed);
    Array.prototype.forEach.call(parsed.attributes, function (attribute) {
      if (attribute.name === "class" || attribute.name.indexOf("data-") === 0) {
        app.setAttribute(attribute.name, attribute.value);
      }
    });
    app.replaceChildren.apply(app, Array.prototype.slice.call(parsed.childNodes));
    // data-css read as every redraw reads it (web/patch.js, a classic script of the head, so
    // loaded by now): the policy allows the CSSOM, not style attributes. Without patch.js (a
    // browser that cannot run it) the saved table is painted unstyled, not left half done.
    if (typeof window.heartsCssVariables === "function") window.heartsCssVariables(app);
    var root = document.documentElement;
    ["theme", "deck", "cards"].forEach(function (name) {
      if (LOOK.test(drawing[name] || "")) root.dataset[name] = drawing[name];
    });
    app.inert = true;
    app.setAttribute("aria-busy", "true");
    app.hidden = false;
    root.dataset.painted = "true";
    new MutationObserver(function (_, watch) {
      if (root.dataset.state === "loading") return;
      watch.disconnect();
      app.inert = false;
      app.removeAttribute("aria-busy");
      delete root.dataset.painted;
    }).observe(root, {attributes: true, attributeFilter: ["data-state"]});
  }

  // "interactive": the body is parsed, before the deferred PyScript modules run.
  document.addEventListener("readystatechange", function () {
    if (document.readyState !== "interactive") return;
    if (chosen) translate(chosen);
    paintSaved();
  });

  document.addEventListener("DOMContentLoaded", function () {
    document.getElementById("error-restart").addEventListener("click", function () {
      location.reload();
    });
  });
})();
