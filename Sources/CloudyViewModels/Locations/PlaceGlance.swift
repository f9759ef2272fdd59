public import CloudyModels
public import CloudyStoring

/// A place's weather at a glance, as a Locations row shows it beside the name (every weather
/// app's list does): the cached forecast's temperature now, in whole degrees of the notation,
/// and its symbol and words. Read from the cache only; a place with nothing cached has none.
public struct PlaceGlance: Hashable, Sendable {
  /// "54°" or "12°"; nil when the forecast has no temperature.
  public let temperature: String?
  /// The symbol's name (`WeatherIcon`), "cloudy"; nil without one.
  public let iconName: String?
  /// "Mostly Cloudy"; nil without one.
  public let summary: String?

  public init(weather: WeatherData, settings: Settings) {
    let now = weather.current
    temperature = now.temperature.map { settings.temperature.formatDegrees(fahrenheit: $0) }
    iconName = now.icon?.rawValue
    summary = now.summary
  }

  /// The most rows a page reads a glance for: each is a forecast read, and a list of thousands
  /// of places shows the rest without one rather than take seconds.
  public static let limit = 200

  /// The glances of `places` (the first `limit` of them) that have a cached forecast.
  public static func glances(
    of places: [Place], forecasts: any ForecastStoring, settings: any SettingsStoring
  ) throws -> [Place: PlaceGlance] {
    let notation = try settings.settings()
    var glances: [Place: PlaceGlance] = [:]
    for place in places.prefix(limit) {
      guard let weather = try forecasts.latest(for: place) else { continue }
      glances[place] = PlaceGlance(weather: weather, settings: notation)
    }
    return glances
  }
}
