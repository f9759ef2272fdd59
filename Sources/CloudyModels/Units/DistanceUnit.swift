/// How distances (visibility) read: kilometres or miles. Stored in `settings.distance_unit`;
/// forecasts keep metres (the store's base unit).
public enum DistanceUnit: String, Notation {
  case kilometres = "km"
  case miles = "mi"

  public static let title = "Distance"
  public static let settingName = "distance"
  public var aliases: [String] {
    switch self {
    case .kilometres: ["kilometres", "kilometers"]
    case .miles: ["miles", "mile"]
    }
  }
  public var text: String {
    switch self {
    case .kilometres: "km"
    case .miles: "mi"
    }
  }
}
