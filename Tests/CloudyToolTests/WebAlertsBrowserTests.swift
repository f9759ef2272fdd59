import CloudyTestSupport
import Foundation
import Testing

/// Nested in `WebBrowserTests` (serialized): one Chromium at a time on the machine.
extension WebBrowserTests {
  /// The alerts on cloudy-web in headless Chromium, while another process imports them: the
  /// Weather page's banner appears with no reload, changes to a more severe alert, and goes
  /// when a Cancel ends it; the alerts page lists every alert whatever the level says; at a
  /// phone's 390 px a long alert wraps (no horizontal scroll).
  ///
  /// The first alert is Met Éireann's Small Craft warning as published (no `expires`: active a
  /// day from when it was sent, so cloudy-web's clock is set to that day); the long alert and
  /// the Cancels are written
  /// here (CAP 1.2, the shape of that document), since no recorded Cancel of a recorded alert
  /// was found.
  @Suite("cloudy-web in headless Chromium: alerts")
  struct Alerts {
    static let smallCraft = AlertToolTests.fixture(
      "handmade-cap-ireland-small-craft-no-offsets-no-expires.xml")
    static let smallCraftID = "2.49.0.1.372.0.250413231648.N_Norm002_SmallCraft"

    /// A CAP 1.2 message with no area (so it applies to the place it is imported for).
    static func cap(
      _ identifier: String, type: String = "Alert", references: String? = nil,
      event: String = "Gale", severity: String = "Severe", headline: String = "",
      description: String = ""
    ) -> String {
      let refs = references.map { "<references>\($0)</references>" } ?? ""
      return """
        <?xml version="1.0" encoding="UTF-8"?>
        <alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">
        <identifier>\(identifier)</identifier><sender>forecasts@met.ie</sender>
        <sent>2025-04-14T06:00:00+00:00</sent><status>Actual</status><msgType>\(type)</msgType>
        <scope>Public</scope>\(refs)
        <info><language>en-GB</language><category>Met</category><event>\(event)</event>
        <urgency>Expected</urgency><severity>\(severity)</severity><certainty>Likely</certainty>
        <onset>2025-04-14T06:00:00+00:00</onset><senderName>Met Éireann</senderName>
        <headline>\(headline)</headline><description>\(description)</description></info>
        </alert>
        """
    }

    static func importCAP(_ text: String, named name: String, _ folder: ToolTestFolder, db: String)
      throws
    {
      let path = folder.file(name)
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      try importFile(path, db: db)
    }

    /// cloudy-web's clock on the day of these messages (libfaketime's thread-safe build): an
    /// alert that states no end lasts a day after it was sent (issue 41), and they were sent
    /// on 2025-04-14.
    static func clock() throws -> [String: String] {
      var clock = try AlertToolTests.clock("2025-04-14 14:00:00")
      clock["LD_PRELOAD"] = clock["LD_PRELOAD"]?.replacingOccurrences(
        of: "libfaketime.so.1", with: "libfaketimeMT.so.1")
      return clock
    }

    static func importFile(_ path: String, db: String) throws {
      let imported = try ToolRunner.run("cloudy-forecast", ["import", path, "--db", db])
      #expect(imported.status == 0, "\(imported.standardError)")
    }

    static func bannerText(_ browser: BrowserSession) throws -> String {
      try browser.run(
        "var b = document.querySelector('#weather .alert-banner'); return b ? b.innerText : ''")
        as? String ?? ""
    }

    @Test("the banner appears live on an import, follows a more severe one, goes on a Cancel")
    func bannerLive() throws {
      let folder = try ToolTestFolder()
      let db = folder.file("cloudy.sqlite")
      for (name, lat, lon) in [("Dublin", "53.35", "-6.26"), ("Oslo", "59.91", "10.75")] {
        _ = try ToolRunner.run(
          "cloudy-locations", ["add", "--name", name, "--lat", lat, "--lon", lon, "--db", db])
      }
      _ = try sqlite3(db, "UPDATE location SET time_zone = 'Europe/Dublin' WHERE name = 'Dublin'")
      let web = try WebServerProcess(database: db, ["--offline"], environment: try Self.clock())
      let base = "http://127.0.0.1:\(web.port)"
      let browser = try BrowserSession()
      try browser.resize(width: 390, height: 844)
      try browser.open(base + "/")
      #expect(try Self.bannerText(browser).isEmpty)
      try browser.run("window.cloudyMarker = 1")

      // Another process imports Met Éireann's warning: the banner appears, no reload.
      try Self.importFile(Self.smallCraft, db: db)
      #expect(
        try browser.waitUntil(
          "var b = document.querySelector('#weather .alert-banner'); return !!b && b.innerText.includes('Small Craft')"
        ), "\((try? browser.text("main")) ?? "")")
      // The event named once: the headline's "Small Craft" is not repeated.
      #expect(
        try Self.bannerText(browser).hasPrefix("MODERATE Small Craft: warning from Fair Head"))
      #expect(try browser.run("return window.cloudyMarker") as? Int == 1, "the page was reloaded")

      // A longer, more severe one: the banner names it (the event once, its headline after it);
      // at 390 px it wraps, no side scroll.
      let word = String(repeating: "Storm", count: 30)
      let long = Self.cap(
        "test-long-gale", event: "Gale", severity: "Severe",
        headline: "Gale warning for all Irish coastal waters and on the Irish Sea " + word,
        description: (1...40).map { "Line \($0): southwest winds reaching gale force 8." }
          .joined(separator: "\n") + "\n" + word)
      try Self.importCAP(long, named: "long.xml", folder, db: db)
      #expect(
        try browser.waitUntil(
          "return document.querySelector('#weather .alert-banner').innerText.includes('Gale: warning for all Irish')"
        ))
      #expect(try Self.bannerText(browser).contains("(+1 more)"))
      let overflow =
        try browser.run("return document.documentElement.scrollWidth - window.innerWidth")
        as? Int ?? -1
      #expect(overflow <= 0, "the Weather page at 390 px is \(overflow) px too wide")

      // The banner links to the alerts page: every alert, each with its severity.
      try browser.click("#weather .alert-banner a")
      #expect(try browser.waitUntil("return location.pathname.endsWith('/alerts')"))
      let alertsPage = try #require(try browser.run("return location.href") as? String)
      let page = try browser.text("#alerts")
      #expect(page.contains("SEVERE Gale"), "\(page)")
      #expect(page.contains("MODERATE Small Craft"), "\(page)")
      #expect(page.contains("Line 40: southwest winds"), "\(page)")
      let pageOverflow =
        try browser.run("return document.documentElement.scrollWidth - window.innerWidth")
        as? Int ?? -1
      #expect(pageOverflow <= 0, "the alerts page at 390 px is \(pageOverflow) px too wide")
      if let screenshots = ProcessInfo.processInfo.environment["CLOUDY_SCREENSHOTS"] {
        try browser.screenshot().write(
          to: URL(fileURLWithPath: "\(screenshots)/alerts-phone.png"))
        try browser.open(base + "/")
        try browser.screenshot().write(
          to: URL(fileURLWithPath: "\(screenshots)/weather-alert-phone.png"))
      }

      // The level "severe" set elsewhere: the Small Craft warning (moderate) leaves the banner's
      // count but stays on the alerts page, which lists every alert.
      let set = try ToolRunner.run("cloudy-settings", ["set", "alerts", "severe", "--db", db])
      #expect(set.status == 0, "\(set.standardError)")
      try browser.open(base + "/")
      #expect(
        try browser.waitUntil(
          "return !document.querySelector('#weather .alert-banner').innerText.includes('more')"))
      try browser.open(alertsPage)
      #expect(try browser.text("#alerts").contains("MODERATE Small Craft"))
      _ = try ToolRunner.run("cloudy-settings", ["set", "alerts", "moderate", "--db", db])

      // Cancels from another process: the severe one first (the banner goes back to the Small
      // Craft warning), then that one (the banner goes).
      try browser.open(base + "/")
      try browser.run("window.cloudyMarker = 2")
      try Self.importCAP(
        Self.cap(
          "test-cancel-gale", type: "Cancel",
          references: "forecasts@met.ie,test-long-gale,2025-04-14T06:00:00+00:00"),
        named: "cancel-gale.xml", folder, db: db)
      #expect(
        try browser.waitUntil(
          "var b = document.querySelector('#weather .alert-banner'); return !!b && b.innerText.includes('Small Craft')"
        ))
      try Self.importCAP(
        Self.cap(
          "test-cancel-small-craft", type: "Cancel",
          references: "forecasts@met.ie,\(Self.smallCraftID),2025-04-14T00:16:48",
          event: "Small Craft"),
        named: "cancel-small-craft.xml", folder, db: db)
      #expect(
        try browser.waitUntil("return document.querySelector('#weather .alert-banner') === null"),
        "\((try? browser.text("main")) ?? "")")
      #expect(try browser.run("return window.cloudyMarker") as? Int == 2, "the page was reloaded")
      #expect(web.stop() == 0)
    }
  }
}
