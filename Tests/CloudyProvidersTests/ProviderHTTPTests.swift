import CloudyModels
import CloudyServices
import CloudyTestSupport
import Foundation
import Testing

@testable import CloudyProviders

/// Both providers against a real HTTP server on 127.0.0.1 (started and stopped here) that
/// replays the fixtures or misbehaves on purpose. Nothing leaves the machine.
@Suite final class ProviderHTTPTests {
  let server: TestHTTPServer
  let auckland: Coordinate
  let sanFrancisco: Coordinate
  static let hugeBody = [UInt8](repeating: UInt8(ascii: " "), count: 300_000) + Array("{}".utf8)
  static let smallLimit = 64 << 10

  init() throws {
    auckland = try Coordinate(latitude: -36.8485, longitude: 174.7633)
    sanFrancisco = try Coordinate(latitude: 37.8267, longitude: -122.4233)
    let openMeteo = try Fixture.openMeteoAuckland.bytes
    let darkSky = try Fixture.darkSkySanFrancisco.bytes
    let wronglyTyped = try Fixture.openMeteoAuckland.modified {
      try $0.set("hourly.wind_speed_10m.7", "breezy")
    }
    let missingField = try Fixture.darkSkySanFrancisco.modified { try $0.set("timezone", nil) }
    server = try TestHTTPServer { request in
      // Routes: the first path segment picks the behaviour; the provider appends its own path.
      let route = request.path.split(separator: "/").first.map(String.init) ?? ""
      switch route {
      case "om": return .json(openMeteo)
      case "ds": return .json(darkSky)
      case "bad-request":
        return .json(
          #"{"error": true, "reason": "Cannot initialize WeatherVariable from invalid String value tempeture_2m"}"#,
          status: 400)
      case "server-error":
        return .json(#"{"error": true, "reason": "Database unavailable"}"#, status: 500)
      case "forbidden": return .json(#"{"message": "Forbidden"}"#, status: 403)
      case "plain-503":
        return TestResponse(status: 503, body: Array("<html><body>busy</body></html>".utf8))
      case "slow": return TestResponse(status: 200, body: openMeteo, delay: 10)
      case "stall":
        return TestResponse(status: 200, body: openMeteo, stall: 10, bodyPrefixBeforeStall: 100)
      case "huge":
        return TestResponse(status: 200, body: ProviderHTTPTests.hugeBody)
      case "huge-lying":
        return TestResponse(status: 200, body: ProviderHTTPTests.hugeBody, declaredLength: 1000)
      case "huge-unannounced":
        return TestResponse(status: 200, body: ProviderHTTPTests.hugeBody, omitLength: true)
      case "truncated": return .json(Array(openMeteo.prefix(openMeteo.count / 2)))
      case "cut-short":
        return TestResponse(
          status: 200, body: Array(openMeteo.prefix(500)), declaredLength: openMeteo.count)
      case "malformed": return .json("{\"latitude\": -36.875, \"longitude\": ")
      case "html":
        return TestResponse(
          status: 200, headers: [("Content-Type", "text/html")], body: Array("<html>hi</html>".utf8)
        )
      case "empty": return TestResponse(status: 200)
      case "wrong-type": return .json(wronglyTyped)
      case "missing-field": return .json(missingField)
      case "away":
        let port = request.headers["host"]?.split(separator: ":").last.map(String.init) ?? "80"
        return .redirect(to: "http://localhost:\(port)/om/v1/forecast?from=redirect")
      case "same-host":
        return .redirect(to: "/om/v1/forecast?followed=1", status: 307)
      case "loop": return .redirect(to: "/loop/again")
      default: return .json(#"{"error": true, "reason": "no such route"}"#, status: 404)
      }
    }
  }

  deinit { server.stop() }

  func openMeteo(_ route: String, timeout: Double = 5, limit: Int = 4 << 20) -> OpenMeteoProvider {
    OpenMeteoProvider(baseURL: server.url("/\(route)"), timeout: timeout, maxResponseBytes: limit)
  }

  func failure(_ provider: some ForecastProvider, at coordinate: Coordinate? = nil) async
    -> ForecastError?
  {
    do {
      _ = try await provider.forecast(for: coordinate ?? auckland)
      return nil
    } catch {
      return error
    }
  }

  // MARK: Success

  @Test func openMeteoFetchesAndDecodes() async throws {
    let before = Int64(Date().timeIntervalSince1970)
    let weather = try await openMeteo("om").forecast(for: auckland)
    let after = Int64(Date().timeIntervalSince1970)
    #expect(weather.provider == .openMeteo)
    #expect(weather.timeZone == "Pacific/Auckland")
    #expect(weather.hours.count == 48)
    #expect(weather.days.count == 7)
    // Stamped during the fetch (bounded by the clock around it, not by a guess at its speed:
    // a loaded machine once took 66 s here).
    #expect(weather.fetchedAt >= before && weather.fetchedAt <= after)

    let request = try #require(server.requests.last)
    #expect(request.method == "GET")
    #expect(request.path == "/om/v1/forecast")
    let query = Set(request.query.split(separator: "&").map(String.init))
    for item in [
      "latitude=-36.8485", "longitude=174.7633",
      "current=temperature_2m,weather_code,wind_speed_10m,is_day,apparent_temperature,precipitation,relative_humidity_2m,dew_point_2m,pressure_msl,wind_direction_10m,wind_gusts_10m,uv_index,visibility,cloud_cover",
      "hourly=temperature_2m,weather_code,wind_speed_10m,precipitation_probability,is_day,apparent_temperature,precipitation,relative_humidity_2m,dew_point_2m,pressure_msl,wind_direction_10m,wind_gusts_10m,uv_index,visibility,cloud_cover",
      "daily=weather_code,temperature_2m_max,temperature_2m_min,wind_speed_10m_max,precipitation_probability_max,precipitation_sum,apparent_temperature_max,apparent_temperature_min,sunrise,sunset,uv_index_max,wind_gusts_10m_max,wind_direction_10m_dominant",
      "temperature_unit=fahrenheit", "wind_speed_unit=mph", "precipitation_unit=inch",
      "timeformat=unixtime", "timezone=auto",
      "forecast_days=7", "forecast_hours=48",
    ] {
      #expect(query.contains(item), "\(item) missing from \(request.query)")
    }
  }

  @Test func darkSkyFetchesWithTheKeyInThePath() async throws {
    let provider = DarkSkyProvider(apiKey: "test-key", baseURL: server.url("/ds"), timeout: 5)
    let weather = try await provider.forecast(for: sanFrancisco)
    #expect(weather.provider == .darkSky)
    #expect(weather.current.temperature == 44.32)
    #expect(weather.days.count == 8)  // every day of the recording
    let request = try #require(server.requests.last)
    #expect(request.path == "/ds/forecast/test-key/37.8267,-122.4233")
    #expect(request.query == "units=us&exclude=minutely")
  }

  @Test func sameHostRedirectIsFollowed() async throws {
    let weather = try await openMeteo("same-host").forecast(for: auckland)
    #expect(weather.timeZone == "Pacific/Auckland")
    #expect(server.requests.contains { $0.query == "followed=1" })
  }

  @Test func environmentPointsTheProviderAtTheServer() async throws {
    let settings = try ProviderEnvironment.fromEnvironment([
      "CLOUDY_OPEN_METEO_URL": server.url("/om").absoluteString, "CLOUDY_HTTP_TIMEOUT": "2",
    ])
    let weather = try await settings.makeProvider().forecast(for: auckland)
    #expect(weather.provider == .openMeteo)
    let darkSky = try ProviderEnvironment.fromEnvironment([
      "CLOUDY_FORECAST_PROVIDER": "dark-sky",
      "CLOUDY_DARK_SKY_URL": server.url("/ds").absoluteString,
      "CLOUDY_DARK_SKY_KEY": "k",
    ])
    #expect(try await darkSky.makeProvider().forecast(for: sanFrancisco).provider == .darkSky)
  }

  // MARK: HTTP errors

  @Test func httpErrorsCarryTheReasonFromTheBody() async {
    #expect(
      await failure(openMeteo("bad-request"))
        == .httpStatus(
          400, "Cannot initialize WeatherVariable from invalid String value tempeture_2m"))
    #expect(await failure(openMeteo("server-error")) == .httpStatus(500, "Database unavailable"))
    #expect(await failure(openMeteo("nowhere")) == .httpStatus(404, "no such route"))
    let darkSky = DarkSkyProvider(apiKey: "wrong", baseURL: server.url("/forbidden"), timeout: 5)
    #expect(await failure(darkSky) == .httpStatus(403, "Forbidden"))
    guard case .httpStatus(503, let reason)? = await failure(openMeteo("plain-503")) else {
      Issue.record("expected HTTP 503")
      return
    }
    #expect(!reason.contains("<"), "an HTML body is not a reason: \(reason)")
  }

  // MARK: Time-outs, refused connections

  /// `.timedOut` itself proves the client gave up before the server answered (an answer would
  /// have decoded); no wall-clock bound, which a loaded machine would make flaky.
  @Test func slowServerTimesOut() async {
    #expect(await failure(openMeteo("slow", timeout: 1)) == .timedOut(seconds: 1))
  }

  @Test func bodyThatStallsTimesOut() async {
    #expect(await failure(openMeteo("stall", timeout: 1)) == .timedOut(seconds: 1))
  }

  @Test func refusedConnectionIsUnreachable() async throws {
    let port = try TestHTTPServer.unusedPort()
    let url = try #require(URL(string: "http://127.0.0.1:\(port)"))
    let error = await failure(OpenMeteoProvider(baseURL: url, timeout: 2))
    guard case .unreachable(let detail)? = error else {
      Issue.record("expected unreachable, got \(String(describing: error))")
      return
    }
    #expect(detail.contains("127.0.0.1:\(port)"))
  }

  // MARK: Size

  @Test func hugeBodyByContentLengthIsRefused() async {
    let limit = Self.smallLimit
    #expect(await failure(openMeteo("huge", limit: limit)) == .tooLarge(limitBytes: limit))
  }

  @Test func hugeBodyWithoutContentLengthIsRefused() async {
    let limit = Self.smallLimit
    #expect(
      await failure(openMeteo("huge-unannounced", limit: limit)) == .tooLarge(limitBytes: limit))
  }

  @Test func bodyLongerThanItsContentLengthIsNotTrusted() async {
    // Only the announced 1000 bytes are read: they are not the JSON document.
    guard case .invalidResponse? = await failure(openMeteo("huge-lying", limit: Self.smallLimit))
    else {
      Issue.record("expected invalidResponse")
      return
    }
  }

  // MARK: Bodies that are not the expected JSON

  @Test func badBodiesAreInvalidResponses() async {
    let expectations: [(String, String)] = [
      ("truncated", "not valid JSON"), ("malformed", "not valid JSON"),
      ("html", "starts with \"<html>"), ("empty", "empty"),
      ("wrong-type", "hourly.wind_speed_10m[7] is text"),
    ]
    for (route, text) in expectations {
      let error = await failure(openMeteo(route))
      guard case .invalidResponse(let detail)? = error else {
        Issue.record("\(route): expected invalidResponse, got \(String(describing: error))")
        continue
      }
      #expect(detail.contains(text), "\(route): \(detail)")
    }
    let darkSky = DarkSkyProvider(apiKey: "k", baseURL: server.url("/missing-field"), timeout: 5)
    #expect(await failure(darkSky, at: sanFrancisco) == .invalidResponse("missing field timezone"))
  }

  @Test func connectionClosedBeforeTheBodyEnds() async {
    let error = await failure(openMeteo("cut-short"))
    switch error {
    case .unreachable?, .invalidResponse?: break
    default:
      Issue.record(
        "expected a lost connection or invalid response, got \(String(describing: error))")
    }
  }

  // MARK: Redirects

  @Test func redirectToAnotherHostIsRefused() async {
    let error = await failure(openMeteo("away"))
    guard case .redirected(let location)? = error else {
      Issue.record("expected redirected, got \(String(describing: error))")
      return
    }
    #expect(location.hasPrefix("http://localhost:\(server.port)/om/v1/forecast"))
    #expect(!location.contains("from=redirect"), "the query is left out of messages")
    #expect(!server.requests.contains { $0.query == "from=redirect" }, "the redirect was followed")
  }

  @Test func redirectLoopStops() async {
    guard case .redirected? = await failure(openMeteo("loop")) else {
      Issue.record("expected redirected")
      return
    }
    #expect(server.requests.filter { $0.path.hasPrefix("/loop") }.count <= 7)
  }

  // MARK: No request at all

  @Test func darkSkyWithoutKeySendsNothing() async {
    let provider = DarkSkyProvider(apiKey: "  ", baseURL: server.url("/ds"))
    #expect(
      await failure(provider, at: sanFrancisco) == .missingAPIKey(variable: "CLOUDY_DARK_SKY_KEY"))
    #expect(server.requests.isEmpty)
  }

  @Test func nonHTTPBaseURLIsAConfigurationError() async throws {
    let url = try #require(URL(string: "ftp://127.0.0.1/"))
    guard case .invalidConfiguration? = await failure(OpenMeteoProvider(baseURL: url)) else {
      Issue.record("expected invalidConfiguration")
      return
    }
  }
}
