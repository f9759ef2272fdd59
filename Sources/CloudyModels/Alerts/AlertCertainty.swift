/// How sure the sender is: CAP 1.2's `certainty`, stored in lower case. CAP 1.0's
/// "Very Likely" reads as likely, as CAP 1.1 and 1.2 ask of receivers.
public enum AlertCertainty: String, CaseIterable, Hashable, Sendable {
  case observed
  case likely
  case possible
  case unlikely
  case unknown

  /// CAP's spelling or the stored one, ignoring case; anything else is unknown.
  public init(cap text: String) {
    let folded = text.lowercased()
    self = folded == "very likely" ? .likely : Self(rawValue: folded) ?? .unknown
  }
}
