import Foundation
import Testing

/// Issue 41: files other services and tools wrote, refused under their own name with what to do
/// instead, not as "a WeatherAPI.com answer", "every block was excluded" or the generic "not a
/// forecast response". Each refusal exits 65 with one line and leaves the database byte for byte
/// as it was. The files and their sources: Fixtures/README.md ("Refused by name").
@Suite("cloudy-forecast import, cloudy-db import: other files named for what they are")
struct RefusalsNamedTests {
  @Test(
    "Weatherstack, Tempest, Bright Sky, an OpenWeatherMap search, an RSS index of CAP alerts, Environment Canada's citypage and GeoMet alerts, MeteoAlarm's JSON API"
  )
  func refusedByName() throws {
    let folder = try ToolTestFolder()
    let db = try RealWorldImportTests.database(folder)
    _ = try sqlite3(db, "PRAGMA wal_checkpoint(TRUNCATE);")
    let before = try Data(contentsOf: URL(fileURLWithPath: db))
    let cases: [(file: String, says: String)] = [
      (
        "weatherstack-tokyo-2022-02-21-current.json",
        "is a Weatherstack answer, a service whose answers Cloudy does not read"
      ),
      (
        "tempest-better-forecast-weatherflow4py-forecast2.json",
        "is a WeatherFlow Tempest better_forecast answer, a service whose answers Cloudy does not read"
      ),
      (
        "brightsky-current-weather-waltrop-2022-08-29.json",
        "is a Bright Sky (DWD) weather answer, a service whose answers Cloudy does not read"
      ),
      (
        "brightsky-alerts-weiherhammer-2023-08-26.json",
        "is Bright Sky's alerts answer (the DWD's warnings as Bright Sky's JSON), which Cloudy does not read: import the DWD's own CAP 1.2 documents"
      ),
      (
        "openweathermap-find-paris-2017-02-01.json",
        "is an OpenWeatherMap place search answer (find), not a forecast"
      ),
      (
        "handmade-rss-met-norway-cap-index.xml",
        "is an RSS list of 2 items that links to CAP alert documents without holding them: save a linked CAP document and import that"
      ),
      (
        "eccc-citypage-2025-02-05.xml",
        "is an Environment Canada citypage forecast (XML), which Cloudy does not read"
      ),
      (
        "eccc-geomet-alerts-env-canada-alerts-wfs.json",
        "is an Environment Canada GeoMet alerts answer (GeoJSON of api.weather.gc.ca's weather-alerts), which Cloudy does not read: import Environment Canada's CAP 1.2 documents"
      ),
      (
        "handmade-meteoalarm-api-warnings-netherlands.json",
        "is an answer of MeteoAlarm's JSON API (CAP written as JSON), which Cloudy does not read: import a warning's CAP 1.2 document"
      ),
    ]
    for (file, says) in cases {
      let refused = try RealWorldImportTests.importFixture(
        "refusals/\(file)", place: "Richmond", db: db)
      #expect(refused.status == 65, "\(file): \(refused.standardError)")
      #expect(refused.standardError.split(separator: "\n").count == 1, "\(file)")
      #expect(refused.standardError.contains(says), "\(file): \(refused.standardError)")
      #expect(refused.standardError.hasSuffix("; nothing was changed\n"), "\(file)")
      for wrong in ["WeatherAPI.com", "every block was excluded", "not a forecast response"] {
        #expect(!refused.standardError.contains(wrong), "\(file): \(refused.standardError)")
      }
      #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before, "\(file)")
    }
  }

  @Test("OpenStreetMap JSON from Overpass is named, and told to come as GeoJSON with named nodes")
  func overpassOSMJSON() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    let refused = try ToolRunner.run(
      "cloudy-db",
      ["import", Reliability.fixture("places/handmade-overpass-osm-json-pubs.json"), "--db", db])
    #expect(refused.status == 65, "\(refused.standardError)")
    #expect(
      refused.standardError.contains("OpenStreetMap JSON from the Overpass API, not GeoJSON"),
      "\(refused.standardError)")
    #expect(refused.standardError.contains("only elements with a name tag become places"))
    #expect(!refused.standardError.contains("if it is GeoJSON, pass --format geojson"))
    #expect(!FileManager.default.fileExists(atPath: db))
  }
}
