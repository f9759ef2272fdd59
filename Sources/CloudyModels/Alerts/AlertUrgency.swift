/// When to act on an alert: CAP 1.2's `urgency`, stored in lower case.
public enum AlertUrgency: String, CaseIterable, Hashable, Sendable {
  case immediate
  case expected
  case future
  case past
  case unknown

  /// CAP's spelling or the stored one, ignoring case; anything else is unknown.
  public init(cap text: String) {
    self = Self(rawValue: text.lowercased()) ?? .unknown
  }
}
