import CloudyTestSupport
import Foundation
import Testing

/// Nested in `WebBrowserTests` (serialized): one Chromium at a time on the machine.
extension WebBrowserTests {
  /// The phone offline, in headless Chromium (http://127.0.0.1 is a secure context, so the
  /// service worker runs): the page loaded once, the server stopped, the page reloaded shows the
  /// last forecast, says the server cannot be reached and gives the forecast's true age; when the
  /// server is back on the same address the page recovers by itself.
  @Suite("cloudy-web in headless Chromium: the last forecast offline")
  struct Offline {
    @Test(
      "load, stop the server, reload: the last forecast with its age and \"cannot reach\"; back: recovered"
    )
    func lastForecastOffline() throws {
      let folder = try ToolTestFolder()
      let db = try AppTerminalTests.database(
        folder, importing: "open-meteo-auckland.json", into: AppTerminalTests.auckland)
      var web: WebServerProcess? = try WebServerProcess(database: db, ["--offline"])
      let port = try #require(web?.port)
      let base = "http://127.0.0.1:\(port)"
      // The CSP allows the worker and the manifest, and nothing else new.
      let csp = try #require(try web?.get("/").header("content-security-policy"))
      #expect(csp.contains("worker-src 'self'") && csp.contains("manifest-src 'self'"))
      let manifest = try #require(try web?.get("/manifest.webmanifest"))
      #expect(manifest.status == 200)
      #expect(manifest.header("content-type") == "application/manifest+json")

      let browser = try BrowserSession()
      try browser.open(base + "/")
      #expect(
        try browser.waitUntil("return !!navigator.serviceWorker.controller", timeout: 20),
        "the service worker did not take the page")
      // Seen once more under the worker, so its copy is the page as it is now.
      try browser.open(base + "/")
      #expect(
        try browser.waitUntil(
          "return document.documentElement.getAttribute('data-live') === 'connected'"))
      let shown = try ToolRunner.run("cloudy-forecast", ["show", "Auckland", "--json", "--db", db])
      let object = try JSONSerialization.jsonObject(with: Data(shown.standardOutput.utf8))
      let age = try #require((object as? [String: Any])?["age"] as? String)

      #expect(web?.stop() == 0)
      web = nil
      try browser.open(base + "/")
      #expect(
        try browser.waitUntil(
          "return document.querySelector('#banner').innerText.includes('Cannot reach the server')",
          timeout: 20), "\((try? browser.text("body")) ?? "")")
      #expect(try browser.text("main h1") == "Auckland")
      #expect(try browser.run("return !!document.querySelector('table.week')") as? Bool == true)
      let ageShown = try browser.text(".age")
      #expect(ageShown.hasSuffix(age), "the page says \(ageShown), the forecast is \(age)")

      // The server back on the same address: the page recovers by itself.
      web = try WebServerProcess(database: db, listen: "127.0.0.1:\(port)", ["--offline"])
      #expect(
        try browser.waitUntil(
          "return !document.querySelector('#banner').innerText.includes('Cannot reach') && document.documentElement.getAttribute('data-live') === 'connected'",
          timeout: 30), "the page did not recover: \((try? browser.text("#banner")) ?? "")")
      #expect(try browser.text("main h1") == "Auckland")
      #expect(web?.stop() == 0)
    }
  }
}
