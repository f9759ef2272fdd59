import CloudyModels
import CloudyPlatform
import CloudyStore
import CloudyStoring
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The watcher against real files, with writes from other connections (as other processes
/// make them; SQLite's locks do not tell a connection in this process from one in another).
@Suite("DatabaseWatcher: commits, new, replaced and removed files")
struct DatabaseWatcherTests {
  @Test func seesACommitByAnotherConnectionOnceAndNothingElse() throws {
    let folder = try TemporaryFolder()
    let writer = try migratedDatabase(in: folder)
    let watcher = try DatabaseWatcher(path: writer.path)
    var seen: [StoreChange] = []
    let observation = watcher.observeChanges { seen.append($0) }

    #expect(try watcher.check() == nil)
    try SettingsRepository(database: writer).set(TimeNotation.twentyFourHour)
    #expect(try watcher.check() == .committed)
    #expect(try watcher.check() == nil)
    // Two commits between looks are one change.
    try SettingsRepository(database: writer).set(UnitsNotation.metric)
    try SettingsRepository(database: writer).set(TemperatureNotation.celsius)
    #expect(try watcher.check() == .committed)
    #expect(try watcher.check() == nil)
    #expect(seen == [.committed, .committed])
    // What observers read through the watcher's connection is the latest commit.
    let settings = try SettingsRepository(database: try #require(watcher.database)).settings()
    #expect(settings.temperature == .celsius)

    observation.cancel()
    try SettingsRepository(database: writer).set(TimeNotation.twelveHour)
    #expect(try watcher.check() == .committed)
    #expect(seen.count == 2)
  }

  @Test func waitsForAMissingFileAndPicksItUpWhenCreated() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("not-yet/cloudy.sqlite")
    let watcher = try DatabaseWatcher(path: path)
    #expect(watcher.database == nil)
    #expect(try watcher.check() == nil)
    #expect(!FileManager.default.fileExists(atPath: path), "watching never creates the file")

    let writer = try DatabaseFile.openForWriting(path: path)
    _ = try LocationRepository(database: writer).add(place("Alpha"))
    #expect(try watcher.waitForChange() == .replaced)
    let names = try LocationRepository(database: try #require(watcher.database)).all().map(\.name)
    #expect(names == ["Alpha"])
  }

  @Test func wakesOnACommitWhileWaiting() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("cloudy.sqlite")
    _ = try migratedDatabase(in: folder)
    let watcher = try DatabaseWatcher(path: path, pollInterval: .seconds(600))
    let writerThread = Thread {
      if let writer = try? DatabaseFile.openForWriting(path: path) {
        _ = try? LocationRepository(database: writer).add(place("Alpha"))
      }
    }
    writerThread.start()
    // With a 10-minute safety poll, only the file events can end this wait in a test's time.
    #expect(try watcher.waitForChange() == .committed)
  }

  @Test func reportsAReplacedFileAndReadsTheNewOne() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("cloudy.sqlite")
    do {
      let old = try DatabaseFile.openForWriting(path: path)
      _ = try LocationRepository(database: old).add(place("Old"))
      try old.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
    let other = folder.file("other.sqlite")
    do {
      let new = try DatabaseFile.openForWriting(path: other)
      _ = try LocationRepository(database: new).add(place("New"))
      try new.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
    for suffix in ["-wal", "-shm"] {
      unlink(path + suffix)
      unlink(other + suffix)
    }
    let watcher = try DatabaseWatcher(path: path)
    #expect(rename(other, path) == 0)
    #expect(try watcher.check() == .replaced)
    let names = try LocationRepository(database: try #require(watcher.database)).all().map(\.name)
    #expect(names == ["New"])
  }

  @Test func reportsARemovedFileOnceThenWaits() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("cloudy.sqlite")
    _ = try migratedDatabase(in: folder)
    let watcher = try DatabaseWatcher(path: path)
    for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
    #expect(try watcher.check() == .removed)
    #expect(watcher.database == nil)
    #expect(try watcher.check() == nil)
  }

  @Test func aForeignFileIsThrownAsARead() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("cloudy.sqlite")
    try rawExecute(path, "CREATE TABLE notes(body TEXT)")
    #expect(throws: StoreError.self) { try DatabaseWatcher(path: path) }
  }

  @Test func neverWritesAndNeverHoldsASnapshot() throws {
    let folder = try TemporaryFolder()
    let writer = try migratedDatabase(in: folder)
    let watcher = try DatabaseWatcher(path: writer.path)
    _ = try LocationRepository(database: writer).add(place("Alpha"))
    try writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    let before = contents(writer.path)
    for _ in 0..<5 { _ = try watcher.check() }
    _ = try LocationRepository(database: try #require(watcher.database)).snapshot()
    #expect(contents(writer.path) == before, "looking changed the file")
    #expect(
      throws: DatabaseError.self, "the watcher's connection is read-only",
      performing: { try watcher.database?.execute("DELETE FROM location") })

    // Between looks no read transaction is open: a writer can checkpoint the whole WAL and
    // reset it (a reader holding a snapshot would make TRUNCATE report busy = 1).
    _ = try LocationRepository(database: writer).add(place("Beta"))
    _ = try watcher.check()
    let busy = try writer.queryFirst("PRAGMA wal_checkpoint(TRUNCATE)") { $0.int(0) }
    #expect(busy == 0)
    // And a writer's IMMEDIATE transaction never waits for the watcher.
    try writer.write { db in try db.execute("UPDATE settings SET time_notation = '24h'") }
    #expect(try watcher.check() == .committed)
  }

  @Test func anInterruptEndsTheWait() throws {
    let folder = try TemporaryFolder()
    _ = try migratedDatabase(in: folder)
    let watcher = try DatabaseWatcher(path: folder.file("cloudy.sqlite"))
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    defer { for end in ends { close(end) } }
    var byte: UInt8 = 1
    #expect(write(ends[1], &byte, 1) == 1)
    #expect(try watcher.waitForChange(interruptedBy: ends[0]) == nil)
  }

  @Test func anObserversErrorReachesTheDriverAfterEveryObserverRan() throws {
    let folder = try TemporaryFolder()
    let writer = try migratedDatabase(in: folder)
    let watcher = try DatabaseWatcher(path: writer.path)
    struct Failure: Error {}
    var later = 0
    let first = watcher.observeChanges { _ in throw Failure() }
    let second = watcher.observeChanges { _ in later += 1 }
    try SettingsRepository(database: writer).set(TimeNotation.twentyFourHour)
    #expect(throws: Failure.self) { try watcher.check() }
    #expect(later == 1)
    withExtendedLifetime((first, second)) {}
  }

  @Test func watchedStoreReadsAsMissingThenThroughTheWatcher() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("cloudy.sqlite")
    let watcher = try DatabaseWatcher(path: path)
    let store = WatchedStore(watcher: watcher)
    #expect(try store.snapshot() == .empty)
    #expect(try store.settings() == .defaults)
    #expect(try store.latest(for: .current) == nil)
    #expect(!FileManager.default.fileExists(atPath: path))
    // Writes create the file, as one-shot writes do; the watcher then moves onto it.
    try store.set(TimeNotation.twentyFourHour)
    #expect(try watcher.check() == .replaced)
    #expect(try store.settings().time == .twentyFourHour)
  }
}
