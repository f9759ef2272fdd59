// cloudy-web's only script, served from the binary as /static/app.js. The pages work without
// it (every action is a form); with it, they follow the file live and search as you type.
//
// - Live: an EventSource on /events. On `change` or `refresh`, the page fetches its own URL
//   and swaps each element marked data-live (by id) for the fresh one, leaving the rest (a
//   field being typed in, the focus) alone. On `problem`, the banner says what is wrong.
// - Search as you type on Add Location: the results of /places/new?q=… replace #results,
//   at most one request in flight, the address bar following the query.
"use strict";

(function () {
  var reloading = false;
  var again = false;

  function swapLive(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    document.querySelectorAll("[data-live]").forEach(function (old) {
      if (!old.id) return;
      var next = fresh.getElementById(old.id);
      if (!next) return;
      if (old.contains(document.activeElement) && old.id !== "banner") return;
      if (old.innerHTML !== next.innerHTML) old.innerHTML = next.innerHTML;
    });
    var version = fresh.documentElement.getAttribute("data-version");
    if (version) document.documentElement.setAttribute("data-version", version);
    var title = fresh.querySelector("title");
    if (title) document.title = title.textContent;
    document.documentElement.setAttribute("data-updated", String(Date.now()));
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

  if ("EventSource" in window) {
    var events = new EventSource("/events");
    // The first event: the number of changes so far. A page read at another number missed one
    // (made while it was on its way) and follows it now.
    events.addEventListener("hello", function (event) {
      try {
        var now = String(JSON.parse(event.data).version);
        if (now !== document.documentElement.getAttribute("data-version")) reload();
      } catch (e) {}
    });
    events.addEventListener("change", reload);
    events.addEventListener("refresh", reload);
    events.addEventListener("problem", function (event) {
      try { showProblem(JSON.parse(event.data).message); } catch (e) {}
    });
    events.addEventListener("open", function () {
      document.documentElement.setAttribute("data-live", "connected");
    });
    window.addEventListener("pagehide", function () { events.close(); });
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
