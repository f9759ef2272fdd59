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

  /// "1 day", "2 days": a count and its noun (English plurals in -s; every noun Cloudy counts
  /// takes one).
  public static func counted(_ count: some BinaryInteger, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  /// The first few items joined with "; ", and how many more of `total` (default: all of
  /// `items`) there are.
  public static func list(_ items: [String], limit: Int = 5, total: Int? = nil) -> String {
    let shown = items.prefix(limit)
    let more = max(total ?? items.count, items.count) - shown.count
    return shown.joined(separator: "; ") + (more > 0 ? "; and \(more) more" : "")
  }
}
