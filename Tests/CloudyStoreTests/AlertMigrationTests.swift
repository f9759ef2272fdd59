import CloudyModels
import CloudyStore
import CloudyStoring
import Foundation
import Testing

/// Migration 0005 on files written by earlier versions: forecasts survive the rebuild that
/// admits the new providers, the alert level starts at its default, and the alert table is
/// plain to sqlite3 and keeps its constraints.
@Suite("Migration 0005: alerts, the alert level, MET Norway and NWS forecasts")
struct AlertMigrationTests {
  typealias Old = ForecastOptionalValuesMigrationTests

  @Test("from version 3 with forecasts in it: every value survives, keys and indexes hold")
  func upgradesVersionThree() throws {
    let folder = try TemporaryFolder()
    let path = try Old.file(versions: 3, in: folder)
    let before = try Old.oldColumns(try Database(path: path, access: .readOnly))
    let database = try DatabaseFile.openForWriting(path: path)
    #expect(try database.scalarInt("PRAGMA user_version") == Int64(Migrator().latestVersion))
    #expect(try Old.oldColumns(database) == before)
    #expect(try SettingsRepository(database: database).settings().alerts == .moderate)
    #expect(try database.scalarInt("SELECT count(*) FROM pragma_foreign_key_check") == 0)
    let indexes = try database.query(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'forecast' ORDER BY name"
    ) { $0.string(0) }
    #expect(indexes == ["forecast_by_fetched_at", "forecast_by_issued_at", "forecast_latest"])
    // Deleting a place still deletes its forecast's days and hours (the children follow the
    // rebuilt table).
    try database.execute("DELETE FROM location WHERE id = 1")
    #expect(try database.scalarInt("SELECT count(*) FROM forecast_day WHERE forecast_id = 7") == 0)
  }

  @Test("the new providers are admitted, other names still refused")
  func providers() throws {
    let folder = try TemporaryFolder()
    let database = try DatabaseFile.openForWriting(path: folder.file("cloudy.sqlite"))
    for provider in ["met-norway", "nws"] {
      try database.execute(
        """
        INSERT INTO forecast (provider, fetched_at, latitude, longitude, time_zone, observed_at)
        VALUES (?, 1, 59.9, 10.7, 'Europe/Oslo', 1)
        """, [provider])
    }
    #expect(throws: DatabaseError.self) {
      try database.execute(
        """
        INSERT INTO forecast (provider, fetched_at, latitude, longitude, time_zone, observed_at)
        VALUES ('yr', 1, 59.9, 10.7, 'Europe/Oslo', 1)
        """)
    }
  }

  @Test("the alert level is stored as text a sqlite3 user reads, and refused when unknown")
  func alertLevelColumn() throws {
    let folder = try TemporaryFolder()
    let database = try DatabaseFile.openForWriting(path: folder.file("cloudy.sqlite"))
    let settings = SettingsRepository(database: database)
    try settings.set(AlertLevel.severe)
    #expect(try database.scalarString("SELECT alert_level FROM settings") == "severe")
    #expect(try settings.settings().time == .twelveHour)
    try settings.reset()
    #expect(try database.scalarString("SELECT alert_level FROM settings") == "moderate")
    #expect(throws: DatabaseError.self) {
      try database.execute("UPDATE settings SET alert_level = 'minor'")
    }
  }

  @Test("an alert reads in sqlite3 as it came: lower-case words, CAP's triples, unix seconds")
  func alertRowsAreReadable() throws {
    let folder = try TemporaryFolder()
    let database = try DatabaseFile.openForWriting(path: folder.file("cloudy.sqlite"))
    let location = try LocationRepository(database: database).add(place("Richmond"))
    let update = WeatherAlert(
      identifier: "urn:oid:2.49.0.1.840.0.x.2", sender: "w-nws.webmaster@noaa.gov",
      sent: 1_795_694_400, messageType: .update,
      references: [
        AlertReference(
          sender: "w-nws.webmaster@noaa.gov", identifier: "urn:oid:2.49.0.1.840.0.x.1",
          sent: "2026-11-26T07:00:00-05:00")
      ], event: "Winter Storm Warning", severity: .severe, urgency: .expected,
      certainty: .likely, areas: ["Fairfax", "Arlington"], ends: 1_795_780_800, source: .nws)
    try AlertRepository(database: database).record(
      [update], for: .saved(location.id), fetchedAt: 1_795_694_500)
    let row = try database.queryFirst(
      "SELECT message_type, severity, refs, areas, sent, expires IS NULL FROM alert"
    ) { row in (0..<6).map { row.string(Int32($0)) } }
    #expect(
      row == [
        "Update", "severe",
        "w-nws.webmaster@noaa.gov,urn:oid:2.49.0.1.840.0.x.1,2026-11-26T07:00:00-05:00",
        "Fairfax; Arlington", "1795694400", "1",
      ])
    #expect(throws: DatabaseError.self) {
      try database.execute("UPDATE alert SET severity = 'Severe'")
    }
    // A place removed takes its alerts with it.
    try LocationRepository(database: database).remove(location.id)
    #expect(try database.scalarInt("SELECT count(*) FROM alert") == 0)
  }
}
