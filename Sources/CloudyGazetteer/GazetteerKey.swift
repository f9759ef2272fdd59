import CloudyServices

/// The normalized search key of the gazetteer: lower-case ASCII, Latin diacritics folded using
/// the Unicode character name ("LATIN SMALL LETTER U WITH DIAERESIS" → "u"), apostrophes dropped,
/// every other run of punctuation, symbols, controls or spaces turned into one space, trimmed,
/// and a run of two or more one-letter ASCII words joined into one ("D.C." → "dc", "L.A." → "la").
/// Letters and digits of other scripts are kept, lower-cased.
///
/// Keep in step with `fold` in scripts/build-gazetteer, which keys the data the same way.
enum GazetteerKey {
  static func fold(_ text: Substring) -> [UInt8] {
    var key = FoldedKey(capacity: text.utf8.count)
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value < 0x80 {
        key.append(ascii: UInt8(truncatingIfNeeded: value))
      } else {
        key.append(nonASCII: scalar)
      }
    }
    return joiningSingleLetters(key.bytes)
  }

  /// A key as `fold` builds it: its bytes so far, and whether a space is owed before the next
  /// byte (a run of separators becomes one space, none at the start).
  private struct FoldedKey {
    var bytes: [UInt8] = []
    var pendingSpace = false

    init(capacity: Int) {
      bytes.reserveCapacity(capacity)
    }

    mutating func append(_ byte: UInt8) {
      if pendingSpace, !bytes.isEmpty { bytes.append(0x20) }
      pendingSpace = false
      bytes.append(byte)
    }

    mutating func append<S: Sequence<UInt8>>(contentsOf letters: S) {
      for byte in letters { append(byte) }
    }

    /// Letters lower-cased, digits kept, apostrophes dropped; anything else separates words.
    mutating func append(ascii byte: UInt8) {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        append(byte)
      case UInt8(ascii: "A")...UInt8(ascii: "Z"):
        append(byte + 0x20)
      case UInt8(ascii: "'"), UInt8(ascii: "`"):
        break
      default:
        pendingSpace = true
      }
    }

    /// Apostrophes dropped, the `special` letters spelled out, marks dropped, Latin letters
    /// folded by their name, other letters and digits lower-cased; anything else separates
    /// words. Inlined into `fold`'s loop, as it was before it was a step of its own: `fold`
    /// runs over every gazetteer query.
    @inline(__always)
    mutating func append(nonASCII scalar: Unicode.Scalar) {
      let value = scalar.value
      if apostrophes.contains(value) { return }
      if let replacement = special[value] {
        append(contentsOf: replacement.utf8)
        return
      }
      let properties = scalar.properties
      switch properties.generalCategory {
      case .nonspacingMark, .spacingMark, .enclosingMark:
        return
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
        .decimalNumber, .letterNumber, .otherNumber:
        if let name = properties.name, let letters = latinLetters(name) {
          append(contentsOf: letters)
        } else {
          append(contentsOf: properties.lowercaseMapping.utf8)
        }
      default:
        // Symbols can be named "LATIN ..." too (none fold to a letter in the Python script,
        // whose rule looks at the name whatever the category); keep both sides equal.
        if let name = properties.name, let letters = latinLetters(name) {
          append(contentsOf: letters)
        } else {
          pendingSpace = true
        }
      }
    }
  }

  /// "washington d c" → "washington dc": runs of two or more one-letter a–z words become one word.
  static func joiningSingleLetters(_ key: [UInt8]) -> [UInt8] {
    let words = key.split(separator: 0x20)
    guard words.count >= 2, words.contains(where: { $0.count == 1 }) else { return key }
    func isLetter(_ word: ArraySlice<UInt8>) -> Bool {
      word.count == 1 && (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(word.first!)
    }
    var result: [UInt8] = []
    result.reserveCapacity(key.count)
    var index = 0
    while index < words.count {
      var end = index
      while end < words.count, isLetter(words[end]) { end += 1 }
      if !result.isEmpty { result.append(0x20) }
      if end - index >= 2 {
        for word in words[index..<end] { result += word }
        index = end
      } else {
        result += words[index]
        index += 1
      }
    }
    return result
  }

  /// "LATIN SMALL LETTER U WITH DIAERESIS" → "u", "LATIN CAPITAL LIGATURE OE" → "oe".
  static func latinLetters(_ name: String) -> [UInt8]? {
    let words = name.utf8.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
    guard words.count >= 4 else { return nil }
    var index = 0
    while index + 3 < words.count {
      defer { index += 1 }
      guard words[index].elementsEqual("LATIN".utf8),
        words[index + 1].elementsEqual("SMALL".utf8)
          || words[index + 1].elementsEqual("CAPITAL".utf8),
        words[index + 2].elementsEqual("LETTER".utf8)
          || words[index + 2].elementsEqual("LIGATURE".utf8)
      else { continue }
      let letters = words[index + 3]
      guard (1...2).contains(letters.count),
        letters.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }),
        index + 4 == words.count || words[index + 4].elementsEqual("WITH".utf8)
      else { continue }
      return letters.map { $0 + 0x20 }
    }
    return nil
  }

  /// The name a place line leaves out: the key with each word's first ASCII letter in capitals.
  static func capitals(_ key: ArraySlice<UInt8>) -> String {
    var bytes = Array(key)
    var atWordStart = true
    for index in bytes.indices {
      let byte = bytes[index]
      if atWordStart, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) {
        bytes[index] = byte - 0x20
      }
      atWordStart = byte == 0x20
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// How an alternate name's line leaves out its spelling: each word's first letter as its single
  /// upper-case letter, in any script with case ("москва" → "Москва"). Display only.
  static func title(_ key: ArraySlice<UInt8>) -> String {
    var result = ""
    result.reserveCapacity(key.count)
    var atWordStart = true
    for scalar in String(decoding: key, as: UTF8.self).unicodeScalars {
      if atWordStart, scalar != " " {
        let upper = scalar.properties.uppercaseMapping
        if upper.unicodeScalars.count == 1 {
          result += upper
        } else {
          result.unicodeScalars.append(scalar)
        }
      } else {
        result.unicodeScalars.append(scalar)
      }
      atWordStart = scalar == " "
    }
    return result
  }

  private static let apostrophes: Set<UInt32> = [0xB4, 0x2018, 0x2019, 0x2B9, 0x2BB, 0x2BC, 0x2032]

  private static let special: [UInt32: String] = [
    0xDF: "ss", 0x1E9E: "ss", 0xE6: "ae", 0xC6: "ae", 0x153: "oe", 0x152: "oe", 0xF8: "o",
    0xD8: "o", 0x142: "l", 0x141: "l", 0x111: "d", 0x110: "d", 0xF0: "d", 0xD0: "d",
    0xFE: "th", 0xDE: "th", 0x131: "i", 0x127: "h", 0x126: "h", 0x167: "t", 0x166: "t",
    0x140: "l", 0x13F: "l", 0x138: "k", 0x14B: "n", 0x14A: "n", 0x17F: "s", 0x133: "ij",
    0x132: "ij",
  ]
}
