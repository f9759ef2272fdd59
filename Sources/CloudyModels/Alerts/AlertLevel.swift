/// Which alerts a user is shown unasked: the banners, the Locations marks and `--watch`
/// notifications follow it; the alerts lists (`cloudy-forecast alerts`, the web's alerts page
/// and API) show every alert whatever it says, since there a user looks on purpose. Stored in
/// `settings.alert_level`.
public enum AlertLevel: String, Notation {
  case all
  /// Moderate and above: the default, since minor alerts (advisories) are the noise people
  /// turn alerts off over.
  case moderate
  /// Severe and above.
  case severe
  case none

  public static let title = "Weather Alerts"
  public static let settingName = "alerts"
  public var aliases: [String] {
    switch self {
    case .all: ["minor"]
    case .moderate: ["moderate-and-above"]
    case .severe: ["severe-and-above"]
    case .none: ["off"]
    }
  }
  public var text: String {
    switch self {
    case .all: "All"
    case .moderate: "Moderate and Above"
    case .severe: "Severe and Above"
    case .none: "None"
    }
  }

  /// Whether an alert of `severity` is shown unasked. An unknown severity is shown only with
  /// `all`: a sender that will not say how bad it is has not said it is moderate.
  public func shows(_ severity: AlertSeverity) -> Bool {
    switch self {
    case .all: true
    case .moderate: severity <= .moderate
    case .severe: severity <= .severe
    case .none: false
    }
  }
}
