import CSQLite
import CloudyPlatform

/// What `cloudy-db check` found.
public struct CheckReport: Sendable, Equatable {
  /// `PRAGMA integrity_check` lines; `["ok"]` when the file is sound.
  public let integrity: [String]
  /// `PRAGMA foreign_key_check` rows as "table rowid → parent".
  public let foreignKeyViolations: [String]
  /// Breaches of what sync needs (`SyncInvariants`), each a sentence saying what it stops.
  public let syncProblems: [String]

  public var isOK: Bool {
    isSound && syncProblems.isEmpty
  }

  /// The file itself is whole: what a backup or a restore needs. Sync's findings (changes held
  /// for a clock far ahead, a file that is a copy of another device's) are not damage, and a
  /// backup is not refused for them; `cloudy-db check` reports them.
  public var isSound: Bool {
    integrity == ["ok"] && foreignKeyViolations.isEmpty
  }
}

/// A summary of one database for `cloudy-db info`.
public struct DatabaseInfo: Sendable, Equatable {
  public let schemaVersion: Int
  public let latestKnownVersion: Int
  public let locations: Int
  public let forecasts: Int
  public let journalMode: String
  public let pageSize: Int
  public let pageCount: Int
  /// Bytes of the database file plus its -wal, if any.
  public let fileSize: Int64
  public let sqliteVersion: String
}

/// Whole-file operations: check, backup, restore, vacuum, info.
public enum Maintenance {
  // MARK: - Check

  /// Runs `integrity_check` and `foreign_key_check`, then sync's invariants when the file is
  /// sound. A damaged file is reported, not thrown, whenever SQLite can say what is wrong.
  public static func check(_ database: Database) throws -> CheckReport {
    let integrity = try database.query("PRAGMA integrity_check") { $0.string(0) }
    let violations = try database.query("PRAGMA foreign_key_check") { row in
      "\(row.string(0)) row \(row.int64(1)) → \(row.string(2))"
    }
    // A damaged file's tables cannot be trusted to answer sync's questions.
    let sync = integrity == ["ok"] ? try SyncInvariants.problems(in: database) : []
    return CheckReport(
      integrity: integrity, foreignKeyViolations: violations, syncProblems: sync)
  }

  // MARK: - Info

  /// What `cloudy-db info` reports, read in one transaction: versions, counts, page sizes, and
  /// the file's size with its -wal (what a backup or a copy must carry).
  public static func info(_ database: Database, migrator: Migrator = Migrator()) throws
    -> DatabaseInfo
  {
    try database.read { db in
      DatabaseInfo(
        schemaVersion: try migrator.currentVersion(of: db),
        latestKnownVersion: migrator.latestVersion,
        locations: try LocationRepository(database: db).count(),
        forecasts: try ForecastRepository(database: db).count(),
        journalMode: try db.journalMode(),
        pageSize: Int(try db.scalarInt("PRAGMA page_size")),
        pageCount: Int(try db.scalarInt("PRAGMA page_count")),
        fileSize: bytesOnDisk(db.path),
        sqliteVersion: Database.sqliteVersion)
    }
  }

  // MARK: - Backup

  /// Writes a consistent copy of `database` to `destination` with SQLite's online backup API.
  ///
  /// The copy is built in a temporary file beside the destination (mode 0600), checked with
  /// `integrity_check`, synced, and only then moved into place, so a failed backup never leaves
  /// a half-written file. A read transaction is held on the source for the whole copy: other
  /// processes keep writing (to the WAL), the backup sees one snapshot and does not restart.
  /// Without `overwrite`, an existing destination is refused (atomically, with link(2)).
  public static func backup(_ database: Database, to destination: String, overwrite: Bool) throws {
    // By identity, never by spelling: `DIR/./db.sqlite`, a relative name, a path through a
    // symbolic link or a hard link all name the live file, which a rename would replace.
    if DatabaseFile.isDatabaseFile(destination, of: database.path) {
      throw MaintenanceError.sameFile(destination)
    }
    if !overwrite, FileStatus.exists(destination) {
      throw MaintenanceError.destinationExists(destination)
    }
    try DatabaseFile.makeFolders(PathComponents.folder(of: destination))
    let temporary = TemporaryFile(for: destination, kind: "backup")
    defer { temporary.remove() }
    do {
      try temporary.create()
    } catch {
      throw StoreError.fileSystem(error)
    }
    do {
      let copy = try Database(path: temporary.path, access: .readWrite)
      try database.read { source in
        try copyPages(from: source, to: copy)
      }
      // The copy is a WAL database like its source; fold its WAL in so one file is the backup.
      try copy.execute("PRAGMA wal_checkpoint(TRUNCATE)")
      let report = try check(copy)
      guard report.isSound else {
        throw MaintenanceError.copyFailedCheck(report.integrity.first ?? "foreign keys")
      }
    }
    do throws(SystemCallError) {
      try temporary.place(overwrite ? .replacing : .creating)
    } catch  where error.isAlreadyExisting && !overwrite {
      throw MaintenanceError.destinationExists(destination)
    } catch {
      throw StoreError.fileSystem(error)
    }
    // A -wal or -shm of the file that was replaced must not be read as the backup's.
    if overwrite { TemporaryFile.removeCompanions(of: destination) }
  }

  /// Copies every page of `source`'s main database into `destination` in one step.
  static func copyPages(from source: Database, to destination: Database) throws {
    guard let backup = sqlite3_backup_init(destination.handle, "main", source.handle, "main") else {
      throw DatabaseError(connection: destination.handle, code: sqlite3_errcode(destination.handle))
    }
    // Busy or locked is retried for as long as every other command waits (the connection's busy
    // timeout), then reported as busy (exit 75), never waited on without end.
    // (A step may itself wait in the destination's busy handler: the limit is on the clock.)
    var code: Int32
    let deadline =
      MonotonicClock.nanoseconds() + UInt64(Database.busyTimeoutMilliseconds) * 1_000_000
    repeat {
      code = sqlite3_backup_step(backup, -1)
      if code == SQLITE_BUSY || code == SQLITE_LOCKED {
        guard MonotonicClock.nanoseconds() < deadline else { break }
        sqlite3_sleep(20)
      }
    } while code == SQLITE_OK || code == SQLITE_BUSY || code == SQLITE_LOCKED
    let finish = sqlite3_backup_finish(backup)
    guard code == SQLITE_DONE, finish == SQLITE_OK else {
      throw DatabaseError(connection: destination.handle, code: code == SQLITE_DONE ? finish : code)
    }
  }

  // MARK: - Restore

  /// Replaces the contents of `database` with the Cloudy database at `source`.
  ///
  /// `source` must be a Cloudy database that passes `integrity_check` and is not newer than this
  /// build. The current contents are first backed up to `keepCurrentAs`; then the pages are
  /// copied in through SQLite (the backup API into the live connection), so other processes see
  /// the old database or the new one, never a torn file, and the -wal stays consistent.
  /// An older source is migrated afterwards.
  public static func restore(
    _ database: Database, from source: String, keepCurrentAs keep: String,
    migrator: Migrator = Migrator()
  ) throws {
    guard try DatabaseFile.checkExisting(path: source) else {
      throw StoreError.missingFile(path: source)
    }
    if DatabaseFile.isDatabaseFile(source, of: database.path) {
      throw MaintenanceError.restoreFromItself(source)
    }
    let input = try DatabaseFile.open(path: source, access: .readOnly)
    try input.read { db in
      guard try db.tableNames().contains("cloudy_migration") else {
        throw StoreError.notCloudyDatabase(path: source, tables: try db.tableNames())
      }
      _ = try migrator.pendingMigrations(in: db)
      let report = try check(db)
      guard report.isSound else {
        throw MaintenanceError.sourceFailedCheck(
          source, report.integrity.first ?? "foreign key violations")
      }
    }
    try backup(database, to: keep, overwrite: false)
    do {
      try input.read { db in
        try copyPages(from: db, to: database)
      }
    } catch let error as DatabaseError where error.isIOFailure {
      // As for a failed commit: frames of the copy may sit unindexed in the -wal, and a later
      // reader would recover them. Drop them, or say the outcome is unknown (and keep the copy).
      if database.discardUnindexedFrames() {
        TemporaryFile.remove(keep)
        throw StoreError.notSaved(path: database.path, cause: error)
      }
      throw StoreError.outcomeUnknown(path: database.path, cause: error)
    } catch {
      // Refused (busy, say): the database is as it was, so the copy of it made for this restore
      // goes too — a retried restore would otherwise leave one full copy per try.
      TemporaryFile.remove(keep)
      throw error
    }
    do {
      try migrator.migrate(database)
      // The restored file is an earlier state of this device: it syncs on as a new one.
      try SyncDevice.renewAfterRestore(database)
    } catch {
      let problem =
        switch error {
        case StoreError.notSaved(_, let cause), StoreError.outcomeUnknown(_, let cause):
          cause.causeWords
        case let error as DatabaseError: error.causeWords
        default: "\(error)"
        }
      throw MaintenanceError.restoredButNotMigrated(database.path, keep: keep, problem: problem)
    }
    // The copied pages sit in the -wal: folded in now unless another process is reading.
    database.checkpointIfDue()
  }

  // MARK: - Vacuum

  /// Rebuilds the file to reclaim free pages; returns the sizes before and after.
  public static func vacuum(_ database: Database) throws -> (before: Int64, after: Int64) {
    let before = bytesOnDisk(database.path)
    try database.execute("VACUUM")
    // Durable at COMMIT (the connection is synchronous=FULL); the -wal, as large as the file
    // now, is folded in unless that would take frames from another process's reader.
    database.checkpointIfDue()
    return (before, bytesOnDisk(database.path))
  }

  /// The file and its -wal: what the database takes on disk, and what a copy must carry.
  static func bytesOnDisk(_ path: String) -> Int64 {
    FileStatus.size(of: path) + FileStatus.size(of: path + "-wal")
  }
}

/// Why a whole-file operation was refused; the files involved are unchanged.
public enum MaintenanceError: Error, Equatable, Sendable, CustomStringConvertible {
  case destinationExists(String)
  case sameFile(String)
  /// `restore` given the live database itself (under any name) as the backup to restore.
  case restoreFromItself(String)
  case copyFailedCheck(String)
  case sourceFailedCheck(String, String)
  /// The backup's content was copied in, but migrating it to this Cloudy's schema failed.
  case restoredButNotMigrated(String, keep: String, problem: String)

  public var description: String {
    switch self {
    case .destinationExists(let path): "\(path) already exists"
    case .sameFile(let path): "cannot back up \(path) onto itself; choose another destination"
    case .copyFailedCheck(let problem):
      "the copy failed its integrity check (\(problem)); nothing was written"
    case .restoreFromItself(let path):
      "\(path) is the database itself, not a backup of it; nothing was restored"
    case .sourceFailedCheck(let path, let problem):
      "\(path) failed its integrity check (\(problem)); nothing was restored"
    case .restoredButNotMigrated(let path, let keep, let problem):
      "\(path) now holds the backup, but bringing it up to this Cloudy's schema failed (\(problem)); the previous database is kept as \(keep)"
    }
  }
}
