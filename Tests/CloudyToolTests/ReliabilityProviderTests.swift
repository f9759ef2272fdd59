import CloudyTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Provider answers end to end: `cloudy-forecast fetch` against a 127.0.0.1 server that answers
/// badly. Each must fail with one line and a documented status, the cached forecast unchanged.
/// (The provider layer itself is covered by Tests/CloudyProvidersTests.)
@Suite("Reliability: provider answers", .serialized)
struct ReliabilityProviderTests {
  static func fixture() -> [UInt8] {
    Array(
      FileManager.default.contents(atPath: Reliability.fixture("open-meteo-auckland.json"))
        ?? Data())
  }

  static func cases() -> [(String, TestResponse, Set<Int32>)] {
    let good = fixture()
    let text = String(decoding: good, as: UTF8.self)
    return [
      ("malformed JSON", .json("{\"latitude\": 1, \"daily\": [}"), [65]),
      ("truncated body", .json(Array(good.prefix(good.count / 2))), [65]),
      (
        "declared longer than sent",
        TestResponse(
          status: 200, headers: [("Content-Type", "application/json")],
          body: Array(good.prefix(500)),
          declaredLength: good.count), [65, 69]
      ),
      (
        "wrongly typed field",
        .json(
          text.replacingOccurrences(of: "\"latitude\": -36.875", with: "\"latitude\": \"south\"")),
        [65]
      ),
      ("missing fields", .json("{\"latitude\": -36.875, \"longitude\": 174.75}"), [65]),
      ("empty body", .json(""), [65]),
      ("JSON null", .json("null"), [65]),
      (
        "HTML error page",
        TestResponse(
          status: 200, headers: [("Content-Type", "text/html")],
          body: Array("<html>oops</html>".utf8)), [65]
      ),
      (
        "huge body (12 MiB)",
        .json(Array("[".utf8) + [UInt8](repeating: 0x20, count: 12 << 20) + Array("]".utf8)), [65]
      ),
      (
        "huge body without length",
        TestResponse(
          status: 200, body: [UInt8](repeating: 0x20, count: 12 << 20), omitLength: true), [65]
      ),
      ("slow answer (time-out)", TestResponse(status: 200, body: good, delay: 4), [69]),
      (
        "stalls mid-body",
        TestResponse(status: 200, body: good, stall: 4, bodyPrefixBeforeStall: 100), [69]
      ),
      ("HTTP 500", .json("{\"error\": true, \"reason\": \"boom\"}", status: 500), [69]),
      ("HTTP 404", TestResponse(status: 404, body: Array("not found".utf8)), [69]),
      ("HTTP 429", TestResponse(status: 429, body: Array("slow down".utf8)), [69]),
      ("redirect elsewhere", .redirect(to: "http://192.0.2.1:9/v1/forecast"), [69]),
      ("redirect to another scheme", .redirect(to: "file:///etc/passwd"), [69]),
      ("redirect without Location", TestResponse(status: 302), [69]),
    ]
  }

  @Test("bad provider answers: one line, exit 65/69, the cached forecast unchanged")
  func badAnswers() throws {
    guard RawProcess.built("cloudy-forecast", "cloudy-locations", "cloudy-db") else {
      Issue.record("the tools are not built")
      return
    }
    let folder = try ReliabilityFolder("provider")
    let db = folder.file("cloudy.sqlite")
    #expect(
      try RawProcess.run(
        "cloudy-locations",
        ["add", "--name", "anchor", "--lat", "-36.85", "--lon", "174.76", "--db", db],
        scratch: folder.path
      ).status == 0)
    #expect(
      try RawProcess.run(
        "cloudy-forecast",
        [
          "import", Reliability.fixture("open-meteo-auckland.json"), "--place", "anchor", "--db",
          db,
        ],
        scratch: folder.path
      ).status == 0)
    func cache() -> String {
      sqliteReadOnly(
        db, "SELECT * FROM forecast; SELECT * FROM forecast_day; SELECT * FROM forecast_hour;"
      ).output
    }
    var tried = 0
    var problems = 0
    for (label, response, statuses) in Self.cases() {
      let server = try TestHTTPServer { _ in response }
      defer { server.stop() }
      let before = cache()
      let result = try RawProcess.run(
        "cloudy-forecast", ["fetch", "anchor", "--db", db],
        environment: [
          "CLOUDY_OPEN_METEO_URL": server.baseURL.absoluteString, "CLOUDY_HTTP_TIMEOUT": "1.5",
        ],
        scratch: folder.path, timeout: 60)
      tried += 1
      if result.killed || !statuses.contains(result.status) {
        problems += 1
        Issue.record(
          "\(label): exited \(result.status) signal \(result.signal), expected \(statuses.sorted()): \(result.standardError)"
        )
      }
      if !isOneLineError(result.standardError, tool: "cloudy-forecast") {
        problems += 1
        Issue.record("\(label): not one error line: \(result.standardError.debugDescription)")
      }
      if cache() != before {
        problems += 1
        Issue.record("\(label): the cached forecast changed")
      }
    }
    // The control: a good answer replaces the cache, so the harness can see a change.
    let server = try TestHTTPServer { _ in .json(Self.fixture()) }
    defer { server.stop() }
    let before = cache()
    let good = try RawProcess.run(
      "cloudy-forecast", ["fetch", "anchor", "--db", db],
      environment: ["CLOUDY_OPEN_METEO_URL": server.baseURL.absoluteString], scratch: folder.path)
    #expect(good.status == 0, "\(good.standardError)")
    #expect(cache() != before)
    Reliability.report(
      "provider-answers",
      ["tried": tried, "cache-unchanged": tried - problems, "problems": problems])
    #expect(problems == 0)
  }
}
