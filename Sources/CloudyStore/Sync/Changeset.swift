import CSQLite
import CloudyModels

/// SQLite session changesets of `sync_change` rows: how changes travel between devices.
///
/// A changeset is made by recording the rows' insertion with a session (on a scratch in-memory
/// database, so the user's file is never touched to send), read back with a changeset iterator
/// to check it before anything is applied, and applied one change at a time by
/// `ChangeApplier` (which judges each alone). Today's changesets are read by every later
/// version: a household updates its devices on different days.
enum Changeset {
  /// The table definition changesets are made against; the same columns and primary key as the
  /// user's `sync_change`.
  private static let scratchTable = """
    CREATE TABLE sync_change (
      origin TEXT NOT NULL, seq INTEGER NOT NULL, wall INTEGER NOT NULL, counter INTEGER NOT NULL,
      entity TEXT NOT NULL, key TEXT NOT NULL, field TEXT NOT NULL, value,
      PRIMARY KEY (origin, seq)) WITHOUT ROWID
    """

  /// The changeset that inserts `changes`.
  static func make(_ changes: [SyncChange]) throws -> [UInt8] {
    let scratch = try Database(path: ":memory:", access: .create)
    try scratch.executeScript(scratchTable)
    var session: OpaquePointer?
    var code = sqlite3session_create(scratch.handle, "main", &session)
    guard code == SQLITE_OK, let session else {
      throw DatabaseError(connection: scratch.handle, code: code)
    }
    defer { sqlite3session_delete(session) }
    code = sqlite3session_attach(session, "sync_change")
    guard code == SQLITE_OK else { throw DatabaseError(connection: scratch.handle, code: code) }
    // A plain transaction: the scratch database is in memory, with no file to make durable.
    try scratch.execute("BEGIN")
    for change in changes {
      try scratch.execute(
        "INSERT INTO sync_change (\(SyncChange.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        change.arguments)
    }
    try scratch.execute("COMMIT")
    var size: Int32 = 0
    var buffer: UnsafeMutableRawPointer?
    code = sqlite3session_changeset(session, &size, &buffer)
    guard code == SQLITE_OK else { throw DatabaseError(connection: scratch.handle, code: code) }
    defer { sqlite3_free(buffer) }
    guard let buffer, size > 0 else { return [] }
    return Array(UnsafeRawBufferPointer(start: buffer, count: Int(size)))
  }

  /// The rows a changeset inserts, after checking that it holds nothing else: only inserts
  /// into `sync_change`, with its eight columns, each of its type.
  static func changes(in bytes: [UInt8]) throws -> [SyncChange] {
    guard !bytes.isEmpty else { return [] }
    var copy = bytes
    return try copy.withUnsafeMutableBytes { raw in
      var iterator: OpaquePointer?
      guard sqlite3changeset_start(&iterator, Int32(raw.count), raw.baseAddress) == SQLITE_OK,
        let iterator
      else { throw SyncError.badChangeset("it is not a changeset") }
      defer { sqlite3changeset_finalize(iterator) }
      var changes: [SyncChange] = []
      while true {
        let step = sqlite3changeset_next(iterator)
        if step == SQLITE_DONE { break }
        guard step == SQLITE_ROW else { throw SyncError.badChangeset("it is cut short or damaged") }
        changes.append(try change(at: iterator))
      }
      return changes
    }
  }

  private static func change(at iterator: OpaquePointer) throws -> SyncChange {
    var table: UnsafePointer<CChar>?
    var columns: Int32 = 0
    var operation: Int32 = 0
    var indirect: Int32 = 0
    guard sqlite3changeset_op(iterator, &table, &columns, &operation, &indirect) == SQLITE_OK,
      let table
    else { throw SyncError.badChangeset("it is damaged") }
    let name = String(cString: table)
    guard name == "sync_change" else {
      throw SyncError.badChangeset(
        "it changes the table \(MessageText.quoted(name)), not Cloudy's changes")
    }
    guard operation == SQLITE_INSERT, columns == 8 else {
      throw SyncError.badChangeset("it does more than add changes")
    }
    // The key must be (origin, seq), as in sync_change: a changeset made against a table keyed
    // otherwise says other rows than it seems to.
    var keyFlags: UnsafeMutablePointer<UInt8>?
    var keyColumns: Int32 = 0
    guard sqlite3changeset_pk(iterator, &keyFlags, &keyColumns) == SQLITE_OK, let keyFlags,
      keyColumns == 8, (0..<8).allSatisfy({ (keyFlags[$0] != 0) == ($0 < 2) })
    else { throw SyncError.badChangeset("its rows are not keyed by device and number") }
    var values: [DatabaseValue] = []
    for column in 0..<columns {
      var value: OpaquePointer?
      guard sqlite3changeset_new(iterator, column, &value) == SQLITE_OK else {
        throw SyncError.badChangeset("it is damaged")
      }
      values.append(databaseValue(value))
    }
    guard case .text(let origin) = values[0], case .integer(let seq) = values[1],
      case .integer(let wall) = values[2], case .integer(let counter) = values[3],
      case .text(let entity) = values[4], case .text(let key) = values[5],
      case .text(let field) = values[6]
    else { throw SyncError.badChangeset("a change has a value of the wrong type") }
    return SyncChange(
      origin: origin, seq: seq, wall: wall, counter: counter, entity: entity, key: key,
      field: field, value: values[7])
  }

  private static func databaseValue(_ value: OpaquePointer?) -> DatabaseValue {
    guard let value else { return .null }
    switch sqlite3_value_type(value) {
    case SQLITE_INTEGER: return .integer(sqlite3_value_int64(value))
    case SQLITE_FLOAT: return .real(sqlite3_value_double(value))
    case SQLITE_TEXT:
      guard let text = sqlite3_value_text(value) else { return .text("") }
      let count = Int(sqlite3_value_bytes(value))
      return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
    case SQLITE_BLOB:
      let count = Int(sqlite3_value_bytes(value))
      guard let bytes = sqlite3_value_blob(value), count > 0 else { return .blob([]) }
      return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
    default: return .null
    }
  }
}
