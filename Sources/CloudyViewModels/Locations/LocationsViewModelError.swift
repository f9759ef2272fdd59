import CloudyModels

/// Why the locations list refused an action; nothing was written.
public enum LocationsViewModelError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No row at this index path (a stale index, or a front-end bug).
  case noSuchRow(IndexPath)
  /// The Current Location row cannot be renamed, moved or deleted (clear it instead).
  case currentLocationNotEditable
  /// A 1-based row number outside Saved Locations.
  case rowOutOfRange(Int, count: Int)
  /// No saved place has this name; `saved` are the first few names there are, of `savedCount`.
  case noPlaceNamed(String, saved: [String], savedCount: Int)
  /// Several (`matchCount`) saved places begin with this text; the first few as "number name".
  case ambiguousName(String, matches: [String], matchCount: Int)

  public var description: String {
    switch self {
    case .noSuchRow(let indexPath):
      "there is no row \(indexPath.row + 1) in section \(indexPath.section + 1) of the locations list"
    case .currentLocationNotEditable:
      "the Current Location row cannot be renamed, moved or deleted; set or clear it instead"
    case .rowOutOfRange(let number, let count):
      count == 0
        ? "there is no row \(number): there are no saved places yet"
        : "there is no row \(number): saved places are numbered 1…\(count)"
    case .noPlaceNamed(let name, let saved, let count):
      "no saved place is named \(MessageText.quoted(name))"
        + (saved.isEmpty
          ? "; there are no saved places yet"
          : "; saved places: \(MessageText.list(saved, total: count))")
    case .ambiguousName(let name, let matches, let count):
      "\(MessageText.quoted(name)) matches several saved places (\(MessageText.list(matches, total: count))); give the row number or the full name"
    }
  }
}

/// Text for error messages that quote what a user typed.
public enum MessageText {
  /// In double quotes, with control characters escaped (`\n`, `\u{1B}`) so that an error
  /// message can never move the cursor or recolour a terminal.
  public static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      case _ where scalar.properties.generalCategory == .control:
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// The first few items joined with "; ", and how many more of `total` (default: all of
  /// `items`) there are.
  public static func list(_ items: [String], limit: Int = 5, total: Int? = nil) -> String {
    let shown = items.prefix(limit)
    let more = max(total ?? items.count, items.count) - shown.count
    return shown.joined(separator: "; ") + (more > 0 ? "; and \(more) more" : "")
  }
}
