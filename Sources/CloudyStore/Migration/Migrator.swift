import CSQLite

/// Brings a Cloudy database to the schema version this build knows, or refuses it untouched.
///
/// Each migration runs in its own `BEGIN IMMEDIATE` transaction, and the list of applied
/// migrations is read *inside* that transaction, after the write lock is taken: two Cloudy
/// processes opening a fresh file at once cannot both apply the same migration (GRDB's migrator
/// serializes only within one process). Foreign keys are switched off around a migration (the
/// pragma is ignored inside a transaction) so one may rebuild tables, and
/// `PRAGMA foreign_key_check` must come back empty before it commits.
///
/// Refusals, each before anything is written: a file recording a version newer than this build
/// knows (GRDB skips unknown migrations; Cloudy refuses them), an applied migration whose
/// checksum differs from the embedded one, and a file with tables of its own but no
/// `cloudy_migration` table.
public struct Migrator: Sendable {
  public let migrations: [Migration]

  /// Identifies Cloudy files to tools such as `file(1)`: 'Cldy'.
  public static let applicationID: Int32 = 0x436C_6479

  public init(migrations: [Migration] = Migration.embedded) {
    self.migrations = migrations.sorted { $0.version < $1.version }
  }

  /// The newest version this build knows.
  public var latestVersion: Int { migrations.last?.version ?? 0 }

  // MARK: - Inspection (never writes)

  /// Refuses foreign files: an empty schema (a new file) or one with `cloudy_migration` is fine.
  ///
  /// A Cloudy file is told by two reads (its `application_id`, and that `cloudy_migration` is
  /// there, the same statement `appliedMigrations` runs next); the list of its tables is read
  /// only to name them in a refusal, or to see that a file without that table is empty.
  public func checkIdentity(of database: Database) throws {
    _ = try identify(database)
  }

  /// `checkIdentity`'s work; returns whether the file has `cloudy_migration` (false: a new,
  /// empty file), so the caller reads the applied migrations without asking again.
  private func identify(_ database: Database) throws -> Bool {
    let applicationID = Int32(truncatingIfNeeded: try database.scalarInt("PRAGMA application_id"))
    if applicationID != 0 && applicationID != Self.applicationID {
      throw StoreError.notCloudyDatabase(path: database.path, tables: try database.tableNames())
    }
    if try hasMigrationTable(database) { return true }
    let tables = try database.tableNames()
    if !tables.isEmpty {
      throw StoreError.notCloudyDatabase(path: database.path, tables: tables)
    }
    return false
  }

  private func hasMigrationTable(_ database: Database) throws -> Bool {
    try database.scalarInt(
      "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'cloudy_migration'") > 0
  }

  /// What `cloudy_migration` records, oldest first; empty for a new file.
  public func appliedMigrations(in database: Database) throws -> [AppliedMigration] {
    guard try hasMigrationTable(database) else { return [] }
    return try recordedMigrations(in: database)
  }

  /// The rows of `cloudy_migration`, which the caller knows is there.
  private func recordedMigrations(in database: Database) throws -> [AppliedMigration] {
    try database.query(
      "SELECT version, name, checksum, applied_at FROM cloudy_migration ORDER BY version"
    ) {
      AppliedMigration(
        version: $0.int(0), name: $0.string(1), checksum: $0.string(2), appliedAt: $0.string(3))
    }
  }

  /// The schema version of the file: the newest recorded migration, or `user_version` if a tool
  /// set it higher (both are checked so neither can hide a newer file).
  public func currentVersion(of database: Database) throws -> Int {
    let recorded = try appliedMigrations(in: database).last?.version ?? 0
    let userVersion = Int(try database.scalarInt("PRAGMA user_version"))
    return max(recorded, userVersion)
  }

  /// Migrations still to apply. Throws if the file is foreign, newer, or was migrated with
  /// different SQL. Reads only.
  public func pendingMigrations(in database: Database) throws -> [Migration] {
    let applied = try identify(database) ? try recordedMigrations(in: database) : []
    try validate(
      applied: applied, userVersion: Int(try database.scalarInt("PRAGMA user_version")),
      path: database.path)
    // A dozen versions: a list is searched faster than a set is built.
    let done = applied.map(\.version)
    return migrations.filter { !done.contains($0.version) }
  }

  private func validate(applied: [AppliedMigration], userVersion: Int, path: String) throws {
    let newest = max(applied.last?.version ?? 0, userVersion)
    if newest > latestVersion {
      throw StoreError.newerSchema(path: path, found: newest, known: latestVersion)
    }
    for record in applied {
      guard let migration = migrations.first(where: { $0.version == record.version }) else {
        continue
      }
      if !migration.matches(recordedChecksum: record.checksum) {
        throw StoreError.checksumMismatch(path: path, version: record.version, name: record.name)
      }
    }
  }

  // MARK: - Migrating

  /// Applies what is pending; returns the migrations applied by this call (empty if none,
  /// in which case nothing was written).
  @discardableResult
  public func migrate(_ database: Database) throws -> [Migration] {
    guard !(try pendingMigrations(in: database)).isEmpty else { return [] }
    var appliedNow: [Migration] = []
    for migration in migrations {
      if try apply(migration, to: database) { appliedNow.append(migration) }
    }
    return appliedNow
  }

  /// Applies one migration unless another process already did; true if this call applied it.
  private func apply(_ migration: Migration, to database: Database) throws -> Bool {
    try database.execute("PRAGMA foreign_keys = OFF")
    defer { try? database.execute("PRAGMA foreign_keys = ON") }
    return try database.write { db in
      // Re-read under the write lock: the check and the apply are one transaction.
      try checkIdentity(of: db)
      let applied = try appliedMigrations(in: db)
      try validate(
        applied: applied, userVersion: Int(try db.scalarInt("PRAGMA user_version")), path: db.path)
      if applied.contains(where: { $0.version == migration.version }) { return false }
      try db.executeScript(
        """
        CREATE TABLE IF NOT EXISTS cloudy_migration (
          version    INTEGER PRIMARY KEY CHECK (version > 0),
          name       TEXT NOT NULL,
          checksum   TEXT NOT NULL,  -- crc32:… of migrations/NNNN_name.sql (SHA-256 hex before)
          applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
        )
        """)
      do {
        try db.executeScript(migration.sql)
      } catch let error as DatabaseError {
        throw StoreError.migrationFailed(
          version: migration.version, name: migration.name, underlying: error)
      }
      try db.execute(
        "INSERT INTO cloudy_migration (version, name, checksum) VALUES (?, ?, ?)",
        [migration.version, migration.name, migration.checksum])
      // PRAGMA takes no parameters; both values are integers from this build, not user input.
      try db.execute("PRAGMA user_version = \(migration.version)")
      try db.execute("PRAGMA application_id = \(Self.applicationID)")
      let violations = try db.scalarInt("SELECT count(*) FROM pragma_foreign_key_check")
      if violations > 0 {
        throw StoreError.foreignKeyViolations(
          count: Int(violations), after: "migration \(migration.version) \(migration.name)")
      }
      return true
    }
  }
}
