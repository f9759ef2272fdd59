/// How precipitation amounts read: millimetres or inches. Stored in
/// `settings.precipitation_unit`; forecasts keep inches (the store's base unit).
public enum PrecipitationUnit: String, Notation {
  case millimetres = "mm"
  case inches = "in"

  public static let title = "Precipitation"
  public static let settingName = "precipitation"
  public var aliases: [String] {
    switch self {
    case .millimetres: ["millimetres", "millimeters"]
    case .inches: ["inch", "inches"]
    }
  }
  public var text: String {
    switch self {
    case .millimetres: "mm"
    case .inches: "in"
    }
  }
}
