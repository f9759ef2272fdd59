import CloudyModels
import CloudyServices
import CloudyTestSupport
import Foundation
import Testing

@testable import CloudyProviders

/// MET Norway's and the NWS's forecasts against loopback stand-ins (127.0.0.1) that replay
/// recorded answers: the `User-Agent` their terms require, MET Norway's conditional requests
/// (no request before `Expires`, then `If-Modified-Since`; 304 changes nothing), its 203 and
/// 403, and the NWS's two steps and its refusal of a point outside the United States.
@Suite struct KeylessProviderHTTPTests {
  static let agent = "Cloudy/test (forecasts@example.org)"
  static let lastModified = "Wed, 20 Oct 2021 07:56:50 GMT"
  static let gothenburg = try! Coordinate(latitude: 57.698_412, longitude: 11.965_91)

  /// MET Norway's stand-in: 304 when `If-Modified-Since` matches, else the recorded answer
  /// with `Last-Modified` and `Expires`; `status` for the answer (200 or 203).
  static func metNorway(status: Int = 200) throws -> TestHTTPServer {
    let body = try Fixture.metNorwayGothenburg.bytes
    return try TestHTTPServer { request in
      if request.headers["user-agent"]?.contains("@") != true {
        return TestResponse(status: 403, body: Array("<h1>403 Forbidden</h1>".utf8))
      }
      if request.headers["if-modified-since"] == lastModified { return TestResponse(status: 304) }
      return TestResponse(
        status: status,
        headers: [
          ("Content-Type", "application/json"), ("Last-Modified", lastModified),
          ("Expires", "Wed, 20 Oct 2021 08:30:00 GMT"),
        ],
        body: body)
    }
  }

  func provider(_ server: TestHTTPServer, agent: String = Self.agent) -> METNorwayProvider {
    METNorwayProvider(
      client: ServiceClient(baseURL: server.url("/weatherapi"), userAgent: agent, timeout: 5))
  }

  @Test func metNorwayIsAskedWithFourDecimalsAndTheUserAgent() async throws {
    let server = try Self.metNorway()
    defer { server.stop() }
    let answer = try await provider(server).forecast(
      ForecastRequest(coordinate: Self.gothenburg, timeZone: "Europe/Stockholm"))
    guard case .fresh(let weather, let notes, _) = answer else {
      Issue.record("expected a fresh forecast, got \(answer)")
      return
    }
    #expect(notes.isEmpty)
    #expect(weather.provider == .metNorway && weather.timeZone == "Europe/Stockholm")
    #expect(weather.lastModified == Self.lastModified)
    #expect(weather.freshUntil == 1_634_718_600)  // Expires, 2021-10-20T08:30:00Z
    let request = try #require(server.requests.first)
    #expect(request.path == "/weatherapi/locationforecast/2.0/compact")
    #expect(request.query == "lat=57.6984&lon=11.9659")
    #expect(request.headers["user-agent"] == Self.agent)
    #expect(request.headers["if-modified-since"] == nil)
  }

  @Test func metNorwayIsNotAskedBeforeExpiresThenAskedConditionally() async throws {
    let server = try Self.metNorway()
    defer { server.stop() }
    var cached = try #require(
      try await provider(server).forecast(for: Self.gothenburg) as WeatherData?)
    #expect(server.requests.count == 1)

    // Expires still ahead: not asked at all.
    cached.freshUntil = Int64(Date().timeIntervalSince1970) + 600
    let fresh = try await provider(server).forecast(
      ForecastRequest(coordinate: Self.gothenburg, cached: cached))
    guard case .unchanged(let until) = fresh else {
      Issue.record("expected unchanged, got \(fresh)")
      return
    }
    #expect(until == cached.freshUntil)
    #expect(server.requests.count == 1)

    // Expired: asked with If-Modified-Since; the 304 says unchanged.
    cached.freshUntil = 0
    let again = try await provider(server).forecast(
      ForecastRequest(coordinate: Self.gothenburg, cached: cached))
    guard case .unchanged = again else {
      Issue.record("expected unchanged after a 304, got \(again)")
      return
    }
    #expect(server.requests.count == 2)
    #expect(server.requests.last?.headers["if-modified-since"] == Self.lastModified)
  }

  @Test func aForecastForAnotherPointDoesNotStandForThisOne() async throws {
    let server = try Self.metNorway()
    defer { server.stop() }
    var cached = try await provider(server).forecast(for: Self.gothenburg)
    cached.freshUntil = Int64(Date().timeIntervalSince1970) + 600
    // The place moved 50 km: its old forecast is not "unchanged", and no validator is sent.
    let moved = try Coordinate(latitude: 58.1, longitude: 11.9659)
    let answer = try await provider(server).forecast(
      ForecastRequest(coordinate: moved, cached: cached))
    guard case .fresh = answer else {
      Issue.record("expected a fresh forecast, got \(answer)")
      return
    }
    #expect(server.requests.count == 2)
    #expect(server.requests.last?.query == "lat=58.1000&lon=11.9659")
    #expect(server.requests.last?.headers["if-modified-since"] == nil)
  }

  @Test func a203IsANoteAboutTheDeprecatedProduct() async throws {
    let server = try Self.metNorway(status: 203)
    defer { server.stop() }
    let answer = try await provider(server).forecast(ForecastRequest(coordinate: Self.gothenburg))
    guard case .fresh(_, let notes, _) = answer else {
      Issue.record("expected a forecast, got \(answer)")
      return
    }
    #expect(notes.first?.contains("203") == true)
    #expect(notes.first?.contains("deprecated") == true)
  }

  @Test func a403IsExplainedAsTheUserAgentOrABlock() async throws {
    let server = try Self.metNorway()
    defer { server.stop() }
    do {
      _ = try await provider(server, agent: "Cloudy/test").forecast(for: Self.gothenburg)
      Issue.record("expected a refusal")
    } catch {
      #expect(error == .httpStatus(403, "forbidden"))
      let line = error.description(for: .metNorway)
      #expect(line.hasPrefix("MET Norway answered HTTP 403"))
      #expect(line.contains("User-Agent") && line.contains("CLOUDY_CONTACT"))
      #expect(!line.contains("API key"))
    }
  }

  /// The NWS's stand-in: the recorded `/points` answer (whose URLs name api.weather.gov) and
  /// the two forecasts; 404 with the NWS's problem document for any other point.
  static func nws() throws -> TestHTTPServer {
    let points = try Fixture.nwsPoints.bytes
    let forecast = try Fixture.nwsForecastUS.bytes
    let hourly = try Fixture.nwsForecastHourly.bytes
    return try TestHTTPServer { request in
      switch request.path {
      case "/points/30,-85": return .json(points)
      case "/gridpoints/TAE/58,65/forecast": return .json(forecast)
      case "/gridpoints/TAE/58,65/forecast/hourly": return .json(hourly)
      default:
        return .json(
          #"{"correlationId": "3b59d1fd", "title": "Data Unavailable For Requested Point", "type": "https://api.weather.gov/problems/InvalidPoint", "status": 404, "detail": "Unable to provide data for requested point 51.5,-0.1", "instance": "https://api.weather.gov/requests/3b59d1fd"}"#,
          status: 404)
      }
    }
  }

  @Test func nwsAsksThePointThenBothForecastsOnItsOwnBase() async throws {
    let server = try Self.nws()
    defer { server.stop() }
    let provider = NWSForecastProvider(
      client: ServiceClient(baseURL: server.baseURL, userAgent: Self.agent, timeout: 5))
    let answer = try await provider.forecast(
      ForecastRequest(coordinate: try Coordinate(latitude: 30, longitude: -85)))
    guard case .fresh(let weather, _, _) = answer else {
      Issue.record("expected a forecast, got \(answer)")
      return
    }
    #expect(
      server.requests.map(\.path) == [
        "/points/30,-85", "/gridpoints/TAE/58,65/forecast", "/gridpoints/TAE/58,65/forecast/hourly",
      ])
    #expect(server.requests.allSatisfy { $0.headers["user-agent"] == Self.agent })
    #expect(weather.provider == .nws)
    #expect(weather.timeZone == "America/New_York", "from /points")
    #expect(weather.days.count == 1 && weather.hours.count == 2)
    #expect(weather.days.first?.temperatureMax == 41)
  }

  @Test func aPointOutsideTheUnitedStatesIsRefusedClearly() async throws {
    let server = try Self.nws()
    defer { server.stop() }
    let provider = NWSForecastProvider(
      client: ServiceClient(baseURL: server.baseURL, userAgent: Self.agent, timeout: 5))
    let london = try Coordinate(latitude: 51.5074, longitude: -0.1278)
    do {
      _ = try await provider.forecast(for: london)
      Issue.record("expected a refusal")
    } catch {
      let line = error.description(for: .nws)
      #expect(line.hasPrefix("The NWS forecasts only for the United States"))
      #expect(line.contains("Unable to provide data for requested point"))
      #expect(line.contains("--provider open-meteo"))
    }
    #expect(server.requests.map(\.path) == ["/points/51.5074,-0.1278"])
  }
}
