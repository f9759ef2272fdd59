/// How bad an alert says the weather will be: CAP 1.2's `severity`, stored in lower case.
/// Ordered most severe first, so "most severe first" is a plain sort.
public enum AlertSeverity: String, CaseIterable, Comparable, Hashable, Sendable {
  case extreme
  case severe
  case moderate
  case minor
  case unknown

  /// Reads CAP's spelling (`Severe`) or the stored one, ignoring case; anything else is unknown,
  /// as CAP itself says of a missing severity.
  public init(cap text: String) {
    self = Self(rawValue: text.lowercased()) ?? .unknown
  }

  /// Dark Sky's (and Pirate Weather's) three words on CAP's scale: a warning is severe, a watch
  /// moderate, an advisory minor.
  public init(darkSky text: String) {
    switch text.lowercased() {
    case "warning": self = .severe
    case "watch": self = .moderate
    case "advisory": self = .minor
    default: self = .unknown
    }
  }

  /// "Severe", as a label.
  public var text: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

  private var rank: Int { Self.allCases.firstIndex(of: self) ?? Self.allCases.count }

  /// Extreme < severe < …: the more severe sorts first.
  public static func < (lhs: AlertSeverity, rhs: AlertSeverity) -> Bool { lhs.rank < rhs.rank }
}
