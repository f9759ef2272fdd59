public import CloudyModels

/// A source of fresh forecasts for a coordinate.
///
/// Implementations, all in CloudyProviders and chosen by `ProviderEnvironment.makeProvider`:
/// `OpenMeteoProvider` (the default, no key), `DarkSkyProvider` (a Dark Sky–compatible service
/// such as Pirate Weather, with a key), and the two national services, `METNorwayProvider` and
/// `NWSForecastProvider`, which answer conditional requests (`forecast(_:)` below) through
/// their `ServiceClient`; tests and view models inject fakes. Every value in the returned
/// `WeatherData` is in the store's canonical units (°F, mph, probability 0…1); conversion for
/// display happens later. Alerts have their own interface beside this one, `AlertProvider`.
public protocol ForecastProvider: Sendable {
  /// Which service this provider talks to; stored with the forecast.
  var kind: ForecastProviderKind { get }

  /// Fetches a fresh forecast; `fetchedAt` is stamped by the provider (now).
  ///
  /// Never partially succeeds: either a complete, validated `WeatherData` or a `ForecastError`.
  func forecast(for coordinate: Coordinate) async throws(ForecastError) -> WeatherData

  /// Fetches for a place, knowing its zone and the forecast already cached for it, so a
  /// service that asks for conditional requests (MET Norway) is asked only when its last
  /// answer has expired, and then with `If-Modified-Since`. The default asks
  /// `forecast(for:)` every time.
  func forecast(_ request: ForecastRequest) async throws(ForecastError) -> ForecastAnswer
}

extension ForecastProvider {
  public func forecast(_ request: ForecastRequest) async throws(ForecastError) -> ForecastAnswer {
    .fresh(try await forecast(for: request.coordinate), notes: [])
  }
}

/// What a fetch knows before it asks.
public struct ForecastRequest: Sendable {
  public var coordinate: Coordinate
  /// The saved place's IANA zone, for services whose answers name none (MET Norway).
  public var timeZone: String?
  /// The forecast cached for the place, with the validators of the answer it came from.
  public var cached: WeatherData?

  public init(coordinate: Coordinate, timeZone: String? = nil, cached: WeatherData? = nil) {
    self.coordinate = coordinate
    self.timeZone = timeZone
    self.cached = cached
  }
}

/// What a fetch found.
public enum ForecastAnswer: Sendable {
  /// A new forecast, what the service or the decoder noted (a deprecated product, values left
  /// out), and the alerts the answer carried for the place (Dark Sky and Pirate Weather send
  /// them with the forecast; nil for a service whose answers hold none).
  case fresh(WeatherData, notes: [String], alerts: [WeatherAlert]? = nil)
  /// The cached forecast stands: the service said 304 Not Modified, or its last answer does
  /// not expire until `until` (unix seconds) and it asks not to be asked before then.
  case unchanged(until: Int64?)
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
