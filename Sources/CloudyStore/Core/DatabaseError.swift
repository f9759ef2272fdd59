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
