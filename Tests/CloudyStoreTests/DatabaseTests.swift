import CloudyModels
import CloudyStore
import Foundation
import Testing

@Suite("Database")
struct DatabaseTests {
  @Test("text with NUL bytes, quotes and emoji round-trips exactly; blobs too")
  func bindingRoundTrip() throws {
    let folder = try TemporaryFolder()
    let database = try Database(path: folder.file("raw.sqlite"), access: .create)
    try database.execute("CREATE TABLE t (v)")
    let tricky = "a\u{0}b'; DROP TABLE t; --\"😀\u{202E}שלום"
    try database.execute("INSERT INTO t VALUES (?)", [tricky])
    try database.execute("INSERT INTO t VALUES (?)", [DatabaseValue.blob([0, 1, 2, 0, 255])])
    try database.execute("INSERT INTO t VALUES (?)", [""])
    let values = try database.query("SELECT v FROM t ORDER BY rowid") { $0.value(0) }
    #expect(values == [.text(tricky), .blob([0, 1, 2, 0, 255]), .text("")])
    #expect(
      try database.scalarInt("SELECT length(CAST(v AS BLOB)) FROM t WHERE rowid = 1")
        == Int64(tricky.utf8.count))
    #expect(try database.tableNames() == ["t"])
  }

  @Test("integers, doubles and NULL keep their types")
  func typedValues() throws {
    let folder = try TemporaryFolder()
    let database = try Database(path: folder.file("raw.sqlite"), access: .create)
    let row = try database.queryFirst(
      "SELECT ?, ?, ?, typeof(?)", [Int64.max, 0.1, DatabaseValue.null, 2.5]
    ) {
      ($0.int64(0), $0.double(1), $0.isNull(2), $0.string(3))
    }
    #expect(row?.0 == Int64.max)
    #expect(row?.1 == 0.1)
    #expect(row?.2 == true)
    #expect(row?.3 == "real")
  }

  @Test("a write transaction rolls back everything when its body throws")
  func rollbackOnThrow() throws {
    struct Oops: Error {}
    let folder = try TemporaryFolder()
    let database = try Database(path: folder.file("raw.sqlite"), access: .create)
    try database.execute("CREATE TABLE t (v)")
    #expect(throws: Oops.self) {
      try database.write { db in
        try db.execute("INSERT INTO t VALUES (1)")
        throw Oops()
      }
    }
    #expect(try database.scalarInt("SELECT count(*) FROM t") == 0)
    #expect(!database.isInTransaction)
  }

  @Test("errors carry the result code, extended code, message and SQL")
  func errorDetails() throws {
    let folder = try TemporaryFolder()
    let database = try Database(path: folder.file("raw.sqlite"), access: .create)
    try database.execute("CREATE TABLE t (v INTEGER NOT NULL)")
    #expect {
      try database.execute("INSERT INTO t VALUES (NULL)")
    } throws: { error in
      guard let error = error as? DatabaseError else { return false }
      return error.resultCode == 19 && error.extendedCode == 1299  // SQLITE_CONSTRAINT_NOTNULL
        && error.message.contains("NOT NULL") && error.sql == "INSERT INTO t VALUES (NULL)"
    }
    #expect(throws: DatabaseError.self) { try database.execute("SELEC nonsense") }
    #expect(throws: DatabaseError.self) { try database.execute("SELECT 1; SELECT 2") }
    #expect(throws: DatabaseError.self) { try database.execute("SELECT ?", []) }
  }

  @Test("a writer waits for another process's lock instead of failing at once")
  func busyTimeoutWaits() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("cloudy.sqlite")
    let database = try DatabaseFile.openForWriting(path: path)
    // The sqlite3 CLI, as another process, holds the write lock for 600 ms.
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    holder.arguments = [path]
    let input = Pipe()
    holder.standardInput = input
    try holder.run()
    input.fileHandleForWriting.write(
      Data(
        "BEGIN IMMEDIATE;\nINSERT INTO settings (id) VALUES (1) ON CONFLICT DO NOTHING;\n.shell touch \(path).locked\n.shell sleep 1.5\nCOMMIT;\n"
          .utf8))
    try input.fileHandleForWriting.close()
    let deadline = Date().addingTimeInterval(5)
    while !FileManager.default.fileExists(atPath: path + ".locked") && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.01)
    }
    // The holder is still inside its transaction (it sleeps before COMMIT), so this write can
    // only succeed by waiting for the lock: busy handling, not a wall-clock bound, is the proof.
    let holderWasHoldingTheLock = holder.isRunning
    try database.write { db in try db.execute("UPDATE settings SET time_notation = '24h'") }
    holder.waitUntilExit()
    #expect(holderWasHoldingTheLock)
    #expect(holder.terminationStatus == 0)
    #expect(try SettingsRepository(database: database).settings().time == .twentyFourHour)
  }
}
