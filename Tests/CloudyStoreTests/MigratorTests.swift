import CloudyModels
import CloudyStore
import CloudyStoring
import Foundation
import Testing

@Suite("Migrator")
struct MigratorTests {
  @Test(
    "a fresh file is created 0600 in a 0700 folder, migrated to the latest version, in WAL mode")
  func freshDatabase() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("new/nested/cloudy.sqlite")
    let database = try DatabaseFile.openForWriting(path: path)
    let migrator = Migrator()
    #expect(try migrator.currentVersion(of: database) == migrator.latestVersion)
    #expect(migrator.latestVersion >= 1)
    #expect(try database.scalarInt("PRAGMA user_version") == Int64(migrator.latestVersion))
    #expect(try database.journalMode() == "wal")
    #expect(try database.scalarInt("PRAGMA foreign_keys") == 1)
    #expect(try database.scalarInt("PRAGMA synchronous") == 2)  // FULL
    #expect(try database.tableNames().contains("location"))
    let applied = try migrator.appliedMigrations(in: database)
    #expect(applied.map(\.version) == Array(1...migrator.latestVersion))
    #expect(applied.first?.checksum == Migration.embedded.first?.checksum)
    let fileMode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    let folderMode =
      try FileManager.default.attributesOfItem(atPath: folder.file("new/nested"))[.posixPermissions]
      as? Int
    #expect(fileMode == 0o600)
    #expect(folderMode == 0o700)
    // No temporary file is left beside it.
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.file("new/nested"))
      .filter { $0.hasPrefix(".") }
    #expect(leftovers.isEmpty)
  }

  @Test("the embedded migration is the file in migrations/, byte for byte")
  func embeddedMatchesSource() throws {
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../migrations/0001_initial.sql").standardized
    let text = try String(contentsOf: source, encoding: .utf8)
    #expect(Migration.embedded.first?.sql == text)
    #expect(Migration.embedded.first?.name == "initial")
  }

  @Test("migrating again is a no-op that writes nothing")
  func rerunIsNoOp() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("cloudy.sqlite")
    do { _ = try DatabaseFile.openForWriting(path: path) }
    let before = contents(path)
    let database = try Database(path: path, access: .readWrite)
    #expect(try Migrator().migrate(database).isEmpty)
    #expect(
      try database.scalarInt("SELECT count(*) FROM cloudy_migration")
        == Int64(Migrator().latestVersion))
    #expect(contents(path) == before)
  }

  @Test("a file from a newer Cloudy is refused, naming both versions, and left byte-for-byte")
  func newerVersionRefused() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("cloudy.sqlite")
    let latest = Migrator().latestVersion
    do {
      let database = try DatabaseFile.openForWriting(path: path)
      try database.executeScript(
        "INSERT INTO cloudy_migration (version, name, checksum) VALUES (\(latest + 1), 'future', 'x'); PRAGMA user_version = \(latest + 1);"
      )
    }
    let before = contents(path)
    #expect(throws: StoreError.newerSchema(path: path, found: latest + 1, known: latest)) {
      _ = try DatabaseFile.openForWriting(path: path)
    }
    #expect(throws: StoreError.newerSchema(path: path, found: latest + 1, known: latest)) {
      _ = try DatabaseFile.openForReading(path: path)
    }
    #expect(contents(path) == before)
    #expect(
      StoreError.newerSchema(path: path, found: 2, known: 1).description.contains("newer Cloudy"))
  }

  @Test("user_version alone set higher also counts as newer")
  func newerUserVersionRefused() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("cloudy.sqlite")
    do {
      let database = try DatabaseFile.openForWriting(path: path)
      try database.execute("PRAGMA user_version = 99")
    }
    #expect(throws: StoreError.self) { _ = try DatabaseFile.openForWriting(path: path) }
  }

  @Test("an applied migration whose SQL changed is refused, file untouched")
  func editedMigrationRefused() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("cloudy.sqlite")
    do { _ = try DatabaseFile.openForWriting(path: path) }
    let before = contents(path)
    guard let original = Migration.embedded.first else {
      Issue.record("no migrations")
      return
    }
    let edited = Migration(
      version: original.version, name: original.name, checksum: String(repeating: "0", count: 64),
      sql: original.sql + "\n-- edited")
    // The later migrations are unchanged: only the edit to 0001 is in question.
    let migrator = Migrator(migrations: [edited] + Migration.embedded.dropFirst())
    #expect(throws: StoreError.checksumMismatch(path: path, version: 1, name: original.name)) {
      _ = try DatabaseFile.openForWriting(path: path, migrator: migrator)
    }
    #expect(contents(path) == before)
  }

  @Test("a file migrated by a release that recorded SHA-256 checksums keeps opening, unchanged")
  func releasedSHA256RecordStillOpens() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("cloudy.sqlite")
    do { _ = try DatabaseFile.openForWriting(path: path) }
    // What the releases before the CRC wrote for 0001 (sha256sum of the released file).
    try rawExecute(
      path,
      "UPDATE cloudy_migration SET checksum = 'f30fcfc772813998503d1ab7cccb3427d48c5a6db22880861da9b27bcbef7ab9' WHERE version = 1; PRAGMA wal_checkpoint(TRUNCATE);"
    )
    let before = contents(path)
    let database = try DatabaseFile.openForWriting(path: path)
    #expect(try Migrator().pendingMigrations(in: database).isEmpty)
    #expect(contents(path) == before)
  }

  @Test("a SHA-256 record of the released 0001 does not excuse an edit made since")
  func releasedSHA256RecordRefusesEditedMigration() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("cloudy.sqlite")
    do { _ = try DatabaseFile.openForWriting(path: path) }
    try rawExecute(
      path,
      "UPDATE cloudy_migration SET checksum = 'f30fcfc772813998503d1ab7cccb3427d48c5a6db22880861da9b27bcbef7ab9' WHERE version = 1;"
    )
    guard let original = Migration.embedded.first else {
      Issue.record("no migrations")
      return
    }
    let edited = Migration(
      version: 1, name: original.name, checksum: "crc32:0badf00d", sql: original.sql + "\n-- edited"
    )
    let migrator = Migrator(migrations: [edited] + Migration.embedded.dropFirst())
    #expect(throws: StoreError.checksumMismatch(path: path, version: 1, name: original.name)) {
      _ = try DatabaseFile.openForWriting(path: path, migrator: migrator)
    }
  }

  @Test("released migrations are never edited: 0001's bytes still have their released CRC-32")
  func releasedMigrationUnchanged() throws {
    // Editing a released migration would make every existing database refuse to open; add a new
    // numbered file instead. The CRC is zlib's: python3 -c "import zlib; print(hex(zlib.crc32(…)))".
    #expect(Migration.embedded.first?.checksum == "crc32:9ea93609")
  }

  @Test("a migration that fails half-way rolls back and leaves the previous version intact")
  func failingMigrationRollsBack() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("cloudy.sqlite")
    do { _ = try DatabaseFile.openForWriting(path: path) }
    let broken = Migration(
      version: Migrator().latestVersion + 1, name: "broken", checksum: "abc",
      sql: "CREATE TABLE half_done (x INTEGER); INSERT INTO no_such_table VALUES (1);")
    let migrator = Migrator(migrations: Migration.embedded + [broken])
    #expect(throws: StoreError.self) {
      _ = try DatabaseFile.openForWriting(path: path, migrator: migrator)
    }
    let database = try Database(path: path, access: .readOnly)
    #expect(try Migrator().currentVersion(of: database) == Migrator().latestVersion)
    #expect(try !database.tableNames().contains("half_done"))
  }

  @Test("a migration that leaves a dangling foreign key is rolled back")
  func foreignKeyCheckAfterMigration() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("cloudy.sqlite")
    do { _ = try DatabaseFile.openForWriting(path: path) }
    let next = Migrator().latestVersion + 1
    let dangling = Migration(
      version: next, name: "dangling", checksum: "abc",
      sql: "INSERT INTO selection (id, kind, location_id) VALUES (1, 'saved', 12345);")
    #expect(throws: StoreError.foreignKeyViolations(count: 1, after: "migration \(next) dangling"))
    {
      _ = try DatabaseFile.openForWriting(
        path: path, migrator: Migrator(migrations: Migration.embedded + [dangling]))
    }
    let database = try Database(path: path, access: .readOnly)
    #expect(try database.scalarInt("SELECT count(*) FROM selection") == 0)
  }

  @Test("an older file is migrated forward on open")
  func olderFileMigratedForward() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("cloudy.sqlite")
    do { _ = try DatabaseFile.openForWriting(path: path) }
    let next = Migration(
      version: Migrator().latestVersion + 1, name: "add_note", checksum: "abc",
      sql: "ALTER TABLE location ADD COLUMN note TEXT;")
    let migrator = Migrator(migrations: Migration.embedded + [next])
    guard
      case .opened(let database) = try DatabaseFile.openForReading(path: path, migrator: migrator)
    else {
      Issue.record("expected a database")
      return
    }
    #expect(try migrator.currentVersion(of: database) == next.version)
  }
}

@Suite("Migration 0002: the forecast's issue time")
struct ForecastIssueTimeMigrationTests {
  @Test("a version-1 file's forecast gets issued_at = observed_at and has_current = 1; checks hold")
  func backFill() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("cloudy.sqlite")
    let first = try #require(Migration.embedded.first)
    do {
      let database = try DatabaseFile.openForWriting(
        path: path, migrator: Migrator(migrations: [first]))
      try database.executeScript(
        """
        INSERT INTO location (id, name, latitude, longitude, position, source)
          VALUES (1, 'Auckland', -36.85, 174.76, 0, 'coordinates');
        INSERT INTO forecast (location_id, provider, fetched_at, latitude, longitude, time_zone,
          observed_at, summary, icon, temperature, wind_speed)
          VALUES (1, 'open-meteo', 1768425000, -36.875, 174.75, 'Pacific/Auckland', 1768421700,
          'Partly Cloudy', 'partly-cloudy-day', 67.8, 12.9);
        """)
    }
    let database = try DatabaseFile.openForWriting(path: path)
    #expect(try Migrator().currentVersion(of: database) == Migrator().latestVersion)
    let forecast = try #require(try ForecastRepository(database: database).latest(for: .saved(1)))
    #expect(forecast.issuedAt == 1_768_421_700)
    // The column itself is filled (not only read through a fallback).
    #expect(try database.scalarInt("SELECT issued_at FROM forecast") == 1_768_421_700)
    #expect(try database.scalarInt("SELECT has_current FROM forecast") == 1)
    #expect(forecast.fetchedAt == 1_768_425_000)
    #expect(forecast.contents.contains(.current))
    // The schema refuses what the columns must never hold.
    #expect(throws: (any Error).self) {
      try database.execute("UPDATE forecast SET has_current = 2")
    }
    #expect(throws: (any Error).self) {
      try database.execute("UPDATE forecast SET issued_at = -1")
    }
  }
}

@Suite("Opening files")
struct OpeningTests {
  @Test("a file that is not a database is refused before anything is written")
  func notADatabase() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("cloudy.sqlite")
    let junk = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
    #expect(FileManager.default.createFile(atPath: path, contents: junk))
    #expect {
      _ = try DatabaseFile.openForWriting(path: path)
    } throws: { error in
      guard case .notADatabase = error as? StoreError else { return false }
      return true
    }
    #expect(contents(path) == junk)
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
  }

  @Test("a zero-length file is refused, not treated as a new database")
  func zeroLengthFile() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("cloudy.sqlite")
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    #expect(throws: StoreError.emptyFile(path: path)) {
      _ = try DatabaseFile.openForWriting(path: path)
    }
    #expect(throws: StoreError.emptyFile(path: path)) {
      _ = try DatabaseFile.openForReading(path: path)
    }
    #expect(contents(path) == Data())
  }

  @Test("a SQLite file of another application is refused untouched")
  func foreignDatabase() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("other.sqlite")
    try rawExecute(
      path,
      "CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL); INSERT INTO invoices VALUES (1, 9.5);"
    )
    let before = contents(path)
    #expect(throws: StoreError.notCloudyDatabase(path: path, tables: ["invoices"])) {
      _ = try DatabaseFile.openForWriting(path: path)
    }
    #expect(contents(path) == before)
    let check = try Database(path: path, access: .readOnly)
    #expect(try check.journalMode() == "delete")  // not switched to WAL
  }

  @Test("a folder where the file should be is refused")
  func folderAtPath() throws {
    let folder = try TemporaryFolder()
    #expect(throws: StoreError.notARegularFile(path: folder.path, kind: "a folder")) {
      _ = try DatabaseFile.openForWriting(path: folder.path)
    }
  }

  @Test("a device is refused")
  func deviceAtPath() throws {
    #expect(throws: StoreError.notARegularFile(path: "/dev/null", kind: "a device")) {
      _ = try DatabaseFile.openForWriting(path: "/dev/null")
    }
  }

  @Test("reading a missing file creates nothing, not even its folder")
  func missingFileForReading() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("missing/cloudy.sqlite")
    guard case .missing = try DatabaseFile.openForReading(path: path) else {
      Issue.record("expected .missing")
      return
    }
    #expect(!FileManager.default.fileExists(atPath: folder.file("missing")))
  }

  @Test("a read-only connection refuses writes with SQLITE_READONLY")
  func readOnlyConnection() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("cloudy.sqlite")
    do { _ = try DatabaseFile.openForWriting(path: path) }
    let before = contents(path)
    let database = try Database(path: path, access: .readOnly)
    #expect {
      try database.execute("UPDATE settings SET time_notation = '24h'")
    } throws: { error in
      (error as? DatabaseError)?.resultCode == 8  // SQLITE_READONLY
    }
    #expect(contents(path) == before)
  }

  @Test("a symbolic link to a database is followed; a dangling one is refused")
  func symbolicLinks() throws {
    let folder = try TemporaryFolder()
    let target = folder.file("real.sqlite")
    do { _ = try DatabaseFile.openForWriting(path: target) }
    let link = folder.file("link.sqlite")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let database = try DatabaseFile.openForWriting(path: link)
    try LocationRepository(database: database).add(place("Linked"))
    let direct = try Database(path: target, access: .readOnly)
    #expect(try LocationRepository(database: direct).all().map(\.name) == ["Linked"])
    let dangling = folder.file("dangling.sqlite")
    try FileManager.default.createSymbolicLink(
      atPath: dangling, withDestinationPath: folder.file("nowhere"))
    #expect(throws: StoreError.self) { _ = try DatabaseFile.openForWriting(path: dangling) }
  }
}
