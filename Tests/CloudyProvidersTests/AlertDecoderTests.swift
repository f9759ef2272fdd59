import CloudyDecoding
import CloudyModels
import CloudyServices
import Foundation
import Testing

/// The alert decoders on documents the services published (Fixtures/Alerts/README.md): which
/// `<info>` is read, whether a polygon or circle holds the place, times without an offset, and
/// the alerts documents of other kinds refused by name.
@Suite("Alert documents: CAP 1.2, the NWS's alerts, refusals")
struct AlertDecoderTests {
  static func bytes(_ name: String) throws -> [UInt8] {
    let url = try #require(
      Bundle.module.url(forResource: "Fixtures/Alerts/\(name)", withExtension: nil),
      "fixture \(name) is missing")
    return Array(try Data(contentsOf: url))
  }

  static func place(_ latitude: Double, _ longitude: Double) throws -> Coordinate {
    try Coordinate(latitude: latitude, longitude: longitude)
  }

  static let thunderBay = "cap-eccc-thunder-bay-2019-10-20-update-en-fr.xml"

  @Test func environmentCanadasUpdateForAPlaceInsideItsPolygon() throws {
    let decoded = try AlertDecoder.decode(
      try Self.bytes(Self.thunderBay), for: try Self.place(48.38, -89.25), languages: [])
    #expect(decoded.kind == .cap12)
    let alert = try #require(decoded.alerts.first)
    #expect(alert.identifier == "urn:oid:2.49.0.1.124.1576205950.2019")
    #expect(alert.sender == "cap-pac@canada.ca")
    #expect(alert.messageType == .update)
    #expect(
      alert.references.map(\.identifier) == [
        "urn:oid:2.49.0.1.124.2009066053.2020", "urn:oid:2.49.0.1.124.4006483626.2020",
        "urn:oid:2.49.0.1.124.2373212916.2020",
      ])
    #expect(alert.event == "weather")
    #expect(alert.severity == .minor)
    #expect(alert.urgency == .future)
    #expect(alert.certainty == .possible)
    #expect(alert.headline == "special weather statement in effect")
    #expect(alert.senderName == "Environment Canada")
    #expect(alert.language == "en-CA")
    #expect(alert.sent == 1_571_601_403)
    #expect(alert.effective == 1_571_601_343)
    #expect(alert.expires == 1_571_658_943)
    #expect(alert.onset == nil)
    // Only the area that holds the place is named.
    #expect(alert.areas == ["City of Thunder Bay"])
    #expect(alert.source == .cap)
  }

  @Test func theReadersLanguageElseEnglishElseTheFirst() throws {
    let thunderBay = try Self.bytes(Self.thunderBay)
    let here = try Self.place(48.38, -89.25)
    #expect(
      try AlertDecoder.decode(thunderBay, for: here, languages: ["fr_CA"]).alerts.first?.headline
        == "bulletin météorologique spécial en vigueur")
    let macau = try Self.bytes("cap-macau-smg-2025-04-13-monsoon-zh-pt-en.xml")
    let taipa = try Self.place(22.16, 113.56)
    func event(_ languages: [String]) throws -> String? {
      try AlertDecoder.decode(macau, for: taipa, languages: languages).alerts.first?.event
    }
    #expect(try event([]) == "STRONG MONSOON SIGNAL")
    #expect(try event(["pt"]) == "VENTOS FORTES DE MONÇÃO")
    #expect(try event(["zh-MO"]) == "強烈季候風信號")
    #expect(try event(["de-DE", "pt-BR"]) == "VENTOS FORTES DE MONÇÃO")
    #expect(try event(["de"]) == "STRONG MONSOON SIGNAL")
    let israel = try Self.bytes("cap-israel-ims-2025-03-06-flood-en-he.xml")
    let deadSea = try Self.place(31.2, 35.4)
    #expect(
      try AlertDecoder.decode(israel, for: deadSea, languages: ["he"]).alerts.first?.language
        == "he-IL")
    #expect(
      try AlertDecoder.decode(israel, for: deadSea, languages: []).alerts.first?.language
        == "en-GB")
  }

  @Test func anUpdateThatNamesItselfStillStands() throws {
    let alert = try #require(
      try AlertDecoder.decode(
        try Self.bytes("cap-macau-smg-2025-04-13-monsoon-zh-pt-en.xml"),
        for: try Self.place(22.16, 113.56), languages: []
      ).alerts.first)
    #expect(alert.messageType == .update)
    #expect(alert.references.map(\.identifier) == [alert.identifier])
    // Its "polygon" of one point twice draws nothing: it applies to the place asked about.
    #expect(!alert.areas.isEmpty)
  }

  @Test func leftOutByItsPolygonWithANote() throws {
    let toronto = try Self.place(43.65, -79.38)
    // An Alert elsewhere is left out…
    let alert = try AlertDecoder.decode(
      try Self.bytes("handmade-cap-eccc-thunder-bay-the-alert-it-updates.xml"), for: toronto,
      languages: [])
    #expect(alert.alerts.isEmpty)
    #expect(alert.notes.contains { $0.contains("its areas do not contain the place") })
    // …an Update elsewhere still ends, for this place, what it updates.
    let update = try AlertDecoder.decode(
      try Self.bytes(Self.thunderBay), for: toronto, languages: [])
    #expect(update.alerts.map(\.messageType) == [.cancel])
    #expect(update.notes.contains { $0.contains("no longer covers the place") })
  }

  @Test func polygonsOnBothSidesOfTheAntimeridian() throws {
    let cyclone = try Self.bytes("cap-gdacs-2025-02-24-cyclone-antimeridian.xml")
    let tonga = try AlertDecoder.decode(cyclone, for: try Self.place(-21.14, -175.2), languages: [])
    #expect(tonga.alerts.map(\.event) == ["Tropical Cyclone"])
    // No <language>: CAP's default.
    #expect(tonga.alerts.first?.language == "en-US")
    let west = try AlertDecoder.decode(cyclone, for: try Self.place(-23, 179.5), languages: [])
    #expect(west.alerts.count == 1)
    let auckland = try AlertDecoder.decode(
      cyclone, for: try Self.place(-36.85, 174.76), languages: [])
    #expect(auckland.alerts.isEmpty)
  }

  @Test func aCircleHoldsWhatIsWithinItsRadius() throws {
    let airQuality = try Self.bytes("cap-airnow-franklin-county-2019-12-20-circle.xml")
    // 0.76 km east of the centre, and 1.9 km north of it; the radius is 1 km.
    #expect(
      try AlertDecoder.decode(airQuality, for: try Self.place(42.0133, -111.80), languages: [])
        .alerts.count == 1)
    #expect(
      try AlertDecoder.decode(airQuality, for: try Self.place(42.0303, -111.8092), languages: [])
        .alerts.isEmpty)
  }

  @Test func timesWithoutAnOffsetAreUTCAndNoExpiryMeansUntilCancelled() throws {
    let decoded = try AlertDecoder.decode(
      try Self.bytes("handmade-cap-ireland-small-craft-no-offsets-no-expires.xml"),
      for: try Self.place(53.4, -6.0), languages: [])
    let alert = try #require(decoded.alerts.first)
    #expect(alert.sent == 1_744_589_808)
    #expect(alert.onset == 1_744_635_600)
    #expect(alert.expires == nil)
    #expect(alert.until == nil)
    #expect(decoded.notes.contains { $0.contains("<sent> 2025-04-14T00:16:48 has no offset") })
    // The recorded document, with its offsets, reads an hour earlier.
    let recorded = try AlertDecoder.decode(
      try Self.bytes("cap-ireland-met-eireann-2025-04-14-small-craft.xml"),
      for: try Self.place(53.4, -6.0), languages: [])
    #expect(recorded.alerts.first?.sent == 1_744_586_208)
    #expect(recorded.notes.isEmpty)
  }

  @Test func theNWSsAlertsAnswer() throws {
    let decoded = try AlertDecoder.decode(
      try Self.bytes("nws-alerts-portland-2019-12-20-flood-watch-update.json"),
      for: try Self.place(45.52, -122.68), languages: [])
    #expect(decoded.kind == .nwsAlerts)
    let alert = try #require(decoded.alerts.first)
    #expect(decoded.alerts.count == 1)
    #expect(alert.identifier == "NWS-IDP-PROD-3965873-3369046")
    #expect(alert.messageType == .update)
    #expect(alert.references.count == 4)
    #expect(alert.event == "Flood Watch")
    #expect(alert.severity == .severe)
    #expect(alert.senderName == "NWS Portland OR")
    #expect(alert.sent == 1_576_877_640)
    #expect(alert.expires == 1_576_935_000)
    #expect(alert.ends == 1_577_037_600)
    // Active until ends, not expires (when the NWS reissues it).
    #expect(alert.until == 1_577_037_600)
    #expect(alert.areas.first == "North Oregon Coast")
    #expect(alert.areas.count == 11)
    #expect(alert.source == .nws)
  }

  @Test func keptFromADarkSkyResponseOnCAPsScale() throws {
    let body = try Self.bytes("darksky-easton-wa-winter-weather-advisory.json")
    // A forecast first: import reads it as one, and keeps its alerts beside it.
    #expect(!AlertDecoder.isAlertsDocument(body))
    let decoded = try AlertDecoder.decode(
      body, for: try Self.place(47.23706, -121.178979), languages: [])
    #expect(decoded.kind == .darkSky)
    #expect(
      decoded.alerts.map(\.event) == ["Winter Weather Advisory", "Special Weather Statement"])
    #expect(decoded.alerts.map(\.severity) == [.minor, .minor])
    let advisory = try #require(decoded.alerts.first)
    #expect(advisory.sent == 1_545_523_200)
    #expect(advisory.expires == 1_545_609_600)
    #expect(advisory.areas == ["East Slopes of the Washington Cascades"])
    #expect(advisory.identifier.hasPrefix("https://alerts.weather.gov/cap/wwacapget.php?x="))
    #expect(advisory.source == .darkSky)
    #expect(AlertSeverity(darkSky: "warning") == .severe)
    #expect(AlertSeverity(darkSky: "watch") == .moderate)
    #expect(AlertSeverity(darkSky: "advisory") == .minor)
  }

  @Test("alerts documents of other kinds are refused naming what they are")
  func refusals() throws {
    let here = try Self.place(45.52, -122.68)
    let cases: [(String, String)] = [
      ("nws-points.json", "an NWS /points answer"),
      ("atom-nws-alerts-index-2018-08-15.xml", "an ATOM list of 163 alerts"),
      ("cap11-usgs-earthquake-2010-08-31.xml", "a CAP 1.1 document; Cloudy reads CAP 1.2"),
    ]
    for (file, expected) in cases {
      let body = try Self.bytes(file)
      #expect(AlertDecoder.isAlertsDocument(body), "\(file)")
      do {
        _ = try AlertDecoder.decode(body, for: here, languages: [])
        Issue.record("\(file) was not refused")
      } catch {
        #expect("\(error)".contains(expected), "\(file): \(error)")
      }
    }
    #expect(!AlertDecoder.isAlertsDocument(Array(#"{"latitude": 1}"#.utf8)))
  }
}
