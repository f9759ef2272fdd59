public import CloudyModels

/// How loudly a front-end draws an alert (the banner's and a list entry's colour), decided here
/// so the app and the web agree: a minor advisory must not look like a severe warning. The
/// words (`word`, and the severity in the text) say the same, so nothing depends on colour.
public enum AlertTone: String, CaseIterable, Hashable, Sendable {
  /// Extreme: a threat to life (white on red in the app, a red banner on the web).
  case extreme
  /// Severe: a warning (red).
  case warning
  /// Moderate: a watch (amber).
  case watch
  /// Minor: an advisory (blue-grey, quieter than the others).
  case advisory
  /// Unknown severity: shown plainly, the sender said nothing about how bad it is.
  case information

  public init(_ severity: AlertSeverity) {
    switch severity {
    case .extreme: self = .extreme
    case .severe: self = .warning
    case .moderate: self = .watch
    case .minor: self = .advisory
    case .unknown: self = .information
    }
  }

  /// The word a banner leads with: "Extreme", "Warning", "Watch", "Advisory", "Alert".
  public var word: String {
    switch self {
    case .extreme: "Extreme"
    case .warning: "Warning"
    case .watch: "Watch"
    case .advisory: "Advisory"
    case .information: "Alert"
    }
  }
}
