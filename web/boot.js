// Before Python runs: loading progress, and a readable error instead of a blank page if the
// runtime, the wheel or web/main.py fails. Strings come from data-* attributes that the build
// fills from hearts/strings.py.
(function () {
  "use strict";
  var STEPS = {
    "Loading Pyodide": 10, "Loading Storage": 20, "Loaded Storage": 25,
    "Loading interpreter": 30, "Loaded Pyodide": 75, "Loading files": 80, "Loaded files": 88
  };
  var percent = 5;
  // PyScript reports a failing script on the console; keep the last report to show it.
  var lastReport = "";
  var consoleError = console.error;
  console.error = function () {
    if (document.documentElement.dataset.state === "loading") {
      lastReport = Array.prototype.map.call(arguments, String).join(" ");
    }
    return consoleError.apply(console, arguments);
  };
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
  window.heartsShowError = showError;
  window.heartsProgress = setProgress;

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
  addEventListener("py:all-done", function () {
    if (document.documentElement.dataset.state === "loading") {
      var el = loading();
      showError(lastReport || (el ? el.dataset.failed : ""));
    }
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
      shade.dataset.game = table["loading.game"];
      shade.dataset.failed = table["loading.failed"];
    }
    var register = document.querySelector("script[data-update]");
    if (register) register.dataset.update = table["pwa.update"];
  }

  document.addEventListener("DOMContentLoaded", function () {
    if (chosen) translate(chosen);
    document.getElementById("error-restart").addEventListener("click", function () {
      location.reload();
    });
  });
})();
