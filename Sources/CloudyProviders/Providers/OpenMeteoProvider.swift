import CloudyDecoding
public import CloudyModels
public import CloudyServices
public import Foundation

/// Open-Meteo's forecast API (no key; the default provider).
///
/// Asks `/v1/forecast` for current conditions, 48 hours and 7 days (what the app's views show;
/// an imported response keeps up to 16 days and 384 hours) in °F, mph and inches with unix
/// times and the place's own time zone (`timezone=auto`), with the apparent temperature,
/// precipitation amounts, humidity, dew point, sea-level pressure, wind direction and gusts,
/// UV index, visibility and cloud cover, each day's sunrise and sunset, maximum UV and gust and
/// dominant wind direction, and maps WMO weather codes to Cloudy icons.
public struct OpenMeteoProvider: ForecastProvider {
  /// https://api.open-meteo.com
  public static let defaultBaseURL =
    URL(string: "https://api.open-meteo.com") ?? URL(fileURLWithPath: "/")

  /// https://air-quality-api.open-meteo.com
  public static let defaultAirQualityURL =
    URL(string: "https://air-quality-api.open-meteo.com") ?? URL(fileURLWithPath: "/")

  /// Days and hours a fetch asks for: the week and hourly views'.
  public static let requestedDays = 7
  public static let requestedHours = 48

  /// The other quantities asked for now and for each hour (see `WeatherReadings`).
  static let readings =
    "relative_humidity_2m,dew_point_2m,pressure_msl,wind_direction_10m,wind_gusts_10m,uv_index,visibility,cloud_cover"

  public var kind: ForecastProviderKind { .openMeteo }
  /// Scheme, host, port and an optional path prefix; `/v1/forecast` is appended.
  public let baseURL: URL
  /// The air-quality API's scheme, host, port and prefix; `/v1/air-quality` is appended.
  public let airQualityURL: URL
  /// Seconds to wait for an answer.
  public let timeout: Double
  public let maxResponseBytes: Int

  public init(
    baseURL: URL = OpenMeteoProvider.defaultBaseURL,
    airQualityURL: URL = OpenMeteoProvider.defaultAirQualityURL,
    timeout: Double = ForecastLimits.timeout,
    maxResponseBytes: Int = ForecastLimits.maximumResponseBytes
  ) {
    self.baseURL = baseURL
    self.airQualityURL = airQualityURL
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
          "temperature_2m,weather_code,wind_speed_10m,is_day,apparent_temperature,precipitation,"
            + Self.readings
        ),
        (
          "hourly",
          "temperature_2m,weather_code,wind_speed_10m,precipitation_probability,is_day,apparent_temperature,precipitation,"
            + Self.readings
        ),
        (
          "daily",
          "weather_code,temperature_2m_max,temperature_2m_min,wind_speed_10m_max,precipitation_probability_max,precipitation_sum,apparent_temperature_max,apparent_temperature_min,sunrise,sunset,uv_index_max,wind_gusts_10m_max,wind_direction_10m_dominant"
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

  /// The air-quality request for a coordinate: the indexes, pollutants and pollen now and for
  /// the hours the forecast asks for, in unix times. Pollen is asked everywhere; Open-Meteo
  /// answers it in Europe and `null` elsewhere, which is kept as missing.
  public func airQualityURL(for coordinate: Coordinate) throws(ForecastError) -> URL {
    let variables =
      "european_aqi,us_aqi,pm2_5,pm10,ozone,nitrogen_dioxide,alder_pollen,birch_pollen,"
      + "grass_pollen,mugwort_pollen,olive_pollen,ragweed_pollen"
    return try RequestURL.make(
      base: airQualityURL, appendingPath: "/v1/air-quality",
      query: [
        ("latitude", RequestURL.degrees(coordinate.latitude)),
        ("longitude", RequestURL.degrees(coordinate.longitude)),
        ("current", variables), ("hourly", variables), ("timeformat", "unixtime"),
        ("timezone", "auto"), ("forecast_hours", "\(Self.requestedHours)"),
      ])
  }

  /// The forecast, then its air quality: a failure of the second is a note and the forecast
  /// is kept without it (as alerts are), since the weather is what was asked for.
  public func forecast(_ request: ForecastRequest) async throws(ForecastError) -> ForecastAnswer {
    let weather = try await forecast(for: request.coordinate)
    do {
      let url = try airQualityURL(for: request.coordinate)
      let body = try await HTTPFetcher(timeout: timeout, maxResponseBytes: maxResponseBytes)
        .get(url)
      let answer = try AirQualityAnswer.decode(body)
      return .fresh(answer.merged(into: weather), notes: [])
    } catch {
      return .fresh(
        weather, notes: ["air quality left out: \(error.description(for: .openMeteo))"])
    }
  }

  public func forecast(for coordinate: Coordinate) async throws(ForecastError) -> WeatherData {
    let url = try requestURL(for: coordinate)
    let body = try await HTTPFetcher(timeout: timeout, maxResponseBytes: maxResponseBytes).get(url)
    return try ForecastDecoder.decode(body, format: .openMeteo, fetchedAt: RequestURL.now())
  }
}
