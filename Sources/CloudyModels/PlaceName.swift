/// The rules for a saved place's name, checked before anything reaches the store.
///
/// Decision: surrounding white space is trimmed (what a user means by `"  Paris "`); everything
/// else is kept exactly — quotes, SQL, emoji and right-to-left text are just characters. Control
/// characters (NUL, newlines, tabs, escape sequences) are refused rather than stored, because
/// they would corrupt every list and table the name is printed in.
public enum PlaceName {
  /// The schema's limit too (`length(name) <= 200`, counted in Unicode scalars as SQLite does).
  public static let maximumLength = 200

  public static func validated(_ raw: String) throws(PlaceNameError) -> String {
    let name = raw.trimmingWhitespace()
    guard !name.isEmpty else { throw .empty }
    guard name.unicodeScalars.count <= maximumLength else {
      throw .tooLong(length: name.unicodeScalars.count, limit: maximumLength)
    }
    if let bad = name.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
      throw .controlCharacter(bad.value)
    }
    return name
  }

  /// Whether two names are the same saved place's: equal once A-Z are folded to a-z, the rule of
  /// the schema's `UNIQUE (name COLLATE NOCASE)`. Letters beyond ASCII compare exactly
  /// ("Zürich" and "ZÜRICH" are two places), so every store — SQLite or a fake — agrees.
  public static func sameName(_ first: String, _ second: String) -> Bool {
    first.utf8.elementsEqual(second.utf8) { asciiLowercased($0) == asciiLowercased($1) }
  }

  /// The key under which two names are "the same place" for the store (`sameName` as a value
  /// to put in a set, or to search the NOCASE index with).
  public static func uniquenessKey(_ name: String) -> String {
    String(decoding: name.utf8.map(asciiLowercased), as: UTF8.self)
  }

  /// NOCASE's folding: A-Z to a-z, every other byte as it is.
  private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
  }
}

/// Why a name cannot be saved: refused before anything is opened, in every front-end alike.
public enum PlaceNameError: Error, Equatable, Sendable, CustomStringConvertible {
  case empty
  case tooLong(length: Int, limit: Int)
  case controlCharacter(UInt32)

  public var description: String {
    switch self {
    case .empty: "a place name cannot be empty"
    case .tooLong(let length, let limit):
      "a place name can have at most \(limit) characters (this one has \(length))"
    case .controlCharacter(let value):
      "a place name cannot contain control characters (found U+\(String(value, radix: 16, uppercase: true).leftPadded(to: 4)))"
    }
  }
}

extension String {
  /// Without leading and trailing white space (Unicode-aware, no Foundation).
  public func trimmingWhitespace() -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[first...last])
  }

  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
