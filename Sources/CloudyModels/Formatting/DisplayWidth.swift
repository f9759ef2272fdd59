/// How many terminal columns text takes: 2 for East Asian wide characters and emoji, 0 for
/// combining marks, 1 otherwise — what `wcwidth` answers, computed from Unicode properties so
/// the layout does not depend on the C library's locale tables and is the same in tests.
public enum DisplayWidth {
  /// The columns of one grapheme cluster (a user-perceived character).
  public static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if first.value < 0x20 || (0x7f..<0xa0).contains(first.value) { return 0 }
    let properties = first.properties
    // An emoji shown as a picture by default. (One made a picture by VARIATION SELECTOR-16
    // is drawn without it, see `Glyphs.unambiguous`: then 1, as wcwidth counts it.)
    if properties.isEmojiPresentation { return 2 }
    if isWide(first.value) { return 2 }
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: return 1
    }
  }

  /// The columns of a string.
  public static func of(_ text: some StringProtocol) -> Int {
    var total = 0
    for character in text { total += of(character) }
    return total
  }

  /// East Asian Wide and Fullwidth ranges (Unicode's EastAsianWidth.txt, W and F), the ranges
  /// Markus Kuhn's wcwidth uses, brought up to date for the CJK extensions.
  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
      0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
      0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
      0x1B000...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      true
    default:
      false
    }
  }
}
