import CloudyModels
import CloudyStore
import CloudyStoring
import Foundation
import Testing

/// Migration 0008 (issue 38): a database from before keeps what its units said, the new
/// quantities are stored in base units and read back as written (missing stays missing), and
/// the new settings sync like the others — and follow an older device's units.
@Suite("Migration 0008: every quantity, and a unit setting per quantity")
struct QuantitiesMigrationTests {
  typealias Old = ForecastOptionalValuesMigrationTests

  @Test("a version-6 file with metric units becomes the metric preset; imperial stays imperial")
  func unitsBecomeThePreset() throws {
    let folder = try TemporaryFolder()
    let metric = try Old.file(
      versions: 6, in: folder, extra: "UPDATE settings SET units_notation = 'metric';")
    let before = try Old.oldColumns(try Database(path: metric, access: .readOnly))
    let database = try DatabaseFile.openForWriting(path: metric)
    let settings = try SettingsRepository(database: database).settings()
    #expect(settings.units == .metric)
    #expect(settings.wind == .kilometresPerHour && settings.pressure == .hectopascals)
    #expect(settings.precipitation == .millimetres && settings.distance == .kilometres)
    #expect(try Old.oldColumns(database) == before)  // the forecasts as they were
    // The migration recorded nothing for sync: every device derives the same from its units.
    #expect(
      try database.scalarInt("SELECT count(*) FROM sync_change WHERE field LIKE '%_unit'") == 0)

    let other = try TemporaryFolder()
    let imperial = try Old.file(versions: 6, in: other)
    let kept = try SettingsRepository(database: try DatabaseFile.openForWriting(path: imperial))
      .settings()
    #expect(kept.units == .imperial && kept.pressure == .inchesOfMercury)
  }

  @Test("readings are stored in base units, readable in sqlite3, and read back; none is 0")
  func readingsRoundTrip() throws {
    let folder = try TemporaryFolder()
    let database = try DatabaseFile.openForWriting(path: folder.file("cloudy.sqlite"))
    let readings = WeatherReadings(
      humidity: 83, dewPoint: 52.3, pressure: 1013.2, windDirection: 315, windGust: 18.4,
      uvIndex: 2.35, visibility: 24_140, cloudCover: 75, europeanAQI: 42, usAQI: 63, pm25: 8.8,
      pm10: 9.7, ozone: 54, nitrogenDioxide: 17.7)
    let hour = WeatherHourData(
      time: 1_768_420_800, summary: "Clear", icon: .clearDay, temperature: 60, windSpeed: 9,
      readings: readings)
    let bare = WeatherHourData(
      time: 1_768_424_400, summary: "Clear", icon: .clearDay, temperature: 61, windSpeed: 8)
    let day = WeatherDayData(
      time: 1_768_388_400, summary: "Clear", icon: .clearDay, temperatureMin: 50,
      temperatureMax: 65, windSpeed: 10,
      readings: WeatherReadings(windDirection: 300, windGust: 25, uvIndex: 4.1))
    let weather = WeatherData(
      provider: .openMeteo, fetchedAt: 1_768_421_000,
      coordinate: try Coordinate(latitude: 52.5, longitude: 13.4), timeZone: "Europe/Berlin",
      current: hour, days: [day], hours: [hour, bare])
    let forecasts = ForecastRepository(database: database)
    try forecasts.save(weather, for: .current)
    let read = try #require(try forecasts.latest(for: .current))
    #expect(read.current.readings == readings)
    #expect(read.hours.map(\.readings) == [readings, .none])
    #expect(read.days.first?.readings == day.readings)
    #expect(
      try database.scalarString(
        "SELECT humidity || '|' || pressure || '|' || wind_direction || '|' || visibility FROM forecast"
      )
        == "83.0|101320.0|315.0|24140.0")  // pressure in whole pascals
    #expect(
      try database.scalarInt(
        "SELECT count(*) FROM forecast_hour WHERE humidity IS NULL AND pressure IS NULL") == 1)
    #expect(throws: DatabaseError.self) {
      try database.execute("UPDATE forecast_hour SET humidity = 101")
    }
  }

  @Test("a unit setting syncs like the others; an older device's units move the wind")
  func unitsSync() throws {
    let folder = try TemporaryFolder()
    let (a, b) = (try SyncTestDevice(folder, "a"), try SyncTestDevice(folder, "b"))
    try a.settings.update {
      $0.wind = .knots
      $0.pressure = .millimetresOfMercury
      $0.airQuality = .us
    }
    try syncAll([a, b], through: folder.file("sync"))
    let atB = try b.settings.settings()
    #expect(atB.wind == .knots && atB.pressure == .millimetresOfMercury && atB.airQuality == .us)
    try expectConverged([a, b])
    // What an older Cloudy writes, which knows only units_notation: "imperial". Here the wind
    // follows it to mph; the pressure, which that device does not know, stays.
    try a.database.execute("UPDATE settings SET units_notation = 'imperial' WHERE id = 1")
    try syncAll([a, b], through: folder.file("sync"))
    let followed = try b.settings.settings()
    #expect(followed.wind == .milesPerHour && followed.pressure == .millimetresOfMercury)
  }
}
