public import CloudyModels

/// A service that says which weather alerts stand at a place (the NWS, MeteoAlarm), beside
/// `ForecastProvider`: the fetcher asks the one `AlertProviders.provider(for:)` chooses, and
/// tests inject fakes.
///
/// Named after `ForecastProvider` because `AlertSource` (CloudyModels) already names where a
/// stored alert came from, as `ForecastProviderKind` does for forecasts: a provider's `source`
/// is what its alerts are stored under.
public protocol AlertProvider: Sendable {
  /// What the alerts it answers are stored under.
  var source: AlertSource { get }

  /// Whether it serves `place` (by the saved country, else the coordinate).
  func covers(_ place: AlertPlace) -> Bool

  /// The place's alerts: not asked while `request.last` is fresh, else asked conditionally
  /// with its validators. Throws as the forecast providers do.
  func alerts(_ request: AlertRequest) async throws(ForecastError) -> AlertAnswer
}

/// What decides which source covers a place.
public struct AlertPlace: Hashable, Sendable {
  public var coordinate: Coordinate
  /// ISO 3166-1 alpha-2, as saved with the place (from the gazetteer); nil when unknown.
  public var countryCode: String?

  public init(coordinate: Coordinate, countryCode: String?) {
    self.coordinate = coordinate
    self.countryCode = countryCode
  }
}

/// One look at a provider for one place.
public struct AlertRequest: Sendable {
  public var place: AlertPlace
  /// What the provider said about asking again the last time; nil the first time.
  public var last: ServiceMemory?
  /// Unix seconds: freshness is judged against it.
  public var now: Int64

  public init(place: AlertPlace, last: ServiceMemory?, now: Int64) {
    self.place = place
    self.last = last
    self.now = now
  }
}

/// What one look at an alert provider found.
public enum AlertAnswer: Sendable {
  /// Not asked: the last answer is fresh until then.
  case fresh(until: Int64)
  /// Asked; unchanged since the last answer (304). The memory to keep for the next look.
  case notModified(ServiceMemory)
  /// Asked; the alerts it holds for the place, what the decoder noted, and the memory to keep.
  case fetched([WeatherAlert], notes: [String], ServiceMemory)
}

/// The alert providers in the order they are asked, and the one rule for which serves a place:
/// the first that covers it. The fetcher and the tests both choose through it.
public struct AlertProviders: Sendable {
  public var all: [any AlertProvider]

  public init(_ all: [any AlertProvider]) {
    self.all = all
  }

  /// The provider that serves `place`; nil when none covers it.
  public func provider(for place: AlertPlace) -> (any AlertProvider)? {
    all.first { $0.covers(place) }
  }
}
