public import CloudyModels

/// A source of fresh forecasts for a coordinate.
///
/// Implementations: `OpenMeteoProvider` (the default, no key) and `DarkSkyProvider` (a Dark Sky–
/// compatible service such as Pirate Weather), both in CloudyProviders; tests and view models
/// inject fakes. Every value in the returned `WeatherData` is in the store's canonical units
/// (°F, mph, probability 0…1); conversion for display happens later.
public protocol ForecastProvider: Sendable {
  /// Which service this provider talks to; stored with the forecast.
  var kind: ForecastProviderKind { get }

  /// Fetches a fresh forecast; `fetchedAt` is stamped by the provider (now).
  ///
  /// Never partially succeeds: either a complete, validated `WeatherData` or a `ForecastError`.
  func forecast(for coordinate: Coordinate) async throws(ForecastError) -> WeatherData
}

/// The limits every forecast exchange keeps, named once: the providers' requests, the
/// environment's defaults and `cloudy-forecast import` all use these.
public enum ForecastLimits {
  /// Seconds a request may wait for an answer (`CLOUDY_HTTP_TIMEOUT` overrides it).
  public static let timeout: Double = 15
  /// The largest response read, from the network or a file: a 16-day hourly forecast is
  /// about 100 KiB, so 4 MiB leaves room without letting a runaway body fill memory.
  public static let maximumResponseBytes = 4 << 20
}
