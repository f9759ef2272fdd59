public import CloudyModels

/// Why a `PlaceReference` names no saved place, or several; nothing was read or written after it.
public enum PlaceReferenceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A 1-based row number outside Saved Locations.
  case rowOutOfRange(Int, count: Int)
  /// No saved place has this name; `saved` are the first few names there are, of `savedCount`.
  case noPlaceNamed(String, saved: [String], savedCount: Int)
  /// Several (`matchCount`) saved places begin with this text; the first few as "number name".
  case ambiguousName(String, matches: [String], matchCount: Int)
  /// No saved place has this id (it was removed since it was read).
  case noPlaceWithID(Location.ID)

  public var description: String {
    switch self {
    case .rowOutOfRange(let number, let count):
      count == 0
        ? "there is no row \(number): there are no saved places yet"
        : "there is no row \(number): saved places are numbered 1…\(count)"
    case .noPlaceNamed(let name, let saved, let count):
      "no saved place is named \(MessageText.quoted(name))"
        + (saved.isEmpty
          ? "; there are no saved places yet"
          : "; saved places: \(MessageText.list(saved, total: count))")
    case .noPlaceWithID(let id):
      "no saved place has the id \(id); it may have been removed"
    case .ambiguousName(let name, let matches, let count):
      "\(MessageText.quoted(name)) matches several saved places (\(MessageText.list(matches, total: count))); give the row number or the full name"
    }
  }
}
