public import CloudyModels

/// The fields a bar's template may name: every quantity the day view (and so `show --json`'s
/// `day`) has, plus the place, the age and the alert.
///
/// The quantities come from one list, so a quantity added to the day view becomes a field by
/// adding one line here.
public enum GlanceFields {
  /// A quantity of the day view: its name (as in `show --json`) and its text by the settings;
  /// nil when the forecast lacks it.
  public struct Quantity: Sendable {
    public let name: String
    public let text: @Sendable (DayViewModel) -> String?
  }

  /// The day view's quantities, in the order `show --json` lists them.
  public static let quantities: [Quantity] = [
    Quantity(name: "summary") { $0.conditions.summary == nil ? nil : $0.summary },
    Quantity(name: "temperature") { $0.conditions.temperature == nil ? nil : $0.temperature },
    Quantity(name: "windSpeed") { $0.conditions.windSpeed == nil ? nil : $0.windSpeed },
    Quantity(name: "icon") { $0.conditions.icon?.rawValue },
    Quantity(name: "apparentTemperature") { $0.apparentTemperature },
    Quantity(name: "precipitation") { $0.precipitation },
    Quantity(name: "precipitationProbability") { $0.precipitationProbability },
    Quantity(name: "time") { $0.time },
    Quantity(name: "date") { $0.date },
  ]

  /// Every field name, quantities first.
  public static let names: [String] =
    quantities.map(\.name) + ["symbol", "place", "age", "alert", "severity"]

  /// What a bar shows unless told otherwise: the condition, the temperature, and the alert
  /// when there is one.
  public static let defaultTemplate = "{symbol} {temperature} {alert}"
  /// The short form (i3blocks' `short_text`, for a crowded bar).
  public static let shortTemplate = "{symbol} {temperature}"

  /// A condition in one or two symbols of one column each (as the terminal app draws them),
  /// so a bar's width does not jump with the weather.
  public static func symbol(_ icon: WeatherIcon) -> String {
    switch icon {
    case .clearDay: "☀"
    case .clearNight: "☾"
    case .rain: "☂"
    case .snow: "❄"
    case .sleet: "❅"
    case .wind: "≋"
    case .fog: "≡"
    case .cloudy: "☁"
    case .partlyCloudyDay: "☀☁"
    case .partlyCloudyNight: "☾☁"
    }
  }
}
