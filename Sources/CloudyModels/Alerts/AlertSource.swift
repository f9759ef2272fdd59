/// Where an alert came from; the raw values are what the database stores.
public enum AlertSource: String, CaseIterable, Hashable, Sendable {
  /// api.weather.gov's `alerts/active` (the United States).
  case nws
  /// MeteoAlarm's CAP feeds (European services).
  case meteoAlarm = "meteoalarm"
  /// A CAP 1.2 document a user saved and imported.
  case cap
  /// The `alerts` of a Dark Sky response.
  case darkSky = "dark-sky"
  /// The `alerts` of a Pirate Weather response.
  case pirateWeather = "pirate-weather"

  /// The name shown beside an alert.
  public var text: String {
    switch self {
    case .nws: "National Weather Service"
    case .meteoAlarm: "MeteoAlarm"
    case .cap: "CAP file"
    case .darkSky: "Dark Sky"
    case .pirateWeather: "Pirate Weather"
    }
  }
}
