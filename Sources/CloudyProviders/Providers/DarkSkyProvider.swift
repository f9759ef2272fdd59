import CloudyDecoding
public import CloudyModels
public import CloudyServices
public import Foundation

/// A Dark Sky–compatible forecast API (Pirate Weather today), which needs an API key.
///
/// Asks `/forecast/<key>/<lat>,<lon>?units=us&exclude=minutely`. The key is part of the URL
/// path, so error messages name only the host. The answer's `alerts` come back with the
/// forecast (`ForecastAnswer.fresh`), decoded for the place, and are stored as `import` keeps
/// them.
public struct DarkSkyProvider: ForecastProvider {
  /// https://api.pirateweather.net
  public static let defaultBaseURL =
    URL(string: "https://api.pirateweather.net") ?? URL(fileURLWithPath: "/")
  /// Where the key comes from, for `ForecastError.missingAPIKey`.
  public static let apiKeyVariable = "CLOUDY_DARK_SKY_KEY"

  public var kind: ForecastProviderKind { .darkSky }
  public let apiKey: String
  /// Scheme, host, port and an optional path prefix; `/forecast/…` is appended.
  public let baseURL: URL
  /// Seconds to wait for an answer.
  public let timeout: Double
  public let maxResponseBytes: Int

  public init(
    apiKey: String, baseURL: URL = DarkSkyProvider.defaultBaseURL,
    timeout: Double = ForecastLimits.timeout,
    maxResponseBytes: Int = ForecastLimits.maximumResponseBytes
  ) {
    self.apiKey = apiKey
    self.baseURL = baseURL
    self.timeout = timeout
    self.maxResponseBytes = maxResponseBytes
  }

  /// The request URL for a coordinate (it contains the key: do not print it).
  public func requestURL(for coordinate: Coordinate) throws(ForecastError) -> URL {
    let key = apiKey.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !key.isEmpty else { throw .missingAPIKey(variable: Self.apiKeyVariable) }
    let location =
      "\(RequestURL.degrees(coordinate.latitude)),\(RequestURL.degrees(coordinate.longitude))"
    return try RequestURL.make(
      base: baseURL, appendingPath: "/forecast/\(RequestURL.pathSegment(key))/\(location)",
      query: [("units", "us"), ("exclude", "minutely")])
  }

  public func forecast(for coordinate: Coordinate) async throws(ForecastError) -> WeatherData {
    let url = try requestURL(for: coordinate)
    let body = try await HTTPFetcher(timeout: timeout, maxResponseBytes: maxResponseBytes).get(url)
    return try ForecastDecoder.decode(body, format: .darkSky, fetchedAt: RequestURL.now())
  }

  /// The forecast and the alerts its answer carries (nil when it has no `alerts` array, as
  /// Dark Sky leaves it out when there are none).
  public func forecast(_ request: ForecastRequest) async throws(ForecastError) -> ForecastAnswer {
    let url = try requestURL(for: request.coordinate)
    let body = try await HTTPFetcher(timeout: timeout, maxResponseBytes: maxResponseBytes).get(url)
    let weather = try ForecastDecoder.decode(body, format: .darkSky, fetchedAt: RequestURL.now())
    let alerts = try? AlertDecoder.decode(body, for: request.coordinate, languages: [])
    return .fresh(weather, notes: alerts?.notes ?? [], alerts: alerts?.alerts ?? [])
  }
}
