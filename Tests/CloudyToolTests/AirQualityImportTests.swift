import Foundation
import Testing

/// `cloudy-forecast import` of an Open-Meteo air-quality answer: pollen as the answer holds it
/// (a recorded answer), and all or nothing when the database fails half-way.
@Suite("cloudy-forecast import: air quality with pollen, in one transaction")
struct AirQualityImportTests {
  typealias RealWorld = RealWorldImportTests
  typealias Quantities = QuantitiesToolTests

  /// 2026-07-30 02:00, 03:00, 04:00 in Berlin (CEST), unix seconds.
  static let hours: [Int64] = [1_785_369_600, 1_785_373_200, 1_785_376_800]

  /// A forecast made by hand for these tests, in Open-Meteo's shape (no recorded forecast is of
  /// the hour of the recorded pollen answer): Berlin, now 02:00 and three hours.
  static let forecast = """
    {"latitude": 52.52, "longitude": 13.42, "utc_offset_seconds": 7200,
     "timezone": "Europe/Berlin", "timezone_abbreviation": "CEST", "elevation": 38.0,
     "current_units": {"time": "unixtime", "interval": "seconds", "temperature_2m": "°C",
                       "weather_code": "wmo code", "wind_speed_10m": "km/h"},
     "current": {"time": 1785369600, "interval": 900, "temperature_2m": 17.9, "weather_code": 0,
                 "wind_speed_10m": 6.5},
     "hourly_units": {"time": "unixtime", "temperature_2m": "°C", "weather_code": "wmo code",
                      "wind_speed_10m": "km/h"},
     "hourly": {"time": [1785369600, 1785373200, 1785376800],
                "temperature_2m": [17.9, 17.2, 16.8], "weather_code": [0, 0, 1],
                "wind_speed_10m": [6.5, 6.1, 5.8]}}
    """

  /// An hourly air-quality answer in the shape Open-Meteo documents (made by hand: the hours
  /// of `forecast`).
  static let hourlyAirQuality = """
    {"latitude": 52.5, "longitude": 13.4, "utc_offset_seconds": 7200,
     "timezone": "Europe/Berlin", "timezone_abbreviation": "CEST", "elevation": 38.0,
     "hourly_units": {"time": "unixtime", "european_aqi": "EAQI", "pm2_5": "μg/m³",
                      "grass_pollen": "grains/m³", "birch_pollen": "grains/m³"},
     "hourly": {"time": [1785369600, 1785373200, 1785376800], "european_aqi": [20, 21, 23],
                "pm2_5": [7.1, 7.4, 7.9], "grass_pollen": [5.2, 4.8, 4.1],
                "birch_pollen": [0.0, 0.0, 0.0]}}
    """

  static func berlin(_ folder: ToolTestFolder) throws -> String {
    let db = try Quantities.database(folder)
    let path = folder.file("forecast.json")
    try Self.forecast.write(toFile: path, atomically: true, encoding: .utf8)
    let imported = try RealWorld.run(["import", path, "--place", "Berlin"], db: db)
    #expect(imported.status == 0, "\(imported.standardError)")
    return db
  }

  @Test(
    "pollen of a recorded answer reads back in the day view and its JSON; what it lacks is missing")
  func pollenOfARecordedAnswer() throws {
    let folder = try ToolTestFolder()
    let db = try Self.berlin(folder)
    let imported = try RealWorld.importFixture(
      "open-meteo-air-quality-berlin-2026-07-30-pollen.json", place: "Berlin", db: db)
    #expect(imported.status == 0, "\(imported.standardError)")
    // current: grass 5.2, mugwort 121.9, birch, alder, ragweed 0.0; no olive.
    let now = try Quantities.quantities("Berlin", "day", db: db)
    Quantities.expect(now, "grassPollen", 5.2, "grains/m³", text: "5.2 grains/m³")
    Quantities.expect(now, "mugwortPollen", 121.9, "grains/m³", text: "121.9 grains/m³")
    Quantities.expect(now, "birchPollen", 0, "grains/m³", text: "0.0 grains/m³")  // 0 is a value
    Quantities.expect(now, "alderPollen", 0, "grains/m³")
    Quantities.expect(now, "ragweedPollen", 0, "grains/m³")
    #expect(now["olivePollen"] == nil)
    Quantities.expect(now, "airQuality", 20, "EAQI", text: "20 · good")
    Quantities.expect(now, "pm25", 7.1, "µg/m³")
    let text = try RealWorld.run(["show", "Berlin"], db: db).standardOutput
    // Every value starts after the longest label, "Mugwort pollen".
    #expect(text.contains("\nMugwort pollen 121.9 grains/m³\n"))
    #expect(text.contains("\nGrass pollen   5.2 grains/m³\n"))
    #expect(text.contains("\nAir quality    20 · good\n"))
    #expect(!text.contains("Olive"))
    // Stored as the answer holds it, readable in sqlite3.
    #expect(
      try sqlite3(db, "SELECT grass_pollen, mugwort_pollen, olive_pollen FROM forecast")
        == "5.2|121.9|")
  }

  @Test("a database failing half-way through an air-quality import is left as it was")
  func allOrNothing() throws {
    let folder = try ToolTestFolder()
    let db = try Self.berlin(folder)
    let path = folder.file("air-quality.json")
    try Self.hourlyAirQuality.write(toFile: path, atomically: true, encoding: .utf8)
    // The third hour's row fails (as a full disk or a constraint would), after the forecast
    // was rewritten and two hours' air quality went in.
    _ = try sqlite3(
      db,
      """
      CREATE TRIGGER fail_third_hour BEFORE INSERT ON forecast_air_quality
      WHEN NEW.time = \(Self.hours[2])
      BEGIN SELECT RAISE(ABORT, 'the third hour fails'); END;
      """)
    let before = try sqlite3(db, ".dump")
    let failed = try RealWorld.run(["import", path, "--place", "Berlin"], db: db)
    #expect(failed.status != 0)
    #expect(failed.standardError.hasPrefix("cloudy-forecast: "), "\(failed.standardError)")
    #expect(failed.standardError.split(separator: "\n").count == 1, "\(failed.standardError)")
    #expect(try sqlite3(db, ".dump") == before)
    #expect(try sqlite3(db, "SELECT count(*) FROM forecast_air_quality") == "0")

    // Without the failure the same answer goes in whole.
    _ = try sqlite3(db, "DROP TRIGGER fail_third_hour")
    let imported = try RealWorld.run(["import", path, "--place", "Berlin"], db: db)
    #expect(imported.status == 0, "\(imported.standardError)")
    #expect(try sqlite3(db, "SELECT count(*) FROM forecast_air_quality") == "3")
    let hour = try Quantities.quantities("Berlin", "hourly", db: db, index: 2)
    Quantities.expect(hour, "grassPollen", 4.1, "grains/m³", text: "4.1 grains/m³")
    Quantities.expect(hour, "airQuality", 23, "EAQI", text: "23 · fair")
  }
}
