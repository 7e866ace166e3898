// Registers the offline cache (../sw.js) once the table accepts taps, so installing it never
// competes with the first start; tells the player when a new build has been taken up; and
// turns "a file is missing from the cache while offline" into a readable message.
// Strings come from this script tag's data-* attributes, filled by the build.
(function () {
  "use strict";
  if (!("serviceWorker" in navigator)) return;
  var strings = document.currentScript.dataset;
  var container = navigator.serviceWorker;
  var hadController = Boolean(container.controller);

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
  });

  container.addEventListener("message", function (event) {
    if (!event.data || event.data.type !== "offline-missing") return;
    // Only while starting: a running game needs nothing more (an icon, say) to go on.
    if (document.documentElement.dataset.state === "ready") return;
    if (window.heartsShowError) window.heartsShowError(event.data.message);
  });
  container.startMessages();

  function register() {
    container.register("./sw.js", {scope: "./"}).then(function (registration) {
      // A returning page asks for a newer build as soon as the game is ready, rather than
      // waiting on the browser's own check after the navigation, which Chromium defers while
      // the worker is busy and may not make at all for a while. Offline it fails: nothing to do.
      if (hadController) registration.update().catch(function () {});
    }, function (error) {
      console.warn("service worker not registered:", error);
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
