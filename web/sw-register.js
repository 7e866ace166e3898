// Registers the offline cache (../sw.js) once the table accepts taps, so installing it never
// competes with the first start; tells the player when a new build has been taken up; and
// turns "a file is missing from the cache while offline" into a readable message.
// Strings come from this script tag's data-* attributes, filled by the build.
(function () {
  "use strict";
  // Settles once a service worker controls the page, or none will: there is none, registering it
  // failed, or its install did. The snapshot for the next visit is made only then (web/page.js,
  // which stops waiting after 15 s; web/interpreter.mjs): its worker imports Pyodide's 1.2 MB glue
  // through the service worker, and V8 keeps that code, compiled while a whole start runs, beside
  // the service worker's copy. Made before (a first visit registers it at ready, and over a
  // phone's round trips it takes control only seconds later), the first return visit keeps only
  // the little a restore compiles, and every return visit after compiles the rest again
  // (docs/startup.md). A page controlled from the start does not wait for a newer build's worker:
  // its snapshot is of its own build.
  var controlled = function () {};
  window.heartsControlled = new Promise(function (resolve) { controlled = resolve; });
  if (!("serviceWorker" in navigator)) {
    controlled();
    return;
  }
  var strings = document.currentScript.dataset;
  var container = navigator.serviceWorker;
  var hadController = Boolean(container.controller);
  if (hadController) controlled();

  function showUpdateNotice() {
    if (document.getElementById("update-notice")) return;
    var notice = document.createElement("div");
    notice.id = "update-notice";
    notice.setAttribute("role", "status");
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = strings.update;
    notice.appendChild(button);
    Object.assign(notice.style, {
      position: "fixed", left: "50%", bottom: "calc(12px + env(safe-area-inset-bottom, 0px))",
      transform: "translateX(-50%)", zIndex: "1000"
    });
    Object.assign(button.style, {
      padding: "8px 16px", border: "0", borderRadius: "18px", background: "rgba(0, 0, 0, 0.78)",
      color: "#fff", font: "14px/1.4 system-ui, sans-serif"
    });
    button.addEventListener("click", function () { location.reload(); });
    document.body.appendChild(notice);
  }

  // A new build activates at once (sw.js skips waiting); a page that was already controlled
  // keeps running the old build until the player refreshes.
  container.addEventListener("controllerchange", function () {
    if (hadController) showUpdateNotice();
    hadController = true;
    controlledByNewest();
  });

  // Whether a service worker is on its way to control the page: installing, waiting, or active
  // but not yet activated (it claims the page as it activates); each change of its state is
  // looked at again. One that failed (redundant) is not waited for.
  function controlledByNewest() {
    container.getRegistration().then(function (registration) {
      var coming = registration ? [registration.installing, registration.waiting, registration.active] : [];
      var next = coming.filter(function (worker) {
        return worker && worker.state !== "activated" && worker.state !== "redundant";
      })[0];
      if (!next) {
        controlled();  // in control, or none will be
        return;
      }
      next.addEventListener("statechange", controlledByNewest, {once: true});
    }, controlled);
  }

  container.addEventListener("message", function (event) {
    if (!event.data || event.data.type !== "offline-missing") return;
    // Only while starting: a running game needs nothing more (an icon, say) to go on.
    if (document.documentElement.dataset.state === "ready") return;
    if (window.heartsShowError) window.heartsShowError(event.data.message);
  });
  container.startMessages();

  function register() {
    container.register("./sw.js", {scope: "./"}).then(function (registration) {
      controlledByNewest();
      // A returning page asks for a newer build as soon as the game is ready, rather than
      // waiting on the browser's own check after the navigation, which Chromium defers while
      // the worker is busy and may not make at all for a while. Offline it fails: nothing to do.
      if (hadController) registration.update().catch(function () {});
    }, function (error) {
      console.warn("service worker not registered:", error);
      controlled();
    });
  }

  var root = document.documentElement;
  if (root.dataset.state === "ready") {
    register();
  } else {
    var watch = new MutationObserver(function () {
      if (root.dataset.state !== "ready") return;
      watch.disconnect();
      register();
    });
    watch.observe(root, {attributes: true, attributeFilter: ["data-state"]});
  }
})();
