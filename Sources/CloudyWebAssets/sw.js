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
var SHELL = ["/", "/places", "/settings", "/static/app.js", "/static/style.css", "/static/icon.svg"];

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
        .then(function (copy) { if (copy) return copy; throw error; });
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
