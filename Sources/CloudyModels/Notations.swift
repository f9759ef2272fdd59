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

/// Wind speeds and lengths: mph or km/h. Stored in canonical units, converted only for display.
public enum UnitsNotation: String, Notation {
  case imperial
  case metric

  public static let title = "Units Notation"
  public static let settingName = "units"
  public var aliases: [String] {
    switch self {
    case .imperial: ["us"]
    case .metric: ["si"]
    }
  }
  public var text: String {
    switch self {
    case .imperial: "Imperial"
    case .metric: "Metric"
    }
  }
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

/// The three notations and the alert level together, as stored in the one `settings` row.
public struct Settings: Hashable, Sendable {
  public var time: TimeNotation
  public var units: UnitsNotation
  public var temperature: TemperatureNotation
  /// Which alerts are shown unasked (banners, marks, `--watch`).
  public var alerts: AlertLevel

  /// The Cloudy app's defaults, and moderate alerts and above.
  public static let defaults = Settings(
    time: .twelveHour, units: .imperial, temperature: .fahrenheit)

  public init(
    time: TimeNotation, units: UnitsNotation, temperature: TemperatureNotation,
    alerts: AlertLevel = .moderate
  ) {
    self.time = time
    self.units = units
    self.temperature = temperature
    self.alerts = alerts
  }
}
