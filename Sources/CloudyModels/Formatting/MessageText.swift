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

  /// `text` as it is, but with control characters (C0, DEL, C1) escaped as `quoted` escapes
  /// them (`\n`, `\u{1B}`): for a name printed bare, in a list row or a report, so a name in a
  /// hand-made file cannot move the cursor, recolour the terminal or forge a line (the app's
  /// ncurses shows them as `^[` for the same reason).
  public static func visible(_ text: String) -> String {
    guard hasControlCharacter(text) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      case _ where scalar.properties.generalCategory == .control:
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// A byte scan: C0 and DEL are single bytes, C1 is 0xC2 followed by 0x80…0x9F in UTF-8.
  /// (Names and coordinates are read on every list row; "°" is 0xC2 0xB0.)
  private static func hasControlCharacter(_ text: String) -> Bool {
    // Over the string's own bytes when it has them in one piece (a native string does):
    // iterating `utf8` byte by byte was a tenth of `cloudy-locations list`.
    text.utf8.withContiguousStorageIfAvailable(hasControlCharacter)
      ?? hasControlCharacter(Array(text.utf8))
  }

  private static func hasControlCharacter(_ bytes: some Collection<UInt8>) -> Bool {
    var afterC2 = false
    for byte in bytes {
      if byte < 0x20 || byte == 0x7F || (afterC2 && byte < 0xA0) { return true }
      afterC2 = byte == 0xC2
    }
    return false
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
