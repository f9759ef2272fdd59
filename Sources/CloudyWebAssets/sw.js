// cloudy-web's service worker, served from the binary as /sw.js (its scope is the whole site).
// It keeps the last copy of every page and API answer the browser saw, and when the server
// cannot be reached it answers from that copy: the phone shows the last forecast (app.js then
// says the server cannot be reached and how old the forecast really is) instead of an error
// page. Network first, always: a copy is only ever what the server said last. Writes, the event
// stream and /healthz (how app.js asks whether the server is there) are never answered from
// the copies.
"use strict";

var CACHE = "cloudy-pages-v1";
// What a page needs to be shown at all, kept when the worker is installed.
// Every screen's page is kept at install, so each reads offline even if it was never opened;
// a page that cannot be kept so (a place's alerts) answers `neverLoaded` until it is seen once.
var SHELL = ["/", "/?view=hourly", "/places", "/places/new", "/settings", "/static/app.js",
  "/static/style.css", "/static/icon.svg"];

// The page shown, with no server, for a page this device never loaded: what happened and where
// to go, in the site's own look (its stylesheet is in the copies), instead of the browser's
// error page.
function neverLoaded(path) {
  var escaped = path.replace(/[&<>"]/g, function (c) {
    return { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;" }[c];
  });
  var html = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">" +
    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">" +
    "<title>Not loaded yet · Cloudy</title><link rel=\"stylesheet\" href=\"/static/style.css\">" +
    "</head><body><header><p class=\"brand\">Cloudy</p><nav aria-label=\"Screens\">" +
    "<a href=\"/\">Weather</a><a href=\"/places\">Locations</a>" +
    "<a href=\"/places/new\">Add Location</a><a href=\"/settings\">Settings</a></nav></header>" +
    "<main id=\"main\"><h1>Not loaded yet</h1><p class=\"lead\">The server cannot be reached, " +
    "and this device never loaded <code>" + escaped + "</code> while it could, so there is no " +
    "copy of it to show.</p><p>The pages opened before are here as they were last seen: " +
    "<a href=\"/\">Weather</a>, <a href=\"/places\">Locations</a>, " +
    "<a href=\"/settings\">Settings</a>. This page loads once the server is back.</p>" +
    "</main></body></html>";
  return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE)
      .then(function (cache) { return cache.addAll(SHELL); })
      .catch(function () {})
      .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (names) {
        return Promise.all(names.filter(function (name) { return name !== CACHE; })
          .map(function (name) { return caches.delete(name); }));
      })
      .then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname === "/events" || url.pathname === "/healthz" || url.pathname === "/sw.js") return;
  // A notice belongs to the moment of its action: the copy is kept under the address without it.
  url.searchParams.delete("notice");
  var key = url.pathname + url.search;
  event.respondWith(
    fetch(request).then(function (response) {
      if (response.ok && response.type === "basic") {
        var copy = response.clone();
        event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.put(key, copy); }));
      }
      return response;
    }).catch(function (error) {
      return caches.open(CACHE).then(function (cache) { return cache.match(key); })
        .then(function (copy) {
          if (copy) return copy;
          if (request.mode === "navigate") return neverLoaded(url.pathname + url.search);
          throw error;
        });
    }));
});

// An alert's notification (app.js shows it through this worker): a click opens its alerts
// page, in a tab of this site that is open already when there is one.
self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = (event.notification.data && event.notification.data.url) || "/";
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (tabs) {
      for (var i = 0; i < tabs.length; i++) {
        if ("navigate" in tabs[i] && "focus" in tabs[i]) {
          return tabs[i].navigate(url).then(function (tab) { return tab && tab.focus(); });
        }
      }
      return self.clients.openWindow(url);
    }));
});
