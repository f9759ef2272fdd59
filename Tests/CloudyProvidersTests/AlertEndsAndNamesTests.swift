import CloudyDecoding
import CloudyModels
import Foundation
import Testing

/// Issue 41's alerts that never end or never begin, and their names, on recorded documents
/// (Fixtures/Alerts/README.md): the NWS CAP's `eventEndingTime` and VTEC end read as the
/// GeoJSON's `ends` is, an end before the start never kept, an empty NWS answer read as "no
/// alerts", CAP's severity words in a Dark Sky-compatible answer, an alert without an event
/// named by its headline or category, and notes on one line.
@Suite("Alert documents: stated ends, empty answers, names")
struct AlertEndsAndNamesTests {
  typealias Fixture = AlertDecoderTests

  static let beachHazards = "cap-nws-san-francisco-2020-12-29-beach-hazards-event-ending-time.xml"
  static let sanFrancisco = (37.75, -122.5)

  static func decode(_ text: String, at place: (Double, Double) = sanFrancisco) throws
    -> AlertDecoder.Decoded
  {
    try AlertDecoder.decode(
      Array(text.utf8), for: try Fixture.place(place.0, place.1), languages: [])
  }

  static func recorded(_ name: String) throws -> String {
    String(decoding: try Fixture.bytes(name), as: UTF8.self)
  }

  /// The parameter named `name` taken out of the document.
  static func removing(parameter name: String, from text: String) -> String {
    guard let start = text.range(of: "<valueName>\(name)</valueName>") else { return text }
    let open = text[..<start.lowerBound].range(of: "<parameter>", options: .backwards)!
    let close = text[start.upperBound...].range(of: "</parameter>")!
    return String(text[..<open.lowerBound] + text[close.upperBound...])
  }

  @Test func theNWSCAPsEventEndingTimeIsWhenItEndsNotItsExpires() throws {
    let alert = try #require(try Self.decode(try Self.recorded(Self.beachHazards)).alerts.first)
    #expect(alert.expires == 1_609_311_600)  // 23:00 PST on the 29th: the reissue time
    #expect(alert.ends == 1_609_394_400)  // 22:00 PST on the 30th, as its headline says
    #expect(alert.until == 1_609_394_400)
  }

  @Test func withoutEventEndingTimeTheVTECEndIsUsed() throws {
    let text = Self.removing(
      parameter: "eventEndingTime", from: try Self.recorded(Self.beachHazards))
    #expect(!text.contains("eventEndingTime"))
    let alert = try #require(try Self.decode(text).alerts.first)
    #expect(alert.ends == 1_609_394_400)  // /…-201231T0600Z/
  }

  @Test func anEndBeforeTheStartIsNeverKeptSilently() throws {
    // The document as a watch issued ahead: its expiry before its onset, no stated end.
    var text = Self.removing(
      parameter: "eventEndingTime", from: try Self.recorded(Self.beachHazards))
    text = Self.removing(parameter: "VTEC", from: text)
    text = text.replacingOccurrences(
      of: "<expires>2020-12-29T23:00:00-08:00</expires>",
      with: "<expires>2020-12-29T15:00:00-08:00</expires>")
    let decoded = try Self.decode(text)
    let alert = try #require(decoded.alerts.first)
    #expect(alert.until == nil)
    #expect(alert.endsBy > alert.begins)
    #expect(decoded.notes.contains { $0.contains("ends before it begins") })
  }

  @Test func anEmptyNWSAlertsAnswerIsNoAlertsAndTheWholeList() throws {
    // The shape api.weather.gov/alerts/active?point= answers for a quiet point.
    let empty = """
      {"@context":["https://geojson.org/geojson-ld/geojson-context.jsonld",{"@version":"1.1"}],
      "type":"FeatureCollection","features":[],
      "title":"Current watches, warnings, and advisories for 33.4484 N, 112.074 W",
      "updated":"2026-07-01T00:00:00+00:00"}
      """
    let decoded = try Self.decode(empty, at: (33.45, -112.07))
    #expect(decoded.kind == .nwsAlerts)
    #expect(decoded.alerts.isEmpty)
    #expect(decoded.wholeListOf == .nws)
    #expect(AlertDecoder.isAlertsDocument(Array(empty.utf8)))
  }

  @Test func capSeverityWordsInADarkSkyCompatibleAnswer() throws {
    let text = try Self.recorded("darksky-seattle-coastal-flood-advisory.json")
      .replacingOccurrences(of: "\"severity\": \"advisory\"", with: "\"severity\": \"Severe\"")
      .replacingOccurrences(of: "\"severity\":\"advisory\"", with: "\"severity\":\"Severe\"")
    #expect(text.contains("Severe"))
    let decoded = try Self.decode(text, at: (47.6, -122.33))
    #expect(decoded.alerts.map(\.severity) == [.severe])
    #expect(AlertSeverity(darkSky: "Moderate") == .moderate)
    #expect(AlertSeverity(darkSky: "advisory") == .minor)
  }

  @Test func anAlertWithoutAnEventIsNamedByItsHeadlineElseItsCategory() throws {
    let ireland = try Self.recorded("cap-ireland-met-eireann-2025-04-14-small-craft.xml")
    let event = try #require(ireland.range(of: "<event>[^<]*</event>", options: .regularExpression))
    let headline = try #require(
      ireland.range(of: "<headline>[^<]*</headline>", options: .regularExpression))
    let withoutEvent = ireland.replacingCharacters(in: event, with: "")
    let named = try #require(try Self.decode(withoutEvent, at: (53.4, -6.0)).alerts.first)
    #expect(named.event == named.headline)
    #expect(named.event.count <= 80)
    var neither = withoutEvent
    neither.removeSubrange(try #require(neither.range(of: String(ireland[headline]))))
    let byCategory = try #require(try Self.decode(neither, at: (53.4, -6.0)).alerts.first)
    #expect(byCategory.event == "Weather alert")
  }

  @Test func notesAreOneLineWhateverTheSendersIndentation() throws {
    // Thunder Bay's Update for a place outside its polygons, its event written over two lines.
    let text = try Self.recorded(AlertDecoderTests.thunderBay)
      .replacingOccurrences(
        of: "<event>weather</event>", with: "<event>special\n      weather</event>")
    let decoded = try Self.decode(text, at: (10, 10))
    #expect(!decoded.notes.isEmpty)
    #expect(decoded.notes.allSatisfy { !$0.contains("\n") && !$0.contains("  ") })
    #expect(decoded.alerts.allSatisfy { $0.event == "special weather" })
  }
}
