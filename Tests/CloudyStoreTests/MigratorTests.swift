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

@Suite("Migration 0003: forecasts keep what the response holds")
struct ForecastOptionalValuesMigrationTests {
  /// Rows as Cloudy wrote them before version 3 (the Auckland recording's first values, and a
  /// Dark Sky forecast of the device's position), in the SQL of that schema.
  static let oldRows = """
    INSERT INTO location (id, name, latitude, longitude, position, source)
      VALUES (1, 'Auckland', -36.85, 174.76, 0, 'coordinates'),
             (2, 'San Francisco', 37.77, -122.42, 1, 'coordinates');
    INSERT INTO selection (id, kind, location_id) VALUES (1, 'saved', 1);
    INSERT INTO forecast (id, location_id, provider, fetched_at, latitude, longitude, time_zone,
      observed_at, summary, icon, temperature, wind_speed, precipitation_probability)
      VALUES (7, 1, 'open-meteo', 1768425000, -36.875, 174.75, 'Pacific/Auckland', 1768421700,
              'Partly Cloudy', 'partly-cloudy-day', 67.8, 12.9, 0.2),
             (9, NULL, 'dark-sky', 1519151000, 37.8267, -122.4233, 'America/Los_Angeles',
              1519150919, 'Clear', 'clear-day', 44.32, 3.32, NULL);
    INSERT INTO forecast_day (forecast_id, time, summary, icon, temperature_min, temperature_max,
      wind_speed, precipitation_probability)
      VALUES (7, 1768388400, 'Rain', 'rain', 60.9, 74.0, 14.5, 0.61),
             (7, 1768474800, 'Clear', 'clear-day', 59.5, 72.1, 9.8, NULL),
             (9, 1519113600, 'Mostly cloudy overnight.', 'partly-cloudy-night', 37.47, 54.34,
              4.85, 0.03);
    INSERT INTO forecast_hour (forecast_id, time, summary, icon, temperature, wind_speed,
      precipitation_probability)
      VALUES (7, 1768420800, 'Partly Cloudy', 'partly-cloudy-day', 67.5, 12.3, 0.2),
             (7, 1768424400, 'Rain Showers', 'rain', 69.2, 13.0, NULL),
             (9, 1519149600, 'Clear', 'clear-day', 43.98, 3.1, 0);
    """

  /// A file at schema `versions` (the embedded migrations up to it) holding `oldRows`.
  static func file(versions: Int, in folder: TemporaryFolder, extra: String = "") throws -> String {
    let path = folder.file("v\(versions).sqlite")
    let old = Migration.embedded.filter { $0.version <= versions }
    #expect(old.map(\.version) == Array(1...versions))
    let database = try DatabaseFile.openForWriting(path: path, migrator: Migrator(migrations: old))
    #expect(try Migrator().currentVersion(of: database) == versions)
    try database.executeScript(oldRows + extra)
    return path
  }

  /// Every value of the old columns, as text, to compare before and after. A version-1 file
  /// has no `issued_at`/`has_current` yet: `versionTwoColumns` says what 0002 fills them with.
  /// `precipitation_probability` as the fraction it was before migration 11 stored percent.
  static func chance(_ database: Database) throws -> String {
    let percent = Migration.embedded.first { $0.name == "hourly_air_quality_and_percent_chance" }
    let version = try Migrator().currentVersion(of: database)
    return version >= (percent?.version ?? .max)
      ? "precipitation_probability / 100.0" : "precipitation_probability"
  }

  static func oldColumns(
    _ database: Database, versionTwoColumns: String = "issued_at, has_current"
  ) throws -> [String] {
    let chance = try chance(database)
    var rows: [String] = []
    rows += try database.query(
      """
      SELECT id, location_id, provider, fetched_at, latitude, longitude, time_zone, observed_at,
        summary, icon, temperature, wind_speed, \(chance), \(versionTwoColumns)
      FROM forecast ORDER BY id
      """
    ) { row in (0..<15).map { "\(row.value(Int32($0)))" }.joined(separator: "|") }
    rows += try database.query(
      """
      SELECT forecast_id, time, summary, icon, temperature_min, temperature_max, wind_speed,
        \(chance) FROM forecast_day ORDER BY forecast_id, time
      """
    ) { row in (0..<8).map { "\(row.value(Int32($0)))" }.joined(separator: "|") }
    rows += try database.query(
      """
      SELECT forecast_id, time, summary, icon, temperature, wind_speed, \(chance)
      FROM forecast_hour ORDER BY forecast_id, time
      """
    ) { row in (0..<7).map { "\(row.value(Int32($0)))" }.joined(separator: "|") }
    return rows
  }

  @Test(
    "from every earlier version (0001; 0001+0002) with forecasts in it: every value survives, the new columns are NULL, keys and indexes hold",
    arguments: [1, 2])
  func upgradesEveryEarlierVersion(from version: Int) throws {
    let folder = try TemporaryFolder()
    // Version 2 files may hold forecasts without current conditions.
    let extra =
      version == 2
      ? "UPDATE forecast SET has_current = 0, issued_at = 1519149600 WHERE id = 9;" : ""
    let path = try Self.file(versions: version, in: folder, extra: extra)
    let before: [String]
    do {
      let database = try Database(path: path, access: .readOnly)
      before = try Self.oldColumns(
        database, versionTwoColumns: version == 1 ? "observed_at, 1" : "issued_at, has_current")
    }
    #expect(before.count == 2 + 3 + 3)

    let database = try DatabaseFile.openForWriting(path: path)
    let migrator = Migrator()
    #expect(try migrator.currentVersion(of: database) == migrator.latestVersion)
    #expect(try database.scalarInt("PRAGMA user_version") == Int64(migrator.latestVersion))
    #expect(
      try migrator.appliedMigrations(in: database).map(\.version)
        == Array(1...migrator.latestVersion))
    #expect(try Self.oldColumns(database) == before)
    // The new columns are there, and NULL in every row stored before.
    for (table, columns) in [
      ("forecast", ["apparent_temperature", "precipitation"]),
      (
        "forecast_day",
        [
          "precipitation_sum", "apparent_temperature_min", "apparent_temperature_max", "sunrise",
          "sunset",
        ]
      ),
      ("forecast_hour", ["precipitation", "apparent_temperature"]),
    ] {
      for column in columns {
        #expect(
          try database.scalarInt("SELECT count(*) FROM \(table) WHERE \(column) IS NOT NULL") == 0)
        #expect(
          try database.scalarInt(
            "SELECT count(*) FROM pragma_table_info('\(table)') WHERE name = '\(column)'") == 1)
      }
    }
    // Nothing of the rebuild is left behind, the indexes are back, the keys are sound.
    #expect(
      try database.scalarInt("SELECT count(*) FROM sqlite_master WHERE name LIKE '%_new'") == 0)
    let indexes = try database.query(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'forecast' AND sql IS NOT NULL ORDER BY name"
    ) { $0.string(0) }
    #expect(indexes == ["forecast_by_fetched_at", "forecast_by_issued_at", "forecast_latest"])
    #expect(try database.scalarInt("SELECT count(*) FROM pragma_foreign_key_check") == 0)
    #expect(try database.query("PRAGMA integrity_check") { $0.string(0) } == ["ok"])

    // The store reads the old forecasts back as they were.
    let repository = ForecastRepository(database: database)
    let auckland = try #require(try repository.latest(for: .saved(1)))
    #expect(auckland.current.temperature == 67.8)
    #expect(auckland.current.summary == "Partly Cloudy")
    #expect(auckland.current.apparentTemperature == nil)
    #expect(auckland.days.map(\.temperatureMax) == [74.0, 72.1])
    #expect(auckland.days.allSatisfy { $0.sunrise == nil && $0.precipitationSum == nil })
    #expect(auckland.hours.map(\.temperature) == [67.5, 69.2])
    let device = try #require(try repository.latest(for: .current))
    #expect(device.provider == .darkSky)
    #expect(device.contents.contains(.current) == (version == 1))

    // The schema's rules after the rebuild: NULL values are allowed, present ones checked, a
    // row holds a value, the provider may be Pirate Weather, deletes still cascade.
    try database.execute("UPDATE forecast SET temperature = NULL, summary = NULL WHERE id = 7")
    try database.execute(
      "INSERT INTO forecast_hour (forecast_id, time, temperature) VALUES (7, 1768428000, 70.1)")
    try database.execute("UPDATE forecast SET provider = 'pirate-weather' WHERE id = 9")
    #expect(throws: (any Error).self) {
      try database.execute("INSERT INTO forecast_hour (forecast_id, time) VALUES (7, 1768431600)")
    }
    #expect(throws: (any Error).self) {
      try database.execute("UPDATE forecast_hour SET wind_speed = -1 WHERE forecast_id = 7")
    }
    #expect(throws: (any Error).self) {
      try database.execute("UPDATE forecast_day SET temperature_min = 99 WHERE forecast_id = 7")
    }
    #expect(throws: (any Error).self) {
      try database.execute("UPDATE forecast SET provider = 'weather-underground' WHERE id = 7")
    }
    #expect(throws: (any Error).self) {
      try database.execute("UPDATE forecast_day SET precipitation_sum = -0.1 WHERE forecast_id = 7")
    }
    #expect(throws: (any Error).self) {
      try database.execute(
        "INSERT INTO forecast_day (forecast_id, time, temperature_max) VALUES (404, 0, 50)")
    }
    try database.execute("DELETE FROM location WHERE id = 1")
    #expect(try database.scalarInt("SELECT count(*) FROM forecast_day WHERE forecast_id = 7") == 0)
    #expect(try database.scalarInt("SELECT count(*) FROM forecast_hour WHERE forecast_id = 7") == 0)
    #expect(try database.scalarInt("SELECT count(*) FROM forecast") == 1)
  }

  @Test("a forecast with missing values and the new ones is stored and read back as it was")
  func missingAndNewValuesRoundTrip() throws {
    let folder = try TemporaryFolder()
    let database = try migratedDatabase(in: folder)
    let id = try LocationRepository(database: database).add(place("Kochi", 9.97, 76.28)).id
    let weather = WeatherData(
      provider: .pirateWeather, fetchedAt: 1_696_570_000, coordinate: coordinate(10, 76.25),
      timeZone: "Asia/Kolkata",
      current: WeatherConditions(
        time: 1_696_568_400, summary: nil, icon: nil, temperature: 86.36, windSpeed: nil,
        apparentTemperature: 95.1, precipitation: 0.01),
      days: [
        WeatherDayData(
          time: 1_696_530_600, summary: nil, icon: nil, temperatureMin: 78.26,
          temperatureMax: 88.7, windSpeed: nil, precipitationProbability: 0,
          precipitationSum: 0.2, apparentTemperatureMin: 80, apparentTemperatureMax: 99,
          sunrise: 1_696_552_980, sunset: 1_696_596_180)
      ],
      hours: [
        WeatherHourData(
          time: 1_696_568_400, summary: "Overcast", icon: .cloudy, temperature: nil,
          windSpeed: 3.1)
      ])
    try ForecastRepository(database: database).save(weather, for: .saved(id))
    let read = try #require(try ForecastRepository(database: database).latest(for: .saved(id)))
    #expect(read == weather)
    #expect(try database.scalarInt("SELECT count(*) FROM forecast WHERE temperature IS NULL") == 0)
    #expect(try database.scalarInt("SELECT count(*) FROM forecast WHERE wind_speed IS NULL") == 1)
    #expect(
      try database.query("SELECT provider FROM forecast") { $0.string(0) } == ["pirate-weather"])
  }
}
