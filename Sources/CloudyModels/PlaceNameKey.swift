/// The spelling under which a typed name finds a saved place whatever its accents, case and
/// punctuation: "Poznan" finds "Poznań", "Tromso" "Tromsø", "Nuku'alofa" "Nukuʻalofa".
/// Lower-case, Latin letters without their marks (by the Unicode character's name, as the
/// gazetteer's key folds them: "LATIN SMALL LETTER N WITH ACUTE" → "n"), the letters that have no
/// such name spelled out (ø → o, ß → ss, ł → l), apostrophes dropped, and every other run of
/// punctuation, symbols or spaces one space. Letters of other scripts are kept, lower-cased.
public enum PlaceNameKey {
  public static func fold(_ text: String) -> String {
    var key = ""
    key.reserveCapacity(text.utf8.count)
    var pendingSpace = false
    func append(_ letters: String) {
      if pendingSpace, !key.isEmpty { key += " " }
      pendingSpace = false
      key += letters
    }
    for scalar in text.unicodeScalars {
      if apostrophes.contains(scalar.value) { continue }
      if let replacement = special[scalar.value] {
        append(replacement)
        continue
      }
      let properties = scalar.properties
      switch properties.generalCategory {
      case .nonspacingMark, .spacingMark, .enclosingMark:
        continue
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
        .decimalNumber, .letterNumber, .otherNumber:
        if scalar.isASCII {
          append(String(scalar).lowercased())
        } else if let name = properties.name, let letters = latinLetters(name) {
          append(letters)
        } else {
          append(properties.lowercaseMapping)
        }
      default:
        pendingSpace = true
      }
    }
    return key
  }

  /// "LATIN SMALL LETTER U WITH DIAERESIS" → "u"; nil for any other character's name.
  private static func latinLetters(_ name: String) -> String? {
    let words = name.split(separator: " ")
    guard words.count >= 4, words[0] == "LATIN", words[1] == "SMALL" || words[1] == "CAPITAL",
      words[2] == "LETTER", (1...2).contains(words[3].count),
      words[3].allSatisfy({ $0.isASCII && $0.isUppercase }),
      words.count == 4 || words[4] == "WITH"
    else { return nil }
    return words[3].lowercased()
  }

  /// ' ` ´ ‘ ’ ʹ ʻ ʼ ′: dropped, so "Nuku'alofa" and "Nukuʻalofa" meet.
  private static let apostrophes: Set<UInt32> = [
    0x27, 0x60, 0xB4, 0x2018, 0x2019, 0x2B9, 0x2BB, 0x2BC, 0x2032,
  ]

  private static let special: [UInt32: String] = [
    0xDF: "ss", 0x1E9E: "ss", 0xE6: "ae", 0xC6: "ae", 0x153: "oe", 0x152: "oe", 0xF8: "o",
    0xD8: "o", 0x142: "l", 0x141: "l", 0x111: "d", 0x110: "d", 0xF0: "d", 0xD0: "d",
    0xFE: "th", 0xDE: "th", 0x131: "i", 0x127: "h", 0x126: "h",
  ]
}
