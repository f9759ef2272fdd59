/// The few symbols the screens use beyond ASCII, and what stands in for them when the terminal's
/// locale is not UTF-8 (`LANG=C`, say): a terminal that cannot show "✓" would show garbage.
public struct Glyphs: Hashable, Sendable {
  /// Whether the terminal shows UTF-8.
  public let unicode: Bool

  public init(unicode: Bool) {
    self.unicode = unicode
  }

  public static let utf8 = Glyphs(unicode: true)
  public static let ascii = Glyphs(unicode: false)

  /// The mark of the selected place and of each chosen setting.
  public var checkmark: String { unicode ? "✓" : "*" }
  public var ellipsis: String { unicode ? "…" : "..." }
  public var separator: String { unicode ? " · " : " - " }
  public var cursor: String { unicode ? "▏" : "_" }
  public var up: String { unicode ? "↑" : "Up" }
  public var down: String { unicode ? "↓" : "Down" }

  /// Text as the terminal can show it: unchanged under UTF-8; otherwise ASCII, with the degree
  /// sign dropped ("67.8 °F" → "67.8 F"), the symbols above spelled out, and any other
  /// non-ASCII character shown as "?".
  public func shown(_ text: String) -> String {
    guard !unicode, !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
    var result = ""
    for character in text {
      if character.isASCII {
        result.append(character)
        continue
      }
      switch character {
      case "°": break
      case "✓": result += "*"
      case "…": result += "..."
      case "·": result += "-"
      case "—", "–": result += "-"
      case "↑": result += "Up"
      case "↓": result += "Down"
      case "▏": result += "_"
      case "“", "”": result += "\""
      case "‘", "’": result += "'"
      default: result += "?"
      }
    }
    return result
  }
}
