import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Bugs the reliability suite found, each kept as a test of its own.
@Suite("Reliability: regressions")
struct ReliabilityRegressionTests {
  /// Found by the damaged-files test: a write command opened the file read-write before
  /// checking it; SQLite replayed a stale -wal of another database beside it, the check refused
  /// the file (65), and the close checkpointed that -wal into it — a 60 KB Cloudy database
  /// became the other database's 8 KB. The identity check now runs on a read-only connection.
  @Test("a refused write never folds a stale -wal of another database into the file")
  func staleForeignWALIsNotCheckpointed() throws {
    guard RawProcess.built("cloudy-locations", "cloudy-settings", "cloudy-db") else {
      Issue.record("the tools are not built")
      return
    }
    let folder = try ReliabilityFolder("stale-wal")
    let db = folder.file("cloudy.sqlite")
    #expect(
      try RawProcess.run(
        "cloudy-locations", ["add", "--name", "Kept", "--lat", "1", "--lon", "2", "--db", db],
        scratch: folder.path
      ).status == 0)
    _ = try sqlite3(db, "PRAGMA wal_checkpoint(TRUNCATE);")
    let other = folder.file("other.sqlite")
    _ = try sqlite3(
      other, "PRAGMA journal_mode = WAL; CREATE TABLE invoice (id INTEGER PRIMARY KEY);")
    // Copy the other database's -wal while sqlite3 holds it open (so it is not checkpointed).
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    holder.arguments = [
      other, "PRAGMA wal_autocheckpoint = 0; INSERT INTO invoice VALUES (1);",
      ".shell cp '\(other)-wal' '\(db)-wal'",
    ]
    try holder.run()
    holder.waitUntilExit()
    #expect(access(db + "-wal", F_OK) == 0)
    let before = FileManager.default.contents(atPath: db)
    for (tool, arguments) in [
      ("cloudy-locations", ["add", "--name", "New", "--lat", "1", "--lon", "2"]),
      ("cloudy-settings", ["set", "time", "24h"]), ("cloudy-db", ["migrate"]),
      ("cloudy-locations", ["list"]),
    ] {
      let result = try RawProcess.run(tool, arguments + ["--db", db], scratch: folder.path)
      #expect(result.status == 65, "\(tool) \(arguments): \(result.standardError)")
      #expect(
        FileManager.default.contents(atPath: db) == before, "\(tool) \(arguments) changed the file")
    }
    // Without the stray -wal, the file is the user's database again, whole.
    unlink(db + "-wal")
    unlink(db + "-shm")
    #expect(try sqlite3(db, "SELECT name FROM location") == "Kept")
  }

  /// Found while reviewing the creation path for the kill-during-creation test: a process
  /// SIGKILLed while it built a new database left `.NAME.creating-PID` (and its -wal/-shm) in
  /// the folder forever, as the cleanup was a `defer`. The next creation now removes the
  /// temporaries of processes that no longer exist, and leaves a live one's alone.
  @Test("a creation removes the temporary files a killed creation left behind")
  func abandonedTemporariesAreRemoved() throws {
    guard RawProcess.built("cloudy-locations") else {
      Issue.record("the tools are not built")
      return
    }
    let folder = try ReliabilityFolder("abandoned")
    // A pid that no longer exists: a process that ran and was reaped.
    let finished = try RawProcess.start("/bin/true", [], scratch: folder.path)
    _ = RawProcess.finish(finished)
    let dead = folder.file(".cloudy.sqlite.creating-\(finished.pid)")
    let live = folder.file(".cloudy.sqlite.creating-\(getpid())")
    for path in [dead, dead + "-wal", dead + "-shm", live] {
      _ = FileManager.default.createFile(atPath: path, contents: Data("partial".utf8))
    }
    let result = try RawProcess.run(
      "cloudy-locations",
      ["add", "--name", "First", "--lat", "1", "--lon", "2", "--db", folder.file("cloudy.sqlite")],
      scratch: folder.path)
    #expect(result.status == 0, "\(result.standardError)")
    for path in [dead, dead + "-wal", dead + "-shm"] {
      #expect(access(path, F_OK) != 0, "\(path) is still there")
    }
    #expect(access(live, F_OK) == 0, "a running creation's file must stay")
  }

  /// Found by the long run of the kill-during-creation test: a kill after the new file was
  /// linked into place but before the cleanup left the temporary beside an existing database,
  /// where no creation would ever run again. Writes to an existing database now remove them too.
  @Test("a write to an existing database removes a killed creation's temporary file")
  func abandonedTemporaryBesideExistingDatabase() throws {
    guard RawProcess.built("cloudy-locations") else {
      Issue.record("the tools are not built")
      return
    }
    let folder = try ReliabilityFolder("abandoned-existing")
    let db = folder.file("cloudy.sqlite")
    let add = ["add", "--name", "First", "--lat", "1", "--lon", "2", "--db", db]
    #expect(try RawProcess.run("cloudy-locations", add, scratch: folder.path).status == 0)
    let finished = try RawProcess.start("/bin/true", [], scratch: folder.path)
    _ = RawProcess.finish(finished)
    let dead = folder.file(".cloudy.sqlite.creating-\(finished.pid)")
    _ = FileManager.default.createFile(atPath: dead, contents: Data("partial".utf8))
    let result = try RawProcess.run(
      "cloudy-settings", ["set", "time", "24h", "--db", db], scratch: folder.path)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(access(dead, F_OK) != 0, "\(dead) is still there")
  }
}
