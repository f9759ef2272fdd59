/// A setting the user can choose one value of; raw values are what the database stores and the
/// command line accepts, so a sqlite3 user reads `24h`, not `1`.
public protocol Notation: RawRepresentable<String>, CaseIterable, Hashable, Sendable {
  /// The settings section this notation fills, e.g. "Time Notation".
  static var title: String { get }
  /// The name the command line uses, e.g. `time`.
  static var settingName: String { get }
  /// Accepted spellings besides the raw value (lower-case).
  var aliases: [String] { get }
  /// The row text, e.g. "24 Hour".
  var text: String { get }
}

extension Notation {
  /// Parses what a user typed: the raw value or an alias, ignoring case.
  public init?(userInput: String) {
    let typed = userInput.lowercased()
    guard
      let match = Self.allCases.first(where: { $0.rawValue == typed || $0.aliases.contains(typed) })
    else { return nil }
    self = match
  }

  /// Every accepted spelling, for error messages and help.
  public static var accepted: [String] { allCases.flatMap { [$0.rawValue] + $0.aliases } }
}

/// How times read: "3:00 PM" or "15:00". Raw values are what the database and the tools store.
public enum TimeNotation: String, Notation {
  case twelveHour = "12h"
  case twentyFourHour = "24h"

  public static let title = "Time Notation"
  public static let settingName = "time"
  public var aliases: [String] {
    switch self {
    case .twelveHour: ["12"]
    case .twentyFourHour: ["24"]
    }
  }
  public var text: String {
    switch self {
    case .twelveHour: "12 Hour"
    case .twentyFourHour: "24 Hour"
    }
  }
}

/// A preset of the four unit settings (wind, pressure, precipitation, distance), set at once
/// by `cloudy-settings set units …`: metric (km/h, hPa, mm, km), imperial (mph, inHg, in, mi),
/// uk (mph, hPa, mm, mi). Settings whose four units match no preset read as "custom"
/// (`Settings.units` is nil).
///
/// `settings.units_notation` still holds `imperial` or `metric` for a device running a Cloudy
/// from before the unit settings (it reads that column for wind and precipitation): `imperial`
/// when the wind is in mph, else `metric` (`Settings.legacyUnits`).
public enum UnitsNotation: String, Notation {
  case imperial
  case metric
  case uk

  public static let title = "Units Notation"
  public static let settingName = "units"
  public var aliases: [String] {
    switch self {
    case .imperial: ["us"]
    case .metric: ["si"]
    case .uk: ["uk2", "british"]
    }
  }
  public var text: String {
    switch self {
    case .imperial: "Imperial"
    case .metric: "Metric"
    case .uk: "UK"
    }
  }

  /// The units this preset sets.
  public var wind: WindUnit {
    switch self {
    case .metric: .kilometresPerHour
    case .imperial, .uk: .milesPerHour
    }
  }
  public var pressure: PressureUnit { self == .imperial ? .inchesOfMercury : .hectopascals }
  public var precipitation: PrecipitationUnit { self == .imperial ? .inches : .millimetres }
  public var distance: DistanceUnit { self == .metric ? .kilometres : .miles }

  /// What `cloudy-settings show` and the JSON say when the four units match no preset.
  public static let customName = "custom"
}

/// Temperatures in °F or °C, independent of the units notation (as the iOS app had it).
public enum TemperatureNotation: String, Notation {
  case fahrenheit
  case celsius

  public static let title = "Temperature Notation"
  public static let settingName = "temperature"
  public var aliases: [String] {
    switch self {
    case .fahrenheit: ["f", "°f"]
    case .celsius: ["c", "°c"]
    }
  }
  public var text: String {
    switch self {
    case .fahrenheit: "Fahrenheit"
    case .celsius: "Celsius"
    }
  }
}

/// The notations, the unit of each quantity and the alert level together, as stored in the one
/// `settings` row.
public struct Settings: Hashable, Sendable {
  public var time: TimeNotation
  public var temperature: TemperatureNotation
  /// Which alerts are shown unasked (banners, marks, `--watch`).
  public var alerts: AlertLevel
  public var wind: WindUnit
  public var pressure: PressureUnit
  public var precipitation: PrecipitationUnit
  public var distance: DistanceUnit
  public var airQuality: AirQualityScale

  /// The Cloudy app's defaults (imperial units), moderate alerts and above, the European
  /// air-quality index.
  public static let defaults = Settings(
    time: .twelveHour, units: .imperial, temperature: .fahrenheit)

  public init(
    time: TimeNotation, units: UnitsNotation, temperature: TemperatureNotation,
    alerts: AlertLevel = .moderate, airQuality: AirQualityScale = .european
  ) {
    self.time = time
    self.temperature = temperature
    self.alerts = alerts
    wind = units.wind
    pressure = units.pressure
    precipitation = units.precipitation
    distance = units.distance
    self.airQuality = airQuality
  }

  /// The preset the four unit settings match; nil for "custom". Setting a preset sets all four
  /// (setting nil changes nothing).
  public var units: UnitsNotation? {
    get {
      UnitsNotation.allCases.first {
        $0.wind == wind && $0.pressure == pressure && $0.precipitation == precipitation
          && $0.distance == distance
      }
    }
    set {
      guard let newValue else { return }
      wind = newValue.wind
      pressure = newValue.pressure
      precipitation = newValue.precipitation
      distance = newValue.distance
    }
  }

  /// The preset's name, or "custom".
  public var unitsName: String { units?.rawValue ?? UnitsNotation.customName }

  /// What `settings.units_notation` holds for a Cloudy from before the unit settings, which
  /// reads it for wind and precipitation and knows only `imperial` and `metric`: imperial when
  /// the wind is in mph (imperial and UK), else metric.
  public var legacyUnits: UnitsNotation { wind == .milesPerHour ? .imperial : .metric }
}
