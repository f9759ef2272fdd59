import CloudyDecoding
public import CloudyModels
public import CloudyServices
public import Foundation

/// Open-Meteo's forecast API (no key; the default provider).
///
/// Asks `/v1/forecast` for current conditions, 48 hours and 7 days (what the app's views show;
/// an imported response keeps up to 16 days and 384 hours) in °F, mph and inches with unix
/// times and the place's own time zone (`timezone=auto`), with the apparent temperature,
/// precipitation amounts and each day's sunrise and sunset, and maps WMO weather codes to
/// Cloudy icons.
public struct OpenMeteoProvider: ForecastProvider {
  /// https://api.open-meteo.com
  public static let defaultBaseURL =
    URL(string: "https://api.open-meteo.com") ?? URL(fileURLWithPath: "/")

  /// Days and hours a fetch asks for: the week and hourly views'.
  public static let requestedDays = 7
  public static let requestedHours = 48

  public var kind: ForecastProviderKind { .openMeteo }
  /// Scheme, host, port and an optional path prefix; `/v1/forecast` is appended.
  public let baseURL: URL
  /// Seconds to wait for an answer.
  public let timeout: Double
  public let maxResponseBytes: Int

  public init(
    baseURL: URL = OpenMeteoProvider.defaultBaseURL, timeout: Double = ForecastLimits.timeout,
    maxResponseBytes: Int = ForecastLimits.maximumResponseBytes
  ) {
    self.baseURL = baseURL
    self.timeout = timeout
    self.maxResponseBytes = maxResponseBytes
  }

  /// The request URL for a coordinate.
  public func requestURL(for coordinate: Coordinate) throws(ForecastError) -> URL {
    try RequestURL.make(
      base: baseURL, appendingPath: "/v1/forecast",
      query: [
        ("latitude", RequestURL.degrees(coordinate.latitude)),
        ("longitude", RequestURL.degrees(coordinate.longitude)),
        (
          "current",
          "temperature_2m,weather_code,wind_speed_10m,is_day,apparent_temperature,precipitation"
        ),
        (
          "hourly",
          "temperature_2m,weather_code,wind_speed_10m,precipitation_probability,is_day,apparent_temperature,precipitation"
        ),
        (
          "daily",
          "weather_code,temperature_2m_max,temperature_2m_min,wind_speed_10m_max,precipitation_probability_max,precipitation_sum,apparent_temperature_max,apparent_temperature_min,sunrise,sunset"
        ),
        ("temperature_unit", "fahrenheit"),
        ("wind_speed_unit", "mph"),
        ("precipitation_unit", "inch"),
        ("timeformat", "unixtime"),
        ("timezone", "auto"),
        ("forecast_days", "\(Self.requestedDays)"),
        ("forecast_hours", "\(Self.requestedHours)"),
      ])
  }

  public func forecast(for coordinate: Coordinate) async throws(ForecastError) -> WeatherData {
    let url = try requestURL(for: coordinate)
    let body = try await HTTPFetcher(timeout: timeout, maxResponseBytes: maxResponseBytes).get(url)
    return try ForecastDecoder.decode(body, format: .openMeteo, fetchedAt: RequestURL.now())
  }
}
