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
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
    guard !unicode else { return Self.unambiguous(text) }
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
      case "—", "–", "\u{2212}": result += "-"
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

  /// Text whose every character takes as many columns on the terminal as the layout counts.
  /// ncurses (and terminals) add up each code point's `wcwidth`, so two kinds of emoji would be
  /// drawn wider or narrower than `DisplayWidth` says and leave the rest of the line shifted,
  /// with text of the previous screen left over: a sequence joined with ZERO WIDTH JOINER
  /// (👨‍👩‍👧, 6 columns to ncurses, one picture of 2 to the eye) is shown as its first emoji; an
  /// emoji made a picture by VARIATION SELECTOR-16 (🌧️, 1 column to ncurses, 2 to the eye) is
  /// shown without the selector, in its text form, 1 column. Everything else is unchanged.
  public static func unambiguous(_ text: String) -> String {
    var result = ""
    for character in text {
      let scalars = character.unicodeScalars
      guard scalars.count > 1,
        scalars.contains(where: { $0.value == 0x200D || $0.value == 0xFE0F })
      else {
        result.append(character)
        continue
      }
      if scalars.contains(where: { $0.value == 0x200D }), let first = scalars.first {
        // The first picture alone; its own selector kept only where it is the default anyway.
        result.unicodeScalars.append(first)
        continue
      }
      result.unicodeScalars.append(contentsOf: scalars.filter { $0.value != 0xFE0F })
    }
    return result
  }
}
