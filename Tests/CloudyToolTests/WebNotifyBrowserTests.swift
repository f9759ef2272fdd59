import CloudyTestSupport
import Foundation
import Testing

/// Nested in `WebBrowserTests` (serialized): one Chromium at a time on the machine.
extension WebBrowserTests {
  /// cloudy-web's notifications in headless Chromium: notification permission granted through
  /// the DevTools protocol (as a user answering the prompt), the alerts page's button turns
  /// them on, and when another process imports an alert the service worker shows it
  /// (`registration.getNotifications()`); a Cancel closes it; an alert below the level is not
  /// shown.
  @Suite("cloudy-web in headless Chromium: notifications")
  struct Notifications {
    /// The titles of the notifications the service worker shows now, read again at each call
    /// (the promise's answer lands in `window.cloudyNotes` for the next look).
    static let notesScript = """
      navigator.serviceWorker.ready
        .then(function (r) { return r.getNotifications(); })
        .then(function (n) { window.cloudyNotes = n.map(function (x) { return x.title + "|" + x.tag; }); });
      return JSON.stringify(window.cloudyNotes || null) === arguments[0];
      """

    @Test("a new alert at the level shows through the service worker; a Cancel closes it")
    func notificationThroughTheServiceWorker() throws {
      let folder = try ToolTestFolder()
      let db = folder.file("cloudy.sqlite")
      _ = try ToolRunner.run(
        "cloudy-locations",
        ["add", "--name", "Dublin", "--lat", "53.35", "--lon", "-6.26", "--db", db])
      let id = try sqlite3(db, "SELECT id FROM location")
      // On the messages' day (they state no end, so they end a day after they begin).
      let web = try WebServerProcess(database: db, ["--offline"], environment: try Alerts.clock())
      let base = "http://127.0.0.1:\(web.port)"
      let browser = try BrowserSession()
      try browser.grant(["notifications"], origin: base)
      try browser.open(base + "/places/\(id)/alerts")
      #expect(
        try browser.waitUntil(
          "return !document.querySelector('p.notify').hidden && !document.getElementById('notify-alerts').hidden"
        ), "the button is shown where notifications can work")
      try browser.click("#notify-alerts")
      #expect(try browser.waitUntil("return localStorage.getItem('cloudy-notify') === 'on'"))
      #expect(try browser.waitUntil(Self.notesScript, ["[]"]))
      #expect(try browser.text("#notify-state").hasPrefix("Notifications are on"))

      // Below the level (moderate): nothing. Then a severe one: one notification.
      try Alerts.importCAP(
        Alerts.cap("minor-1", event: "Fog", severity: "Minor"), named: "minor.xml", folder, db: db)
      try Alerts.importCAP(
        Alerts.cap("gale-1", event: "Gale", severity: "Severe", headline: "Gale warning"),
        named: "gale.xml", folder, db: db)
      #expect(
        try browser.waitUntil(Self.notesScript, ["[\"Gale · Dublin|gale-1\"]"], timeout: 20),
        "\(String(describing: try? browser.run("return window.cloudyNotes")))")

      // A Cancel ends it: the notification is closed.
      try Alerts.importCAP(
        Alerts.cap(
          "gale-2", type: "Cancel", references: "forecasts@met.ie,gale-1,2025-04-14T06:00:00+00:00"),
        named: "cancel.xml", folder, db: db)
      #expect(
        try browser.waitUntil(Self.notesScript, ["[]"], timeout: 20),
        "\(String(describing: try? browser.run("return window.cloudyNotes")))")
    }
  }
}
