import CloudyTestSupport
import Foundation
import Testing

/// Headless Chromium driven over the W3C WebDriver protocol (Debian's `chromium` and
/// `chromium-driver`), spoken with the tests' own HTTP client: no Selenium, nothing from PyPI.
final class BrowserSession {
  static let chromium = ["/usr/bin/chromium", "/usr/lib/chromium/chromium"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
  static let driver = ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
  static var isAvailable: Bool { chromium != nil && driver != nil }

  private let driverProcess: Process
  private let driverPort: Int
  private let session: String
  private static let elementKey = "element-6066-11e4-a52e-4f735466cecf"

  /// `home`: the HOME chromedriver and Chromium run with; its `.pki/nssdb` is where Chromium on
  /// Linux reads the certificate authorities a user added (see `WebOfflineTests`' HTTPS test).
  init(width: Int = 1280, height: Int = 800, home: String? = nil) throws {
    guard let chromium = Self.chromium, let driver = Self.driver else {
      throw BrowserError.failed("chromium or chromedriver is not installed")
    }
    driverPort = Int(try TestHTTPServer.unusedPort())
    driverProcess = Process()
    driverProcess.executableURL = URL(fileURLWithPath: driver)
    driverProcess.arguments = ["--port=\(driverPort)"]
    if let home {
      var environment = ProcessInfo.processInfo.environment
      environment["HOME"] = home
      driverProcess.environment = environment
    }
    driverProcess.standardOutput = FileHandle.nullDevice
    driverProcess.standardError = FileHandle.nullDevice
    try driverProcess.run()
    var ready = false
    // Up to 30 s: on a loaded machine chromedriver can take a while to listen.
    for _ in 0..<600 where !ready {
      ready =
        (try? TestHTTPClient.send(port: driverPort, "GET", "/status", timeout: 1))?.status == 200
      if !ready { usleep(50_000) }
    }
    guard ready else { throw BrowserError.failed("chromedriver did not start") }
    let capabilities: [String: Any] = [
      "capabilities": [
        "alwaysMatch": [
          "browserName": "chrome",
          "goog:chromeOptions": [
            "binary": chromium,
            "args": [
              "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--window-size=\(width),\(height)", "--lang=en-US", "--hide-scrollbars",
              "--force-device-scale-factor=1",
            ],
          ],
        ]
      ]
    ]
    let reply = try Self.call(driverPort, "POST", "/session", capabilities, timeout: 60)
    guard let value = reply["value"] as? [String: Any], let id = value["sessionId"] as? String
    else { throw BrowserError.failed("no session: \(reply)") }
    session = id
  }

  deinit {
    _ = try? Self.call(driverPort, "DELETE", "/session/\(session)", nil, timeout: 10)
    driverProcess.terminate()
    let deadline = Date().addingTimeInterval(5)
    while driverProcess.isRunning && Date() < deadline { usleep(20_000) }
    if driverProcess.isRunning { kill(driverProcess.processIdentifier, SIGKILL) }
  }

  // MARK: - Commands

  /// Opens `url`; when Chromium shows its own error page (a connection refused while the
  /// machine is loaded), tries again, three times at most, then leaves the error page for the
  /// test's expectations to report.
  func open(_ url: String) throws {
    for attempt in 1...3 {
      do {
        _ = try command("POST", "/url", ["url": url])
      } catch BrowserError.failed(let reason)
        where reason.contains("ERR_CONNECTION") && attempt < 3
      {
        usleep(300_000)
        continue
      }
      guard self.url.hasPrefix("chrome-error:"), attempt < 3 else { return }
      usleep(300_000)
    }
  }

  /// The viewport made `width` × `height` CSS pixels (the window grows by its frame).
  func resize(width: Int, height: Int) throws {
    _ = try command(
      "POST", "/window/rect", ["width": width, "height": height])
    let inner = try run("return [window.innerWidth, window.innerHeight]") as? [Int] ?? []
    if inner.count == 2, inner != [width, height] {
      _ = try command(
        "POST", "/window/rect",
        ["width": 2 * width - inner[0], "height": 2 * height - inner[1]])
    }
  }

  /// Pages shown as with the system's light or dark appearance (`prefers-color-scheme`), through
  /// Chromium's DevTools command as chromedriver relays it.
  func colorScheme(_ scheme: String) throws {
    _ = try command(
      "POST", "/goog/cdp/execute",
      [
        "cmd": "Emulation.setEmulatedMedia",
        "params": ["features": [["name": "prefers-color-scheme", "value": scheme]]],
      ])
  }

  /// Grants this site `permissions` (e.g. "notifications") as a user answering the browser's
  /// prompt would: DevTools' `Browser.grantPermissions`, as chromedriver relays it.
  func grant(_ permissions: [String], origin: String) throws {
    _ = try command(
      "POST", "/goog/cdp/execute",
      [
        "cmd": "Browser.grantPermissions",
        "params": ["origin": origin, "permissions": permissions],
      ]
    )
  }

  /// A DevTools command as chromedriver relays it (`Emulation.setDeviceMetricsOverride` shows
  /// a page at 200 % zoom: a 640-px layout drawn at device scale 2).
  func devTools(_ name: String, _ parameters: [String: Any]) throws {
    _ = try command("POST", "/goog/cdp/execute", ["cmd": name, "params": parameters])
  }

  func element(_ selector: String) throws -> String {
    let reply = try command("POST", "/element", ["using": "css selector", "value": selector])
    guard let value = reply as? [String: Any], let id = value[Self.elementKey] as? String else {
      throw BrowserError.failed("no element \(selector): \(reply ?? "nil")")
    }
    return id
  }

  func click(_ selector: String) throws {
    _ = try command("POST", "/element/\(try element(selector))/click", [:])
  }

  func type(_ text: String, into selector: String) throws {
    _ = try command("POST", "/element/\(try element(selector))/value", ["text": text])
  }

  /// Runs `script` in the page and returns its value.
  @discardableResult
  func run(_ script: String, _ arguments: [Any] = []) throws -> Any? {
    try command("POST", "/execute/sync", ["script": script, "args": arguments])
  }

  func text(_ selector: String) throws -> String {
    try run(
      "var e = document.querySelector(arguments[0]); return e ? e.innerText : null", [selector])
      as? String ?? ""
  }

  var url: String { (try? command("GET", "/url", nil) as? String) ?? "" }

  /// Waits (at most `timeout` s) until `script` returns true.
  func waitUntil(_ script: String, _ arguments: [Any] = [], timeout: Double = 10) throws -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if (try? run(script, arguments)) as? Bool == true { return true }
      usleep(50_000)
    }
    return false
  }

  func screenshot() throws -> Data {
    guard let base64 = try command("GET", "/screenshot", nil) as? String,
      let data = Data(base64Encoded: base64)
    else { throw BrowserError.failed("no screenshot") }
    return data
  }

  // MARK: - Wire

  private func command(_ method: String, _ path: String, _ body: [String: Any]?) throws -> Any? {
    let reply = try Self.call(driverPort, method, "/session/\(session)\(path)", body)
    if let value = reply["value"] as? [String: Any], let error = value["error"] as? String {
      throw BrowserError.failed("\(method) \(path): \(error): \(value["message"] ?? "")")
    }
    return reply["value"]
  }

  private static func call(
    _ port: Int, _ method: String, _ path: String, _ body: [String: Any]?, timeout: Double = 30
  ) throws -> [String: Any] {
    let bytes = try body.map { Array(try JSONSerialization.data(withJSONObject: $0)) }
    let reply = try TestHTTPClient.send(
      port: port, method, path, host: "127.0.0.1:\(port)",
      headers: bytes == nil ? [] : [("Content-Type", "application/json")], body: bytes,
      timeout: timeout)
    return (try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any]) ?? [:]
  }
}

enum BrowserError: Error, CustomStringConvertible {
  case failed(String)

  var description: String {
    switch self {
    case .failed(let what): what
    }
  }
}
