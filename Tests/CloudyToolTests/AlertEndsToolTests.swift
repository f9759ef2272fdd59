import Foundation
import Testing

/// Issue 41's alerts that never end, through the built `cloudy-forecast` with its clock set by
/// libfaketime (`AlertToolTests.clock`): an NWS answer that lists nothing is "no alerts" and
/// ends what the NWS said before; an alert that states no end (Macau's SMG monsoon signal) is
/// not active a year and a half later; an imported note prints on one line.
@Suite("cloudy-forecast: alerts that end")
struct AlertEndsToolTests {
  typealias T = AlertToolTests

  /// The answer api.weather.gov/alerts/active?point= gives a quiet point (its shape; no
  /// recorded empty answer was found to copy).
  static let quietNWSAnswer = """
    {"@context":["https://geojson.org/geojson-ld/geojson-context.jsonld",{"@version":"1.1","wx":"https://api.weather.gov/ontology#","@vocab":"https://api.weather.gov/ontology#"}],
    "type":"FeatureCollection","features":[],
    "title":"Current watches, warnings, and advisories for 45.52 N, 122.68 W",
    "updated":"2019-12-21T19:00:00+00:00"}
    """

  @Test func anEmptyNWSAnswerIsNoAlertsAndEndsWhatTheNWSSaidBefore() throws {
    let folder = try ToolTestFolder()
    let db = try T.database(folder, "Portland", "45.52", "-122.68", zone: "America/Los_Angeles")
    let imported = try T.forecast(
      ["import", T.fixture(T.portlandFloodWatch)], db: db, at: "2019-12-20 22:00:00")
    #expect(imported.status == 0, "\(imported.standardError)")
    let during = try T.forecast(["alerts"], db: db, at: "2019-12-21 19:00:00")
    #expect(during.standardOutput.hasPrefix("Flood Watch · Severe"))

    let quiet = folder.file("alerts-active-quiet.json")
    try Self.quietNWSAnswer.write(toFile: quiet, atomically: true, encoding: .utf8)
    let emptied = try T.forecast(["import", quiet], db: db, at: "2019-12-21 19:30:00")
    #expect(emptied.status == 0, "\(emptied.standardError)")
    #expect(emptied.standardOutput.contains("(NWS alerts): 0 alert messages for Portland"))
    let after = try T.forecast(["alerts"], db: db, at: "2019-12-21 20:00:00")
    #expect(after.status == 0)
    #expect(after.standardOutput == "No active alerts for Portland\n")
    // Still listed, as ended when the NWS stopped listing it.
    let all = try T.json(
      try T.forecast(["alerts", "--all", "--json"], db: db, at: "2019-12-21 20:00:00")
        .standardOutput)
    #expect((all["alerts"] as? [[String: Any]])?.map { $0["active"] as? Bool } == [false])
  }

  @Test func anAlertThatStatesNoEndIsNotActiveAYearAndAHalfLater() throws {
    let folder = try ToolTestFolder()
    let db = try T.database(folder, "Macau", "22.19", "113.54", zone: "Asia/Macau")
    let imported = try T.forecast(
      ["import", T.fixture("cap-macau-smg-2025-04-13-monsoon-zh-pt-en.xml")], db: db,
      at: "2025-04-12 22:30:00")
    #expect(imported.status == 0, "\(imported.standardError)")
    let soon = try T.forecast(["alerts"], db: db, at: "2025-04-13 02:00:00")
    #expect(soon.status == 0)
    #expect(soon.standardOutput.contains("(no end stated)"), "\(soon.standardOutput)")
    #expect(!soon.standardOutput.hasPrefix("No active alerts"))
    let later = try T.forecast(["alerts"], db: db, at: "2026-10-13 02:00:00")
    #expect(later.standardOutput == "No active alerts for Macau\n")
  }

  /// A place saved by its coordinates takes the nearest gazetteer place's zone, so its alerts
  /// read in local time, not UTC; at sea it has none until a forecast gives one.
  @Test func aPlaceSavedByCoordinatesReadsItsAlertsInItsOwnZone() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    let added = try ToolRunner.run(
      "cloudy-locations",
      ["add", "--name", "Home", "--lat", "45.52", "--lon", "-122.68", "--db", db])
    #expect(added.status == 0, "\(added.standardError)")
    #expect(try sqlite3(db, "SELECT time_zone FROM location") == "America/Los_Angeles")
    _ = try T.forecast(
      ["import", T.fixture(T.portlandFloodWatch)], db: db, at: "2019-12-20 22:00:00")
    let during = try T.forecast(["alerts"], db: db, at: "2019-12-21 20:00:00")
    #expect(
      during.standardOutput.contains(
        "  Fri Dec 20 01:34 PM – Sun Dec 22 10:00 AM (America/Los_Angeles)"),
      "\(during.standardOutput)")

    let atSea = try ToolRunner.run(
      "cloudy-locations",
      ["add", "--name", "Mid-Pacific", "--lat", "0", "--lon", "-140", "--db", db])
    #expect(atSea.status == 0, "\(atSea.standardError)")
    #expect(
      try sqlite3(db, "SELECT coalesce(time_zone, 'none') FROM location WHERE name = 'Mid-Pacific'")
        == "none")
  }

  /// A place without a zone takes its first forecast's (a region's zone, not UTC).
  @Test func aPlaceWithoutAZoneTakesItsFirstForecasts() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    let added = try ToolRunner.run(
      "cloudy-locations",
      ["add", "--name", "Boat", "--lat", "37.77", "--lon", "-122.42", "--db", db])
    #expect(added.status == 0, "\(added.standardError)")
    _ = try sqlite3(db, "UPDATE location SET time_zone = NULL")
    let imported = try ToolRunner.run(
      "cloudy-forecast",
      ["import", try ForecastToolTests.fixturePath("darksky-sf-2018-02-20.json"), "--db", db])
    #expect(imported.status == 0, "\(imported.standardError)")
    #expect(try sqlite3(db, "SELECT time_zone FROM location") == "America/Los_Angeles")
  }
}
