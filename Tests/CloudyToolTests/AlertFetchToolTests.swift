import CloudyTestSupport
import Foundation
import Testing

/// `cloudy-forecast fetch --alerts` against a loopback stand-in for api.weather.gov (never the
/// internet), replaying a recorded `alerts/active` answer: the request names Cloudy and its
/// contact in the `User-Agent`, asks for the place's point, is not sent while the last answer
/// is fresh by its `Cache-Control`, and is then conditional (`If-None-Match`,
/// `If-Modified-Since`), a 304 changing nothing.
@Suite("cloudy-forecast fetch --alerts: the NWS, conditionally")
struct AlertFetchToolTests {
  static let etag = "\"nws-3965873\""
  static let lastModified = "Fri, 20 Dec 2019 21:35:00 GMT"

  /// The stand-in: 304 when the validators match, else the recorded answer, fresh for an hour.
  static func nws() throws -> TestHTTPServer {
    let url = URL(
      fileURLWithPath: AlertToolTests.fixture(
        "nws-alerts-portland-2019-12-20-flood-watch-update.json"))
    let body = Array(try Data(contentsOf: url))
    return try TestHTTPServer { request in
      if request.headers["if-none-match"] == etag { return TestResponse(status: 304) }
      return TestResponse(
        status: 200,
        headers: [
          ("Content-Type", "application/geo+json"), ("ETag", etag),
          ("Last-Modified", lastModified), ("Cache-Control", "public, max-age=3600"),
        ],
        body: body)
    }
  }

  static func fetch(_ db: String, _ server: TestHTTPServer, json: Bool = false) throws
    -> ToolRunner.Result
  {
    try ToolRunner.run(
      "cloudy-forecast", ["fetch", "--alerts"] + (json ? ["--json"] : []) + ["--db", db],
      environment: [
        "CLOUDY_NWS_URL": server.baseURL.absoluteString, "CLOUDY_CONTACT": "alerts@example.org",
      ])
  }

  @Test func askedWithUserAgentThenNotWhileFreshThenConditionally() throws {
    let folder = try ToolTestFolder()
    let db = try AlertToolTests.database(
      folder, "Portland", "45.52", "-122.68", zone: "America/Los_Angeles")
    let server = try Self.nws()

    let first = try Self.fetch(db, server)
    #expect(first.status == 0, "\(first.standardError)")
    #expect(
      first.standardOutput == "Portland: 1 alert message from the National Weather Service\n")
    #expect(server.requests.count == 1)
    let request = try #require(server.requests.first)
    #expect(request.path == "/alerts/active")
    #expect(request.query == "point=45.52,-122.68")
    let agent = try #require(request.headers["user-agent"])
    #expect(agent.hasPrefix("Cloudy/"))
    #expect(agent.contains("alerts@example.org"))
    #expect(request.headers["if-none-match"] == nil)
    #expect(try sqlite3(db, "SELECT event, source FROM alert") == "Flood Watch|nws")
    #expect(
      try sqlite3(db, "SELECT etag, last_modified FROM alert_fetch")
        == "\(Self.etag)|\(Self.lastModified)")

    // Within the hour the answer allows: not asked at all.
    let fresh = try Self.fetch(db, server, json: true)
    #expect(fresh.status == 0, "\(fresh.standardError)")
    #expect(server.requests.count == 1)
    #expect(
      fresh.standardOutput.contains(#""status" : "fresh""#)
        || fresh.standardOutput.contains(#""status": "fresh""#))

    // Once stale, asked again with the validators; the 304 changes no alert.
    _ = try sqlite3(db, "UPDATE alert_fetch SET fresh_until = 0")
    let again = try Self.fetch(db, server)
    #expect(again.status == 0, "\(again.standardError)")
    #expect(again.standardOutput == "Portland: alerts unchanged since the last fetch\n")
    #expect(server.requests.count == 2)
    #expect(server.requests.last?.headers["if-none-match"] == Self.etag)
    #expect(server.requests.last?.headers["if-modified-since"] == Self.lastModified)
    #expect(try sqlite3(db, "SELECT count(*) FROM alert") == "1")
  }

  @Test func aPlaceNoSourceCoversIsSaidSoAndNothingIsAsked() throws {
    let folder = try ToolTestFolder()
    let db = try AlertToolTests.database(
      folder, "Auckland", "-36.85", "174.76", zone: "Pacific/Auckland")
    let server = try Self.nws()
    let result = try Self.fetch(db, server)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("Auckland: no alert source covers this place"))
    #expect(server.requests.isEmpty)
  }

  @Test func aServiceErrorIsReportedForItsPlace() throws {
    let folder = try ToolTestFolder()
    let db = try AlertToolTests.database(
      folder, "Portland", "45.52", "-122.68", zone: "America/Los_Angeles")
    let server = try TestHTTPServer { _ in .json(#"{"title": "Forbidden"}"#, status: 403) }
    let result = try Self.fetch(db, server)
    #expect(result.status == 69, "\(result.standardError)")
    #expect(result.standardError.contains("Portland: alerts not fetched from the NWS"))
    #expect(try sqlite3(db, "SELECT count(*) FROM alert") == "0")
  }
}
