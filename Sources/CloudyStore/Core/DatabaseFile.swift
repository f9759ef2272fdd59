import CSQLite
import CloudyPlatform

/// Opens the user's Cloudy database the way every tool should: checked, configured, migrated.
///
/// Decisions, all made so that the user's file is never damaged by Cloudy:
/// - A new database is built in a temporary file beside the destination (mode 0600, in a folder
///   created 0700), migrated, closed, and then `link(2)`ed into place, which never replaces an
///   existing file. No process ever sees a half-created database, and two processes creating
///   it at once end up sharing whichever won.
/// - An existing file must be a regular file (a symbolic link to one is followed, as SQLite
///   does, and its -wal sits beside the target); folders, devices and FIFOs are refused.
/// - A zero-length file is refused: Cloudy never leaves one, so it is a failed copy or a typo,
///   and treating it as a fresh database would hide that.
/// - The identity and version checks run before anything is written; only a Cloudy file (or a
///   file Cloudy just created) is switched to WAL and migrated.
public enum DatabaseFile {
  /// A new database under its temporary name, waiting for its first write.
  struct PendingCreation {
    let temporary: TemporaryFile
    let migrator: Migrator

    var destination: String { temporary.destination }
  }

  /// What a command found at the path when it only wants to read.
  public enum ReadOutcome {
    case missing
    case opened(Database)
  }

  /// Opens an existing database for reading without writing to it, or reports that it is
  /// missing. A file from an older Cloudy is migrated first (that is the one case a read writes).
  public static func openForReading(path: String, migrator: Migrator = Migrator()) throws
    -> ReadOutcome
  {
    guard try checkExisting(path: path) else { return .missing }
    removeAbandonedTemporaries(besides: path)
    let database = try open(path: path, access: .readOnly)
    if try !migrator.pendingMigrations(in: database).isEmpty {
      return .opened(try openForWriting(path: path, migrator: migrator))
    }
    return .opened(database)
  }

  /// Opens the database for a command that writes, creating and migrating it as needed.
  ///
  /// `creatingOnFirstWrite`: when there is no file yet, the new database stays under its
  /// temporary name until the first write transaction commits in it, and only then is linked
  /// into place; a first write that fails (an I/O error, a full disk) leaves no file behind.
  /// Without it (`cloudy-db migrate`, the app) the new, empty database is linked at once.
  public static func openForWriting(
    path: String, migrator: Migrator = Migrator(), creatingOnFirstWrite: Bool = false
  ) throws -> Database {
    if try checkExisting(path: path) {
      removeAbandonedTemporaries(besides: path)
      return try openExisting(path: path, migrator: migrator)
    }
    if creatingOnFirstWrite {
      let (database, temporary) = try buildTemporary(for: path, migrator: migrator)
      database.pendingCreation = PendingCreation(temporary: temporary, migrator: migrator)
      // The temporary is linked into place: the file keeps its identity (see `SyncDevice`).
      database.beforeNextWrite = SyncDevice.claim
      return database
    }
    try create(path: path, migrator: migrator)
    return try openExisting(path: path, migrator: migrator)
  }

  private static func openExisting(path: String, migrator: Migrator) throws -> Database {
    let pending = try probe(path: path, migrator: migrator)
    let database = try open(path: path, access: .readWrite)
    try enableWAL(database)
    // The probe vouched for the file; `migrate` checks again under the write lock. A file that
    // was up to date a moment ago needs no second reading (only a newer Cloudy could have
    // changed its version since, and no check here could stop that race anyway).
    if pending { try migrator.migrate(database) }
    // A copied file must not go on as the device it was copied from (see `SyncDevice`).
    database.beforeNextWrite = SyncDevice.claim
    database.noteCompanions()
    return database
  }

  /// Identity and version first, on a read-only connection: a foreign, damaged or newer file
  /// must stay byte-for-byte as it was. When the last read-write connection to a WAL file
  /// closes, SQLite checkpoints the -wal into it — even after a failed first read — so a stale
  /// -wal of another database beside the file would be folded in and the file destroyed by a
  /// command that then refuses it. A read-only connection never checkpoints. True when
  /// migrations are pending.
  private static func probe(path: String, migrator: Migrator) throws -> Bool {
    let probe = try open(path: path, access: .readOnly)
    return try !migrator.pendingMigrations(in: probe).isEmpty
  }

  /// Opens with `access`, turning SQLite's codes for foreign files into Cloudy's refusals.
  static func open(path: String, access: Database.Access) throws -> Database {
    do {
      return try Database(path: path, access: access) {
        try checkClaimedSize($0, path: path)
      }
    } catch let error as DatabaseError where error.isCorrupt {
      throw StoreError.notADatabase(path: path, detail: error.message)
    }
  }

  private static func enableWAL(_ database: Database) throws {
    if try database.journalMode() != "wal" {
      let mode = try database.scalarString("PRAGMA journal_mode = WAL")
      guard mode == "wal" else {
        throw DatabaseError(
          resultCode: SQLITE_ERROR,
          message:
            "could not switch \(database.path) to WAL (journal mode stays \(mode ?? "unknown"))")
      }
    }
  }

  // MARK: - Creating

  /// A new database, migrated, under a temporary name beside `path` (mode 0600, in folders
  /// created 0700), its connection open. A failure removes it and is reported as not saved.
  private static func buildTemporary(for path: String, migrator: Migrator) throws -> (
    Database, TemporaryFile
  ) {
    try makeFolders(PathComponents.folder(of: path))
    let temporary = TemporaryFile(for: path, kind: temporaryKind)
    do throws(SystemCallError) {
      try temporary.create()
    } catch {
      throw StoreError.fileSystem(error)
    }
    do {
      let database = try Database(path: temporary.path, access: .readWrite)
      try enableWAL(database)
      try migrator.migrate(database)
      return (database, temporary)
    } catch {
      temporary.remove()
      throw asNotSaved(error, path: path, temporary: temporary.path)
    }
  }

  /// An I/O failure while building a new database under its temporary name: nothing reached
  /// `path` (the temporary is removed), whatever the error said about its own outcome. Every
  /// write went to the temporary (or its journal), so that is the file the message names when
  /// SQLite's log did not.
  private static func asNotSaved(_ error: any Error, path: String, temporary: String)
    -> any Error
  {
    switch error {
    case StoreError.notSaved(_, let cause), StoreError.outcomeUnknown(_, let cause):
      StoreError.notSaved(path: path, cause: cause.happened(on: temporary))
    case let cause as DatabaseError where cause.isIOFailure:
      StoreError.notSaved(path: path, cause: cause.happened(on: temporary))
    default: error
    }
  }

  private static func create(path: String, migrator: Migrator) throws {
    let (database, temporary) = try buildTemporary(for: path, migrator: migrator)
    database.pendingCreation = PendingCreation(temporary: temporary, migrator: migrator)
    defer { temporary.remove() }
    do {
      _ = try moveIntoPlace(database, reopening: false)
    } catch {
      throw asNotSaved(error, path: path, temporary: temporary.path)
    }
  }

  /// Called by `Database` when the first write transaction committed in a database built under
  /// a temporary name: folds the -wal in, syncs the file and links it into place (never over an
  /// existing file), then reopens the connection on the real name. False when another process
  /// created the file first: the connection is then on theirs, and the write must run again.
  static func finishCreation(_ database: Database) throws -> Bool {
    try moveIntoPlace(database, reopening: true)
  }

  private static func moveIntoPlace(_ database: Database, reopening: Bool) throws -> Bool {
    guard let pending = database.pendingCreation else { return true }
    // Fold the WAL back into the file so the linked file is complete on its own.
    try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    guard isEmptyOrMissing(pending.temporary.path + "-wal") else {
      throw DatabaseError(
        resultCode: SQLITE_IOERR, message: "could not fold the new database's -wal into it")
    }
    // Closed before the sync: closing the sync's descriptor would drop the connection's locks.
    database.detach()
    do throws(SystemCallError) {
      try pending.temporary.place(.creating)
    } catch  where error.isAlreadyExisting {
      // Another process created it first; use theirs (checked like any existing file).
      guard reopening else { return false }
      let migrations = try probe(path: pending.destination, migrator: pending.migrator)
      try database.reopen(path: pending.destination, access: .readWrite)
      database.pendingCreation = nil
      pending.temporary.remove()
      try enableWAL(database)
      if migrations { try pending.migrator.migrate(database) }
      return false
    } catch {
      let what = error.call == "create" ? pending.destination : "the new database"
      throw DatabaseError(
        resultCode: SQLITE_IOERR, message: "cannot \(error.call) \(what): \(error.reason)",
        systemErrorNumber: error.errorNumber)
    }
    database.pendingCreation = nil
    guard reopening else {
      pending.temporary.remove()
      return true
    }
    // The change is saved from here on: a failure to reopen must not read as "not saved".
    do {
      do {
        try database.reopen(path: pending.destination, access: .readWrite)
      } catch let error as DatabaseError where error.isIOFailure {
        try database.reopen(path: pending.destination, access: .readWrite)
      }
    } catch let error as DatabaseError {
      pending.temporary.remove()
      throw StoreError.savedButNotReopened(path: pending.destination, cause: error)
    }
    pending.temporary.remove()
    database.noteCompanions()
    return true
  }

  /// The temporaries Cloudy writes beside their destination (`TemporaryFile`): a new database,
  /// a backup, an export.
  static let temporaryKinds = [temporaryKind, "backup", "export"]

  /// Removes what killed processes left in the database's folder: a creation killed between its
  /// link and its cleanup, a backup or an export killed half-way (full-size copies of the
  /// user's data), whatever name they were for. Run by every command that opens the database,
  /// not only by a later backup to the same name.
  static func removeAbandonedTemporaries(besides path: String) {
    AbandonedTemporaries.remove(in: PathComponents.folder(of: path), kinds: temporaryKinds)
  }

  /// A first write failed: the database built for it goes, so no file is left behind.
  static func abandonCreation(_ database: Database) {
    guard let pending = database.pendingCreation else { return }
    pending.temporary.remove()
  }

  /// True when nothing is at `path` or the file there is empty.
  static func isEmptyOrMissing(_ path: String) -> Bool {
    FileStatus.size(of: path) == 0
  }

  private static let temporaryKind = "creating"

  /// Creates `folder` and any missing parents with mode 0700.
  static func makeFolders(_ folder: String) throws {
    do throws(SystemCallError) {
      try PrivateFolders.create(folder)
    } catch  where error.isNotAFolder {
      throw StoreError.notARegularFile(path: error.path ?? folder, kind: "not a folder")
    } catch {
      throw StoreError.fileSystem(error)
    }
  }

  // MARK: - Checks

  /// True if a regular file (or a link to one) is at `path`, false if nothing is; throws for
  /// anything else, and for a zero-length file.
  public static func checkExisting(path: String) throws -> Bool {
    let found: FileStatus?
    do throws(SystemCallError) {
      found = try FileStatus.of(path)
    } catch  where error.isNotAFolder {
      throw StoreError.notARegularFile(path: PathComponents.folder(of: path), kind: "not a folder")
    } catch {
      throw StoreError.fileSystem(error)
    }
    guard let status = found else {
      if (try? FileStatus.ofEntry(path)) != nil {
        throw StoreError.notARegularFile(path: path, kind: "a symbolic link to nothing")
      }
      return false
    }
    switch status.kind {
    case .regular: break
    case .folder: throw StoreError.notARegularFile(path: path, kind: "a folder")
    case .device: throw StoreError.notARegularFile(path: path, kind: "a device")
    case .fifo: throw StoreError.notARegularFile(path: path, kind: "a FIFO")
    case .socket: throw StoreError.notARegularFile(path: path, kind: "a socket")
    case .symbolicLink, .other:
      throw StoreError.notARegularFile(path: path, kind: "not a regular file")
    }
    if status.size == 0 { throw StoreError.emptyFile(path: path) }
    return true
  }

  /// Refuses, in one line and at once, a SQLite file whose header claims more pages than the
  /// file and its -wal hold: SQLite would read the missing pages as zeros, and an integrity
  /// check or a backup would walk gigabytes of them. The header's size counts only when SQLite
  /// itself trusts it (the change counter at offset 24 equals the version-valid-for number at
  /// offset 92); a -journal beside the file may still restore it, so it is then left to SQLite.
  /// Read through the connection's own descriptor (see `Database.readMainFile`).
  static func checkClaimedSize(_ connection: OpaquePointer, path: String) throws {
    guard let header = Database.readMainFile(of: connection, offset: 0, count: 100),
      header.starts(with: Array("SQLite format 3".utf8) + [0]),
      let fileSize = Database.mainFileSize(of: connection)
    else { return }
    func bigEndian(_ offset: Int) -> Int64 {
      header[offset..<offset + 4].reduce(Int64(0)) { $0 << 8 | Int64($1) }
    }
    let rawPageSize = Int64(header[16]) << 8 | Int64(header[17])
    let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
    let pages = bigEndian(28)
    guard pageSize >= 512, pageSize & (pageSize - 1) == 0, pages > 0,
      bigEndian(24) == bigEndian(92), pages * pageSize > fileSize,
      !FileStatus.exists(path + "-journal")
    else { return }
    let walSize = FileStatus.size(of: path + "-wal")
    guard pages * pageSize > fileSize + walSize else { return }
    throw StoreError.impossibleSize(path: path, claimed: pages * pageSize, actual: fileSize)
  }

  // MARK: - File helpers

  /// The database file and the files SQLite keeps beside it.
  static func files(of path: String) -> [String] {
    ["", "-wal", "-shm", "-journal"].map { path + $0 }
  }

  /// True when `path` is the database at `database` or one of the files SQLite keeps beside it,
  /// by identity: the same file (device and inode), or for a name that does not exist yet, one
  /// of those names in the same folder (device and inode of the folder). Never by spelling.
  static func isDatabaseFile(_ path: String, of database: String) -> Bool {
    if FileStatus.isSameFile(path, asAnyOf: files(of: database)) { return true }
    let name = PathComponents.name(of: path)
    let names = files(of: PathComponents.name(of: database))
    return names.contains(name)
      && FileStatus.isSameFile(
        PathComponents.folder(of: path), asAnyOf: [PathComponents.folder(of: database)])
  }
}
