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
  /// Marks an alert (the banner, a place in Locations): one column either way.
  public var alert: String { unicode ? "⚠" : "!" }
  public var ellipsis: String { unicode ? "…" : "..." }
  public var separator: String { unicode ? " · " : " - " }
  public var cursor: String { unicode ? "▏" : "_" }
  public var up: String { unicode ? "↑" : "Up" }
  public var down: String { unicode ? "↓" : "Down" }

  /// A name people typed, isolated from the text around it (FIRST STRONG ISOLATE … POP
  /// DIRECTIONAL ISOLATE, both zero columns): a right-to-left override inside it cannot reverse
  /// the coordinates after it on a terminal that orders text both ways. Only a name that can
  /// change direction (right-to-left letters, or direction controls) needs it; under ASCII the
  /// isolates would be "?", and are left out (so are the name's own controls, see `shown`).
  public func isolated(_ name: String) -> String {
    guard unicode, name.unicodeScalars.contains(where: Self.turnsDirection) else { return name }
    return "\u{2068}" + name + "\u{2069}"
  }

  /// A letter of a right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko and their
  /// presentation forms) or an explicit direction control (marks, embeddings, overrides,
  /// isolates).
  static func turnsDirection(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF,
      0x200E...0x200F, 0x202A...0x202E, 0x2066...0x2069:
      true
    default: false
    }
  }

  /// Text as the terminal can show it: unchanged under UTF-8; otherwise ASCII, with the degree
  /// sign dropped ("67.8 °F" → "67.8 F"), the symbols above spelled out, a Latin letter with
  /// diacritics as its letter ("Poznań" → "Poznan", "Móstoles" → "Mostoles", "Tromsø" →
  /// "Tromso", see `asciiSpelling`), and only what has no ASCII spelling shown as "?".
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
      case "⚠": result += "!"
      case "…": result += "..."
      case "·": result += "-"
      case "—", "–", "\u{2212}": result += "-"
      case "↑": result += "Up"
      case "↓": result += "Down"
      case "▏": result += "_"
      case "\u{202A}"..."\u{202E}", "\u{2066}"..."\u{2069}": break  // invisible controls
      case "“", "”": result += "\""
      case "‘", "’", "\u{02BB}", "\u{02BC}", "\u{02BF}": result += "'"  // ʻokina, apostrophes
      default: result += Self.asciiSpelling(character) ?? "?"
      }
    }
    return result
  }

  /// A Latin letter's ASCII spelling, for a terminal that shows only ASCII: the base letters
  /// with combining marks dropped ("n" + U+0301), and a precomposed letter by its Unicode name
  /// ("LATIN SMALL LETTER N WITH ACUTE" → "n", "… O WITH STROKE" → "o", "… AE" → "ae",
  /// "… SHARP S" → "ss"), as a person typing a place's name without a keyboard for it would
  /// spell it. Nil for a character of another script, or a symbol: it has no such spelling.
  static func asciiSpelling(_ character: Character) -> String? {
    var spelled = ""
    for scalar in character.unicodeScalars {
      if scalar.isASCII {
        spelled.unicodeScalars.append(scalar)
        continue
      }
      switch scalar.properties.generalCategory {
      case .nonspacingMark, .enclosingMark, .spacingMark, .format: continue
      default: break
      }
      guard let letters = latinLetters(scalar) else { return nil }
      spelled += letters
    }
    return spelled.isEmpty ? nil : spelled
  }

  /// "LATIN CAPITAL LETTER O WITH STROKE" → "O"; the few letters whose names are not a
  /// letter spelled by their usual ASCII transliteration.
  private static func latinLetters(_ scalar: Unicode.Scalar) -> String? {
    guard let name = scalar.properties.name else { return nil }
    let capital: Bool
    let rest: Substring
    if name.hasPrefix("LATIN CAPITAL LETTER ") {
      capital = true
      rest = name.dropFirst("LATIN CAPITAL LETTER ".count)
    } else if name.hasPrefix("LATIN SMALL LETTER ") {
      capital = false
      rest = name.dropFirst("LATIN SMALL LETTER ".count)
    } else {
      return nil
    }
    let letter = rest.split(separator: " WITH ", maxSplits: 1).first.map(String.init) ?? ""
    let spelled: String
    switch letter {
    case "SHARP S": spelled = "ss"
    case "ETH": spelled = "d"
    case "SCHWA": spelled = "e"
    case "THORN": spelled = "th"
    case "DOTLESS I": spelled = "i"
    case "DOTLESS J": spelled = "j"
    case "LONG S": spelled = "s"
    case "KRA": spelled = "q"
    case "ENG": spelled = "ng"
    default:
      let words = letter.split(separator: " ")
      // "A", "AE", "OE", "IJ", and "SMALL CAPITAL A"-style names end in the letters.
      guard let last = words.last, last.count <= 2, last.allSatisfy({ $0.isASCII && $0.isLetter })
      else { return nil }
      spelled = last.lowercased()
    }
    return capital
      ? (spelled.count == 1 ? spelled.uppercased() : spelled.capitalizedFirst) : spelled
  }

  /// Text whose every character takes as many columns on the terminal as the layout counts.
  /// ncurses (and terminals) add up each code point's `wcwidth`, so two kinds of emoji would be
  /// drawn wider or narrower than `DisplayWidth` says and leave the rest of the line shifted,
  /// with text of the previous screen left over: a sequence joined with ZERO WIDTH JOINER
  /// (👨‍👩‍👧, 6 columns to ncurses, one picture of 2 to the eye) is shown as its first emoji; an
  /// emoji made a picture by VARIATION SELECTOR-16 (🌧️, 1 column to ncurses, 2 to the eye) is
  /// shown without the selector, in its text form, 1 column; an emoji with a skin-tone modifier
  /// (👍🏽, U+1F3FB–U+1F3FF: 4 columns to ncurses, 2 to the eye) is shown without the modifier.
  /// Everything else is unchanged.
  public static func unambiguous(_ text: String) -> String {
    var result = ""
    for character in text {
      let scalars = character.unicodeScalars
      guard scalars.count > 1,
        scalars.contains(where: {
          $0.value == 0x200D || $0.value == 0xFE0F || Self.isSkinTone($0)
        })
      else {
        result.append(character)
        continue
      }
      if scalars.contains(where: { $0.value == 0x200D }), let first = scalars.first {
        // The first picture alone; its own selector kept only where it is the default anyway.
        result.unicodeScalars.append(first)
        continue
      }
      result.unicodeScalars.append(
        contentsOf: scalars.filter { $0.value != 0xFE0F && !Self.isSkinTone($0) })
    }
    return result
  }

  /// The five Fitzpatrick modifiers, emoji of their own to `wcwidth` (2 columns each).
  static func isSkinTone(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F3FB...0x1F3FF).contains(scalar.value)
  }
}

extension String {
  /// "ae" → "Ae": the first letter upper-cased (a capital Æ spelled before lower-case letters).
  fileprivate var capitalizedFirst: String {
    guard let first else { return self }
    return first.uppercased() + dropFirst()
  }
}
