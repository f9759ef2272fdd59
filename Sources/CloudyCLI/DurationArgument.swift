import CloudyModels

/// The one reading of a typed duration, for every option that takes one (`--refresh-after`,
/// `--alerts-every`, `prune --older-than`): a whole number of ASCII digits, then one unit
/// letter, any case, blanks around it ignored. Each option names the units it accepts and
/// whether a bare number means seconds, so their documented spellings stay what they were.
public enum DurationArgument {
  /// Every unit a duration may carry, in seconds.
  public static let units: [Character: Int64] = [
    "s": 1, "m": 60, "h": 3_600, "d": 86_400, "w": 604_800,
  ]

  /// The seconds `text` spells, or nil when it is not a duration this option takes: a unit not
  /// in `accepted`, a bare number when `bareIsSeconds` is false, or more than `limit` seconds.
  public static func seconds(
    _ text: String, accepted: Set<Character>, bareIsSeconds: Bool, limit: Int64
  ) -> Int64? {
    let typed = text.trimmingWhitespace().lowercased()
    guard let last = typed.last else { return nil }
    let digits: Substring
    let unit: Int64
    if let seconds = units[last] {
      guard accepted.contains(last) else { return nil }
      (digits, unit) = (typed.dropLast(), seconds)
    } else {
      guard bareIsSeconds else { return nil }
      (digits, unit) = (Substring(typed), 1)
    }
    guard !digits.isEmpty, digits.count <= 18,
      digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let value = Int64(digits),
      value <= limit / unit
    else { return nil }
    return value * unit
  }
}
