import CloudyTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The watcher and files changed behind SQLite's back (issue 24, item 7): a file copied over the
/// live one in place, and its -wal and -shm removed. Both left `--watch` showing the old places.
@Suite("--watch: files changed by hand")
struct WatchReplacedFileTests {
  /// `cp other.sqlite db.sqlite` writes into the same inode: neither the file's identity nor
  /// `PRAGMA data_version` moves, and the connection's cache kept the old places (15 s later).
  @Test func aFileCopiedOverTheDatabaseInPlaceIsShown() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    let other = folder.file("other.sqlite")
    try add("Old", db)
    try add("Copied", other)
    try add("Also copied", other)
    #expect(try sqlite3(other, "PRAGMA wal_checkpoint(TRUNCATE);") == "0|0|0")
    var before = stat()
    #expect(stat(db, &before) == 0)
    let watch = try WatchedProcess("cloudy-locations", ["list", "--watch", "--json", "--db", db])
    #expect(try names(watch.line(0)) == ["Old"])
    // In place, as cp does: same inode, new bytes.
    let bytes = try #require(FileManager.default.contents(atPath: other))
    let handle = try #require(FileHandle(forUpdatingAtPath: db))
    try handle.truncate(atOffset: 0)
    try handle.write(contentsOf: bytes)
    try handle.close()
    var after = stat()
    #expect(stat(db, &after) == 0 && after.st_ino == before.st_ino)
    #expect(watch.waitForLine { (try? names($0)) == ["Copied", "Also copied"] } != nil)
    // And it keeps following the new content.
    try add("Later", db)
    #expect(watch.waitForLine { (try? names($0)) == ["Copied", "Also copied", "Later"] } != nil)
    let end = watch.stop(signal: SIGTERM)
    #expect(end.status == 0, "\(end.standardError)")
  }

  /// `rm db.sqlite-wal db.sqlite-shm` under a watcher: the next writers made new ones that the
  /// watcher's connection never looked at (the next three adds never appeared).
  @Test func writesAfterTheWALAndSHMWereRemovedAreShown() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    try add("Seed", db)
    let watch = try WatchedProcess("cloudy-locations", ["list", "--watch", "--json", "--db", db])
    #expect(try names(watch.line(0)) == ["Seed"])
    #expect(access(db + "-shm", F_OK) == 0, "the watcher's connection has a -shm")
    unlink(db + "-wal")
    unlink(db + "-shm")
    for name in ["One", "Two", "Three"] { try add(name, db) }
    #expect(watch.waitForLine { (try? names($0)) == ["Seed", "One", "Two", "Three"] } != nil)
    let end = watch.stop(signal: SIGTERM)
    #expect(end.status == 0, "\(end.standardError)")
    #expect(try sqlite3(db, "PRAGMA integrity_check") == "ok")
  }

  /// Issue 33: `rm db.sqlite-wal db.sqlite-shm` while cloudy-web (a long-lived store) runs and
  /// another process holds a read transaction (Litestream does): `add` then commits to a new
  /// -wal, and cloudy-web's next writes failed with "disk I/O error" (exit status 74 in its
  /// answer) or, made on its old view, were checkpointed over that add.
  @Test func aLongLivedWriterKeepsCommitsMadeAfterTheWALAndSHMWereRemoved() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    try add("Seed", db)
    let web = try WebServerProcess(database: db, ["--offline"])
    let reader = try ReaderProcess(db)
    defer { reader.stop() }
    #expect(
      try web.json("POST", "/api/places", #"{"name": "Web", "latitude": 1, "longitude": 2}"#).status
        == 201)
    unlink(db + "-wal")
    unlink(db + "-shm")
    try add("Acknowledged", db)
    for name in ["Later", "Last"] {
      let reply = try web.json(
        "POST", "/api/places", #"{"name": "\#(name)", "latitude": 1, "longitude": 2}"#)
      #expect(reply.status == 201, "\(name): \(reply.text)")
    }
    reader.stop()
    #expect(web.stop() == 0)
    let names = try sqlite3(db, "SELECT name FROM location ORDER BY position")
    #expect(names.contains("Acknowledged"), "an acknowledged add was lost: \(names)")
    #expect(names.contains("Later") && names.contains("Last"), "\(names)")
    #expect(try sqlite3(db, "PRAGMA integrity_check") == "ok")
  }

  func add(_ name: String, _ db: String) throws {
    let result = try ToolRunner.run(
      "cloudy-locations", ["add", "--name", name, "--lat", "1", "--lon", "2", "--db", db])
    #expect(result.status == 0, "\(result.standardError)")
  }

  func names(_ line: String) throws -> [String] {
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    let sections = try #require(object["sections"] as? [[String: Any]])
    return sections.flatMap { ($0["rows"] as? [[String: Any]]) ?? [] }.compactMap {
      $0["name"] as? String
    }
  }
}
