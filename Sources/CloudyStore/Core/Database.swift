import CSQLite

/// One connection to a Cloudy database file.
///
/// Threading model: a `Database` is a plain, non-`Sendable` class. Swift 6's strict concurrency
/// keeps it inside the isolation domain that opened it (one thread or task at a time), which is
/// how SQLite connections are meant to be used; Cloudy's tools are single-threaded processes
/// that each open their own connection, and SQLite's file locks (WAL, busy timeout,
/// `BEGIN IMMEDIATE`) coordinate the processes. Open a second `Database` to work elsewhere.
///
/// Every failure is a thrown `DatabaseError`; nothing here traps on any file or input.
public final class Database {
  private(set) var handle: OpaquePointer
  /// The path as given to `open` (for a database being created, its temporary name until the
  /// first write moves it into place).
  public private(set) var path: String
  /// Made with room for a command's statements (a dozen or two), so that it does not grow,
  /// rehashing every SQL text, while a command starts.
  private var statementCache = [String: Statement](minimumCapacity: 32)
  /// Set while a new database waits under a temporary name for its first write (see
  /// `DatabaseFile.openForWriting(path:migrator:creatingOnFirstWrite:)`).
  var pendingCreation: DatabaseFile.PendingCreation?
  /// Runs inside the next write transaction, before its body, until one commits: work a
  /// writer owes the file that must not cost a transaction of its own (`SyncDevice.claim`).
  var beforeNextWrite: ((Database) throws -> Void)?
  /// The -wal and -shm this process held when last looked at (see `HeldCompanions`); nil
  /// until noted.
  private var heldCompanions: HeldCompanions?

  /// How long a statement waits for another process's lock before failing with SQLITE_BUSY.
  /// Cloudy's writes are short; five seconds covers a burst of concurrent commands and a backup.
  public static let busyTimeoutMilliseconds: Int32 = 5_000

  /// How a connection opens its file: a reader must never create or change one.
  public enum Access: Sendable {
    /// Reads only; the file must exist. Never changes the file.
    case readOnly
    /// Reads and writes; the file must exist.
    case readWrite
    /// Reads and writes, creating an empty file if there is none.
    case create
  }

  /// Opens `path` and checks at once that it is a database (a foreign file fails here with
  /// SQLITE_NOTADB, before anything is written), then applies the connection settings.
  ///
  /// Settings: `foreign_keys=ON`; a busy timeout; `synchronous=FULL`, so that a transaction
  /// that committed survives a crash of the process and of the machine (NORMAL in WAL mode can
  /// lose the last commits on power loss). The journal mode is the migrator's business: it
  /// switches to WAL only once the file is known to be Cloudy's.
  public init(path: String, access: Access) throws {
    self.handle = try Self.connect(path: path, access: access)
    self.path = path
  }

  /// The same, running `check` on the connection before SQLite first reads the file.
  init(path: String, access: Access, beforeFirstRead check: (OpaquePointer) throws -> Void) throws {
    self.handle = try Self.connect(path: path, access: access, beforeFirstRead: check)
    self.path = path
  }

  /// Closes this connection and opens `path` in its place (a new database moved into place).
  /// When that fails, the connection is left on an empty in-memory database (never on a
  /// closed handle) and the error is thrown.
  func reopen(path newPath: String, access: Access) throws {
    detach()
    let opened = try Self.connect(path: newPath, access: access)
    sqlite3_close_v2(handle)
    handle = opened
    path = newPath
  }

  /// Leaves the file: the connection is closed and an empty in-memory database takes its place.
  func detach() {
    statementCache.removeAll()
    var memory: OpaquePointer?
    sqlite3_open_v2(":memory:", &memory, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil)
    guard let memory else { return }
    sqlite3_close_v2(handle)
    handle = memory
  }

  private static func connect(
    path: String, access: Access, beforeFirstRead check: (OpaquePointer) throws -> Void = { _ in }
  ) throws -> OpaquePointer {
    _ = FailedFileLog.installed
    var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
    switch access {
    case .readOnly: flags |= SQLITE_OPEN_READONLY
    case .readWrite: flags |= SQLITE_OPEN_READWRITE
    case .create: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
    }
    var connection: OpaquePointer?
    let code = path.withCString { sqlite3_open_v2($0, &connection, flags, nil) }
    guard code == SQLITE_OK, let connection else {
      let error = DatabaseError(connection: connection, code: code)
      sqlite3_close_v2(connection)
      throw error
    }
    sqlite3_extended_result_codes(connection, 1)
    sqlite3_busy_timeout(connection, Self.busyTimeoutMilliseconds)
    do {
      try check(connection)
    } catch {
      sqlite3_close_v2(connection)
      throw error
    }
    // Forces SQLite to read the header and schema now: a foreign or damaged file fails here.
    var settings = "SELECT count(*) FROM sqlite_master; PRAGMA foreign_keys = ON;"
    if access != .readOnly { settings += " PRAGMA synchronous = FULL;" }
    let settled = sqlite3_exec(connection, settings, nil, nil, nil)
    guard settled == SQLITE_OK else {
      let error = DatabaseError(connection: connection, code: settled)
      sqlite3_close_v2(connection)
      throw error
    }
    return connection
  }

  deinit {
    statementCache.removeAll()
    sqlite3_close_v2(handle)
    if pendingCreation != nil { DatabaseFile.abandonCreation(self) }
  }

  // MARK: - Statements

  /// A prepared statement for `sql`, kept and reused for the life of the connection.
  /// Its bindings are cleared and its cursor reset each time it is handed out.
  public func cachedStatement(_ sql: String) throws -> Statement {
    if let statement = statementCache[sql] {
      statement.reset()
      sqlite3_clear_bindings(statement.handle)
      return statement
    }
    let statement = try Statement(database: self, sql: sql)
    statementCache[sql] = statement
    return statement
  }

  /// Runs one statement with arguments, ignoring any rows it returns.
  public func execute(_ sql: String, _ arguments: [any DatabaseValueConvertible] = []) throws {
    let statement = try cachedStatement(sql)
    try statement.bind(arguments)
    defer { statement.reset() }
    while try statement.step() {}
  }

  /// Runs a script of several statements (a migration), with no arguments.
  public func executeScript(_ sql: String) throws {
    var message: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(handle, sql, nil, nil, &message)
    guard code == SQLITE_OK else {
      let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
      sqlite3_free(message)
      let errorNumber = sqlite3_system_errno(handle)
      throw DatabaseError(
        resultCode: code, extendedCode: sqlite3_extended_errcode(handle), message: text, sql: sql,
        systemErrorNumber: errorNumber,
        file: DatabaseError.failedFile(code: code, errorNumber: errorNumber, connection: handle))
    }
  }

  /// Runs a query and maps each row; the statement is reset afterwards so it holds no lock.
  public func query<Row>(
    _ sql: String, _ arguments: [any DatabaseValueConvertible] = [], row: (Statement) throws -> Row
  ) throws -> [Row] {
    let statement = try cachedStatement(sql)
    try statement.bind(arguments)
    defer { statement.reset() }
    var rows: [Row] = []
    while try statement.step() {
      rows.append(try row(statement))
    }
    return rows
  }

  /// The first row of a query, or nil.
  public func queryFirst<Row>(
    _ sql: String, _ arguments: [any DatabaseValueConvertible] = [], row: (Statement) throws -> Row
  ) throws -> Row? {
    let statement = try cachedStatement(sql)
    try statement.bind(arguments)
    defer { statement.reset() }
    return try statement.step() ? row(statement) : nil
  }

  /// The integer in the first column of the first row (0 when there is no row or it is NULL).
  public func scalarInt(_ sql: String, _ arguments: [any DatabaseValueConvertible] = []) throws
    -> Int64
  {
    try queryFirst(sql, arguments) { $0.int64(0) } ?? 0
  }

  /// The text in the first column of the first row.
  public func scalarString(_ sql: String, _ arguments: [any DatabaseValueConvertible] = []) throws
    -> String?
  {
    try queryFirst(sql, arguments) { $0.optionalString(0) } ?? nil
  }

  /// Rows changed by the last INSERT, UPDATE or DELETE.
  public var changes: Int { Int(sqlite3_changes64(handle)) }

  public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// True between BEGIN and COMMIT/ROLLBACK.
  public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

  // MARK: - Transactions

  /// Runs `body` in a write transaction, committed if it returns and rolled back if it throws.
  ///
  /// Uses `BEGIN IMMEDIATE`: the write lock is taken before the first read, so a transaction that
  /// reads then writes never fails with SQLITE_BUSY_SNAPSHOT under WAL, and waits for other
  /// writers within the busy timeout instead. Nested calls become savepoints.
  ///
  /// Durable when it returns: the commit is made without a sync (`synchronous=OFF` into an
  /// empty -wal, `NORMAL` otherwise) and then made durable by `settleCommit` — by the checkpoint
  /// when one is due (it syncs the -wal, then the file), or else by syncing the -wal, the one
  /// sync `synchronous=FULL` would have made at COMMIT (see `CommitDurability.swift` for why,
  /// and what it saves).
  ///
  /// An I/O error (EIO, a full disk) makes the outcome definite before it is reported: when a
  /// sync of the -wal fails inside COMMIT, the frames are written but not indexed, and the next
  /// process that recovers the -wal would replay them. The transaction is tried once more (a
  /// passing disk error leaves the change saved); if that fails too, a TRUNCATE checkpoint
  /// drops the unindexed frames and `StoreError.notSaved` is thrown; if even that cannot be
  /// done, `StoreError.outcomeUnknown`. A commit that went in but could not be synced is
  /// `outcomeUnknown` at once (readers see it; a power loss may take it). A first write into a
  /// database being created fails as `notSaved`, with no file left behind.
  ///
  /// Before it begins, the -wal and -shm the process holds are checked against the ones on
  /// disk (`companionsReplaced`): when they were removed or replaced by hand, nothing is
  /// written and `StoreError.companionsReplaced` is thrown, whatever a watcher has seen, so no
  /// timing lets a write go through a stale view of the file.
  public func write<Result>(_ body: (Database) throws -> Result) throws -> Result {
    if isInTransaction { return try transaction(begin: "BEGIN IMMEDIATE", body) }
    if companionsReplaced { throw StoreError.companionsReplaced(path: path) }
    do {
      return try attemptWrite(body)
    } catch let error as DatabaseError where error.isIOFailure {
      if let pending = pendingCreation {
        // Nothing was moved into place: the new database went with the change.
        throw StoreError.notSaved(path: pending.destination, cause: error)
      }
      if let result = try? attemptWrite(body) { return result }
      if discardUnindexedFrames() { throw StoreError.notSaved(path: path, cause: error) }
      throw StoreError.outcomeUnknown(path: path, cause: error)
    }
  }

  private func attemptWrite<Result>(_ body: (Database) throws -> Result) throws -> Result {
    // The -wal's size is known for sure only under the write lock, where the pragma can no
    // longer change: guess (empty after the last write's TRUNCATE checkpoint), then check.
    let result: Result
    if let committed = try commit(body, on: journalSize() == 0 ? .emptyJournal : .any) {
      result = committed
    } else {
      result = try commit(body, on: .any)!
    }
    guard pendingCreation != nil else {
      try settleCommit()
      return result
    }
    do {
      // Another process created the file meanwhile: this connection is now on theirs.
      guard try DatabaseFile.finishCreation(self) else { return try attemptWrite(body) }
    } catch {
      if pendingCreation != nil { DatabaseFile.abandonCreation(self) }
      throw error
    }
    return result
  }

  /// Runs `body` in `BEGIN IMMEDIATE … COMMIT` at the commit sync `journal` allows (see
  /// `CommitDurability`); nil, with nothing done, when `.emptyJournal` was assumed and the
  /// -wal, seen under the write lock, holds frames.
  private func commit<Result>(_ body: (Database) throws -> Result, on journal: JournalAtCommit)
    throws -> Result?
  {
    try withCommitSync(journal.commitSync) {
      try execute("BEGIN IMMEDIATE")
      let result: Result
      do {
        if journal == .emptyJournal, journalSize() != 0 {
          try execute("ROLLBACK")
          return nil
        }
        try beforeNextWrite?(self)
        result = try body(self)
        try execute("COMMIT")
        beforeNextWrite = nil
      } catch {
        // A failed COMMIT may leave the transaction open; ROLLBACK is then what undoes it.
        if isInTransaction { try? execute("ROLLBACK") }
        if pendingCreation != nil { DatabaseFile.abandonCreation(self) }
        throw error
      }
      return result
    }
  }

  /// After a write that failed with an I/O error: a TRUNCATE checkpoint folds what was
  /// committed into the file and empties the -wal, so frames of the failed commit can never be
  /// recovered by a later reader. True when the -wal is now empty (or absent). Not while
  /// another process is reading (Litestream holds a read transaction): truncating under it
  /// would take frames it has not copied yet, so the outcome is then left unknown.
  func discardUnindexedFrames() -> Bool {
    guard sqlite3_get_autocommit(handle) != 0, !otherProcessIsReading else { return false }
    let code = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
    return code == SQLITE_OK && DatabaseFile.isEmptyOrMissing(path + "-wal")
  }

  /// Runs `body` in a read transaction: every query in it sees the same snapshot of the file.
  public func read<Result>(_ body: (Database) throws -> Result) throws -> Result {
    try transaction(begin: "BEGIN DEFERRED", body)
  }

  private func transaction<Result>(begin: String, _ body: (Database) throws -> Result) throws
    -> Result
  {
    if isInTransaction {
      try execute("SAVEPOINT cloudy_nested")
      do {
        let result = try body(self)
        try execute("RELEASE cloudy_nested")
        return result
      } catch {
        try? execute("ROLLBACK TO cloudy_nested")
        try? execute("RELEASE cloudy_nested")
        throw error
      }
    }
    try execute(begin)
    do {
      let result = try body(self)
      try execute("COMMIT")
      return result
    } catch {
      if isInTransaction { try? execute("ROLLBACK") }
      throw error
    }
  }

  // MARK: - Inspection

  /// Notes which -wal and -shm this process holds for the file (see `HeldCompanions`).
  func noteCompanions() {
    heldCompanions = HeldCompanions(of: path)
  }

  /// Notes them if none were found yet and SQLite has the -wal open now (a read-only
  /// connection opens it at its first read in WAL mode, which may come after it was opened).
  func noteCompanionsIfUnknown() {
    guard heldCompanions?.isEmpty ?? true, journalIsOpen else { return }
    noteCompanions()
  }

  /// True when a -wal or -shm this process holds for the file was removed or replaced since
  /// it was opened (by hand: SQLite never does it while a connection is open). Such a
  /// connection no longer sees other processes' commits and must be closed — with every other
  /// connection of this process to the file, which share its -shm — before a new one is opened.
  ///
  /// Compares what the process holds (one `fstat` per descriptor, found again through
  /// `/proc/self/fd` when one was closed or none was held) with what is beside the file now
  /// (a `stat` of each name), so it is right whenever it is asked, whatever was seen before.
  var companionsReplaced: Bool {
    guard !path.isEmpty, !path.hasPrefix(":memory:") else { return false }
    if heldCompanions.map({ $0.isEmpty || !$0.stillHeld }) ?? true { noteCompanions() }
    return heldCompanions?.differ(from: DatabaseCompanions(of: path)) ?? false
  }

  /// `count` bytes at `offset` of the main database file, read through SQLite's own descriptor:
  /// opening the file again and closing it would drop every POSIX lock this process holds on
  /// it (SQLite's included), and another process could then checkpoint and remove a -wal this
  /// connection still uses. Nil when the file is shorter or cannot be read.
  func readMainFile(offset: Int64, count: Int) -> [UInt8]? {
    Self.readMainFile(of: handle, offset: offset, count: count)
  }

  static func readMainFile(of connection: OpaquePointer, offset: Int64, count: Int) -> [UInt8]? {
    var file: UnsafeMutablePointer<sqlite3_file>?
    guard sqlite3_file_control(connection, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK,
      let file, let read = file.pointee.pMethods?.pointee.xRead
    else { return nil }
    var bytes = [UInt8](repeating: 0, count: count)
    let code = bytes.withUnsafeMutableBytes { read(file, $0.baseAddress, Int32(count), offset) }
    return code == SQLITE_OK ? bytes : nil
  }

  /// The size of the main database file, through SQLite's own descriptor.
  static func mainFileSize(of connection: OpaquePointer) -> Int64? {
    var file: UnsafeMutablePointer<sqlite3_file>?
    guard sqlite3_file_control(connection, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK,
      let file, let size = file.pointee.pMethods?.pointee.xFileSize
    else { return nil }
    var bytes: sqlite3_int64 = 0
    return size(file, &bytes) == SQLITE_OK ? Int64(bytes) : nil
  }

  /// `PRAGMA journal_mode`, e.g. "wal".
  public func journalMode() throws -> String {
    try scalarString("PRAGMA journal_mode") ?? "unknown"
  }

  /// The names of the ordinary tables, without SQLite's own.
  public func tableNames() throws -> [String] {
    try query(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
    ) { $0.string(0) }
  }

  /// The SQLite library version, e.g. "3.40.1".
  public static var sqliteVersion: String { String(cString: sqlite3_libversion()) }
}
