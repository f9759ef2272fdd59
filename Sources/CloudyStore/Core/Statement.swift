import CSQLite

/// A prepared statement with typed binding and reading.
///
/// Text and blobs are bound with their byte length (never -1, which would stop at the first NUL),
/// and copied by SQLite (`SQLITE_TRANSIENT`), so the Swift value may go away right after.
/// Owned by one `Database`; like it, used from one thread at a time.
public final class Statement {
  let handle: OpaquePointer
  public let sql: String
  private unowned let database: Database

  init(database: Database, sql: String) throws {
    self.database = database
    self.sql = sql
    var statement: OpaquePointer?
    var tail: UnsafePointer<CChar>?
    let code = sql.withCString { sqlite3_prepare_v3(database.handle, $0, -1, 0, &statement, &tail) }
    guard code == SQLITE_OK, let statement else {
      sqlite3_finalize(statement)
      throw DatabaseError(connection: database.handle, code: code, sql: sql)
    }
    // One statement per Statement: trailing SQL would silently never run.
    if let tail, tail.pointee != 0, !String(cString: tail).allSatisfy(\.isWhitespace) {
      sqlite3_finalize(statement)
      throw DatabaseError(
        resultCode: SQLITE_MISUSE, message: "more than one SQL statement given to prepare", sql: sql
      )
    }
    self.handle = statement
  }

  deinit { sqlite3_finalize(handle) }

  // MARK: - Binding

  /// Clears earlier bindings and binds `values` to parameters 1…n.
  public func bind(_ values: [any DatabaseValueConvertible]) throws {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
    let expected = Int(sqlite3_bind_parameter_count(handle))
    guard values.count == expected else {
      throw DatabaseError(
        resultCode: SQLITE_RANGE,
        message: "statement takes \(expected) parameter(s), \(values.count) given", sql: sql)
    }
    for (offset, value) in values.enumerated() {
      try bind(value.databaseValue, at: Int32(offset + 1))
    }
  }

  public func bind(_ value: DatabaseValue, at index: Int32) throws {
    let code: Int32
    switch value {
    case .null:
      code = sqlite3_bind_null(handle, index)
    case .integer(let integer):
      code = sqlite3_bind_int64(handle, index, integer)
    case .real(let real):
      code = sqlite3_bind_double(handle, index, real)
    case .text(let text):
      let bytes = Array(text.utf8)
      code = bytes.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { characters in
          sqlite3_bind_text64(
            handle, index, characters.baseAddress ?? emptyText, sqlite3_uint64(characters.count),
            sqliteTransient, UInt8(SQLITE_UTF8))
        }
      }
    case .blob(let bytes):
      code = bytes.withUnsafeBytes { raw in
        sqlite3_bind_blob64(
          handle, index, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
          sqlite3_uint64(raw.count), sqliteTransient)
      }
    }
    guard code == SQLITE_OK else {
      throw DatabaseError(connection: database.handle, code: code, sql: sql)
    }
  }

  // MARK: - Stepping

  /// Advances to the next row; `false` when the statement is done.
  @discardableResult
  public func step() throws -> Bool {
    switch sqlite3_step(handle) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    case let code:
      let error = DatabaseError(connection: database.handle, code: code, sql: sql)
      sqlite3_reset(handle)
      throw error
    }
  }

  /// Returns the statement to its initial state so its cursor holds no read lock.
  public func reset() {
    sqlite3_reset(handle)
  }

  // MARK: - Reading the current row

  public func isNull(_ index: Int32) -> Bool {
    sqlite3_column_type(handle, index) == SQLITE_NULL
  }

  public func int64(_ index: Int32) -> Int64 {
    sqlite3_column_int64(handle, index)
  }

  public func int(_ index: Int32) -> Int {
    Int(sqlite3_column_int64(handle, index))
  }

  public func double(_ index: Int32) -> Double {
    sqlite3_column_double(handle, index)
  }

  /// The column as text; NULL reads as "" (use `optionalString` to tell them apart).
  public func string(_ index: Int32) -> String {
    guard let bytes = sqlite3_column_text(handle, index) else { return "" }
    let count = Int(sqlite3_column_bytes(handle, index))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  public func optionalString(_ index: Int32) -> String? {
    isNull(index) ? nil : string(index)
  }

  public func optionalDouble(_ index: Int32) -> Double? {
    isNull(index) ? nil : double(index)
  }

  public func blob(_ index: Int32) -> [UInt8] {
    guard let bytes = sqlite3_column_blob(handle, index) else { return [] }
    let count = Int(sqlite3_column_bytes(handle, index))
    return Array(UnsafeRawBufferPointer(start: bytes, count: count))
  }

  public func value(_ index: Int32) -> DatabaseValue {
    switch sqlite3_column_type(handle, index) {
    case SQLITE_INTEGER: .integer(int64(index))
    case SQLITE_FLOAT: .real(double(index))
    case SQLITE_TEXT: .text(string(index))
    case SQLITE_BLOB: .blob(blob(index))
    default: .null
    }
  }
}

/// SQLITE_TRANSIENT: SQLite copies the bytes before the bind call returns.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A valid pointer for binding "" (SQLite needs non-NULL text to store '' rather than NULL).
private nonisolated(unsafe) let emptyText: UnsafePointer<CChar> = {
  let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: 1)
  pointer.initialize(to: 0)
  return UnsafePointer(pointer)
}()
