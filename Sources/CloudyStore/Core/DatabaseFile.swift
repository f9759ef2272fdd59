import CSQLite
import CloudyPlatform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

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
    let database = try open(path: path, access: .readOnly)
    if try !migrator.pendingMigrations(in: database).isEmpty {
      return .opened(try openForWriting(path: path, migrator: migrator))
    }
    return .opened(database)
  }

  /// Opens the database for a command that writes, creating and migrating it as needed.
  public static func openForWriting(path: String, migrator: Migrator = Migrator()) throws
    -> Database
  {
    if try checkExisting(path: path) {
      // A creation killed between its link and its cleanup left its temporary file behind.
      AbandonedTemporaries.remove(in: parentFolder(of: path), prefix: temporaryPrefix(of: path))
      return try openExisting(path: path, migrator: migrator)
    }
    try create(path: path, migrator: migrator)
    return try openExisting(path: path, migrator: migrator)
  }

  private static func openExisting(path: String, migrator: Migrator) throws -> Database {
    // Identity and version first, on a read-only connection: a foreign, damaged or newer file
    // must stay byte-for-byte as it was. When the last read-write connection to a WAL file
    // closes, SQLite checkpoints the -wal into it — even after a failed first read — so a stale
    // -wal of another database beside the file would be folded in and the file destroyed by a
    // command that then refuses it. A read-only connection never checkpoints.
    let pending: Bool
    do {
      let probe = try open(path: path, access: .readOnly)
      pending = try !migrator.pendingMigrations(in: probe).isEmpty
    }
    let database = try open(path: path, access: .readWrite)
    try enableWAL(database)
    // The probe vouched for the file; `migrate` checks again under the write lock. A file that
    // was up to date a moment ago needs no second reading (only a newer Cloudy could have
    // changed its version since, and no check here could stop that race anyway).
    if pending { try migrator.migrate(database) }
    return database
  }

  /// Opens with `access`, turning SQLite's codes for foreign files into Cloudy's refusals.
  static func open(path: String, access: Database.Access) throws -> Database {
    do {
      return try Database(path: path, access: access)
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

  private static func create(path: String, migrator: Migrator) throws {
    let folder = parentFolder(of: path)
    try makeFolders(folder)
    let prefix = temporaryPrefix(of: path)
    let temporary = "\(folder)/\(prefix)\(getpid())"
    removeDatabaseFiles(temporary)
    AbandonedTemporaries.remove(in: folder, prefix: prefix)
    let descriptor = Glibc.open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw fileSystemError(temporary, "create") }
    close(descriptor)
    defer { removeDatabaseFiles(temporary) }
    do {
      let database = try Database(path: temporary, access: .readWrite)
      try enableWAL(database)
      try migrator.migrate(database)
      // Fold the WAL back into the file so the linked file is complete on its own.
      try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
    try syncFile(temporary)
    if link(temporary, path) != 0 {
      // Another process created it first; use theirs.
      guard errno == EEXIST else { throw fileSystemError(path, "create") }
      return
    }
    // The temporary name goes at once, before the slow folder sync, so a kill leaves none.
    removeDatabaseFiles(temporary)
    syncFolder(folder)
  }

  /// `.NAME.creating-`: the start of the temporary names used while creating `path`.
  static func temporaryPrefix(of path: String) -> String { ".\(baseName(of: path)).creating-" }

  /// Creates `folder` and any missing parents with mode 0700.
  public static func makeFolders(_ folder: String) throws {
    var current = folder.hasPrefix("/") ? "" : "."
    for component in folder.split(separator: "/") {
      current += "/" + component
      var info = stat()
      if stat(current, &info) == 0 {
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
          throw StoreError.notARegularFile(path: current, kind: "not a folder")
        }
        continue
      }
      if mkdir(current, 0o700) != 0 && errno != EEXIST {
        throw fileSystemError(current, "create the folder")
      }
    }
  }

  // MARK: - Checks

  /// True if a regular file (or a link to one) is at `path`, false if nothing is; throws for
  /// anything else, and for a zero-length file.
  public static func checkExisting(path: String) throws -> Bool {
    var info = stat()
    guard stat(path, &info) == 0 else {
      if errno == ENOENT {
        var linkInfo = stat()
        if lstat(path, &linkInfo) == 0 {
          throw StoreError.notARegularFile(path: path, kind: "a symbolic link to nothing")
        }
        return false
      }
      if errno == ENOTDIR {
        throw StoreError.notARegularFile(path: parentFolder(of: path), kind: "not a folder")
      }
      throw fileSystemError(path, "read")
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw StoreError.notARegularFile(path: path, kind: "a folder")
    case S_IFCHR, S_IFBLK: throw StoreError.notARegularFile(path: path, kind: "a device")
    case S_IFIFO: throw StoreError.notARegularFile(path: path, kind: "a FIFO")
    case S_IFSOCK: throw StoreError.notARegularFile(path: path, kind: "a socket")
    default: throw StoreError.notARegularFile(path: path, kind: "not a regular file")
    }
    if info.st_size == 0 { throw StoreError.emptyFile(path: path) }
    return true
  }

  // MARK: - File helpers

  static func parentFolder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }

  static func baseName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// The database file and the files SQLite keeps beside it.
  static func files(of path: String) -> [String] {
    ["", "-wal", "-shm", "-journal"].map { path + $0 }
  }

  /// True when `path` is the database at `database` or one of the files SQLite keeps beside it,
  /// by identity: the same file (device and inode), or for a name that does not exist yet, one
  /// of those names in the same folder (device and inode of the folder). Never by spelling.
  static func isDatabaseFile(_ path: String, of database: String) -> Bool {
    if FileOutput.isSameFile(path, asAnyOf: files(of: database)) { return true }
    let name = baseName(of: path)
    let names = files(of: baseName(of: database))
    return names.contains(name)
      && FileOutput.isSameFile(parentFolder(of: path), asAnyOf: [parentFolder(of: database)])
  }

  static func removeDatabaseFiles(_ path: String) {
    for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
  }

  static func syncFile(_ path: String) throws {
    let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw fileSystemError(path, "open") }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 else { throw fileSystemError(path, "sync") }
  }

  /// Makes a new directory entry durable; best effort, as some file systems refuse it.
  static func syncFolder(_ folder: String) {
    let descriptor = Glibc.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  static func fileSystemError(_ path: String, _ operation: String) -> StoreError {
    let code = errno
    return StoreError.fileSystem(
      path: path, operation: operation, errno: code, message: String(cString: strerror(code)))
  }
}
