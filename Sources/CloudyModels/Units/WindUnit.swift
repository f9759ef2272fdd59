/// How wind speeds read: km/h, m/s, mph, knots or Beaufort. Stored in `settings.wind_unit`;
/// forecasts keep mph (the store's base unit) and views convert on display.
public enum WindUnit: String, Notation {
  case kilometresPerHour = "km/h"
  case metresPerSecond = "m/s"
  case milesPerHour = "mph"
  case knots = "kn"
  case beaufort = "bft"

  public static let title = "Wind Speed"
  public static let settingName = "wind"
  public var aliases: [String] {
    switch self {
    case .kilometresPerHour: ["kmh", "kph", "km/hr"]
    case .metresPerSecond: ["ms", "mps"]
    case .milesPerHour: ["mi/h"]
    case .knots: ["knots", "knot", "kt", "kts"]
    case .beaufort: ["beaufort"]
    }
  }
  public var text: String {
    switch self {
    case .kilometresPerHour: "km/h"
    case .metresPerSecond: "m/s"
    case .milesPerHour: "mph"
    case .knots: "Knots"
    case .beaufort: "Beaufort"
    }
  }
}
