import CloudyStore
import Foundation
import Testing

/// `cloudy-db` run as a process against temporary files.
@Suite("cloudy-db end to end")
struct DatabaseToolTests {
  @Test("path explains where the file is: --db, CLOUDY_DB, XDG_DATA_HOME, then HOME")
  func pathResolution() throws {
    let folder = try ToolTestFolder()
    var result = try ToolRunner.run("cloudy-db", ["path", "--db", folder.file("flag.sqlite")])
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix(folder.file("flag.sqlite") + "\n"))
    #expect(result.standardOutput.contains("--db"))
    result = try ToolRunner.run(
      "cloudy-db", ["path"], environment: ["CLOUDY_DB": folder.file("env.sqlite")])
    #expect(result.standardOutput.hasPrefix(folder.file("env.sqlite")))
    #expect(result.standardOutput.contains("CLOUDY_DB"))
    result = try ToolRunner.run(
      "cloudy-db", ["path", "--json"], environment: ["XDG_DATA_HOME": folder.path])
    #expect(result.standardOutput.contains("\"path\": \"\(folder.path)/cloudy/cloudy.sqlite\""))
    #expect(result.standardOutput.contains("\"source\": \"XDG_DATA_HOME\""))
    result = try ToolRunner.run("cloudy-db", ["path"], environment: ["HOME": folder.path])
    #expect(result.standardOutput.hasPrefix("\(folder.path)/.local/share/cloudy/cloudy.sqlite"))
    // Nothing was created by asking.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test("info and check on a missing file say so (exit 66) and create nothing")
  func missingFile() throws {
    let folder = try ToolTestFolder()
    for command in ["info", "check"] {
      let result = try ToolRunner.run(
        "cloudy-db", [command, "--db", folder.file("sub/cloudy.sqlite")])
      #expect(result.status == 66)
      #expect(result.standardError.hasPrefix("cloudy-db: error: no database at"))
      #expect(result.standardError.split(separator: "\n").count == 1)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test(
    "migrate creates the file; info --json reports the latest version; sqlite3 sees the constraints"
  )
  func migrateAndInfo() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    #expect(try ToolRunner.run("cloudy-db", ["migrate", "--db", db]).status == 0)
    let info = try ToolRunner.run("cloudy-db", ["info", "--db", db, "--json"])
    #expect(info.status == 0)
    let json =
      try JSONSerialization.jsonObject(with: Data(info.standardOutput.utf8)) as? [String: Any]
    let latest = Migrator().latestVersion
    #expect(latest >= 2, "0001 and at least the forecast issue time (0002)")
    #expect(json?["schemaVersion"] as? Int == latest)
    #expect(json?["latestKnownVersion"] as? Int == latest)
    #expect(json?["journalMode"] as? String == "wal")
    #expect(json?["locations"] as? Int == 0)
    let schema = try sqlite3(db, ".schema location")
    #expect(schema.contains("CHECK (latitude BETWEEN -90 AND 90)"))
    #expect(schema.contains("COLLATE NOCASE"))
    #expect(try sqlite3(db, "PRAGMA user_version") == "\(latest)")
    #expect(try sqlite3(db, ".schema forecast").contains("has_current IN (0, 1)"))
    #expect(
      try sqlite3(db, "SELECT time_notation, units_notation, temperature_notation FROM settings")
        == "12h|imperial|fahrenheit")
    // info is read-only: the bytes do not change.
    let before = folder.bytes("cloudy.sqlite")
    #expect(try ToolRunner.run("cloudy-db", ["info", "--db", db]).status == 0)
    #expect(folder.bytes("cloudy.sqlite") == before)
  }

  @Test("check passes on a sound file and exits 1 on a dangling foreign key")
  func check() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    #expect(try ToolRunner.run("cloudy-db", ["migrate", "--db", db]).status == 0)
    var result = try ToolRunner.run("cloudy-db", ["check", "--db", db])
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix("ok:"))
    _ = try sqlite3(
      db,
      "PRAGMA foreign_keys = OFF; INSERT INTO selection (id, kind, location_id) VALUES (1, 'saved', 4242);"
    )
    result = try ToolRunner.run("cloudy-db", ["check", "--db", db, "--json"])
    #expect(result.status == 1)
    #expect(result.standardOutput.contains("\"ok\": false"))
    #expect(result.standardOutput.contains("selection row 1"))
  }

  @Test("check names what would stop this device's edits reaching the others")
  func checkSync() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    #expect(
      try ToolRunner.run(
        "cloudy-locations",
        ["add", "--name", "Oslo", "--lat", "59.91", "--lon", "10.75", "--db", db]
      )
      .status == 0)
    #expect(try ToolRunner.run("cloudy-db", ["check", "--db", db]).status == 0)
    _ = try sqlite3(
      db,
      "UPDATE sync_device SET applying = 1, seq = 0; DELETE FROM sync_place;")
    let result = try ToolRunner.run("cloudy-db", ["check", "--db", db])
    #expect(result.status == 1)
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("sync: sync_device.applying is 1 outside a sync") })
    #expect(
      lines.contains { $0.hasPrefix("sync: sync_device.seq is 0 but this device's changes reach") })
    #expect(lines.contains { $0.hasPrefix("sync: place 1 \"Oslo\" has no sync_place row") })
    let json = try ToolRunner.run("cloudy-db", ["check", "--db", db, "--json"])
    #expect(json.status == 1)
    #expect(json.standardOutput.contains("\"sync\": ["))
  }

  @Test("check reports a damaged file instead of crashing")
  func damagedFile() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    #expect(try ToolRunner.run("cloudy-db", ["migrate", "--db", db]).status == 0)
    _ = try sqlite3(db, "PRAGMA journal_mode = DELETE;")
    guard var bytes = folder.bytes("cloudy.sqlite") else {
      Issue.record("no file")
      return
    }
    // Overwrite everything after page 1 with garbage: the schema survives, the tables do not.
    for index in 4096..<bytes.count { bytes[index] = UInt8(truncatingIfNeeded: index &* 7) }
    try bytes.write(to: URL(fileURLWithPath: db))
    let result = try ToolRunner.run("cloudy-db", ["check", "--db", db])
    #expect(result.status == 1 || result.status == 65)
    #expect(result.standardError.hasPrefix("cloudy-db: error:"))
    #expect(folder.bytes("cloudy.sqlite") == bytes)
  }

  @Test("a file from a newer Cloudy is refused with exit 78 and left byte-for-byte")
  func newerSchema() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    #expect(try ToolRunner.run("cloudy-db", ["migrate", "--db", db]).status == 0)
    let newer = Migrator().latestVersion + 1
    _ = try sqlite3(
      db,
      "INSERT INTO cloudy_migration (version, name, checksum) VALUES (\(newer), 'future', 'x'); PRAGMA user_version = \(newer);"
    )
    let before = folder.bytes("cloudy.sqlite")
    for arguments in [["info"], ["migrate"], ["check"], ["vacuum"]] {
      let result = try ToolRunner.run("cloudy-db", arguments + ["--db", db])
      #expect(result.status == 78, "\(arguments)")
      #expect(result.standardError.contains("newer Cloudy"))
      #expect(result.standardError.contains("version \(newer)"))
    }
    #expect(folder.bytes("cloudy.sqlite") == before)
  }

  @Test("foreign, random and empty files are refused with exit 65 and left untouched")
  func foreignFiles() throws {
    let folder = try ToolTestFolder()
    let foreign = folder.file("foreign.sqlite")
    _ = try sqlite3(
      foreign, "CREATE TABLE invoices (id INTEGER PRIMARY KEY); INSERT INTO invoices VALUES (1);")
    let random = folder.file("random.sqlite")
    try Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 17) }).write(
      to: URL(fileURLWithPath: random))
    let empty = folder.file("empty.sqlite")
    #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
    for name in ["foreign.sqlite", "random.sqlite", "empty.sqlite"] {
      let before = folder.bytes(name)
      for arguments in [["migrate"], ["info"]] {
        let result = try ToolRunner.run("cloudy-db", arguments + ["--db", folder.file(name)])
        #expect(result.status == 65, "\(name) \(arguments): \(result.standardError)")
        #expect(result.standardError.hasPrefix("cloudy-db: error: "))
        #expect(result.standardError.split(separator: "\n").count == 1)
      }
      #expect(folder.bytes(name) == before)
    }
    let result = try ToolRunner.run("cloudy-db", ["info", "--db", folder.path])
    #expect(result.status == 74)
    #expect(result.standardError.contains("is a folder"))
  }

  @Test(
    "backup --force onto the live database under another spelling is refused, and so is restoring it onto itself"
  )
  func backupOntoItself() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    #expect(
      try ToolRunner.run("cloudy-locations", ["add", "Richmond, VA", "--db", db]).status == 0)
    try FileManager.default.createSymbolicLink(
      atPath: folder.file("through-link"), withDestinationPath: folder.path)
    try FileManager.default.linkItem(atPath: db, toPath: folder.file("hard-link.sqlite"))
    let inode = { () throws -> UInt64 in
      try #require(
        try FileManager.default.attributesOfItem(atPath: db)[.systemFileNumber] as? UInt64)
    }
    let before = try inode()
    for spelling in [
      folder.file("./cloudy.sqlite"), folder.file("through-link/cloudy.sqlite"),
      folder.file("hard-link.sqlite"), folder.file("cloudy.sqlite-wal"),
      folder.file("through-link/cloudy.sqlite-journal"),
    ] {
      let result = try ToolRunner.run("cloudy-db", ["backup", "--force", "--db", db, spelling])
      #expect(result.status == 64, "\(spelling): \(result.standardError)")
      #expect(result.standardError.contains("onto itself"), "\(result.standardError)")
      #expect(try inode() == before)
      let restore = try ToolRunner.run("cloudy-db", ["restore", "--db", db, spelling])
      if spelling.hasSuffix("-wal") || spelling.hasSuffix("-journal") { continue }
      #expect(restore.status == 64, "\(spelling): \(restore.standardError)")
      #expect(restore.standardError.contains("is the database itself"))
    }
    #expect(!FileManager.default.fileExists(atPath: folder.file("cloudy.sqlite-journal")))
    #expect(try sqlite3(db, "SELECT name FROM location") == "Richmond, Virginia, US")
    #expect(try sqlite3(db, "PRAGMA integrity_check") == "ok")
  }

  @Test("restore behind another process's write lock gives up after the busy timeout (exit 75)")
  func restoreWaitsNoLongerThanTheBusyTimeout() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    #expect(
      try ToolRunner.run("cloudy-locations", ["add", "Richmond, VA", "--db", db]).status == 0)
    let backup = folder.file("backup.sqlite")
    #expect(try ToolRunner.run("cloudy-db", ["backup", "--db", db, backup]).status == 0)
    // Another process holds the write lock for longer than any command waits (5 s).
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    holder.arguments = [
      "python3", "-c",
      "import sqlite3, sys, time; c = sqlite3.connect(sys.argv[1], isolation_level=None); c.execute('BEGIN IMMEDIATE'); print('locked', flush=True); time.sleep(20)",
      db,
    ]
    let pipe = Pipe()
    holder.standardOutput = pipe
    try holder.run()
    defer { holder.terminate() }
    _ = pipe.fileHandleForReading.availableData  // "locked"
    let result = try ToolRunner.run(
      "cloudy-db", ["restore", "--db", db, backup], timeout: 15)
    #expect(result.status == 75, "\(result.standardError)")
    holder.terminate()
    holder.waitUntilExit()
    #expect(try sqlite3(db, "SELECT name FROM location") == "Richmond, Virginia, US")
    // Nothing was restored, so no copy of the database is kept for it (issue 33: each refused
    // try left a full `before-restore` copy).
    let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.contains("before-restore")
    }
    #expect(kept.isEmpty, "\(kept)")
  }

  @Test("a killed backup's or export's temporary is removed by the next backup or export")
  func abandonedTemporariesAreRemoved() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    #expect(
      try ToolRunner.run("cloudy-locations", ["add", "Richmond, VA", "--db", db]).status == 0)
    // As a kill leaves them: full-size temporaries named after a process that is gone.
    let gone = 4_194_000
    let left = [
      ".copy.sqlite.backup-\(gone)", ".copy.sqlite.backup-\(gone)-wal",
      ".places.json.export-\(gone)",
    ]
    for name in left {
      #expect(
        FileManager.default.createFile(atPath: folder.file(name), contents: Data(count: 4096)))
    }
    // One of a process that is alive (this one) stays: it may still be being written.
    let alive = ".copy.sqlite.backup-\(getpid())"
    #expect(FileManager.default.createFile(atPath: folder.file(alive), contents: Data()))
    #expect(
      try ToolRunner.run("cloudy-db", ["backup", "--db", db, folder.file("copy.sqlite")]).status
        == 0)
    #expect(
      try ToolRunner.run("cloudy-db", ["export", "--db", db, "-o", folder.file("places.json")])
        .status == 0)
    for name in left {
      #expect(!FileManager.default.fileExists(atPath: folder.file(name)), "\(name) is still there")
    }
    #expect(FileManager.default.fileExists(atPath: folder.file(alive)))
  }

  @Test("the next command that opens the database removes what killed backups and exports left")
  func abandonedTemporariesAreRemovedByTheNextCommand() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    #expect(
      try ToolRunner.run("cloudy-locations", ["add", "Richmond, VA", "--db", db]).status == 0)
    let gone = 4_194_000
    let left = [
      ".copy.sqlite.backup-\(gone)", ".copy.sqlite.backup-\(gone)-wal",
      ".places.json.export-\(gone)", ".cloudy.sqlite.creating-\(gone)-shm",
    ]
    // Not Cloudy's: other suffixes and other kinds stay.
    let others = [".notes.backup-\(gone).txt", ".copy.sqlite.draft-\(gone)", "copy.sqlite"]
    let alive = ".copy.sqlite.backup-\(getpid())"
    for name in left + others + [alive] {
      #expect(
        FileManager.default.createFile(atPath: folder.file(name), contents: Data(count: 4096)))
    }
    // A command that only reads, to another name than any of them.
    #expect(try ToolRunner.run("cloudy-locations", ["list", "--db", db]).status == 0)
    for name in left {
      #expect(!FileManager.default.fileExists(atPath: folder.file(name)), "\(name) is still there")
    }
    for name in others + [alive] {
      #expect(FileManager.default.fileExists(atPath: folder.file(name)), "\(name) was removed")
    }
  }

  @Test(
    "at rest the -wal is empty after every write, also while another process keeps a reader open")
  func walEmptyAtRest() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    #expect(
      try ToolRunner.run("cloudy-locations", ["add", "Richmond, VA", "--db", db]).status == 0)
    // A reader that stays open (as the app or a watcher does): the last writer's close then
    // never checkpoints, so only a checkpoint after the write leaves the -wal empty.
    let reader = Process()
    reader.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    reader.arguments = [
      "python3", "-c",
      "import sqlite3, sys, time; c = sqlite3.connect('file:' + sys.argv[1] + '?mode=ro', uri=True); c.execute('SELECT count(*) FROM location').fetchall(); print('open', flush=True); time.sleep(30)",
      db,
    ]
    let pipe = Pipe()
    reader.standardOutput = pipe
    try reader.run()
    defer { reader.terminate() }
    _ = pipe.fileHandleForReading.availableData  // "open"
    for arguments in [
      ["cloudy-locations", "add", "Paris, France"], ["cloudy-settings", "set", "time", "24h"],
      ["cloudy-settings", "reset"], ["cloudy-locations", "remove", "2"],
    ] {
      let result = try ToolRunner.run(arguments[0], Array(arguments.dropFirst()) + ["--db", db])
      #expect(result.status == 0, "\(arguments): \(result.standardError)")
      let wal = try FileManager.default.attributesOfItem(atPath: db + "-wal")[.size] as? UInt64
      #expect(wal == 0, "\(arguments): the -wal has \(wal ?? 0) bytes")
    }
    #expect(reader.isRunning)
  }

  @Test("backup, then restore: the round trip brings back the data and keeps the replaced file")
  func backupRestore() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    #expect(try ToolRunner.run("cloudy-db", ["migrate", "--db", db]).status == 0)
    _ = try sqlite3(
      db,
      "INSERT INTO location (name, latitude, longitude, source, position) VALUES ('Before', 1, 2, 'coordinates', 0); UPDATE settings SET time_notation = '24h';"
    )
    let backup = folder.file("backup.sqlite")
    var result = try ToolRunner.run("cloudy-db", ["backup", "--db", db, backup])
    #expect(result.status == 0)
    #expect(try sqlite3(backup, "PRAGMA integrity_check") == "ok")
    result = try ToolRunner.run("cloudy-db", ["backup", "--db", db, backup])
    #expect(result.status == 73)
    #expect(try ToolRunner.run("cloudy-db", ["backup", "--db", db, backup, "--force"]).status == 0)

    _ = try sqlite3(
      db,
      "INSERT INTO location (name, latitude, longitude, source, position) VALUES ('After', 3, 4, 'coordinates', 1); UPDATE settings SET time_notation = '12h';"
    )
    result = try ToolRunner.run("cloudy-db", ["restore", "--db", db, backup])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try sqlite3(db, "SELECT group_concat(name) FROM location") == "Before")
    #expect(try sqlite3(db, "SELECT time_notation FROM settings") == "24h")
    let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.contains("before-restore")
    }
    #expect(kept.count == 1)
    if let keptName = kept.first {
      #expect(
        try sqlite3(
          folder.file(keptName), "SELECT group_concat(name) FROM location ORDER BY position")
          == "Before,After")
    }
    // Restoring a foreign file is refused and changes nothing.
    let foreign = folder.file("foreign.sqlite")
    _ = try sqlite3(foreign, "CREATE TABLE t (x);")
    result = try ToolRunner.run("cloudy-db", ["restore", "--db", db, foreign])
    #expect(result.status == 65)
    #expect(try sqlite3(db, "SELECT group_concat(name) FROM location") == "Before")
  }

  @Test("vacuum keeps the data; unknown commands and options exit 64 with one line")
  func vacuumAndUsage() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    #expect(try ToolRunner.run("cloudy-db", ["migrate", "--db", db]).status == 0)
    #expect(try ToolRunner.run("cloudy-db", ["vacuum", "--db", db]).status == 0)
    #expect(try sqlite3(db, "PRAGMA integrity_check") == "ok")
    var result = try ToolRunner.run("cloudy-db", ["frobnicate"])
    #expect(result.status == 64)
    #expect(result.standardError.hasPrefix("cloudy-db: error:"))
    result = try ToolRunner.run("cloudy-db", ["info", "--bogus"])
    #expect(result.status == 64)
    result = try ToolRunner.run("cloudy-db", ["--help"])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("backup"))
    #expect(result.standardOutput.contains("Exit status"))
  }

  @Test("two processes creating the same new database at once both succeed with one schema")
  func concurrentCreation() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("race/cloudy.sqlite")
    let results = ReadBox()
    let group = DispatchGroup()
    let statuses = StatusBox()
    for _ in 0..<4 {
      group.enter()
      DispatchQueue.global().async {
        let status = (try? ToolRunner.run("cloudy-db", ["migrate", "--db", db]).status) ?? -1
        statuses.append(status)
        group.leave()
      }
    }
    group.wait()
    _ = results
    #expect(statuses.all == [0, 0, 0, 0])
    #expect(
      try sqlite3(db, "SELECT count(*) FROM cloudy_migration") == "\(Migrator().latestVersion)")
    #expect(try sqlite3(db, "PRAGMA integrity_check") == "ok")
  }
}

final class StatusBox: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [Int32] = []
  func append(_ value: Int32) { lock.withLock { values.append(value) } }
  var all: [Int32] { lock.withLock { values } }
}
