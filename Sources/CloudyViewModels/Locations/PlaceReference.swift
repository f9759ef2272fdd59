/// How a user points at a saved place without an index path: by the number the list shows, or
/// by name.
public enum PlaceReference: Hashable, Sendable {
  /// 1-based, over Saved Locations in the order the list shows them.
  case number(Int)
  /// Matched ignoring case: the whole name first, else a unique beginning ("Rich" for
  /// "Richmond, Virginia, US").
  case name(String)

  /// What the command line accepts: digits only (ASCII) mean a row number, anything else a
  /// name. A place whose name is all digits is reached with `asName: true` (`--name`).
  public init(_ typed: String, asName: Bool = false) {
    let trimmed = typed.trimmingWhitespace()
    if !asName, !trimmed.isEmpty, trimmed.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
      // Digits that overflow Int are a row that does not exist; Int.max says so.
      self = .number(Int(trimmed) ?? Int.max)
    } else {
      self = .name(typed)
    }
  }
}
