// The offline cache of this site. tools/pwa.py builds it to _site/sw.js (top level, so its
// scope covers the page) with `self.BUILD = {cache, files, strings}` prepended: the cache name
// carries the version and a hash of every file, so two builds never share a cache.
//
// Cache-first for the files the build listed, nothing else: other requests are left to the
// browser. A listed file missing from the cache (an install cut short, an evicted entry) comes
// from the network and is put back; offline, the page gets a message naming the file.
//
// Pyodide's wasm and stdlib zip (BUILD.runtime.files) are not in this build's list: the worker
// that started Python keeps them decoded in a cache of their own (BUILD.runtime.cache, named by
// their bytes, so builds with the same runtime share it: web/runtime-files.mjs), having
// downloaded them as .xz on a slow link. Installing here only checks that they are there, and
// fetches what is missing (a first visit whose worker could not keep them, a new runtime).
"use strict";

var BUILD = self.BUILD;
var SCOPE = new URL(self.registration.scope);
// Sites under other sub-paths of the same origin (GitHub Pages: user.github.io/<repo>/) share
// the origin's caches, so a cache is this build's name plus this scope's path.
var CACHE = BUILD.cache + " " + SCOPE.pathname;
var LISTED = new Set(BUILD.files.map(function (file) { return new URL(file, SCOPE).href; }));
var INDEX = new URL("index.html", SCOPE).href;
var RUNTIME = BUILD.runtime.cache + " " + SCOPE.pathname;
var RUNTIME_FILES = BUILD.runtime.files.map(function (file) { return new URL(file, SCOPE).href; });

self.addEventListener("install", function (event) {
  // "no-cache" revalidates with the server, so a stale HTTP-cache copy of an older build
  // cannot slip into this build's cache.
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return cache.addAll(BUILD.files.map(function (file) {
      return new Request(new URL(file, SCOPE).href, {cache: "no-cache"});
    }));
  }).then(keepRuntime).then(function () {
    // Take over at once: the running page already has every file it needs in memory, and the
    // update notice asks the player to refresh, which then loads this build.
    return self.skipWaiting();
  }));
});

// The runtime files that the page's worker did not keep, fetched (plain: gzipped by the host).
function keepRuntime() {
  return caches.open(RUNTIME).then(function (cache) {
    return Promise.all(RUNTIME_FILES.map(function (url) {
      // "no-cache", as for the build's files: a stale HTTP-cache copy never fills this cache.
      return cache.match(url).then(function (hit) { return hit || cache.add(new Request(url, {cache: "no-cache"})); });
    }));
  });
}

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      var ours = name.startsWith(BUILD.prefix) || name.startsWith(BUILD.runtime.prefix);
      return name !== CACHE && name !== RUNTIME && ours && name.endsWith(" " + SCOPE.pathname);
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function listedUrl(request) {
  var url = new URL(request.url);
  url.search = "";
  url.hash = "";
  if (request.mode === "navigate" && (url.href === SCOPE.href || url.href === INDEX)) return INDEX;
  return LISTED.has(url.href) ? url.href : null;
}

self.addEventListener("fetch", function (event) {
  if (event.request.method !== "GET") return;
  var url = listedUrl(event.request);
  if (url !== null) {
    event.respondWith(fromCache(url, event));
  } else if (RUNTIME_FILES.indexOf(event.request.url) !== -1) {
    event.respondWith(fromCache(event.request.url, event, RUNTIME));
  }
});

// This build's cache and the runtime's, each opened once per run of the service worker: a return
// visit's ~40 requests each opened it again, on the thread that answers them all.
var opened = {};

function opening(name) {
  if (!opened[name]) {
    opened[name] = caches.open(name);
    opened[name].catch(function () { delete opened[name]; });  // tried afresh by the next request
  }
  return opened[name];
}

// `url` from the cache named `name` (this build's by default), else from the network, put back.
function fromCache(url, event, name) {
  return opening(name || CACHE).then(function (cache) {
    return cache.match(url).then(function (hit) {
      return hit || fromNetwork(cache, url, event);
    });
  });
}

function fromNetwork(cache, url, event) {
  return fetch(url, {cache: "no-cache"}).then(function (response) {
    if (response.ok) event.waitUntil(cache.put(url, response.clone()));
    return response;
  }).catch(function () {
    return missingOffline(url, event);
  });
}

function missingOffline(url, event) {
  var file = url.slice(SCOPE.href.length) || "index.html";
  var message = BUILD.strings.offlineMissing.replace("{file}", file);
  if (url === INDEX) {
    var page = "<!doctype html><html lang=\"zh-Hans\"><meta charset=\"utf-8\">" +
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">" +
      "<title>" + BUILD.strings.title + "</title><body data-state=\"offline-missing\">" +
      "<p id=\"offline-missing\">" + message + "</p></body></html>";
    return new Response(page, {status: 503, headers: {"Content-Type": "text/html; charset=utf-8"}});
  }
  // Said to the page that asked, or, for the worker that runs the game's Python (which fetches
  // its own files), to the pages: one that is still starting shows it (web/sw-register.js).
  event.waitUntil(self.clients.get(event.clientId).then(function (client) {
    if (client && client.type === "window") return [client];
    return self.clients.matchAll({type: "window"});
  }).then(function (pages) {
    pages.forEach(function (page) { page.postMessage({type: "offline-missing", message: message}); });
  }));
  return new Response(message, {status: 503, headers: {"Content-Type": "text/plain; charset=utf-8"}});
}
