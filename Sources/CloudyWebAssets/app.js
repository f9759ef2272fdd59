// cloudy-web's only script, served from the binary as /static/app.js. The pages work without
// it (every action is a form); with it, they follow the file live and search as you type.
//
// - Live: an EventSource on /events. On `change` or `refresh`, the page fetches its own URL
//   and morphs each element marked data-live (by id) into the fresh one, node by node, so the
//   focused control and what is typed in it stay (an update is never skipped for them); the
//   title follows too. On `problem`, the banner says what is wrong.
// - Offline: registers sw.js (the last pages and answers kept); when the server cannot be
//   reached it says so and counts the shown forecast's true age; it reloads when the server is
//   back.
// - Search as you type on Add Location: the results of /places/new?q=… replace #results,
//   at most one request in flight, the address bar following the query.
"use strict";

(function () {
  var reloading = false;
  var again = false;

  // Makes `old` like `next` in place. Children with an id (a place's row) are matched by it,
  // the others by position and tag, so an element that stays is the same node: the control
  // with the focus, and what is typed in it, survive an update around them.
  function morph(old, next) {
    if (old.nodeType !== 1) {
      if (old.nodeValue !== next.nodeValue) old.nodeValue = next.nodeValue;
      return;
    }
    if (old !== document.activeElement) {
      Array.from(old.attributes).forEach(function (a) {
        if (!next.hasAttribute(a.name)) old.removeAttribute(a.name);
      });
    }
    Array.from(next.attributes).forEach(function (a) {
      if (old.getAttribute(a.name) !== a.value && !(old === document.activeElement && a.name === "value")) {
        old.setAttribute(a.name, a.value);
      }
    });
    var keyed = {};
    Array.from(old.childNodes).forEach(function (c) { if (c.id) keyed[c.id] = c; });
    var cursor = old.firstChild;
    Array.from(next.childNodes).forEach(function (n) {
      var match = null;
      if (n.id) {
        match = keyed[n.id] || null;
      } else if (cursor && !cursor.id && cursor.nodeType === n.nodeType && cursor.nodeName === n.nodeName) {
        match = cursor;
      }
      if (!match) {
        old.insertBefore(document.importNode(n, true), cursor);
        return;
      }
      if (match === cursor) cursor = cursor.nextSibling;
      else old.insertBefore(match, cursor);
      morph(match, n);
    });
    while (cursor) {
      var gone = cursor;
      cursor = cursor.nextSibling;
      old.removeChild(gone);
    }
  }

  function swapLive(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    var focused = document.activeElement;
    var selection = null;
    try {
      if (focused && typeof focused.selectionStart === "number") {
        selection = [focused.selectionStart, focused.selectionEnd];
      }
    } catch (e) {}
    var missing = false;
    document.querySelectorAll("[data-live]").forEach(function (old) {
      if (!old.id) return;
      var next = fresh.getElementById(old.id);
      if (!next) missing = true;
      else if (old.outerHTML !== next.outerHTML) morph(old, next);
    });
    // A region the page now lacks (the place a rename page is about was removed elsewhere): the
    // main content becomes what the server says now, whole, rather than stay as it was.
    var main = document.getElementById("main");
    var freshMain = fresh.getElementById("main");
    if (missing && main && freshMain) morph(main, freshMain);
    // A focused control moved within its list lost the focus on the way: given back, with the
    // caret where it was. One that is gone leaves the focus on the main content.
    if (focused && focused !== document.body && document.activeElement !== focused) {
      if (focused.isConnected) {
        focused.focus({ preventScroll: true });
        if (selection) try { focused.setSelectionRange(selection[0], selection[1]); } catch (e) {}
      } else if (main) {
        main.focus({ preventScroll: true });
      }
    }
    var version = fresh.documentElement.getAttribute("data-version");
    if (version) document.documentElement.setAttribute("data-version", version);
    var title = fresh.querySelector("title");
    if (title) document.title = title.textContent;
    document.documentElement.setAttribute("data-updated", String(Date.now()));
    showNotifyState();
  }

  function reload() {
    if (reloading) { again = true; return; }
    reloading = true;
    var url = new URL(location.href);
    url.searchParams.delete("notice");
    fetch(url.pathname + url.search, { credentials: "same-origin", headers: { "Accept": "text/html" } })
      .then(function (response) { return response.text(); })
      .then(swapLive)
      .catch(function () {})
      .then(function () {
        reloading = false;
        if (again) { again = false; reload(); }
      });
  }

  function showProblem(message) {
    var banner = document.getElementById("banner");
    if (!banner) return;
    banner.textContent = "";
    var p = document.createElement("p");
    p.className = "problem";
    p.setAttribute("role", "alert");
    p.textContent = message;
    banner.appendChild(p);
  }

  // The forecast's age as ForecastAge.text words it, for a page shown from the service worker's
  // copy while the server cannot be asked: "12 min ago", "3 h ago", "4 days old", "10 months old".
  function ageText(seconds) {
    function counted(n, noun) { return n + " " + noun + (n === 1 ? "" : "s") + " old"; }
    if (seconds < 60) return "just now";
    if (seconds < 3600) return Math.floor(seconds / 60) + " min ago";
    if (seconds < 86400) return Math.floor(seconds / 3600) + " h ago";
    var days = Math.floor(seconds / 86400);
    if (days < 60) return counted(days, "day");
    if (days < 730) return counted(Math.floor(days / 30.436875), "month");
    return counted(Math.floor(days / 365.2425), "year");
  }

  // The server cannot be reached (the event stream broke and /healthz, which the worker never
  // answers, does not answer either): the page says so, and its forecast's age is counted here
  // from when the data was issued, again every minute. The next `hello` loads the page afresh.
  var offline = false;
  function showAge() {
    var element = document.querySelector(".age[data-issued]");
    if (!element) return;
    var seconds = Math.max(0, Math.floor(Date.now() / 1000) - Number(element.getAttribute("data-issued")));
    var date = element.getAttribute("data-issued-date");
    element.textContent = "as of " + (seconds >= 86400 && date ? date + " · " : "") + ageText(seconds);
  }
  function showOffline() {
    if (offline) return;
    offline = true;
    document.documentElement.setAttribute("data-offline", "true");
    var banner = document.getElementById("banner");
    if (banner) {
      banner.textContent = "";
      var p = document.createElement("p");
      p.className = "problem offline";
      p.setAttribute("role", "alert");
      p.textContent = "Cannot reach the server: this is the last forecast this device saw, and it is not being updated. It comes back on its own when the server does.";
      banner.appendChild(p);
    }
    showAge();
    setInterval(showAge, 60000);
  }
  function checkServer() {
    fetch("/healthz", { cache: "no-store", credentials: "same-origin" })
      .then(function (response) { if (!response.ok) throw new Error("status"); })
      .catch(showOffline);
  }

  // Kept for when the network is gone: the last pages and answers (sw.js). Only where the
  // browser allows a worker at all: https, or this machine's own http://127.0.0.1.
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js").catch(function () {});
  }

  // Notifications: the alerts page's button asks the browser's permission; from then on each
  // alert the alert setting shows (GET /api/alerts/shown, worded as the desktop's) that this
  // browser has not notified yet is shown through the service worker, so it appears also while
  // the tab is in the background; one that is no longer shown (ended, cancelled) is closed.
  // What was notified is kept in localStorage: once per alert in this browser. Alerts shown
  // when the user turns notifications on are taken as seen (they are on the page already).
  var notifyKey = "cloudy-notified";
  function notifying() {
    return "Notification" in window && Notification.permission === "granted" &&
      localStorage.getItem("cloudy-notify") === "on" && "serviceWorker" in navigator;
  }
  function notifiedSet() {
    try { return JSON.parse(localStorage.getItem(notifyKey) || "{}"); } catch (e) { return {}; }
  }
  function checkAlerts(seedOnly) {
    if (!notifying()) return Promise.resolve();
    return Promise.all([
      fetch("/api/alerts/shown", { credentials: "same-origin", cache: "no-store" })
        .then(function (response) { return response.json(); }),
      navigator.serviceWorker.ready,
    ]).then(function (both) {
      var alerts = both[0].alerts || [];
      var registration = both[1];
      var notified = notifiedSet();
      var shown = {};
      var work = [];
      alerts.forEach(function (alert) {
        shown[alert.identifier] = true;
        if (notified[alert.identifier]) return;
        notified[alert.identifier] = "open";
        if (seedOnly) return;
        work.push(registration.showNotification(alert.summary, {
          body: alert.body, tag: alert.identifier, data: { url: alert.url },
          requireInteraction: alert.severity === "extreme" || alert.severity === "severe",
        }));
      });
      Object.keys(notified).forEach(function (identifier) {
        if (notified[identifier] !== "open" || shown[identifier]) return;
        notified[identifier] = "closed";
        work.push(registration.getNotifications({ tag: identifier }).then(function (list) {
          list.forEach(function (notification) { notification.close(); });
        }));
      });
      localStorage.setItem(notifyKey, JSON.stringify(notified));
      return Promise.all(work);
    }).catch(function () {});
  }
  function showNotifyState() {
    var button = document.getElementById("notify-alerts");
    var state = document.getElementById("notify-state");
    if (!button || !("Notification" in window) || !("serviceWorker" in navigator) || !window.isSecureContext) return;
    button.parentNode.hidden = false;
    var on = notifying();
    button.hidden = on;
    if (state) {
      state.textContent = on ? "Notifications are on for new alerts in this browser."
        : Notification.permission === "denied" ? "This browser blocks notifications from this site." : "";
    }
  }
  document.addEventListener("click", function (event) {
    if (!event.target || event.target.id !== "notify-alerts") return;
    Notification.requestPermission().then(function (permission) {
      if (permission === "granted") {
        localStorage.setItem("cloudy-notify", "on");
        return checkAlerts(true);
      }
    }).then(showNotifyState);
  });
  showNotifyState();
  checkAlerts(false);

  if ("EventSource" in window) {
    var events = new EventSource("/events");
    events.addEventListener("error", checkServer);
    // The first event: the number of changes so far. A page read at another number missed one
    // (made while it was on its way) and follows it now.
    events.addEventListener("hello", function (event) {
      if (offline) { location.reload(); return; }
      try {
        var now = String(JSON.parse(event.data).version);
        if (now !== document.documentElement.getAttribute("data-version")) reload();
      } catch (e) {}
    });
    events.addEventListener("change", function () { reload(); checkAlerts(false); });
    events.addEventListener("refresh", function () { reload(); checkAlerts(false); });
    events.addEventListener("problem", function (event) {
      try { showProblem(JSON.parse(event.data).message); } catch (e) {}
    });
    events.addEventListener("open", function () {
      document.documentElement.setAttribute("data-live", "connected");
    });
    window.addEventListener("pagehide", function () { events.close(); });
    // An alert ends (or begins) by the clock, with no change to announce: while one is shown
    // (a banner, a mark, the alerts page), or one is due to begin or end (`data-alerts-next`,
    // unix seconds), the live parts are read again every minute.
    function alertDue() {
      var due = false;
      document.querySelectorAll("[data-alerts-next]").forEach(function (node) {
        if (Number(node.getAttribute("data-alerts-next")) * 1000 <= Date.now()) due = true;
      });
      return due;
    }
    setInterval(function () {
      if (offline) return;
      if (document.querySelector(".alert-banner, .alert-mark, #alerts") || alertDue()) reload();
      checkAlerts(false);
    }, 60000);
  }

  // Add Location: search as you type.
  var field = document.getElementById("q");
  var results = document.getElementById("results");
  if (field && results) {
    var pending = null;
    var inFlight = false;
    var latest = field.value;
    var search = function () {
      pending = null;
      if (inFlight) { pending = setTimeout(search, 60); return; }
      var query = field.value;
      if (query === latest) return;
      latest = query;
      inFlight = true;
      var url = "/places/new" + (query.trim() ? "?q=" + encodeURIComponent(query) : "");
      fetch(url, { credentials: "same-origin", headers: { "Accept": "text/html" } })
        .then(function (response) { return response.text(); })
        .then(function (html) {
          var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("results");
          if (fresh && field.value === query) {
            results.innerHTML = fresh.innerHTML;
            history.replaceState(null, "", url);
          }
        })
        .catch(function () {})
        .then(function () { inFlight = false; });
    };
    field.addEventListener("input", function () {
      if (pending) clearTimeout(pending);
      pending = setTimeout(search, 120);
    });
    latest = field.value;
  }
})();
