import CloudyServices

/// A query split at its commas and folded to search keys: "Richmond, VA" → "richmond", ["va"].
struct ParsedQuery {
  var name: [UInt8]
  var qualifiers: [[UInt8]]
  /// The place name as typed (before the first comma, trimmed), to show which other name matched.
  var typedName: Substring

  init(_ query: String) throws(GeocodingError) {
    let limit = GazetteerGeocoder.maximumQueryLength
    // Bound the work before counting characters: no character is longer than 64 bytes in practice.
    guard query.utf8.count <= limit * 16, query.count <= limit else {
      throw .queryTooLong(limit: limit)
    }
    guard query.contains(where: { !$0.isWhitespace }) else { throw .emptyQuery }
    let parts = query.split(separator: ",", omittingEmptySubsequences: false)
    guard let first = parts.first, first.contains(where: { !$0.isWhitespace }) else {
      throw .missingPlaceName
    }
    name = GazetteerKey.fold(first)
    qualifiers = parts.dropFirst().map { GazetteerKey.fold($0) }.filter { !$0.isEmpty }
    typedName = first.drop(while: \.isWhitespace)
    while let last = typedName.last, last.isWhitespace { typedName = typedName.dropLast() }
  }

  /// One way to read the query: which words name the place and which qualify it.
  struct Reading {
    var name: [UInt8]
    var qualifiers: [[UInt8]]
  }

  /// The query as written ("richmond va" as one name), then with its last words taken as
  /// qualifiers written without a comma ("richmond" + "va"; "san jose" + "costa rica";
  /// "paris" + "texas" + "us"), the longest name first.
  var readings: [Reading] {
    var result = [Reading(name: name, qualifiers: qualifiers)]
    let words = name.split(separator: 0x20)
    guard words.count >= 2 else { return result }
    for trailing in 1...min(Self.maximumQualifierWords * 2, words.count - 1) {
      let placeName = Array(words.dropLast(trailing).joined(separator: [0x20]))
      let rest = Array(words.suffix(trailing))
      for split in Self.splits(rest) {
        result.append(Reading(name: placeName, qualifiers: split + qualifiers))
      }
    }
    return result
  }

  static let maximumQualifierWords = 3

  /// `words` as one qualifier, or as two (each of at most `maximumQualifierWords` words).
  private static func splits(_ words: [ArraySlice<UInt8>]) -> [[[UInt8]]] {
    func joined(_ part: ArraySlice<ArraySlice<UInt8>>) -> [UInt8] {
      Array(part.joined(separator: [0x20]))
    }
    var result: [[[UInt8]]] = []
    if words.count <= maximumQualifierWords { result.append([joined(words[...])]) }
    if words.count >= 2 {
      for cut in 1..<words.count
      where cut <= maximumQualifierWords && words.count - cut <= maximumQualifierWords {
        result.append([joined(words[..<cut]), joined(words[cut...])])
      }
    }
    return result
  }

  /// The typed words that fold to `key` ("Saint-Louis" for "saint louis"), or nil when the
  /// folding does not line up with the typed words.
  func typed(_ key: [UInt8]) -> String? {
    if key == name { return String(typedName) }
    var text = Substring()
    for token in typedName.split(whereSeparator: \.isWhitespace) {
      text = text.isEmpty ? token : typedName[text.startIndex..<token.endIndex]
      let folded = GazetteerKey.fold(text)
      if folded == key { return String(text) }
      if folded.count > key.count { return nil }
    }
    return nil
  }
}

/// Words that people write both ways: "St"/"Saint", "Ste"/"Sainte", "Ft"/"Fort", "Mt"/"Mount".
enum GazetteerSynonyms {
  private static let pairs: [([UInt8], [UInt8])] = [
    (Array("st".utf8), Array("saint".utf8)), (Array("ste".utf8), Array("sainte".utf8)),
    (Array("ft".utf8), Array("fort".utf8)), (Array("mt".utf8), Array("mount".utf8)),
  ]

  /// Limits the spellings tried for one name (three such words give eight).
  static let maximumVariants = 8

  /// `key`, then the same key with such words written the other way, every combination.
  /// ("st paul" → "st paul", "saint paul").
  static func variants(of key: [UInt8]) -> [[UInt8]] {
    var result: [[UInt8]] = [[]]
    let words = key.split(separator: 0x20, omittingEmptySubsequences: false)
    guard
      words.contains(where: { word in pairs.contains { $0.0[...] == word || $0.1[...] == word } })
    else { return [key] }
    for (index, word) in words.enumerated() {
      var spellings = [Array(word)]
      for (short, long) in pairs {
        if word.elementsEqual(short) { spellings.append(long) }
        if word.elementsEqual(long) { spellings.append(short) }
      }
      var next: [[UInt8]] = []
      for prefix in result {
        for spelling in spellings where next.count < maximumVariants {
          next.append(index == 0 ? spelling : prefix + [0x20] + spelling)
        }
      }
      result = next
    }
    return result
  }
}
