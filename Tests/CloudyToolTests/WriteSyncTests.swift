import CloudyTestSupport
import Foundation
import Testing

/// What one write costs in syncs, counted with strace (issue 33: one `cloudy-settings set` made
/// 5 fdatasync and 4 ftruncate calls). The reasoning — why each sync is needed for a command
/// that reported success to survive a power loss — is in `CommitDurability.swift`.
@Suite(
  "Writes: as few syncs as durability needs",
  .enabled(
    if: Strace.path != nil || ProcessInfo.processInfo.environment["CI"] != nil,
    "strace is not installed (.ci/run installs it)"))
struct WriteSyncTests {
  /// On a quiet file the commit, made into an empty -wal, syncs nothing; the checkpoint syncs
  /// the -wal (and, at the connection's first sync, its folder) and the file. Three, where FULL
  /// made five (the restarted -wal's header, its folder, the commit, then the checkpoint's two)
  /// and NORMAL four (the header's sync remained).
  @Test func aSettingOnAQuietFileTakesThreeSyncs() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    #expect(try ToolRunner.run("cloudy-settings", ["set", "time", "12h", "--db", db]).status == 0)
    let syncs = try countSyncs(["set", "time", "24h", "--db", db], folder: folder)
    #expect(syncs <= 3, "\(syncs) fsync/fdatasync calls")
    #expect(try sqlite3(db, "SELECT time_notation FROM settings") == "24h")
    // At rest the -wal is empty (here removed by the last connection's close).
    let wal = (try? FileManager.default.attributesOfItem(atPath: db + "-wal"))?[.size] as? UInt64
    #expect(wal == nil || wal == 0, "the -wal holds \(wal ?? 0) bytes")
  }

  /// A -wal another program left holding frames (the sqlite3 shell with checkpoints turned
  /// off): the write sees it under the write lock, begins again with the -wal header's sync
  /// that a restart over old frames needs, and the change is saved and folded in.
  @Test func aSettingAfterAnotherProgramLeftFramesIsSaved() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    #expect(try ToolRunner.run("cloudy-settings", ["set", "time", "12h", "--db", db]).status == 0)
    let writer = try ToolRunner.run(
      executableAt: URL(fileURLWithPath: "/usr/bin/env"),
      [
        "python3", "-c",
        "import sqlite3, sys, os; c = sqlite3.connect(sys.argv[1], isolation_level=None); c.execute('PRAGMA wal_autocheckpoint=0'); c.execute(\"UPDATE settings SET wind_unit = 'km/h'\"); fd = os.open(sys.argv[1] + '-wal', os.O_RDONLY); print(os.fstat(fd).st_size, flush=True); os._exit(0)",
        db,
      ])
    #expect(writer.status == 0, "\(writer.standardError)")
    #expect(
      (Int(writer.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 0,
      "no frames were left")
    let syncs = try countSyncs(["set", "time", "24h", "--db", db], folder: folder)
    #expect(syncs <= 5, "\(syncs) fsync/fdatasync calls")
    #expect(
      try sqlite3(db, "SELECT time_notation || ' ' || wind_unit FROM settings") == "24h km/h"
    )
  }

  /// While another process reads (Litestream holds a read transaction): no checkpoint, so the
  /// -wal's own sync is the one sync the commit needs (with its folder's, SQLite's).
  @Test func aSettingUnderAReaderTakesTwoSyncs() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    #expect(try ToolRunner.run("cloudy-settings", ["set", "time", "12h", "--db", db]).status == 0)
    let reader = try ReaderProcess(db)
    defer { reader.stop() }
    #expect(try ToolRunner.run("cloudy-settings", ["set", "time", "24h", "--db", db]).status == 0)
    let syncs = try countSyncs(["set", "time", "12h", "--db", db], folder: folder)
    #expect(syncs <= 2, "\(syncs) fsync/fdatasync calls")
    #expect(try sqlite3(db, "SELECT time_notation FROM settings") == "12h")
  }

  /// A `set` to the value a setting already has writes nothing (issue 40): no sync, the row's
  /// `updated_at`, the sync clock and the change log as they were, and the answer as for a
  /// change.
  @Test func aSettingThatChangesNothingWritesNothing() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    #expect(try ToolRunner.run("cloudy-settings", ["set", "time", "24h", "--db", db]).status == 0)
    let state =
      "SELECT (SELECT updated_at FROM settings) || ' ' || (SELECT wall || '.' || counter FROM sync_device) || ' ' || (SELECT count(*) FROM sync_change)"
    let before = try sqlite3(db, state)
    let syncs = try countSyncs(["set", "time", "24h", "--db", db], folder: folder)
    #expect(syncs == 0, "\(syncs) fsync/fdatasync calls")
    #expect(try sqlite3(db, state) == before)
    let again = try ToolRunner.run("cloudy-settings", ["set", "time", "24h", "--db", db])
    #expect(again.status == 0)
    #expect(again.standardOutput.contains("24 Hour"), "\(again.standardOutput)")
  }

  /// The fsync and fdatasync calls of one `cloudy-settings` run, from `strace -f -c`.
  func countSyncs(_ arguments: [String], folder: ToolTestFolder) throws -> Int {
    let strace = try #require(Strace.path, "strace is not installed")
    let summary = folder.file("strace.txt")
    let run = try ToolRunner.run(
      executableAt: URL(fileURLWithPath: strace),
      [
        "-f", "-c", "-e", "trace=fsync,fdatasync", "-o", summary,
        ToolRunner.executable("cloudy-settings").path,
      ] + arguments)
    #expect(run.status == 0, "\(run.standardError)")
    let text = try String(contentsOfFile: summary, encoding: .utf8)
    // "% time  seconds  usecs/call  calls  errors syscall": the calls of each sync call.
    return text.split(separator: "\n").compactMap { line -> Int? in
      let fields = line.split(separator: " ")
      guard let name = fields.last, name == "fsync" || name == "fdatasync", fields.count >= 5
      else { return nil }
      return Int(fields[3])
    }.reduce(0, +)
  }
}

/// Where strace is installed, if it is.
enum Strace {
  static let path: String? = ["/usr/bin/strace", "/bin/strace"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
}
