import CSQLite
public import CloudyPlatform

/// A failure reported by SQLite, with everything needed to understand it later: the primary and
/// extended result codes, SQLite's message and the SQL that failed.
public struct DatabaseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Primary result code, e.g. `SQLITE_BUSY` (5).
  public let resultCode: Int32
  /// Extended result code, e.g. `SQLITE_BUSY_SNAPSHOT` (517); equals `resultCode` when SQLite gave none.
  public let extendedCode: Int32
  public let message: String
  public let sql: String?
  /// The operating system's error number behind an I/O error or a file that cannot be opened
  /// (`sqlite3_system_errno`), e.g. ENOSPC for a full disk reported as SQLITE_IOERR_SHMSIZE;
  /// 0 when there is none.
  public let systemErrorNumber: Int32
  /// The file the failing system call was on (the database, its -wal or -shm, a temporary),
  /// when SQLite's log said (`FailedFileLog`); nil otherwise.
  public let file: String?

  public init(
    resultCode: Int32, extendedCode: Int32? = nil, message: String, sql: String? = nil,
    systemErrorNumber: Int32 = 0, file: String? = nil
  ) {
    self.resultCode = resultCode & 0xFF
    self.extendedCode = extendedCode ?? resultCode
    self.message = message
    self.sql = sql
    self.systemErrorNumber = systemErrorNumber
    self.file = file
  }

  /// Reads the error state of a connection right after a call failed.
  init(connection: OpaquePointer?, code: Int32, sql: String? = nil) {
    let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
    let message =
      connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
      ?? String(cString: sqlite3_errstr(code))
    let primary = code & 0xFF
    let system =
      primary == SQLITE_IOERR || primary == SQLITE_CANTOPEN || primary == SQLITE_FULL
      ? connection.map { sqlite3_system_errno($0) } ?? 0 : 0
    self.init(
      resultCode: code, extendedCode: extended, message: message, sql: sql,
      systemErrorNumber: system,
      file: Self.failedFile(code: code, errorNumber: system, connection: connection))
  }

  /// The file an I/O error happened on, for an error of `code` just returned on `connection`:
  /// from SQLite's log, else from the files' last errors; nil for other errors.
  static func failedFile(code: Int32, errorNumber: Int32, connection: OpaquePointer?) -> String? {
    let primary = code & 0xFF
    guard primary == SQLITE_IOERR || primary == SQLITE_CANTOPEN || primary == SQLITE_FULL else {
      return nil
    }
    return FailedFileLog.take(errorNumber: errorNumber == 0 ? nil : errorNumber)
      ?? connection.flatMap { fileWithError(errorNumber, of: $0) }
  }

  /// For the calls SQLite does not log (a failed write or read): the database file or its
  /// journal, whichever holds `errorNumber` as its last error (`SQLITE_FCNTL_LAST_ERRNO`).
  private static func fileWithError(_ errorNumber: Int32, of connection: OpaquePointer)
    -> String?
  {
    guard let name = sqlite3_db_filename(connection, "main"), name.pointee != 0 else { return nil }
    // SQLite passes no errno on for some failures: then any error the file kept counts.
    func matches(_ last: Int32) -> Bool { last != 0 && (errorNumber == 0 || last == errorNumber) }
    var journal: UnsafeMutablePointer<sqlite3_file>?
    if sqlite3_file_control(connection, "main", SQLITE_FCNTL_JOURNAL_POINTER, &journal)
      == SQLITE_OK, let journal, let control = journal.pointee.pMethods?.pointee.xFileControl
    {
      var last: Int32 = 0
      if control(journal, SQLITE_FCNTL_LAST_ERRNO, &last) == SQLITE_OK, matches(last) {
        return sqlite3_filename_wal(name).map { String(cString: $0) }
      }
    }
    var last: Int32 = 0
    guard sqlite3_file_control(connection, "main", SQLITE_FCNTL_LAST_ERRNO, &last) == SQLITE_OK,
      matches(last)
    else { return nil }
    return String(cString: name)
  }

  /// The same error, said to have happened on `file` when nothing named the file yet: for a
  /// caller that knows which file every write of the failed work went to (a new database's
  /// temporary).
  func happened(on file: String) -> DatabaseError {
    guard self.file == nil else { return self }
    return DatabaseError(
      resultCode: resultCode, extendedCode: extendedCode, message: message, sql: sql,
      systemErrorNumber: systemErrorNumber, file: file)
  }

  /// The primary result code as a typed value, so code above the store can tell failures apart
  /// without importing SQLite's C API.
  public var code: ResultCode { ResultCode(rawValue: resultCode) }

  /// Another connection holds a lock that did not clear within the busy timeout.
  public var isBusy: Bool { resultCode == SQLITE_BUSY || resultCode == SQLITE_LOCKED }
  /// The file is not a database, or is damaged.
  public var isCorrupt: Bool { resultCode == SQLITE_NOTADB || resultCode == SQLITE_CORRUPT }
  /// A CHECK, NOT NULL, UNIQUE or foreign key constraint refused the change.
  public var isConstraintViolation: Bool { resultCode == SQLITE_CONSTRAINT }
  /// The operating system refused: permissions, read-only file system, full disk, I/O error.
  /// The disk failed or is full: a write may have been cut short.
  public var isIOFailure: Bool { resultCode == SQLITE_IOERR || resultCode == SQLITE_FULL }
  public var isFileAccess: Bool {
    [SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_IOERR, SQLITE_FULL, SQLITE_PERM].contains(resultCode)
  }

  /// What the operating system said, when SQLite passed it on.
  public var fileSystemCause: FileSystemCause? {
    if resultCode == SQLITE_FULL { return .diskFull }
    guard systemErrorNumber != 0 else { return nil }
    return FileSystemCause(errorNumber: systemErrorNumber)
  }

  /// SQLite's message and, when known, the file it happened on: "disk I/O error on
  /// /home/me/cloudy.sqlite-shm".
  public var detail: String { file.map { "\(message) on \($0)" } ?? message }

  /// The cause in a few words: "the disk is full", "permission denied", or SQLite's message,
  /// and the file it happened on when known ("… on /home/me/cloudy.sqlite-shm").
  public var causeWords: String {
    let words =
      switch fileSystemCause {
      case .none where resultCode == SQLITE_IOERR: "the disk failed (\(message))"
      case .none, .other: message
      case .some(let cause): cause.words
      }
    return file.map { "\(words) on \($0)" } ?? words
  }

  public var description: String {
    var text = "SQLite error \(resultCode)"
    if extendedCode != resultCode { text += " (extended \(extendedCode))" }
    text += ": \(message)"
    if let file { text += " (on \(file))" }
    if let sql { text += " — while running: \(sql)" }
    return text
  }
}

/// SQLite's primary result codes that Cloudy treats differently, by name (the C constants live
/// in CSQLite, which only CloudyStore imports).
public struct ResultCode: RawRepresentable, Hashable, Sendable {
  public let rawValue: Int32

  public init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  public static let busy = ResultCode(rawValue: SQLITE_BUSY)
  public static let locked = ResultCode(rawValue: SQLITE_LOCKED)
  public static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
  public static let cannotOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
  public static let permission = ResultCode(rawValue: SQLITE_PERM)
  public static let ioError = ResultCode(rawValue: SQLITE_IOERR)
  public static let full = ResultCode(rawValue: SQLITE_FULL)
  public static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)
  public static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
  public static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
}
