import CloudyTestSupport
import Foundation
import Testing

/// Nested in `WebBrowserTests` (serialized): one Chromium at a time on the machine.
extension WebBrowserTests {
  /// The phone offline, in headless Chromium, over http://127.0.0.1 (a secure context, so the
  /// service worker runs) and over HTTPS with a trusted local CA: the page loaded once, the server stopped, the page reloaded shows the
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
      try Self.lastForecastOutlivesTheServer(
        &web, base: base, db: db, browser: browser
      ) { try WebServerProcess(database: db, listen: "127.0.0.1:\(port)", ["--offline"]) }
    }

    /// The same over HTTPS, as a phone on the home network gets it (`--tls-cert`/`--tls-key`):
    /// a certificate authority made here with openssl, as mkcert would make one, trusted the
    /// way a user trusts it on Linux (added to the NSS database Chromium reads, in a HOME of the
    /// test's own), and a certificate for 127.0.0.1 signed by it. No flag makes Chromium ignore
    /// certificate errors: with one, it would refuse the service worker.
    @Test(
      "over https with a trusted local CA: load, stop, reload: the last forecast offline; back: recovered",
      .enabled(
        if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")
          && FileManager.default.isExecutableFile(atPath: "/usr/bin/certutil"),
        "openssl makes the certificates; certutil (libnss3-tools) makes Chromium trust them"),
      .enabled(if: WebTLSBuild.shouldTest, WebTLSBuild.skipReason))
    func lastForecastOfflineOverHTTPS() throws {
      let folder = try ToolTestFolder()
      let db = try AppTerminalTests.database(
        folder, importing: "open-meteo-auckland.json", into: AppTerminalTests.auckland)
      let home = try HouseholdCertificates(folder)
      var web: WebServerProcess? = try WebServerProcess(
        database: db, ["--offline", "--tls-cert", home.certificate, "--tls-key", home.key])
      let port = try #require(web?.port)
      #expect(web?.firstLines.first == "listening on https://127.0.0.1:\(port)")
      let base = "https://127.0.0.1:\(port)"

      let browser = try BrowserSession(home: home.home)
      try browser.open(base + "/")
      #expect(try browser.text("main h1") == "Auckland", "the certificate was not trusted")
      #expect(
        try browser.run("return location.protocol + ' ' + window.isSecureContext") as? String
          == "https: true")
      #expect(
        try browser.waitUntil("return !!navigator.serviceWorker.controller", timeout: 20),
        "the service worker did not take the page")
      try Self.lastForecastOutlivesTheServer(&web, base: base, db: db, browser: browser) {
        try WebServerProcess(
          database: db, listen: "127.0.0.1:\(port)",
          ["--offline", "--tls-cert", home.certificate, "--tls-key", home.key])
      }
    }

    /// The page seen once more under the service worker; the server stopped and the page
    /// reloaded: the last forecast, "Cannot reach the server" and the forecast's true age (as
    /// `cloudy-forecast show` gives it); the server back on the same address (`restart`): the
    /// page recovers by itself.
    static func lastForecastOutlivesTheServer(
      _ web: inout WebServerProcess?, base: String, db: String, browser: BrowserSession,
      restart: () throws -> WebServerProcess
    ) throws {
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

      web = try restart()
      #expect(
        try browser.waitUntil(
          "return !document.querySelector('#banner').innerText.includes('Cannot reach') && document.documentElement.getAttribute('data-live') === 'connected'",
          timeout: 30), "the page did not recover: \((try? browser.text("#banner")) ?? "")")
      #expect(try browser.text("main h1") == "Auckland")
      #expect(web?.stop() == 0)
    }
  }
}

/// A household's HTTPS set-up, made in a test folder: a local certificate authority (as
/// `mkcert -install` makes one), a certificate for 127.0.0.1 signed by it, and a HOME whose NSS
/// database (`.pki/nssdb`, where Chromium on Linux reads the authorities a user added) trusts
/// the authority for web sites.
struct HouseholdCertificates {
  let certificate: String
  let key: String
  let home: String

  init(_ folder: ToolTestFolder) throws {
    certificate = folder.file("cert.pem")
    key = folder.file("key.pem")
    home = folder.file("home")
    let ca = folder.file("ca.pem")
    let caKey = folder.file("ca-key.pem")
    let request = folder.file("cert.csr")
    let extensions = folder.file("cert.ext")
    try "subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\nbasicConstraints=CA:FALSE\n"
      .write(toFile: extensions, atomically: true, encoding: .utf8)
    let database = home + "/.pki/nssdb"
    try FileManager.default.createDirectory(atPath: database, withIntermediateDirectories: true)
    let curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    for (tool, arguments) in [
      (
        "/usr/bin/openssl",
        ["req", "-x509"] + curve + [
          "-days", "2", "-subj", "/CN=Cloudy household test CA", "-addext",
          "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
          "-keyout", caKey, "-out", ca,
        ]
      ),
      (
        "/usr/bin/openssl",
        ["req"] + curve + ["-subj", "/CN=127.0.0.1", "-keyout", key, "-out", request]
      ),
      (
        "/usr/bin/openssl",
        [
          "x509", "-req", "-in", request, "-CA", ca, "-CAkey", caKey, "-CAcreateserial", "-days",
          "2", "-extfile", extensions, "-out", certificate,
        ]
      ),
      ("/usr/bin/certutil", ["-N", "-d", "sql:" + database, "--empty-password"]),
      (
        "/usr/bin/certutil",
        ["-A", "-d", "sql:" + database, "-n", "Cloudy household test CA", "-t", "C,,", "-i", ca]
      ),
    ] {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: tool)
      process.arguments = arguments
      process.standardOutput = FileHandle.nullDevice
      let errors = Pipe()
      process.standardError = errors
      try process.run()
      let said = errors.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      guard process.terminationStatus == 0 else {
        throw BrowserError.failed(
          "\(tool) \(arguments.first ?? ""): \(String(decoding: said, as: UTF8.self))")
      }
    }
  }
}
