import CloudyModels
import CloudyServices
import CloudyTestFakes
import Testing

@testable import CloudyGazetteer

// Issue 12: place names as the world types them, and never a place the user did not name.
// Every expected place below is GeoNames' (the embedded extract): country and coordinate.

private let geocoder = GazetteerGeocoder()

/// The place `add NAME` would save: the first candidate, which must be named whole.
private func named(_ query: String, sourceLocation: SourceLocation = #_sourceLocation) throws
  -> PlaceCandidate
{
  let found = try geocoder.search(query, limit: 10)
  let first = try #require(found.first, "no candidate for \(query)", sourceLocation: sourceLocation)
  #expect(
    first.match.isWholeName, "\(query) only matched \(first.match)", sourceLocation: sourceLocation)
  return first
}

private func expect(
  _ place: PlaceCandidate, in country: String, near latitude: Double, _ longitude: Double,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(place.countryCode == country, "\(place.displayName)", sourceLocation: sourceLocation)
  #expect(
    abs(place.coordinate.latitude - latitude) < 0.05, "\(place.displayName)",
    sourceLocation: sourceLocation)
  #expect(
    abs(place.coordinate.longitude - longitude) < 0.05, "\(place.displayName)",
    sourceLocation: sourceLocation)
}

@Suite("Place names as typed: the issue's examples")
struct IssueExampleTests {
  @Test(arguments: issueExamples)
  func savesThePlacePeopleMean(example: (String, String, String, Double, Double)) throws {
    let (query, display, country, latitude, longitude) = example
    let place = try named(query)
    #expect(place.displayName == display)
    expect(place, in: country, near: latitude, longitude)
  }

  @Test func theMatchedNameIsShownWhereItDiffers() throws {
    #expect(try named("Wien").match == .alternateName("Wien"))
    #expect(try named("wien").match == .alternateName("wien"))  // as typed
    #expect(try named("Москва").match.alternateName == "Москва")
    #expect(try named("Vienna").match == .name)
    #expect(try named("Vienna").name == "Vienna")
  }
}

@Suite("Place names as typed: ranking")
struct AlternateRankingTests {
  /// (query, the first place: display name, country, how it matched, why)
  static let table: [(String, String, String, String, String)] = [
    // Another name of a far bigger place beats a small place of that very name.
    ("Roma", "Rome, Lazio, IT", "IT", "alternate", "2,318,895 vs Roma, Lesotho 14,259"),
    (
      "Cologne", "Köln, Nordrhein-Westfalen, DE", "DE", "alternate",
      "1,024,621 vs Cologne, IT 7,032"
    ),
    ("Moskva", "Moscow, Moskva, RU", "RU", "alternate", "10,381,222 vs Moskva, TJ (unknown)"),
    // A place's own name beats another name of a bigger place that is not far bigger, or when
    // the place is a real town: GeoNames' other names include nicknames and mistakes.
    ("Sakata", "Sakata, Yamagata, JP", "JP", "name", "100,273: not Jakarta's 'Sakata'"),
    ("Kita", "Kita, Tokyo, JP", "JP", "name", "332,140: not Quito's 'Kita'"),
    ("Tianfu", "Tianfu, Shandong Sheng, CN", "CN", "name", "115,370: not Chengdu's 'Tianfu'"),
    ("Moscow", "Moscow, Moskva, RU", "RU", "name", "its own name"),
    ("Paris", "Paris, Île-de-France, FR", "FR", "name", "its own name"),
    ("London", "London, England, GB", "GB", "name", "its own name"),
    // Codes never take a name from a place: Çan, Turkey, not Guangzhou's airport code CAN.
    ("Can", "Çan, Çanakkale, TR", "TR", "name", "CAN is a code"),
    // A qualifier picks the smaller place on purpose.
    ("Roma, Lesotho", "Roma, Maseru, LS", "LS", "name", "qualified"),
    ("Rome, GA", "Rome, Georgia, US", "US", "name", "qualified"),
  ]

  @Test(arguments: table)
  func firstPlace(row: (String, String, String, String, String)) throws {
    let (query, display, country, how, why) = row
    let place = try named(query)
    #expect(place.displayName == display, "\(query): \(why)")
    #expect(place.countryCode == country)
    #expect(
      how == "name" ? place.match == .name : place.match == .alternateName(query),
      "\(query): \(why)")
  }

  @Test func theSmallPlaceOfThatNameIsStillOffered() throws {
    let found = try geocoder.search("Roma", limit: 10)
    #expect(found.contains { $0.countryCode == "LS" && $0.match == .name })
    #expect(found.prefix { $0.match.isWholeName }.count == found.filter(\.match.isWholeName).count)
  }

  @Test func wholeMatchesComeBeforePrefixes() throws {
    let found = try geocoder.search("Wien", limit: 10)
    #expect(found.first?.match == .alternateName("Wien"))
    let firstPrefix = try #require(found.firstIndex { !$0.match.isWholeName })
    #expect(found[firstPrefix...].allSatisfy { !$0.match.isWholeName })
    #expect(found.contains { $0.name == "Wiener Neustadt" })
  }

  @Test func aFarBiggerPlaceLeadsThePrefixesToo() throws {
    let found = try geocoder.search("Mosk", limit: 5)
    let first = try #require(found.first)
    #expect(first.name == "Moscow" && first.countryCode == "RU")
    #expect(!first.match.isWholeName)
    #expect(first.match.alternateName != nil)
  }
}

@Suite("Place names as typed: qualifiers without a comma")
struct NoCommaTests {
  @Test(arguments: [
    ("richmond va", "Richmond, VA"), ("Richmond Virginia", "Richmond, Virginia"),
    ("paris france", "Paris, France"), ("paris texas", "Paris, Texas"),
    ("portland maine", "Portland, Maine"), ("portland or", "Portland, OR"),
    ("london ontario", "London, Ontario"), ("san jose costa rica", "San José, Costa Rica"),
    ("Richmond Virginia US", "Richmond, Virginia, US"), ("munich bavaria", "Munich, Bavaria"),
    ("st louis mo", "St. Louis, MO"), ("washington dc", "Washington, DC"),
  ])
  func sameAsWithCommas(pair: (String, String)) throws {
    let (bare, comma) = pair
    let withComma = try named(comma)
    #expect(try named(bare).displayName == withComma.displayName)
  }

  @Test func aNameThatLooksQualifiedIsReadWholeFirst() throws {
    // "Richmond Hill" is a place; "Hill" is not read as a qualifier.
    #expect(try named("Richmond Hill").displayName == "Richmond Hill, Ontario, CA")
    #expect(try named("Kansas City").name == "Kansas City")
  }

  @Test func regionAndCountryByCodeNameOrAlias() throws {
    for query in ["Paris TX", "Paris Texas", "Paris US-TX", "paris tx usa", "Paris, TX, US"] {
      let place = try named(query)
      #expect(place.region == "Texas", "\(query)")
      expect(place, in: "US", near: 33.6609, -95.5555)
    }
    for query in ["London UK", "London GB", "London England", "London Great Britain"] {
      expect(try named(query), in: "GB", near: 51.5085, -0.1257)
    }
  }
}

@Suite("Place names as typed: St, Saint and friends, punctuation")
struct SynonymTests {
  @Test(arguments: [
    // GeoNames spells it "St. Louis": typed the long way.
    (
      ["Saint Louis, MO", "St Louis, MO", "St. Louis, Missouri", "saint louis mo"], "US", 38.6273,
      -90.1979
    ),
    // GeoNames spells it "Saint Paul": typed the short way.
    (["St Paul, MN", "St. Paul MN", "Saint Paul, Minnesota"], "US", 44.9444, -93.0933),
    (["Ste Julie", "Ste-Julie, QC", "Sainte-Julie"], "CA", 45.5834, -73.3325),
    (["Ft Worth", "Ft. Worth, TX", "Fort Worth"], "US", 32.7254, -97.3208),
    (["Ft Lauderdale, FL", "Fort Lauderdale"], "US", 26.1223, -80.1434),
    (["Mt Vernon, NY", "Mt. Vernon NY", "Mount Vernon, New York"], "US", 40.9126, -73.8371),
    (["Saint Petersburg", "St Petersburg", "St.-Petersburg"], "RU", 59.9386, 30.3141),
    (["Saint Petersburg FL", "St. Petersburg, Florida"], "US", 27.7709, -82.6793),
  ])
  func bothWays(forms: ([String], String, Double, Double)) throws {
    let (queries, country, latitude, longitude) = forms
    for query in queries {
      expect(try named(query), in: country, near: latitude, longitude)
    }
  }

  @Test func initialsFoldWithOrWithoutPoints() throws {
    for query in ["Washington D.C.", "Washington, D.C.", "Washington DC", "washington d c"] {
      let place = try named(query)
      #expect(place.region == "District of Columbia", "\(query)")
      expect(place, in: "US", near: 38.8951, -77.0364)
    }
    expect(try named("L.A."), in: "US", near: 34.0522, -118.2437)
  }

  @Test func synonymsAreWholeWordsOnly() {
    #expect(GazetteerSynonyms.variants(of: Array("stanford".utf8)) == [Array("stanford".utf8)])
    #expect(
      GazetteerSynonyms.variants(of: Array("st paul".utf8))
        == [Array("st paul".utf8), Array("saint paul".utf8)])
    #expect(GazetteerSynonyms.variants(of: Array("st st st st".utf8)).count == 8)
  }
}

@Suite("Place names as typed: other scripts")
struct OtherScriptTests {
  @Test(arguments: [
    ("Москва", "RU", 55.7520, 37.6178), ("москва", "RU", 55.7520, 37.6178),
    ("東京", "JP", 35.6895, 139.6917), ("北京", "CN", 39.9075, 116.3972),
    ("Αθήνα", "GR", 37.9838, 23.7278), ("القاهرة", "EG", 30.0626, 31.2497),
    ("서울", "KR", 37.5660, 126.9784), ("Київ", "UA", 50.4547, 30.5238),
  ])
  func findsThePlace(example: (String, String, Double, Double)) throws {
    let (query, country, latitude, longitude) = example
    expect(try named(query), in: country, near: latitude, longitude)
  }

  @Test func qualifiedInAnotherScript() throws {
    expect(try named("Москва, Russia"), in: "RU", near: 55.7520, 37.6178)
    // Moscow, Idaho is also "Москва" in GeoNames; the qualifier picks it.
    expect(try named("Москва, ID"), in: "US", near: 46.7324, -117.0002)
  }
}

@Suite("Place names as typed: a prefix is not a name")
struct PrefixOnlyTests {
  @Test func springfIsOnlyPrefixMatches() throws {
    let found = try geocoder.search("Springf", limit: 10)
    #expect(!found.isEmpty)
    #expect(found.allSatisfy { $0.match == .prefix(alternateName: nil) })
    #expect(found.first?.displayName == "Springfield, Missouri, US")
  }

  @Test func suggestionsAreNearMatches() {
    let near = geocoder.suggestions(for: "Richmnd", limit: 5)
    #expect(!near.isEmpty)
    #expect(near.allSatisfy { $0.match == .near })
  }

  @Test func typedWordsOfAReading() throws {
    let query = try ParsedQuery("  Saint-Louis   MO ")
    #expect(query.typed(Array("saint louis".utf8)) == "Saint-Louis")
    #expect(query.typed(Array("saint louis mo".utf8)) == "Saint-Louis   MO")
    #expect(query.typed(Array("nowhere".utf8)) == nil)
  }
}
