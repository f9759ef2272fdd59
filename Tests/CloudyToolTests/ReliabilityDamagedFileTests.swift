import CloudyStore
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Damaged and foreign files: every tool refuses them with one line and a documented status,
/// and leaves the file's bytes exactly as they were.
@Suite("Reliability: damaged and foreign files", .serialized)
struct ReliabilityDamagedFileTests {
  /// The commands tried on every file: readers first, then writers.
  static let readers: [(String, [String])] = [
    ("cloudy-db", ["info"]), ("cloudy-locations", ["list"]), ("cloudy-settings", ["show"]),
    ("cloudy-forecast", ["show", "anchor"]),
  ]
  static let writers: [(String, [String])] = [
    ("cloudy-db", ["migrate"]),
    ("cloudy-locations", ["add", "--name", "New", "--lat", "1", "--lon", "2"]),
    ("cloudy-settings", ["set", "time", "24h"]), ("cloudy-db", ["vacuum"]),
  ]

  struct Case {
    var name: String
    /// Makes the file (as root) and returns the path to pass with --db.
    var make: (ReliabilityFolder) throws -> String
    /// Accepted statuses for readers and writers.
    var readerStatus: Set<Int32>
    var writerStatus: Set<Int32>
    /// Words the error line must contain (any of them).
    var says: [String]
    var asNobody = false
  }

  /// A Cloudy database holding some places, its WAL folded into the file.
  static func populated(_ path: String, places: Int = 300) throws {
    let folder = (path as NSString).deletingLastPathComponent
    let result = try RawProcess.run("cloudy-db", ["migrate", "--db", path], scratch: folder)
    #expect(result.status == 0, "\(result.standardError)")
    _ = try sqlite3(
      path,
      """
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(places))
      INSERT INTO location (name, latitude, longitude, source, position)
      SELECT 'anchor' || CASE WHEN i = 1 THEN '' ELSE '-' || i END, i % 90, i % 180, 'coordinates', i - 1 FROM n;
      INSERT INTO selection (id, kind, location_id) VALUES (1, 'saved', 1);
      PRAGMA wal_checkpoint(TRUNCATE);
      """)
  }

  static func cases() -> [Case] {
    var list: [Case] = [
      Case(
        name: "zero-length file",
        make: { folder in
          let path = folder.file("empty.sqlite")
          _ = FileManager.default.createFile(atPath: path, contents: Data())
          return path
        }, readerStatus: [65], writerStatus: [65], says: ["empty"]),
      Case(
        name: "random bytes",
        make: { folder in
          let path = folder.file("random.sqlite")
          var generator = SeededGenerator(seed: 42)
          let bytes = (0..<64 * 1024).map { _ in UInt8.random(in: 0...255, using: &generator) }
          _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
          return path
        }, readerStatus: [65], writerStatus: [65], says: ["not a Cloudy database"]),
      Case(
        name: "random bytes after a valid SQLite header",
        make: { folder in
          let path = folder.file("header.sqlite")
          try populated(path)
          var bytes = FileManager.default.contents(atPath: path) ?? Data()
          var generator = SeededGenerator(seed: 7)
          for index in 100..<bytes.count {
            bytes[index] = UInt8.random(in: 0...255, using: &generator)
          }
          try bytes.write(to: URL(fileURLWithPath: path))
          return path
        }, readerStatus: [65], writerStatus: [65], says: ["not a Cloudy database", "damaged"]),
      Case(
        name: "truncated database",
        make: { folder in
          let path = folder.file("truncated.sqlite")
          try populated(path)
          let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
          #expect(size > 16 * 4096)
          truncate(path, off_t(size / 2))
          return path
        }, readerStatus: [65], writerStatus: [65], says: ["not a Cloudy database", "damaged"]),
      Case(
        name: "damaged pages",
        make: { folder in
          let path = folder.file("pages.sqlite")
          try populated(path)
          // The pages of the tables the writers change (the places and the settings): their
          // commands must meet the damage, wherever the schema puts those tables.
          let roots = try sqlite3(
            path,
            "SELECT rootpage FROM sqlite_master WHERE name IN ('location', 'settings', 'location_by_position')"
          ).split(separator: "\n").compactMap { Int($0) }
          var bytes = FileManager.default.contents(atPath: path) ?? Data()
          for page in roots {
            for index in ((page - 1) * 4096 + (page == 1 ? 100 : 0))..<(page * 4096)
            where index < bytes.count {
              bytes[index] = UInt8(truncatingIfNeeded: index &* 31)
            }
          }
          try bytes.write(to: URL(fileURLWithPath: path))
          return path
        }, readerStatus: [0, 65], writerStatus: [65], says: ["damaged"]),
      Case(
        name: "SQLite file of another application",
        make: { folder in
          let path = folder.file("foreign.sqlite")
          _ = try sqlite3(
            path,
            "PRAGMA journal_mode = WAL; CREATE TABLE invoice (id INTEGER PRIMARY KEY, total REAL); INSERT INTO invoice VALUES (1, 9.5);"
          )
          return path
        }, readerStatus: [65], writerStatus: [65], says: ["another application"]),
      Case(
        name: "database from a newer Cloudy",
        make: { folder in
          let path = folder.file("newer.sqlite")
          let newer = Migrator().latestVersion + 1
          try populated(path, places: 5)
          _ = try sqlite3(
            path,
            "INSERT INTO cloudy_migration (version, name, checksum) VALUES (\(newer), 'future', 'x'); PRAGMA user_version = \(newer); PRAGMA wal_checkpoint(TRUNCATE);"
          )
          return path
        }, readerStatus: [78], writerStatus: [78], says: ["newer Cloudy"]),
      Case(
        name: "path is a folder",
        make: { folder in
          let path = folder.file("folder.sqlite")
          mkdir(path, 0o700)
          return path
        }, readerStatus: [74], writerStatus: [74], says: ["a folder"]),
      Case(
        name: "parent is a file",
        make: { folder in
          let parent = folder.file("plain")
          _ = FileManager.default.createFile(atPath: parent, contents: Data("x".utf8))
          return parent + "/cloudy.sqlite"
        }, readerStatus: [74], writerStatus: [74], says: ["not a folder"]),
      Case(
        name: "device file", make: { _ in "/dev/null" }, readerStatus: [74], writerStatus: [74],
        says: ["a device"]),
      Case(
        name: "FIFO",
        make: { folder in
          let path = folder.file("fifo.sqlite")
          mkfifo(path, 0o600)
          return path
        }, readerStatus: [74], writerStatus: [74], says: ["a FIFO"]),
      Case(
        name: "dangling symlink",
        make: { folder in
          let path = folder.file("dangling.sqlite")
          symlink(folder.file("nowhere.sqlite"), path)
          return path
        }, readerStatus: [74], writerStatus: [74], says: ["symbolic link to nothing"]),
      Case(
        name: "stale -wal of another database beside the file",
        make: { folder in
          // A restored older copy with the -wal of a different database still beside it.
          let path = folder.file("stale.sqlite")
          try populated(path, places: 5)
          let other = folder.file("other.sqlite")
          _ = try sqlite3(
            other,
            "PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0; CREATE TABLE invoice (id INTEGER PRIMARY KEY, total REAL); INSERT INTO invoice VALUES (1, 9.5);"
          )
          // Keep the other database's WAL by copying it while sqlite3 holds it open.
          let holder = Process()
          holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
          holder.arguments = [
            other, "PRAGMA wal_autocheckpoint = 0; INSERT INTO invoice VALUES (2, 1.5);",
            ".shell cp \(other)-wal \(path)-wal",
          ]
          try holder.run()
          holder.waitUntilExit()
          return path
        }, readerStatus: [65], writerStatus: [65],
        says: ["not a Cloudy database", "another application"]),
      Case(
        name: "garbage -wal beside the file",
        make: { folder in
          let path = folder.file("garbage-wal.sqlite")
          try populated(path, places: 5)
          _ = FileManager.default.createFile(
            atPath: path + "-wal",
            contents: Data((0..<9000).map { UInt8(truncatingIfNeeded: $0 &* 13) }))
          return path
        }, readerStatus: [0], writerStatus: [0], says: []),
    ]
    // Permission cases: as nobody when the suite runs as root (root ignores permissions).
    list += [
      Case(
        name: "file without read permission",
        make: { folder in
          let path = folder.file("unreadable.sqlite")
          try populated(path, places: 5)
          chown(path, Unprivileged.nobody, Unprivileged.nobody)
          chmod(path, 0o000)
          return path
        }, readerStatus: [74], writerStatus: [74],
        says: ["permission denied", "Permission denied"],
        asNobody: true),
      Case(
        name: "file without write permission",
        make: { folder in
          let path = folder.file("readonly.sqlite")
          try populated(path, places: 5)
          chown(path, Unprivileged.nobody, Unprivileged.nobody)
          chmod(path, 0o400)
          return path
        }, readerStatus: [0], writerStatus: [74], says: ["permission", "read-only", "readonly"],
        asNobody: true),
      Case(
        name: "read-only folder holding the database",
        make: { folder in
          let sub = folder.file("ro-existing")
          mkdir(sub, 0o700)
          let path = sub + "/cloudy.sqlite"
          try populated(path, places: 5)
          chown(path, Unprivileged.nobody, Unprivileged.nobody)
          chown(sub, Unprivileged.nobody, Unprivileged.nobody)
          chmod(sub, 0o500)
          return path
        }, readerStatus: [0, 74], writerStatus: [74],
        says: ["permission", "-wal", "read-only", "readonly"],
        asNobody: true),
      Case(
        name: "read-only folder, no database yet",
        make: { folder in
          let sub = folder.file("ro-empty")
          mkdir(sub, 0o500)
          chown(sub, Unprivileged.nobody, Unprivileged.nobody)
          return sub + "/cloudy.sqlite"
        }, readerStatus: [0, 66], writerStatus: [66, 74], says: ["Permission", "permission"],
        asNobody: true),
    ]
    return list
  }

  @Test("each damaged or foreign file: one line, a documented status, the bytes unchanged")
  func damagedFiles() throws {
    guard RawProcess.built("cloudy-locations", "cloudy-settings", "cloudy-forecast", "cloudy-db")
    else {
      Issue.record("the tools are not built")
      return
    }
    let (nobody, skipReason) = Unprivileged.user()
    var refused = 0
    var commands = 0
    var unchanged = 0
    var skipped: [String] = []
    var problems = 0
    var acceptedWrites = 0
    for testCase in Self.cases() {
      if testCase.asNobody, let skipReason {
        skipped.append(testCase.name)
        print("reliability: skipped \(testCase.name): \(skipReason)")
        continue
      }
      let folder = try ReliabilityFolder("damaged")
      chmod(folder.path, 0o755)
      // The unprivileged user owns the folder, so only the case's own restriction applies.
      if testCase.asNobody { chown(folder.path, Unprivileged.nobody, Unprivileged.nobody) }
      let path = try testCase.make(folder)
      let user = testCase.asNobody ? nobody : nil
      var before = FileSnapshot(path)
      var refusedHere = false
      var changedHere = false
      for (tool, arguments) in Self.readers + Self.writers + [("cloudy-db", ["check"])] {
        let isWriter = Self.writers.contains { $0.0 == tool && $0.1 == arguments }
        let isCheck = arguments == ["check"]
        var expected = isWriter ? testCase.writerStatus : testCase.readerStatus
        if isCheck { expected.formUnion([1, 65]) }
        if tool == "cloudy-forecast" { expected.insert(66) }  // a sound file has no forecast
        // `migrate` with nothing to apply writes nothing, so it may succeed on a read-only file.
        if arguments == ["migrate"] && testCase.readerStatus.contains(0) { expected.insert(0) }
        // Readers of a missing database say there is none (66) or show an empty list (0).
        let result = try RawProcess.run(
          tool, arguments + ["--db", path], scratch: "/tmp", asUser: user, timeout: 30)
        commands += 1
        let label = "\(testCase.name): \(tool) \(arguments.first ?? "")"
        if result.killed {
          problems += 1
          Issue.record("\(label) crashed with signal \(result.signal)")
          continue
        }
        if !expected.contains(result.status) {
          problems += 1
          Issue.record(
            "\(label) exited \(result.status), expected \(expected.sorted()): \(result.standardError)"
          )
        }
        if result.status != 0 && result.status != 1 {
          refusedHere = true
          if !isOneLineError(result.standardError, tool: tool) {
            problems += 1
            Issue.record("\(label): not one error line: \(result.standardError.debugDescription)")
          }
          if !testCase.says.isEmpty && !testCase.says.contains(where: result.standardError.contains)
            && result.status != 66
          {
            problems += 1
            Issue.record(
              "\(label): the error does not say \(testCase.says): \(result.standardError)")
          }
        }
        let after = FileSnapshot(path)
        if after.main != before.main {
          if result.status == 0 && isWriter {
            // An accepted write (a sound file beside a garbage -wal, say) may change it.
            acceptedWrites += 1
            before = after
          } else {
            problems += 1
            changedHere = true
            Issue.record("\(label) changed the file's bytes (hash \(before.hash) → \(after.hash))")
            before = after
          }
        }
      }
      if !changedHere { unchanged += 1 }
      if refusedHere { refused += 1 }
      print(
        "reliability:   \(testCase.name): \(refusedHere ? "refused" : "accepted"), bytes \(changedHere ? "CHANGED by a refused command" : "unchanged")"
      )
    }
    Reliability.report(
      "damaged-files",
      [
        "cases": Self.cases().count - skipped.count, "refused": refused,
        "bytes-unchanged": unchanged,
        "commands": commands, "accepted-writes": acceptedWrites, "problems": problems,
        "skipped": skipped.count,
      ])
    #expect(problems == 0)
  }

  @Test("a symbolic link to a database is followed; the -wal sits beside the target")
  func symlinkFollowed() throws {
    guard RawProcess.built("cloudy-locations") else { return }
    let folder = try ReliabilityFolder("symlink")
    let target = folder.file("real.sqlite")
    let link = folder.file("link.sqlite")
    try Self.populated(target, places: 2)
    symlink(target, link)
    let result = try RawProcess.run(
      "cloudy-locations", ["add", "--name", "Via link", "--lat", "1", "--lon", "1", "--db", link],
      scratch: folder.path)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try sqlite3(target, "SELECT count(*) FROM location WHERE name = 'Via link'") == "1")
    var info = stat()
    #expect(lstat(link, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK, "the link stays a link")
    #expect(access(link + "-wal", F_OK) != 0, "no -wal beside the link")
  }
}
