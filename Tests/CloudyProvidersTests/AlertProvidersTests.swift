import CloudyModels
import CloudyServices
import CloudyTestSupport
import Foundation
import Testing

@testable import CloudyProviders

/// Which alert provider serves a place, decided once (`AlertProviders.provider(for:)`, the
/// fetcher's own choice), and the conditional-request memory the national services share
/// (`ServiceClient.ask`), against a loopback stand-in of the NWS replaying a recorded answer.
@Suite struct AlertProvidersTests {
  static let agent = "Cloudy/test (alerts@example.org)"
  static let portland = try! Coordinate(latitude: 45.52, longitude: -122.68)

  /// The providers `cloudy-forecast fetch` asks, as it builds them.
  let providers = ProviderEnvironment().alertProviders()

  func chosen(_ latitude: Double, _ longitude: Double, _ country: String?) throws -> AlertSource? {
    providers.provider(
      for: AlertPlace(
        coordinate: try Coordinate(latitude: latitude, longitude: longitude),
        countryCode: country))?.source
  }

  @Test func theSavedCountryDecidesThenTheCoordinate() throws {
    #expect(try chosen(45.52, -122.68, "US") == .nws)
    #expect(try chosen(45.52, -122.68, "us") == .nws)
    #expect(try chosen(52.52, 13.405, "DE") == .meteoAlarm)
    #expect(try chosen(53.35, -6.26, "ie") == .meteoAlarm)
    // A saved country neither covers, even at a coordinate inside the United States.
    #expect(try chosen(45.52, -122.68, "JP") == nil)
    // No saved country (the current location): the NWS by its area; MeteoAlarm needs one.
    #expect(try chosen(45.52, -122.68, nil) == .nws)
    #expect(try chosen(61.2, -149.9, nil) == .nws, "Anchorage")
    #expect(try chosen(52.52, 13.405, nil) == nil)
  }

  /// The NWS's stand-in: the recorded Portland answer with an `ETag` and a `max-age`; 304 when
  /// `If-None-Match` names that ETag.
  static func nws() throws -> TestHTTPServer {
    let url = try #require(
      Bundle.module.url(
        forResource: "Fixtures/Alerts/nws-alerts-portland-2019-12-20-flood-watch-update.json",
        withExtension: nil))
    let body = Array(try Data(contentsOf: url))
    return try TestHTTPServer { request in
      if request.headers["if-none-match"] == "\"v1\"" {
        return TestResponse(status: 304, headers: [("Cache-Control", "max-age=60")])
      }
      return TestResponse(
        status: 200,
        headers: [
          ("Content-Type", "application/geo+json"), ("ETag", "\"v1\""),
          ("Cache-Control", "public, max-age=30"),
        ],
        body: body)
    }
  }

  @Test func notAskedWhileFreshThenAskedWithTheValidatorsKept() async throws {
    let server = try Self.nws()
    defer { server.stop() }
    let nws = NWSAlertsSource(
      client: ServiceClient(baseURL: server.baseURL, userAgent: Self.agent, timeout: 5))
    let place = AlertPlace(coordinate: Self.portland, countryCode: "US")
    let now: Int64 = 1_576_900_000

    let first = try await nws.alerts(AlertRequest(place: place, last: nil, now: now))
    guard case .fetched(let alerts, _, let memory) = first else {
      Issue.record("expected alerts, got \(first)")
      return
    }
    #expect(alerts.count == 1)
    #expect(memory == ServiceMemory(etag: "\"v1\"", freshUntil: now + 30))
    #expect(server.requests.last?.path == "/alerts/active")
    #expect(server.requests.last?.query == "point=45.52,-122.68")
    #expect(server.requests.last?.headers["user-agent"] == Self.agent)

    // Fresh: not asked.
    let fresh = try await nws.alerts(AlertRequest(place: place, last: memory, now: now + 10))
    guard case .fresh(let until) = fresh else {
      Issue.record("expected fresh, got \(fresh)")
      return
    }
    #expect(until == now + 30)
    #expect(server.requests.count == 1)

    // Stale: asked with If-None-Match; the 304 keeps the ETag and takes the new max-age.
    let again = try await nws.alerts(AlertRequest(place: place, last: memory, now: now + 40))
    guard case .notModified(let kept) = again else {
      Issue.record("expected not modified, got \(again)")
      return
    }
    #expect(server.requests.count == 2)
    #expect(server.requests.last?.headers["if-none-match"] == "\"v1\"")
    #expect(kept == ServiceMemory(etag: "\"v1\"", freshUntil: now + 100))
  }
}
