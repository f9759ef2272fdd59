import CSQLite

/// A failure reported by SQLite, with everything needed to understand it later: the primary and
/// extended result codes, SQLite's message and the SQL that failed.
public struct DatabaseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Primary result code, e.g. `SQLITE_BUSY` (5).
  public let resultCode: Int32
  /// Extended result code, e.g. `SQLITE_BUSY_SNAPSHOT` (517); equals `resultCode` when SQLite gave none.
  public let extendedCode: Int32
  public let message: String
  public let sql: String?

  public init(resultCode: Int32, extendedCode: Int32? = nil, message: String, sql: String? = nil) {
    self.resultCode = resultCode & 0xFF
    self.extendedCode = extendedCode ?? resultCode
    self.message = message
    self.sql = sql
  }

  /// Reads the error state of a connection right after a call failed.
  init(connection: OpaquePointer?, code: Int32, sql: String? = nil) {
    let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
    let message =
      connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
      ?? String(cString: sqlite3_errstr(code))
    self.init(resultCode: code, extendedCode: extended, message: message, sql: sql)
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
  public var isFileAccess: Bool {
    [SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_IOERR, SQLITE_FULL, SQLITE_PERM].contains(resultCode)
  }

  public var description: String {
    var text = "SQLite error \(resultCode)"
    if extendedCode != resultCode { text += " (extended \(extendedCode))" }
    text += ": \(message)"
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
