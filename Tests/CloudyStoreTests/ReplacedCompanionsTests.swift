import CloudyModels
import CloudyStore
import CloudyStoring
import CloudyTestSupport
import Foundation
import Testing

/// A long-lived store (the app's, cloudy-web's) after its -wal and -shm were removed by hand
/// (issue 33): another process then commits to new ones that the store's connections never
/// read, and the store's next write, made on its old view, was checkpointed over that commit.
@Suite("WatchedStore: a -wal and -shm removed by hand")
struct ReplacedCompanionsTests {
  @Test(
    "the next write after rm -wal -shm keeps another process's commit",
    arguments: [false, true])
  func nextWriteKeepsAnotherProcesssCommit(otherReaderOpen: Bool) throws {
    let folder = try TemporaryFolder()
    let path = folder.file("cloudy.sqlite")
    let watcher = try DatabaseWatcher(path: path)
    let store = WatchedStore(watcher: watcher)
    try store.add(place("Seed"))
    try watcher.check()
    // A reader of another process (as Litestream or a second app is) keeps old frames in the
    // -wal: then the removed -wal still held the store's last commit.
    let reader = otherReaderOpen ? try ReaderProcess(path) : nil
    try store.add(place("Mine"))
    #expect(unlink(path + "-wal") == 0 && unlink(path + "-shm") == 0)
    try sqlite(
      path,
      "INSERT INTO location (name, latitude, longitude, source, position) SELECT 'Theirs', 1, 2, 'coordinates', max(position) + 1 FROM location;"
    )
    try store.add(place("Later"))
    reader?.stop()
    let names = try sqlite(path, "SELECT name FROM location ORDER BY position")
    #expect(names.contains("Theirs"), "another process's acknowledged commit was lost: \(names)")
    #expect(names.contains("Later"))
    #expect(try sqlite(path, "PRAGMA integrity_check") == ["ok"])
    #expect(try store.snapshot().locations.map(\.name).contains("Theirs"))
  }

  /// Issue 41: with the app open and its -wal and -shm removed by hand (two unlinks, as `rm`
  /// makes them), another process's commit was lost after the app's next write in 3 of 16
  /// runs: the watcher, woken between the two unlinks, reopened on the old -shm and a new -wal
  /// and noted the new files as its own. Here every order of the watcher's looks (after the
  /// -wal goes, after the -shm goes, after the other commit; each or not) with a reader of
  /// another process open or not — the 16 cases — with and without a CPU hog beside.
  @Test(
    "no order of the watcher's looks lets a write lose another process's commit",
    arguments: [false, true])
  func noOrderOfLooksLosesACommit(besideACPUHog: Bool) throws {
    let hog = besideACPUHog ? try CPUHog() : nil
    defer { hog?.stop() }
    var lost: [String] = []
    for round in 0..<16 {
      let folder = try TemporaryFolder()
      let path = folder.file("cloudy.sqlite")
      let watcher = try DatabaseWatcher(path: path)
      let store = WatchedStore(watcher: watcher)
      try store.add(place("Seed"))
      try watcher.check()
      let reader = round & 8 != 0 ? try ReaderProcess(path) : nil
      try store.add(place("Mine"))
      #expect(unlink(path + "-wal") == 0)
      if round & 1 != 0 { try watcher.check() }
      #expect(unlink(path + "-shm") == 0)
      if round & 2 != 0 { try watcher.check() }
      try sqlite(
        path,
        "INSERT INTO location (name, latitude, longitude, source, position) SELECT 'Theirs', 1, 2, 'coordinates', max(position) + 1 FROM location;"
      )
      if round & 4 != 0 { try watcher.check() }
      try store.add(place("Later"))
      try watcher.check()
      reader?.stop()
      let names = try sqlite(path, "SELECT name FROM location ORDER BY position")
      if !names.contains("Theirs") || !names.contains("Later") {
        lost.append("looks \(round & 7), reader \(round & 8 != 0): \(names)")
      }
      #expect(try sqlite(path, "PRAGMA integrity_check") == ["ok"])
    }
    #expect(lost.isEmpty, "an acknowledged commit was lost: \(lost)")
  }

  /// `sqlite3 PATH SQL` as another process: its lines of output.
  @discardableResult
  func sqlite(_ path: String, _ sql: String) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = [path, sql]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "sqlite3 \(sql)")
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }
}
