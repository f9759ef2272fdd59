import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Injected I/O errors: the tools run under `Tests/ReliabilityShim/iofail.c` (an LD_PRELOAD shim
/// built here with the system `cc`), which fails the Nth write, fsync, ftruncate, rename, link or
/// open with EIO, ENOSPC or EACCES, once or from then on. What a command says must be what the
/// file holds — for every later reader — and the file must stay sound.
@Suite("Reliability: injected I/O errors")
struct ReliabilityIOFailureTests {
  // MARK: - A first write that fails leaves no file

  /// Found by the adversarial run of issue 24: `add` or `import` into a new path that failed
  /// with an I/O error exited 74 but left a migrated, empty database (and its -wal and -shm).
  @Test("a first write that fails with an I/O error leaves no file behind")
  func failedFirstWriteLeavesNoFile() throws {
    let shim = try IOFailureShim.path()
    let folder = try ReliabilityFolder("first-write")
    let places = folder.file("places.json")
    try makeExport(places, scratch: folder.path)
    let commands: [(String, [String])] = [
      ("cloudy-locations", ["add", "--name", "First", "--lat", "1", "--lon", "2"]),
      ("cloudy-settings", ["set", "time", "24h"]),
      ("cloudy-db", ["import", places]),
    ]
    var failures = 0
    var problems: [String] = []
    for (tool, arguments) in commands {
      for op in ["write", "fsync", "link"] {
        let calls = try IOFailureShim.count(
          tool, arguments, op: op, shim: shim, database: { "\($0)/new/cloudy.sqlite" })
        #expect(calls > 0, "\(tool) \(arguments) made no \(op) call")
        for at in IOFailureShim.sample(calls, limit: op == "write" ? 24 : calls) {
          let run = try ReliabilityFolder("first-write-run")
          let db = run.file("new/cloudy.sqlite")
          let fault = IOFault(ops: op, at: at, errno: at % 2 == 0 ? "ENOSPC" : "EIO")
          let result = try RawProcess.run(
            tool, arguments + ["--db", db], environment: fault.environment(shim),
            scratch: run.path)
          let left = leftovers(in: run.path + "/new")
          if result.status == 0 {
            if !left.contains("cloudy.sqlite") {
              problems.append("\(tool) \(arguments) \(fault): exit 0 but no database")
            }
            continue
          }
          failures += 1
          if result.status != 74 || !isOneLineError(result.standardError, tool: tool) {
            problems.append(
              "\(tool) \(arguments) \(fault): \(result.status) \(result.standardError)")
          }
          if !left.isEmpty {
            problems.append("\(tool) \(arguments) \(fault): left \(left) (\(result.standardError))")
          }
        }
      }
    }
    #expect(failures > 0, "no injected fault made a first write fail")
    #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
  }

  // MARK: - Messages that name the cause

  /// A full disk while SQLite creates the -shm (no -shm yet) said "disk I/O error".
  @Test("a full disk is named as such, also when the -shm is being created")
  func fullDiskWithoutShmIsNamed() throws {
    let shim = try IOFailureShim.path()
    let folder = try ReliabilityFolder("enospc-shm")
    let db = folder.file("cloudy.sqlite")
    let seed = try RawProcess.run(
      "cloudy-locations", ["add", "--name", "Kept", "--lat", "1", "--lon", "2", "--db", db],
      scratch: folder.path)
    #expect(seed.status == 0, "\(seed.standardError)")
    unlink(db + "-wal")
    unlink(db + "-shm")
    let fault = IOFault(ops: "write", at: 1, errno: "ENOSPC", sticky: true, path: "-shm")
    for (tool, arguments) in [
      ("cloudy-locations", ["add", "--name", "New", "--lat", "1", "--lon", "2"]),
      ("cloudy-locations", ["list"]), ("cloudy-settings", ["set", "time", "24h"]),
    ] {
      let result = try RawProcess.run(
        tool, arguments + ["--db", db], environment: fault.environment(shim), scratch: folder.path)
      #expect(result.status == 74, "\(tool) \(arguments): \(result.standardError)")
      #expect(isOneLineError(result.standardError, tool: tool), "\(result.standardError)")
      #expect(
        result.standardError.contains("the disk is full"),
        "\(tool) \(arguments): \(result.standardError)")
    }
    #expect(try sqlite3(db, "SELECT group_concat(name) FROM location") == "Kept")
  }

  /// A file that cannot be opened for lack of permission said "cannot write the database". As
  /// root ignores permissions, the shim returns EACCES from open(2) for the database's files.
  @Test("a file the user may not open is reported as permission denied")
  func permissionDeniedIsNamed() throws {
    let shim = try IOFailureShim.path()
    let folder = try ReliabilityFolder("eacces")
    let db = folder.file("cloudy.sqlite")
    let seed = try RawProcess.run(
      "cloudy-locations", ["add", "--name", "Kept", "--lat", "1", "--lon", "2", "--db", db],
      scratch: folder.path)
    #expect(seed.status == 0, "\(seed.standardError)")
    let fault = IOFault(ops: "open", at: 1, errno: "EACCES", sticky: true, path: "cloudy.sqlite")
    for (tool, arguments) in [
      ("cloudy-locations", ["list"]), ("cloudy-settings", ["show"]), ("cloudy-db", ["info"]),
      ("cloudy-locations", ["add", "--name", "New", "--lat", "1", "--lon", "2"]),
    ] {
      let result = try RawProcess.run(
        tool, arguments + ["--db", db], environment: fault.environment(shim), scratch: folder.path)
      #expect(result.status == 74, "\(tool) \(arguments): \(result.standardError)")
      #expect(isOneLineError(result.standardError, tool: tool), "\(result.standardError)")
      #expect(
        result.standardError.contains("permission denied"),
        "\(tool) \(arguments): \(result.standardError)")
    }
    #expect(try sqlite3(db, "SELECT group_concat(name) FROM location") == "Kept")
  }

  /// Issue 33: an I/O error on the -shm, the -wal or a temporary said only "disk I/O error",
  /// as one on the database itself does. The message now names the file (from SQLite's log).
  @Test("an I/O error names the file it happened on: the -shm, the -wal, a backup's temporary")
  func ioErrorNamesTheFile() throws {
    let shim = try IOFailureShim.path()
    let folder = try ReliabilityFolder("named")
    let db = folder.file("cloudy.sqlite")
    let seed = try RawProcess.run(
      "cloudy-locations", ["add", "--name", "Kept", "--lat", "1", "--lon", "2", "--db", db],
      scratch: folder.path)
    #expect(seed.status == 0, "\(seed.standardError)")
    let cases: [(IOFault, String, [String], String)] = [
      // The -shm is cut to its header by the first connection: that ftruncate fails.
      (
        IOFault(ops: "ftruncate", at: 1, sticky: true, path: "-shm"), "cloudy-settings",
        ["set", "time", "24h"], db + "-shm"
      ),
      (
        IOFault(ops: "write", at: 1, sticky: true, path: "-wal"), "cloudy-settings",
        ["set", "time", "24h"], db + "-wal"
      ),
      (
        IOFault(ops: "fsync", at: 1, sticky: true, path: ".backup-"), "cloudy-db",
        ["backup", folder.file("copy.sqlite")], folder.file(".copy.sqlite.backup-")
      ),
      // A new database is made in a temporary beside it, then moved into place.
      (
        IOFault(ops: "write", at: 1, sticky: true, path: ".creating-"), "cloudy-locations",
        ["add", "--name", "New", "--lat", "1", "--lon", "2", "--db", folder.file("new.sqlite")],
        folder.file(".new.sqlite.creating-")
      ),
    ]
    for (fault, tool, arguments, named) in cases {
      let database = arguments.contains("--db") ? [] : ["--db", db]
      let result = try RawProcess.run(
        tool, arguments + database, environment: fault.environment(shim), scratch: folder.path)
      #expect(result.status == 74, "\(fault) \(tool): \(result.standardError)")
      #expect(isOneLineError(result.standardError, tool: tool), "\(result.standardError)")
      #expect(result.standardError.contains(named), "\(fault) \(tool): \(result.standardError)")
    }
  }

  /// `backup` of a file whose header claims 2 GiB took 10.7 s and printed 101 lines.
  @Test("a file whose header claims an impossible size is refused in one line")
  func impossibleHeaderSizeIsRefused() throws {
    let folder = try ReliabilityFolder("header-size")
    let db = folder.file("cloudy.sqlite")
    let seed = try RawProcess.run(
      "cloudy-locations", ["add", "--name", "Kept", "--lat", "1", "--lon", "2", "--db", db],
      scratch: folder.path)
    #expect(seed.status == 0, "\(seed.standardError)")
    _ = try sqlite3(db, "PRAGMA wal_checkpoint(TRUNCATE);")
    unlink(db + "-wal")
    unlink(db + "-shm")
    // 524,288 pages of 4 KiB: 2 GiB, in a file of a few pages. The change counter (24) and the
    // version-valid-for number (92) stay equal, so SQLite trusts the size.
    let handle = try #require(FileHandle(forUpdatingAtPath: db))
    try handle.seek(toOffset: 28)
    try handle.write(contentsOf: Data([0x00, 0x08, 0x00, 0x00]))
    try handle.close()
    let before = FileManager.default.contents(atPath: db)
    for (tool, arguments) in [
      ("cloudy-db", ["backup", folder.file("copy.sqlite")]), ("cloudy-db", ["check"]),
      ("cloudy-db", ["info"]), ("cloudy-locations", ["list"]),
      ("cloudy-settings", ["set", "time", "24h"]),
    ] {
      let result = try RawProcess.run(tool, arguments + ["--db", db], scratch: folder.path)
      #expect(result.status == 65, "\(tool) \(arguments): \(result.status)")
      #expect(
        isOneLineError(result.standardError, tool: tool),
        "\(tool) \(arguments): \(result.standardError.prefix(300))")
      #expect(result.standardError.contains("header claims 2147483648 bytes"))
      #expect(result.standardOutput.isEmpty)
    }
    #expect(FileManager.default.contents(atPath: db) == before, "a refusal changed the file")
    #expect(access(folder.file("copy.sqlite"), F_OK) != 0)
  }

  // MARK: - A commit that fails

  /// When the fsync of the -wal fails at COMMIT the frames are written but not indexed; the
  /// next process to recover the -wal replays them. Cloudy said "disk I/O error" (exit 74) for
  /// such changes — a `remove` the user was told did not happen came back once the watcher
  /// exited. Now: saved, or not saved for every later reader, or said to be unknown.
  @Test(
    "a commit that fails says what every later reader will see",
    arguments: [false, true])
  func failedCommitIsReportedTruthfully(readerOpen: Bool) throws {
    let shim = try IOFailureShim.path()
    let sweep = try IOFailureSweep(shim: shim)
    let commands = IOFailureSweep.commands
    for command in commands {
      let calls = try sweep.calls(command, op: "fsync")
      for at in 1...max(1, calls) {
        for sticky in [false, true] {
          try sweep.run(
            command, IOFault(ops: "fsync", at: at, errno: "EIO", sticky: sticky),
            reader: readerOpen ? .open : .none)
        }
      }
    }
    #expect(sweep.tally["failed-runs"] > 0, "no injected fsync failure made a command fail")
    #expect(sweep.problems.isEmpty, "\(sweep.problems.prefix(10).joined(separator: "\n"))")
  }

  /// When the disk keeps failing — the commit's fsync, the retry's, and the truncation that
  /// would drop the frames — Cloudy cannot know what a later reader will see, and says so.
  @Test("a disk that keeps failing: the outcome is called unknown, with how to check")
  func keepsFailingIsCalledUnknown() throws {
    let shim = try IOFailureShim.path()
    let sweep = try IOFailureSweep(shim: shim)
    let add = try #require(IOFailureSweep.commands.first { $0.name == "add" })
    let result = try sweep.run(
      add, IOFault(ops: "fsync,ftruncate", at: 1, sticky: true), reader: .open)
    #expect(result.status == 74)
    #expect(
      result.standardError.contains("may or may not have been saved"), "\(result.standardError)")
    #expect(result.standardError.contains("cloudy-db check"))
    #expect(sweep.problems.isEmpty, "\(sweep.problems)")
  }

  // MARK: - A restore that fails half-way

  /// Restoring an older-version backup failed with 74 after the content was replaced (the
  /// previous file kept, nothing lost, but the message said nothing of it). Swept over the -wal's
  /// writes and fsyncs, sticky: the message must say what the file then holds.
  @Test("a restore that fails after replacing the content says what the file holds")
  func restoreThatFailsAfterCopyingSaysSo() throws {
    let shim = try IOFailureShim.path()
    let folder = try ReliabilityFolder("restore")
    let live = folder.file("live.sqlite")
    let seed = try RawProcess.run(
      "cloudy-locations", ["add", "--name", "Live", "--lat", "1", "--lon", "2", "--db", live],
      scratch: folder.path)
    #expect(seed.status == 0, "\(seed.standardError)")
    // A backup made by a Cloudy that knew only migration 1 (its SQL and checksum as released).
    let old = folder.file("old.sqlite")
    let initial = try String(
      contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("migrations/0001_initial.sql").path, encoding: .utf8)
    // (A leading space: sqlite3 would take SQL starting with "--" for an option.)
    _ = try sqlite3(
      old,
      " " + initial
        + """
        ;
        CREATE TABLE cloudy_migration (version INTEGER PRIMARY KEY CHECK (version > 0),
          name TEXT NOT NULL, checksum TEXT NOT NULL,
          applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')));
        INSERT INTO cloudy_migration (version, name, checksum) VALUES (1, 'initial', 'crc32:9ea93609');
        PRAGMA user_version = 1; PRAGMA application_id = 1131177081; PRAGMA journal_mode = WAL;
        INSERT INTO location (name, latitude, longitude, source, position)
          VALUES ('FromBackup', 1, 2, 'coordinates', 0);
        """)
    #expect(try sqlite3(old, "SELECT max(version) FROM cloudy_migration") == "1")
    // The schema version this Cloudy migrates to (the live file was made by it).
    let latest = try sqlite3(live, "SELECT max(version) FROM cloudy_migration")
    let liveBytes = try #require(FileManager.default.contents(atPath: live))
    let oldBytes = try #require(FileManager.default.contents(atPath: old))
    let state =
      "SELECT group_concat(name) || ' ' || (SELECT max(version) FROM cloudy_migration) FROM location"

    func attempt(_ at: Int, report: String? = nil) throws -> (RawProcess.Result, String) {
      let run = try ReliabilityFolder("restore-run")
      let db = run.file("cloudy.sqlite")
      let backup = run.file("backup.sqlite")
      _ = FileManager.default.createFile(atPath: db, contents: liveBytes)
      _ = FileManager.default.createFile(atPath: backup, contents: oldBytes)
      let fault = IOFault(ops: "write,fsync", at: at, sticky: true, path: "cloudy.sqlite-wal")
      let result = try RawProcess.run(
        "cloudy-db", ["restore", backup, "--db", db],
        environment: fault.environment(shim, report: report), scratch: run.path)
      return (result, try sqlite3(db, state))
    }
    let report = folder.file("report")
    let (clean, cleanState) = try attempt(0, report: report)
    #expect(clean.status == 0, "\(clean.standardError)")
    #expect(cleanState == "FromBackup \(latest)")
    let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
    let calls = Int(text.split(separator: " ").first?.dropFirst("calls=".count) ?? "") ?? 0
    #expect(calls > 0)
    var saidHeld = 0
    for at in IOFailureShim.sample(calls, limit: Reliability.isLong ? calls : 24) {
      let (result, held) = try attempt(at)
      let message = result.standardError
      switch (result.status, held) {
      case (0, "FromBackup \(latest)"): break
      // The backup is in place, migrated to some version on the way (each migration commits
      // on its own).
      case (74, let held) where held.hasPrefix("FromBackup "):
        saidHeld += 1
        #expect(message.contains("now holds the backup"), "#\(at) \(held): \(message)")
      case (74, "Live \(latest)"):
        #expect(!message.contains("now holds the backup"), "#\(at) \(held): \(message)")
      default:
        Issue.record("#\(at): exit \(result.status), file holds \(held): \(message)")
      }
      #expect(result.status == 0 || isOneLineError(message, tool: "cloudy-db"), "\(message)")
    }
    #expect(saidHeld > 0, "no fault landed after the copy")
  }

  // MARK: - The sweep

  /// Every write command under EIO or ENOSPC on the Nth write, fsync, ftruncate, rename or
  /// link, once and sticky, with and without a reader open (`--watch`). After each run: the
  /// status and message match what the file holds for every later reader, `integrity_check`
  /// passes and the next command works. Short in `swift test`; every N in the long run.
  @Test("the I/O-error sweep: status and message match the file, which stays sound")
  func sweep() throws {
    let shim = try IOFailureShim.path()
    let sweep = try IOFailureSweep(shim: shim)
    // "fsync,ftruncate": a disk whose syncs and truncations keep failing, so that the -wal
    // cannot be emptied after a failed commit either (the outcome is then unknown).
    let ops = ["write", "fsync", "ftruncate", "rename", "link", "fsync,ftruncate"]
    for command in IOFailureSweep.commands {
      for op in ops {
        let calls = try sweep.calls(command, op: op)
        let points =
          Reliability.isLong
          ? Array(1...max(1, calls)) : IOFailureShim.sample(calls, limit: op == "write" ? 3 : 2)
        for at in points where calls > 0 {
          for errno in Reliability.isLong ? ["EIO", "ENOSPC"] : [at % 2 == 0 ? "ENOSPC" : "EIO"] {
            for sticky in [false, true] {
              let readers: [IOFailureSweep.Reader] =
                Reliability.isLong || op == "fsync" ? [.none, .open, .openWALRemoved] : [.none]
              for reader in readers {
                try sweep.run(
                  command, IOFault(ops: op, at: at, errno: errno, sticky: sticky), reader: reader)
              }
            }
          }
        }
      }
    }
    let tally = sweep.tally
    Reliability.report(
      "io-errors",
      [
        "commands": IOFailureSweep.commands.count, "runs": tally["runs"],
        "failed-runs": tally["failed-runs"], "saved": tally["saved"],
        "not-saved": tally["not-saved"], "unknown": tally["unknown"],
        "misreported": tally["misreported"], "lost": tally["lost"], "corrupt": tally["corrupt"],
        "next-command-failed": tally["next-failed"], "watcher-failed": tally["watcher-failed"],
        "hangs": tally["hangs"],
        "files-left": tally["files-left"], "seconds": Int(sweep.elapsed),
      ])
    #expect(tally["failed-runs"] > 0)
    #expect(sweep.problems.isEmpty, "\(sweep.problems.prefix(10).joined(separator: "\n"))")
  }

  // MARK: - Helpers

  /// A JSON export of two places, for `cloudy-db import`.
  func makeExport(_ path: String, scratch: String) throws {
    let db = scratch + "/export-source.sqlite"
    for name in ["Oslo", "Bergen"] {
      let result = try RawProcess.run(
        "cloudy-locations", ["add", "--name", name, "--lat", "60", "--lon", "10", "--db", db],
        scratch: scratch)
      #expect(result.status == 0, "\(result.standardError)")
    }
    let export = try RawProcess.run(
      "cloudy-db", ["export", "-o", path, "--db", db], scratch: scratch)
    #expect(export.status == 0, "\(export.standardError)")
  }

  /// Names in `folder` (nil folder: none), hidden ones included.
  func leftovers(in folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }
}

/// One injected fault, as the shim's environment variables.
struct IOFault: CustomStringConvertible {
  var ops: String
  var at: Int
  var errno = "EIO"
  var sticky = false
  var path: String?

  func environment(_ shim: String, report: String? = nil) -> [String: String] {
    var values = [
      "LD_PRELOAD": shim, "IOFAIL_OPS": ops, "IOFAIL_AT": "\(at)", "IOFAIL_ERRNO": errno,
      "IOFAIL_STICKY": sticky ? "1" : "0",
    ]
    if let path { values["IOFAIL_PATH"] = path }
    if let report { values["IOFAIL_REPORT"] = report }
    return values
  }

  var description: String { "\(ops)#\(at) \(errno)\(sticky ? " sticky" : "")" }
}

/// Builds `Tests/ReliabilityShim/iofail.c` once per test process with the system `cc`.
enum IOFailureShim {
  static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("ReliabilityShim/iofail.c").path

  private static let built: Result<String, ShimBuildError> = {
    var template = Array("/tmp/cloudy-iofail-XXXXXX".utf8CString)
    guard let folder = mkdtemp(&template) else { return .failure(ShimBuildError("mkdtemp")) }
    let output = String(cString: folder) + "/iofail.so"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["cc", "-shared", "-fPIC", "-O1", "-o", output, source, "-ldl"]
    let errors = Pipe()
    process.standardError = errors
    do { try process.run() } catch { return .failure(ShimBuildError("cc: \(error)")) }
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return .failure(ShimBuildError("cc: \(text)")) }
    return .success(output)
  }()

  /// The built shim; throws (failing the test) when it cannot be built.
  static func path() throws -> String {
    guard RawProcess.built("cloudy-locations", "cloudy-settings", "cloudy-db") else {
      throw ShimBuildError("the tools are not built")
    }
    return try built.get()
  }

  /// How many calls of `op` the command makes on a fresh copy of the setting `database` names.
  static func count(
    _ tool: String, _ arguments: [String], op: String, shim: String,
    database: (String) -> String, prepare: (String) throws -> Void = { _ in }
  ) throws -> Int {
    let folder = try ReliabilityFolder("count")
    try prepare(folder.path)
    let report = folder.file("report")
    let result = try RawProcess.run(
      tool, arguments + ["--db", database(folder.path)],
      environment: IOFault(ops: op, at: 0).environment(shim, report: report), scratch: folder.path)
    #expect(result.status == 0, "\(tool) \(arguments): \(result.standardError)")
    let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
    guard let field = text.split(separator: " ").first, field.hasPrefix("calls=") else { return 0 }
    return Int(field.dropFirst("calls=".count)) ?? 0
  }

  /// At most `limit` of 1…count, spread out, always with the first and the last.
  static func sample(_ count: Int, limit: Int) -> [Int] {
    guard count > 0 else { return [] }
    guard count > limit, limit > 1 else { return Array(1...count) }
    return Array(Set((0..<limit).map { 1 + $0 * (count - 1) / (limit - 1) })).sorted()
  }
}

struct ShimBuildError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// Runs write commands under faults against fresh copies of one seed database and checks each
/// outcome; counts go to `tally`, anything wrong to `problems`.
final class IOFailureSweep {
  struct Command {
    var name: String
    var tool: String
    var arguments: [String]
    /// Into a path with no database yet.
    var creates = false
    /// SQL whose one-line answer tells the state; `before` and `after` the command.
    var state: String
    var before: String
    var after: String
  }

  static let commands: [Command] = [
    Command(
      name: "add", tool: "cloudy-locations",
      arguments: ["add", "--name", "Added", "--lat", "1", "--lon", "2"],
      state: "SELECT count(*) FROM location WHERE name = 'Added'", before: "0", after: "1"),
    Command(
      name: "remove", tool: "cloudy-locations", arguments: ["remove", "Second"],
      state: "SELECT count(*) FROM location WHERE name = 'Second'", before: "1", after: "0"),
    Command(
      name: "set", tool: "cloudy-settings", arguments: ["set", "time", "24h"],
      state: "SELECT time_notation FROM settings", before: "12h", after: "24h"),
    Command(
      name: "reset", tool: "cloudy-settings", arguments: ["reset"],
      state: "SELECT units_notation FROM settings", before: "metric", after: "imperial"),
    Command(
      name: "first-add", tool: "cloudy-locations",
      arguments: ["add", "--name", "Added", "--lat", "1", "--lon", "2"], creates: true,
      state: "SELECT count(*) FROM location WHERE name = 'Added'", before: "", after: "1"),
  ]

  let shim: String
  let seedFolder: ReliabilityFolder
  let seed: Data
  let tally = Tally()
  private(set) var problems: [String] = []
  private let started = RawProcess.now()
  var elapsed: Double { RawProcess.now() - started }

  init(shim: String) throws {
    self.shim = shim
    seedFolder = try ReliabilityFolder("sweep-seed")
    let db = seedFolder.file("cloudy.sqlite")
    for (tool, arguments) in [
      ("cloudy-locations", ["add", "--name", "First", "--lat", "1", "--lon", "2"]),
      ("cloudy-locations", ["add", "--name", "Second", "--lat", "3", "--lon", "4"]),
      ("cloudy-settings", ["set", "units", "metric"]),
    ] {
      let result = try RawProcess.run(tool, arguments + ["--db", db], scratch: seedFolder.path)
      #expect(result.status == 0, "\(result.standardError)")
    }
    // Folded and closed by sqlite3 (the last connection), so the seed is one file.
    _ = try sqlite3(db, "PRAGMA wal_checkpoint(TRUNCATE);")
    unlink(db + "-wal")
    unlink(db + "-shm")
    seed = try #require(FileManager.default.contents(atPath: db))
  }

  /// A fresh folder with the seed in it (or not, for a command that creates).
  private func prepare(_ command: Command, in folder: String) {
    if !command.creates {
      _ = FileManager.default.createFile(
        atPath: folder + "/cloudy.sqlite", contents: seed, attributes: [.posixPermissions: 0o600])
    }
  }

  func calls(_ command: Command, op: String) throws -> Int {
    try IOFailureShim.count(
      command.tool, command.arguments, op: op, shim: shim,
      database: { "\($0)/cloudy.sqlite" }, prepare: { self.prepare(command, in: $0) })
  }

  /// The state as a later reader sees it: `sqlite3` (which recovers a -wal left behind).
  private func state(_ command: Command, _ db: String, readOnly: Bool) -> String {
    guard access(db, F_OK) == 0 else { return "" }
    if readOnly { return sqliteReadOnly(db, command.state).output }
    return (try? sqlite3(db, command.state)) ?? "sqlite3 failed"
  }

  /// Who else has the file open while the faulted command runs.
  enum Reader {
    case none
    /// `list --watch`, as the app keeps the file open.
    case open
    /// The same, and then the -wal and -shm removed by hand (issue 33): the command makes new
    /// ones, and the watcher must follow them, not fail.
    case openWALRemoved
  }

  @discardableResult
  func run(_ command: Command, _ fault: IOFault, reader mode: Reader) throws -> RawProcess.Result {
    let folder = try ReliabilityFolder("sweep-run")
    prepare(command, in: folder.path)
    let db = folder.file("cloudy.sqlite")
    let label =
      "\(command.name) \(fault)"
      + (mode == .none ? "" : mode == .open ? " reader" : " reader, -wal and -shm removed")
    var reader: RawProcess.Running?
    if mode != .none {
      if command.creates {
        // A watcher waiting for the file to appear.
        reader = try startReader(db, scratch: folder.path, waitForOutput: false)
      } else {
        reader = try startReader(db, scratch: folder.path, waitForOutput: true)
      }
    }
    if mode == .openWALRemoved {
      unlink(db + "-wal")
      unlink(db + "-shm")
    }
    let result = try RawProcess.run(
      command.tool, command.arguments + ["--db", db], environment: fault.environment(shim),
      scratch: folder.path, timeout: 30)
    tally.add("runs")
    if result.seconds >= 30 { tally.add("hangs") }
    // What a reader opening now sees (the watcher still open), then what the file holds once
    // every process is gone and the -wal recovered.
    let whileOpen = state(command, db, readOnly: true)
    if let reader {
      kill(reader.pid, SIGTERM)
      let ended = RawProcess.finish(reader, timeout: 30)
      // SIGTERM ends a watch with 0; anything else is the watcher failing ("Bad file descriptor").
      if ended.status != 0 {
        tally.add("watcher-failed")
        problems.append("\(label): the watcher exited \(ended.status): \(ended.standardError)")
      }
    }
    let later = state(command, db, readOnly: false)
    let claim: String
    let text = result.standardError
    if result.status == 0 {
      claim = "saved"
      tally.add("saved")
    } else {
      tally.add("failed-runs")
      if result.status != 74 || !isOneLineError(text, tool: command.tool) {
        problems.append("\(label): exit \(result.status), \(text)")
      }
      if text.contains("may or may not") {
        claim = "unknown"
        tally.add("unknown")
      } else if text.contains("the change was saved") {
        claim = "saved"
        tally.add("saved")
      } else {
        claim = "not saved"
        tally.add("not-saved")
      }
    }
    let expected: Set<String> =
      switch claim {
      case "saved": [command.after]
      case "not saved": [command.before]
      default: [command.before, command.after]
      }
    if !expected.contains(whileOpen) || !expected.contains(later) || whileOpen != later {
      problems.append(
        "\(label): said \(claim) (\(text.trimmingCharacters(in: .newlines))) but a reader saw \(whileOpen.debugDescription) with the file open and \(later.debugDescription) later"
      )
      tally.add(claim == "saved" ? "lost" : "misreported")
    }
    if access(db, F_OK) == 0 {
      let integrity = sqliteReadOnly(db, "PRAGMA integrity_check").output
      if integrity != "ok" {
        tally.add("corrupt")
        problems.append("\(label): integrity_check \(integrity)")
      }
      let next = try RawProcess.run(
        command.tool == "cloudy-settings" ? "cloudy-settings" : "cloudy-locations",
        [command.tool == "cloudy-settings" ? "show" : "list", "--db", db], scratch: folder.path)
      if next.status != 0 {
        tally.add("next-failed")
        problems.append("\(label): the next command failed: \(next.standardError)")
      }
    }
    let extra = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasPrefix(".cloudy.sqlite.") }
    if !extra.isEmpty {
      tally.add("files-left")
      problems.append("\(label): left \(extra)")
    }
    return result
  }

  /// `cloudy-locations list --watch` on `db`: a reader that keeps the file open, as the app does.
  private func startReader(_ db: String, scratch: String, waitForOutput: Bool) throws
    -> RawProcess.Running
  {
    let running = try RawProcess.start(
      ToolRunner.executable("cloudy-locations").path,
      ["list", "--watch", "--json", "--db", db].map { Array($0.utf8) }, scratch: scratch)
    // Wait (bounded) until it has printed its first view: its connection is then open.
    for _ in 0..<2000 {
      var info = stat()
      if stat(running.outputPath, &info) == 0 && info.st_size > 0 { break }
      usleep(5_000)
    }
    return running
  }
}
