import CloudyTestSupport
import Foundation
import Testing

/// Nested in `WebBrowserTests` (serialized): one Chromium at a time on the machine.
extension WebBrowserTests {
  /// Weather you can see, in headless Chromium: a drawn symbol per day and hour (hidden from
  /// screen readers, the summary in words beside it), the week's ranges as bars on one scale, and
  /// the next 48 hours as a chart whose points, read back from the SVG, are the cached hours as
  /// `cloudy-forecast show --json` gives them.
  @Suite("cloudy-web in headless Chromium: symbols, ranges, the hours' chart")
  struct WeatherVisuals {
    @Test("the chart's temperature points are the cached hours, in the stored notation")
    func chartPointsAreTheCachedHours() throws {
      let folder = try ToolTestFolder()
      let db = try AppTerminalTests.database(
        folder, importing: "open-meteo-auckland.json", into: AppTerminalTests.auckland)
      let web = try WebServerProcess(database: db, ["--offline"])
      let browser = try BrowserSession()
      for notation in ["fahrenheit", "celsius"] {
        #expect(
          try ToolRunner.run("cloudy-settings", ["set", "temperature", notation, "--db", db]).status
            == 0)
        try browser.open("http://127.0.0.1:\(web.port)/?view=hourly")
        let read =
          try browser.run(
            """
            var line = document.querySelector('svg.meteogram polyline.temperature');
            if (!line) return null;
            var top = +line.dataset.top, bottom = +line.dataset.bottom;
            var max = +line.dataset.max, min = +line.dataset.min;
            return Array.from(line.points).map(p => max - (p.y - top) / (bottom - top) * (max - min));
            """) as? [Double]
        let points = try #require(read, "no chart on the hourly page")
        let shown = try ToolRunner.run(
          "cloudy-forecast", ["show", "Auckland", "--hourly", "--json", "--db", db])
        #expect(shown.status == 0, "\(shown.standardError)")
        let object = try JSONSerialization.jsonObject(with: Data(shown.standardOutput.utf8))
        let hours =
          (((object as? [String: Any])?["hourly"] as? [String: Any])?["hours"] as? [[String: Any]])
          ?? []
        let cached = hours.compactMap { $0["temperatureFahrenheit"] as? Double }.map {
          notation == "celsius" ? ($0 - 32) * 5 / 9 : $0
        }
        #expect(cached.count == 48)
        #expect(points.count == cached.count, "\(points.count) points for \(cached.count) hours")
        for (point, hour) in zip(points, cached) {
          #expect(abs(point - hour) < 0.05, "a point at \(point)° for an hour of \(hour)°")
        }
        // The axis is in the stored notation; the chart is hidden from screen readers, the
        // table is its text.
        let unit = notation == "celsius" ? "°C" : "°F"
        let axis =
          try browser.run("return document.querySelector('svg.meteogram').textContent") as? String
        #expect(axis?.contains(unit) == true, "\(axis ?? "")")
        #expect(
          try browser.run(
            "return document.querySelector('svg.meteogram').getAttribute('aria-hidden')")
            as? String == "true")
        #expect(
          try browser.run(
            "return document.querySelectorAll('table.hourly tbody tr:not(.date)').length") as? Int
            == 48)
      }
      #expect(web.stop() == 0)
    }

    @Test("a symbol per day and hour beside its summary, and the week's ranges on one scale")
    func symbolsAndRanges() throws {
      let folder = try ToolTestFolder()
      let db = try AppTerminalTests.database(
        folder, importing: "open-meteo-auckland.json", into: AppTerminalTests.auckland)
      let web = try WebServerProcess(database: db, ["--offline"])
      let browser = try BrowserSession()
      try browser.open("http://127.0.0.1:\(web.port)/")
      // Every symbol is drawn (the image loaded), hidden, and a summary is beside it in words.
      let symbols =
        try browser.run(
          "return Array.from(document.querySelectorAll('img.symbol')).map(i => [i.complete && i.naturalWidth > 0, i.getAttribute('alt'), i.getAttribute('aria-hidden'), i.parentElement.innerText.trim().length > 0])"
        ) as? [[Any]] ?? []
      #expect(symbols.count >= 8, "a symbol for now and for each of the week's days")
      for symbol in symbols {
        #expect(symbol[0] as? Bool == true, "a symbol did not load")
        #expect(symbol[1] as? String == "")
        #expect(symbol[2] as? String == "true")
        #expect(symbol[3] as? Bool == true, "a symbol without its summary in words")
      }
      // The bars share one scale: the coldest low starts at 0, the warmest high ends at 100,
      // and each bar spans its own day's range.
      let bars =
        try browser.run(
          "return Array.from(document.querySelectorAll('table.week svg.range rect.span')).map(r => [+r.getAttribute('x'), +r.getAttribute('width'), +r.dataset.low, +r.dataset.high])"
        ) as? [[Double]] ?? []
      #expect(bars.count == 7)
      let low = bars.map { $0[2] }.min() ?? 0
      let high = bars.map { $0[3] }.max() ?? 0
      for bar in bars {
        #expect(abs(bar[0] - (bar[2] - low) / (high - low) * 100) < 0.01)
        #expect(abs(bar[0] + bar[1] - (bar[3] - low) / (high - low) * 100) < 0.01 || bar[1] == 2)
      }
      #expect(bars.contains { $0[0] < 0.01 } && bars.contains { $0[0] + $0[1] > 99.99 })
      #expect(web.stop() == 0)
    }
  }
}
