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

  /// Dark Sky's three words on CAP's scale: a warning is severe, a watch moderate, an advisory
  /// minor. Pirate Weather, Dark Sky-compatible, writes CAP's own words there ("Severe") for
  /// alerts it passes on from CAP senders: those are read as CAP's.
  public init(darkSky text: String) {
    switch text.trimmingWhitespace().lowercased() {
    case "warning": self = .severe
    case "watch": self = .moderate
    case "advisory": self = .minor
    default: self.init(cap: text.trimmingWhitespace())
    }
  }

  /// "Severe", as a label.
  public var text: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

  private var rank: Int { Self.allCases.firstIndex(of: self) ?? Self.allCases.count }

  /// Extreme < severe < …: the more severe sorts first.
  public static func < (lhs: AlertSeverity, rhs: AlertSeverity) -> Bool { lhs.rank < rhs.rank }
}
