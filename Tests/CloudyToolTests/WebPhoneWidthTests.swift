import CloudyTestSupport
import Foundation
import Testing

/// Nested in `WebBrowserTests` (serialized): one Chromium at a time on the machine.
extension WebBrowserTests {
  /// Issue 41, the web at a phone's width, in headless Chromium at 320, 390 and 1,280 px and at
  /// 200 % zoom (a 1,280-px window at device scale 2: 640 CSS px). The window is resized, never
  /// emulated as a phone: phone emulation widens the layout viewport to the page, and the page
  /// would never look too wide.
  @Suite("cloudy-web in headless Chromium: phone widths, the chart, contrast and headings")
  struct PhoneWidths {
    /// San Francisco with Dark Sky's answer (its sentence summaries made the week 1,430 px
    /// wide at 1,280), Göteborg with MET Norway's (hours, then 6-hour steps: nine days drawn as
    /// "Next 80 hours"), Seattle with an alert, Poznań with nothing cached.
    static func household(_ folder: ToolTestFolder) throws -> (db: String, ids: [String: String]) {
      let db = folder.file("cloudy.sqlite")
      let providers = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../CloudyProvidersTests/Fixtures").standardized.path
      let tools = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures").standardized.path
      let places: [(String, String, String, String?)] = [
        ("San Francisco", "37.8267", "-122.4233", tools + "/darksky-sf-2018-02-20.json"),
        (
          "Göteborg", "57.7", "11.97",
          providers + "/met-norway-gothenburg-2021-10-20-compact.json"
        ),
        (
          "Seattle", "47.6062", "-122.3321",
          providers + "/Alerts/darksky-seattle-coastal-flood-advisory.json"
        ),
        ("Poznań", "52.41", "16.93", nil),
      ]
      var ids: [String: String] = [:]
      for (name, lat, lon, file) in places {
        let added = try ToolRunner.run(
          "cloudy-locations",
          ["add", "--name", name, "--lat", lat, "--lon", lon, "--db", db, "--json"])
        #expect(added.status == 0, "\(added.standardError)")
        ids[name] = try sqlite3(db, "SELECT id FROM location WHERE name = '\(name)'")
        if let file {
          let imported = try ToolRunner.run(
            "cloudy-forecast", ["import", file, "--place", ids[name]!, "--db", db, "--force"])
          #expect(imported.status == 0, "\(name): \(imported.standardError)")
        }
      }
      return (db, ids)
    }

    /// The window as `size` says: a width in CSS px, or "zoom" for 1,280 px at 200 %.
    static func resize(_ browser: BrowserSession, _ size: String) throws {
      if size == "zoom" {
        try browser.resize(width: 1280, height: 800)
        try browser.devTools(
          "Emulation.setDeviceMetricsOverride",
          ["width": 640, "height": 400, "deviceScaleFactor": 2, "mobile": false])
      } else {
        try browser.devTools("Emulation.clearDeviceMetricsOverride", [:])
        try browser.resize(width: Int(size)!, height: 844)
      }
    }

    static let sizes = ["320", "390", "1280", "zoom"]

    @Test("no page wider than its window at 320, 390, 1,280 px and at 200 % zoom")
    func noPageWiderThanItsWindow() throws {
      let folder = try ToolTestFolder()
      let (db, ids) = try Self.household(folder)
      let web = try WebServerProcess(database: db, ["--offline"])
      let base = "http://127.0.0.1:\(web.port)"
      let browser = try BrowserSession()
      let pages = [
        "/", "/?view=hourly", "/places", "/places/new?q=Springfield", "/settings",
        "/places/\(ids["Seattle"]!)/alerts",
      ]
      var wide: [String] = []
      for selected in ["San Francisco", "Göteborg"] {
        _ = try ToolRunner.run("cloudy-locations", ["select", ids[selected]!, "--db", db])
        for size in Self.sizes {
          try Self.resize(browser, size)
          for path in pages {
            try browser.open(base + path)
            let widths =
              try browser.run(
                "return [document.documentElement.scrollWidth, window.innerWidth]") as? [Int]
              ?? []
            if widths.count != 2 || widths[0] > widths[1] {
              wide.append("\(selected) \(path) at \(size): \(widths)")
            }
          }
        }
      }
      #expect(wide.isEmpty, "pages wider than the window: \(wide)")
      #expect(web.stop() == 0)
    }

    /// The labels under the chart as drawn (the ones a phone hides are not there), each box.
    static let labelBoxes = """
      return [...document.querySelectorAll('svg.meteogram text.axis')]
        .filter(t => t.getAttribute('text-anchor') !== 'end' && t.getClientRects().length)
        .map(t => { const r = t.getBoundingClientRect(); return [t.textContent, r.left, r.right, r.top, r.bottom]; });
      """

    @Test(
      "the chart: labels never overlap, a short legend, the chance of rain over the bars, steps at their real times"
    )
    func theChart() throws {
      let folder = try ToolTestFolder()
      let (db, ids) = try Self.household(folder)
      let web = try WebServerProcess(database: db, ["--offline", "--hours", "384"])
      let base = "http://127.0.0.1:\(web.port)"
      let browser = try BrowserSession()
      for selected in ["San Francisco", "Göteborg"] {
        _ = try ToolRunner.run("cloudy-locations", ["select", ids[selected]!, "--db", db])
        for size in Self.sizes {
          try Self.resize(browser, size)
          try browser.open(base + "/?view=hourly")
          let boxes = try browser.run(Self.labelBoxes) as? [[Any]] ?? []
          #expect(boxes.count >= 3, "\(selected) at \(size): \(boxes)")
          for (index, first) in boxes.enumerated() {
            for second in boxes.dropFirst(index + 1) {
              let (a, b) = (first.compactMap { $0 as? Double }, second.compactMap { $0 as? Double })
              guard a.count == 4, b.count == 4 else { continue }
              let overlap = a[0] < b[1] && b[0] < a[1] && a[2] < b[3] && b[2] < a[3]
              #expect(!overlap, "\(selected) at \(size): \(first) overlaps \(second)")
            }
          }
          let heights =
            try browser.run(
              "return [document.querySelector('figure.chart figcaption').getBoundingClientRect().height, document.querySelector('svg.meteogram').getBoundingClientRect().height]"
            ) as? [Double] ?? []
          #expect(
            heights.count == 2 && heights[0] < heights[1] && heights[0] <= 60,
            "\(selected) at \(size): the legend is \(heights.first ?? -1) px, the plot \(heights.last ?? -1)"
          )
        }
      }
      // MET Norway's steps: hours, then six hours apart, drawn at their times; the heading
      // says the days they cover, not the number of steps.
      try Self.resize(browser, "1280")
      let heading = try browser.text("#chart-heading")
      #expect(heading.hasPrefix("Next ") && heading.hasSuffix(" days"), "\(heading)")
      let gaps =
        try browser.run(
          "const p = document.querySelector('polyline.temperature').getAttribute('points').trim().split(' ').map(s => parseFloat(s)); const g = p.slice(1).map((x, i) => x - p[i]); return [g[0], g[g.length - 1]];"
        ) as? [Double] ?? []
      #expect(gaps.count == 2 && gaps[1] > 4 * gaps[0], "first and last steps: \(gaps)")
      // The chance of rain drawn over the bars in a colour that stands apart from theirs.
      _ = try ToolRunner.run("cloudy-locations", ["select", ids["San Francisco"]!, "--db", db])
      for scheme in ["light", "dark"] {
        try browser.colorScheme(scheme)
        try browser.open(base + "/?view=hourly")
        let ratio =
          try browser.run(
            Self.contrastFunctions
              + "const line = getComputedStyle(document.querySelector('polyline.chance')).stroke; const bar = getComputedStyle(document.querySelector('rect.precipitation')).fill; return ratio(line, bar);"
          ) as? Double ?? 0
        #expect(ratio >= 3, "\(scheme): the chance line against the bars is \(ratio):1")
        let order =
          try browser.run(
            "const all = [...document.querySelectorAll('svg.meteogram *')]; return all.indexOf(document.querySelector('polyline.chance')) > Math.max(...[...document.querySelectorAll('rect.precipitation')].map(r => all.indexOf(r)));"
          ) as? Bool
        #expect(order == true, "the chance line is drawn before a bar")
      }
      #expect(web.stop() == 0)
    }

    /// WCAG 2's contrast ratio of two CSS colours (`rgb(…)`, opaque).
    static let contrastFunctions = """
      function lum(text) { const p = text.match(/[\\d.]+/g).map(Number); const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }; return 0.2126 * f(p[0]) + 0.7152 * f(p[1]) + 0.0722 * f(p[2]); }
      function ratio(a, b) { const [x, y] = [lum(a), lum(b)].sort((m, n) => n - m); return (x + 0.05) / (y + 0.05); }
      """

    /// The script that lists every text below 4.5:1 against what is behind it.
    static let contrastScript = ContrastCheck.script

    @Test("every text at least 4.5:1, light and dark; headings in order on every page")
    func contrastAndHeadings() throws {
      let folder = try ToolTestFolder()
      let (db, ids) = try Self.household(folder)
      let web = try WebServerProcess(database: db, ["--offline"])
      let base = "http://127.0.0.1:\(web.port)"
      let browser = try BrowserSession()
      let pages = [
        "/", "/?view=hourly", "/places", "/places/new?q=Springfield", "/settings",
        "/places/\(ids["Seattle"]!)/alerts", "/places/\(ids["Seattle"]!)/rename",
        "/places/\(ids["Seattle"]!)/remove",
      ]
      for scheme in ["light", "dark"] {
        try browser.colorScheme(scheme)
        for path in pages {
          try browser.open(base + path)
          let low = try browser.run(Self.contrastScript) as? [String] ?? ["the script failed"]
          #expect(low.isEmpty, "\(scheme) \(path): \(low)")
          let levels =
            try browser.run(
              "return [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map(h => Number(h.tagName[1]))"
            ) as? [Int] ?? []
          #expect(levels.first == 1, "\(path): \(levels)")
          for (before, after) in zip(levels, levels.dropFirst()) {
            #expect(after <= before + 1, "\(path): h\(before) then h\(after) (\(levels))")
          }
        }
      }
      #expect(web.stop() == 0)
    }

    @Test(
      "Locations on a phone: each place's temperature and symbol, its actions behind one control"
    )
    func locationsAtAGlance() throws {
      let folder = try ToolTestFolder()
      let (db, ids) = try Self.household(folder)
      let web = try WebServerProcess(database: db, ["--offline"])
      let base = "http://127.0.0.1:\(web.port)"
      let browser = try BrowserSession()
      try Self.resize(browser, "390")
      try browser.open(base + "/places")
      let sf = "#place-\(ids["San Francisco"]!)"
      #expect(try browser.text(sf + " .glance").contains("°"), "no temperature in the row")
      #expect(
        (try browser.run("return !!document.querySelector('\(sf) .glance img.symbol')") as? Bool)
          == true)
      // One control a row (besides the place's alert link), and rows short enough for a
      // phone to show many.
      let rows =
        try browser.run(
          "return [...document.querySelectorAll('ul.places li[id]')].map(li => [li.id, [...li.querySelectorAll('button, a.button')].filter(e => e.checkVisibility()).length, li.getBoundingClientRect().height])"
        ) as? [[Any]] ?? []
      #expect(rows.count == 4)
      for row in rows {
        #expect((row[1] as? Int) == 1, "\(row)")
        #expect(((row[2] as? Double) ?? 999) <= 72, "\(row)")
      }
      // The control opens the row's actions.
      try browser.click(sf + " a.row-actions")
      #expect(
        (try browser.run(
          "return [...document.querySelectorAll('\(sf) .actions a.button, \(sf) .actions button')].filter(e => e.checkVisibility()).length"
        ) as? Int ?? 0) >= 3)
      // On a laptop the actions show at once.
      try Self.resize(browser, "1280")
      try browser.open(base + "/places")
      #expect(
        (try browser.run(
          "return [...document.querySelectorAll('\(sf) .actions a.button')].filter(e => e.checkVisibility()).length"
        ) as? Int ?? 0) == 2)
      #expect(web.stop() == 0)
    }

    @Test(
      "offline: a screen never opened reads from the copies kept at install; a page never loaded says so"
    )
    func neverLoadedOffline() throws {
      let folder = try ToolTestFolder()
      let (db, ids) = try Self.household(folder)
      var web: WebServerProcess? = try WebServerProcess(database: db, ["--offline"])
      let port = try #require(web?.port)
      let base = "http://127.0.0.1:\(port)"
      let browser = try BrowserSession()
      try browser.open(base + "/")
      #expect(
        try browser.waitUntil("return !!navigator.serviceWorker.controller", timeout: 20),
        "the service worker did not take the page")
      #expect(
        try browser.waitUntil(
          "return caches.match('/places/new').then(r => !!r)", timeout: 20),
        "the install did not keep /places/new")
      _ = web?.stop()
      web = nil
      try browser.open(base + "/places/new")
      #expect(try browser.text("h1") == "Add Location")
      try browser.open(base + "/places/\(ids["Seattle"]!)/alerts")
      #expect(try browser.text("h1") == "Not loaded yet")
      #expect(try browser.text("main").contains("never loaded"))
      try browser.click("main a[href='/places']")
      #expect(try browser.waitUntil("return location.pathname === '/places'"))
    }
  }
}
