import CloudyModels
import CloudyStore
import CloudyStoring
import Foundation
import Testing

@Suite("Maintenance")
struct MaintenanceTests {
  @Test("check passes on a sound file and reports a dangling reference")
  func check() throws {
    let folder = try TemporaryFolder()
    let database = try migratedDatabase(in: folder)
    #expect(try Maintenance.check(database).isOK)
    try database.execute("PRAGMA foreign_keys = OFF")
    try database.execute("INSERT INTO selection (id, kind, location_id) VALUES (1, 'saved', 999)")
    let report = try Maintenance.check(database)
    #expect(!report.isOK)
    #expect(report.foreignKeyViolations.count == 1)
  }

  @Test("backup then restore brings back exactly what was saved, keeping the replaced file")
  func backupRestoreRoundTrip() throws {
    let folder = try TemporaryFolder()
    let database = try migratedDatabase(in: folder)
    let locations = LocationRepository(database: database)
    try locations.add(place("Kept"))
    try SettingsRepository(database: database).set(TimeNotation.twentyFourHour)
    let backupPath = folder.file("backups/cloudy-backup.sqlite")
    try Maintenance.backup(database, to: backupPath, overwrite: false)
    let mode =
      try FileManager.default.attributesOfItem(atPath: backupPath)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    #expect(throws: MaintenanceError.destinationExists(backupPath)) {
      try Maintenance.backup(database, to: backupPath, overwrite: false)
    }

    try locations.add(place("Added after the backup"))
    try SettingsRepository(database: database).reset()
    let keep = folder.file("before-restore.sqlite")
    try Maintenance.restore(database, from: backupPath, keepCurrentAs: keep)
    #expect(try locations.all().map(\.name) == ["Kept"])
    #expect(try SettingsRepository(database: database).settings().time == .twentyFourHour)
    let kept = try Database(path: keep, access: .readOnly)
    #expect(try LocationRepository(database: kept).count() == 2)
    #expect(try Maintenance.check(database).isOK)
  }

  @Test("restore refuses a foreign file and a newer file, changing nothing")
  func restoreRefusals() throws {
    let folder = try TemporaryFolder()
    let database = try migratedDatabase(in: folder)
    try LocationRepository(database: database).add(place("Mine"))
    let foreign = folder.file("foreign.sqlite")
    try rawExecute(foreign, "CREATE TABLE t (x)")
    #expect(throws: StoreError.self) {
      try Maintenance.restore(database, from: foreign, keepCurrentAs: folder.file("keep1.sqlite"))
    }
    let newer = folder.file("newer.sqlite")
    do {
      let other = try DatabaseFile.openForWriting(path: newer)
      try other.execute("PRAGMA user_version = 99")
    }
    #expect(throws: StoreError.self) {
      try Maintenance.restore(database, from: newer, keepCurrentAs: folder.file("keep2.sqlite"))
    }
    #expect(try LocationRepository(database: database).all().map(\.name) == ["Mine"])
    #expect(!FileManager.default.fileExists(atPath: folder.file("keep1.sqlite")))
    #expect(!FileManager.default.fileExists(atPath: folder.file("keep2.sqlite")))
  }

  @Test("vacuum keeps the data")
  func vacuum() throws {
    let folder = try TemporaryFolder()
    let database = try migratedDatabase(in: folder)
    let locations = LocationRepository(database: database)
    for index in 0..<50 { try locations.add(place("Place \(index)")) }
    for location in try locations.all().dropFirst() { try locations.remove(location.id) }
    _ = try Maintenance.vacuum(database)
    #expect(try locations.count() == 1)
    #expect(try Maintenance.check(database).isOK)
  }

  @Test("info reports version, counts and journal mode")
  func info() throws {
    let folder = try TemporaryFolder()
    let database = try migratedDatabase(in: folder)
    try LocationRepository(database: database).add(place("One"))
    let info = try Maintenance.info(database)
    #expect(info.schemaVersion == Migrator().latestVersion)
    #expect(info.locations == 1)
    #expect(info.forecasts == 0)
    #expect(info.journalMode == "wal")
    #expect(info.fileSize > 0)
  }
}
