import CloudyModels
import CloudyStore
import CloudyStoring
import Foundation
import Testing

/// Migration 11: an hour's air quality moves to `forecast_air_quality` (a row only for an hour
/// that has one), pollen is kept beside it, the chance of precipitation is stored in percent,
/// and a database made before opens with every value where it was.
@Suite("Migration 0011: an hour's air quality in a table of its own, with pollen")
struct AirQualityTableMigrationTests {
  typealias Old = ForecastOptionalValuesMigrationTests

  /// This migration's number (0011, or where the lead puts it): the one named for it.
  static var version: Int {
    Migration.embedded.first { $0.name == "hourly_air_quality_and_percent_chance" }?.version ?? 0
  }

  /// Readings and air quality as a version-before file held them: one hour of forecast 7 with
  /// every reading and air quality, its other hour with weather readings only, the current
  /// conditions with air quality.
  static let oldReadings = """
    UPDATE forecast_hour SET humidity = 83, dew_point = 52.3, pressure = 101320,
      wind_direction = 315, wind_gust = 18.4, uv_index = 2.35, visibility = 24140,
      cloud_cover = 75, european_aqi = 42, us_aqi = 63, pm2_5 = 8.8, pm10 = 9.7, ozone = 54,
      nitrogen_dioxide = 17.7
      WHERE forecast_id = 7 AND time = 1768420800;
    UPDATE forecast_hour SET humidity = 80, dew_point = 51.1, pressure = 101290
      WHERE forecast_id = 7 AND time = 1768424400;
    UPDATE forecast SET european_aqi = 40, us_aqi = 61, pm2_5 = 8.1 WHERE id = 7;
    """

  /// Every hour's values, the weather's and its air quality, as text, to compare.
  static func hours(_ database: Database, airQuality: String) throws -> [String] {
    try database.query(
      """
      SELECT forecast_id, time, summary, icon, temperature, wind_speed, \(Old.chance(database)),
        precipitation, apparent_temperature, humidity, dew_point, pressure, wind_direction,
        wind_gust, uv_index, visibility, cloud_cover, \(airQuality)
      FROM forecast_hour ORDER BY forecast_id, time
      """
    ) { row in (0..<23).map { "\(row.value(Int32($0)))" }.joined(separator: "|") }
  }

  @Test("a file made before opens with every value kept; air quality only for the hour that had it")
  func migratesEveryValue() throws {
    let folder = try TemporaryFolder()
    let path = try Old.file(versions: Self.version - 1, in: folder, extra: Self.oldReadings)
    let old = try Database(path: path, access: .readOnly)
    let oldColumns = try Old.oldColumns(old)
    let oldHours = try Self.hours(
      old, airQuality: "european_aqi, us_aqi, pm2_5, pm10, ozone, nitrogen_dioxide")
    let oldCurrent = try old.scalarString(
      "SELECT european_aqi || '|' || us_aqi || '|' || pm2_5 FROM forecast WHERE id = 7")

    let database = try DatabaseFile.openForWriting(path: path)
    #expect(try Migrator().currentVersion(of: database) >= Self.version)
    #expect(try Old.oldColumns(database) == oldColumns)
    let newHours = try Self.hours(
      database,
      airQuality: """
        (SELECT a.european_aqi FROM forecast_air_quality AS a
           WHERE a.forecast_id = forecast_hour.forecast_id AND a.time = forecast_hour.time),
        (SELECT a.us_aqi FROM forecast_air_quality AS a
           WHERE a.forecast_id = forecast_hour.forecast_id AND a.time = forecast_hour.time),
        (SELECT a.pm2_5 FROM forecast_air_quality AS a
           WHERE a.forecast_id = forecast_hour.forecast_id AND a.time = forecast_hour.time),
        (SELECT a.pm10 FROM forecast_air_quality AS a
           WHERE a.forecast_id = forecast_hour.forecast_id AND a.time = forecast_hour.time),
        (SELECT a.ozone FROM forecast_air_quality AS a
           WHERE a.forecast_id = forecast_hour.forecast_id AND a.time = forecast_hour.time),
        (SELECT a.nitrogen_dioxide FROM forecast_air_quality AS a
           WHERE a.forecast_id = forecast_hour.forecast_id AND a.time = forecast_hour.time)
        """)
    #expect(newHours == oldHours)
    // A row for the one hour that had air quality; none of NULLs for the others.
    #expect(try database.scalarInt("SELECT count(*) FROM forecast_air_quality") == 1)
    #expect(
      try database.scalarString(
        "SELECT european_aqi || '|' || us_aqi || '|' || pm2_5 FROM forecast WHERE id = 7")
        == oldCurrent)
    #expect(
      try database.scalarInt(
        "SELECT count(*) FROM pragma_table_info('forecast_hour') WHERE name = 'european_aqi'")
        == 0)
    #expect(try database.query("PRAGMA foreign_key_check") { _ in 1 }.isEmpty)
    // The chance in percent, whole where the fraction was a whole percent (one byte, not eight).
    #expect(
      try database.scalarString(
        "SELECT group_concat(precipitation_probability || ':' || typeof(precipitation_probability)) FROM forecast_hour"
      ) == "20.0:real,0.0:real")

    // The model reads it back as it was written.
    let read = try #require(try ForecastRepository(database: database).latest(for: .saved(1)))
    #expect(read.hours.first?.readings.europeanAQI == 42)
    #expect(read.hours.first?.readings.nitrogenDioxide == 17.7)
    #expect(read.hours.first?.readings.pressure == 1013.2)
    #expect(read.hours.last?.readings.europeanAQI == nil)
    #expect(read.hours.last?.readings.humidity == 80)
    #expect(read.current.readings.usAQI == 61)

    // An hour's air quality goes with its hour, and with its forecast.
    try database.execute("DELETE FROM forecast WHERE id = 7")
    #expect(try database.scalarInt("SELECT count(*) FROM forecast_air_quality") == 0)
  }

  @Test("pollen is stored per hour and now, read back, and an hour without air quality has no row")
  func pollenRoundTrip() throws {
    let folder = try TemporaryFolder()
    let database = try DatabaseFile.openForWriting(path: folder.file("cloudy.sqlite"))
    let pollen = WeatherReadings(
      europeanAQI: 20, pm25: 7.1, pm10: 11.8, ozone: 50, nitrogenDioxide: 10.7, alderPollen: 0,
      birchPollen: 0, grassPollen: 5.2, mugwortPollen: 121.9, ragweedPollen: 0)
    let hour = WeatherHourData(
      time: 1_785_369_600, summary: "Clear", icon: .clearNight, temperature: 64, windSpeed: 5,
      readings: pollen)
    let bare = WeatherHourData(
      time: 1_785_373_200, summary: "Clear", icon: .clearNight, temperature: 63, windSpeed: 5,
      readings: WeatherReadings(humidity: 70))
    let weather = WeatherData(
      provider: .openMeteo, fetchedAt: 1_785_369_700,
      coordinate: try Coordinate(latitude: 52.5, longitude: 13.4), timeZone: "Europe/Berlin",
      current: hour, days: [], hours: [hour, bare])
    let forecasts = ForecastRepository(database: database)
    try forecasts.save(weather, for: .current)
    let read = try #require(try forecasts.latest(for: .current))
    #expect(read.current.readings == pollen)
    #expect(read.hours.map(\.readings) == [pollen, WeatherReadings(humidity: 70)])
    #expect(try database.scalarInt("SELECT count(*) FROM forecast_air_quality") == 1)
    #expect(
      try database.scalarString(
        "SELECT grass_pollen || '|' || mugwort_pollen || '|' || coalesce(olive_pollen, 'NULL') FROM forecast_air_quality"
      ) == "5.2|121.9|NULL")
    #expect(throws: DatabaseError.self) {
      try database.execute("UPDATE forecast_air_quality SET birch_pollen = -1")
    }
  }
}
