/// How air pressure reads: hPa, inHg, mmHg or kPa. Stored in `settings.pressure_unit`;
/// forecasts keep hPa (the store's base unit) and views convert on display.
public enum PressureUnit: String, Notation {
  case hectopascals = "hpa"
  case inchesOfMercury = "inhg"
  case millimetresOfMercury = "mmhg"
  case kilopascals = "kpa"

  public static let title = "Pressure"
  public static let settingName = "pressure"
  public var aliases: [String] {
    switch self {
    case .hectopascals: ["mbar", "mb", "millibar"]
    case .inchesOfMercury: ["in hg", "inches"]
    case .millimetresOfMercury: ["mm hg", "torr"]
    case .kilopascals: []
    }
  }
  public var text: String {
    switch self {
    case .hectopascals: "hPa"
    case .inchesOfMercury: "inHg"
    case .millimetresOfMercury: "mmHg"
    case .kilopascals: "kPa"
    }
  }
}
