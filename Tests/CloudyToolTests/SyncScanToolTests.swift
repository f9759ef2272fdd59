import Foundation
import Testing

/// `cloudy-db sync --folder` remembering the subfolders it has read (`sync_scan`): a subfolder
/// that did not change since every file in it was applied is passed by unread, and nothing a
/// carrier does is missed for it: a file delivered late with a lower number, a file completed
/// in place after it was skipped, a database put back by `cp`.
///
/// A subfolder is only remembered once its times are two seconds old, so the syncs here run
/// a minute ahead (libfaketime, file times left real), as a sync does long after the files
/// came.
@Suite("cloudy-db sync: the scan's memory")
struct SyncScanToolTests {
  /// A sync a minute from now: the subfolders just written are old enough to be remembered.
  private func syncLater(_ sync: String, _ db: String) throws -> [String: Any] {
    var environment = try AlertToolTests.clock("")
    environment["FAKETIME"] = "+60"
    environment["NO_FAKE_STAT"] = "1"
    return try jsonObject(
      try ToolRunner.run(
        "cloudy-db", ["sync", "--folder", sync, "--json", "--db", db], environment: environment))
  }

  /// A device that added `names` one at a time, syncing after each: one change file apiece.
  private func writer(_ folder: ToolTestFolder, _ names: [String]) throws -> (
    sync: String, device: String
  ) {
    let (laptop, sync) = (folder.file("laptop.sqlite"), folder.file("sync"))
    var device = ""
    for (index, name) in names.enumerated() {
      try runSucceeding(
        "cloudy-locations", ["add", "--name", name, "--lat", "\(index)", "--lon", "2"], laptop)
      device = try #require(
        try jsonObject(
          try runSucceeding("cloudy-db", ["sync", "--folder", sync, "--json"], laptop))[
            "device"] as? String)
    }
    return (sync, device)
  }

  private func names(_ db: String) throws -> [String] {
    try sqlite3(db, "SELECT name FROM location ORDER BY name").split(separator: "\n").map(
      String.init)
  }

  @Test func aFileDeliveredLateWithALowerNumberIsStillApplied() throws {
    let folder = try ToolTestFolder()
    let (sync, laptop) = try writer(folder, ["Alpha", "Beta", "Gamma"])
    let desktop = folder.file("desktop.sqlite")
    // The carrier brings 1 and 3 first.
    let late = "\(sync)/\(laptop)/00000002.changes"
    let aside = folder.file("aside.changes")
    try FileManager.default.moveItem(atPath: late, toPath: aside)
    _ = try syncLater(sync, desktop)
    #expect(try names(desktop) == ["Alpha", "Gamma"])
    // Everything listed was applied: the subfolder is remembered, with its greatest number.
    #expect(
      try sqlite3(desktop, "SELECT greatest FROM sync_scan WHERE writer = '\(laptop)'") == "3")

    try FileManager.default.moveItem(atPath: aside, toPath: late)
    let report = try syncLater(sync, desktop)
    #expect(report["applied"] as? Int == 5)
    #expect(try names(desktop) == ["Alpha", "Beta", "Gamma"])
    // Nothing new: nothing applied, and the memory stands.
    #expect(try syncLater(sync, desktop)["applied"] as? Int == 0)
  }

  @Test func aFileSkippedAsCutShortIsAppliedOnceItIsWholeInPlace() throws {
    let folder = try ToolTestFolder()
    let (sync, laptop) = try writer(folder, ["Alpha", "Beta"])
    let desktop = folder.file("desktop.sqlite")
    // A carrier writing into the file itself (a USB stick's copy): cut short, then whole, in
    // place, so the subfolder's times never move.
    let path = "\(sync)/\(laptop)/00000002.changes"
    let whole = try #require(FileManager.default.contents(atPath: path))
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: UInt64(whole.count / 2))
    try handle.close()
    let first = try syncLater(sync, desktop)
    #expect((first["skipped"] as? [Any])?.count == 1)
    #expect(try names(desktop) == ["Alpha"])

    let again = try #require(FileHandle(forWritingAtPath: path))
    try again.seek(toOffset: 0)
    try again.write(contentsOf: whole)
    try again.close()
    _ = try syncLater(sync, desktop)
    #expect(try names(desktop) == ["Alpha", "Beta"])
  }

  @Test func aDatabasePutBackByCopyIsNoticedThoughItsSubfolderWasRemembered() throws {
    let folder = try ToolTestFolder()
    let (sync, laptop) = try writer(folder, ["Alpha"])
    let (db, backup) = (folder.file("laptop.sqlite"), folder.file("backup.sqlite"))
    // A later sync reads its own subfolder and remembers it; then the backup is made.
    _ = try syncLater(sync, db)
    #expect(
      try sqlite3(db, "SELECT role, greatest FROM sync_scan WHERE writer = '\(laptop)'")
        == "written|1")
    try FileManager.default.copyItem(atPath: db, toPath: backup)
    try runSucceeding(
      "cloudy-locations", ["add", "--name", "Beta", "--lat", "3", "--lon", "4"], db)
    _ = try syncLater(sync, db)
    // `cp` of the backup over the live file (its -wal and -shm removed first): the same inode.
    for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: db + suffix) }
    let restore = try ToolRunner.run(executableAt: URL(fileURLWithPath: "/bin/cp"), [backup, db])
    #expect(restore.status == 0)
    try runSucceeding(
      "cloudy-locations", ["add", "--name", "Gamma", "--lat", "5", "--lon", "6"], db)

    let report = try syncLater(sync, db)
    #expect(report["device"] as? String != laptop)
    let desktop = folder.file("desktop.sqlite")
    _ = try syncLater(sync, desktop)
    #expect(try names(desktop) == ["Alpha", "Beta", "Gamma"])
    #expect(try names(db) == ["Alpha", "Beta", "Gamma"])
  }
}
