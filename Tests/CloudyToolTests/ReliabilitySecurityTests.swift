import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Security basics: private modes whatever the umask, and no value interpolated into SQL.
@Suite("Reliability: security basics", .serialized)
struct ReliabilitySecurityTests {
  static func mode(_ path: String) -> mode_t? {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
  }

  /// Runs a tool under `umask 000`, the worst a user's shell could have.
  static func runWithOpenUmask(_ tool: String, _ arguments: [String], scratch: String) throws
    -> RawProcess.Result
  {
    let quoted = ([ToolRunner.executable(tool).path] + arguments).map {
      "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
    let running = try RawProcess.start(
      "/bin/sh",
      [Array("-c".utf8), Array("umask 000; exec \(quoted.joined(separator: " "))".utf8)],
      scratch: scratch)
    return RawProcess.finish(running)
  }

  @Test("database, -wal, -shm, backups and folders are private (0600/0700) even with umask 000")
  func privateModes() throws {
    guard RawProcess.built("cloudy-locations", "cloudy-db") else {
      Issue.record("the tools are not built")
      return
    }
    let folder = try ReliabilityFolder("modes")
    let db = folder.file("new/deeper/cloudy.sqlite")
    var result = try Self.runWithOpenUmask(
      "cloudy-locations", ["add", "--name", "Secret", "--lat", "1", "--lon", "2", "--db", db],
      scratch: folder.path)
    #expect(result.status == 0, "\(result.standardError)")
    var checked: [String: mode_t] = [
      folder.file("new"): 0o700, folder.file("new/deeper"): 0o700, db: 0o600,
    ]
    // While a connection has the file open, its -wal and -shm exist: SQLite gives them the
    // database's mode. Look at them from inside a session opened under umask 000.
    let session = try RawProcess.start(
      "/bin/sh",
      [
        "-c",
        "umask 000; /usr/bin/sqlite3 '\(db)' 'SELECT count(*) FROM location;' \".shell stat -c '%a %n' '\(db)-wal' '\(db)-shm'\"",
      ].map { Array($0.utf8) }, scratch: folder.path)
    let listing = RawProcess.finish(session).standardOutput
    for suffix in ["-wal", "-shm"] {
      let line = listing.split(separator: "\n").first { $0.hasSuffix(db + suffix) }
      if let mode = line?.split(separator: " ").first, mode != "600" {
        Issue.record("\(db)\(suffix) is mode \(mode) while open, expected 600")
      }
      #expect(line != nil, "no \(suffix) seen: \(listing)")
    }
    let backup = folder.file("backups/b.sqlite")
    mkdir(folder.file("backups"), 0o777)
    chmod(folder.file("backups"), 0o777)
    result = try Self.runWithOpenUmask(
      "cloudy-db", ["backup", backup, "--db", db], scratch: folder.path)
    #expect(result.status == 0, "\(result.standardError)")
    checked[backup] = 0o600
    result = try Self.runWithOpenUmask(
      "cloudy-db", ["restore", backup, "--db", db], scratch: folder.path)
    #expect(result.status == 0, "\(result.standardError)")
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.file("new/deeper")))
      ?? []
    {
      if name.contains("before-restore") || name == "cloudy.sqlite" {
        checked[folder.file("new/deeper/\(name)")] = 0o600
      }
    }
    var wrong: [String] = []
    for (path, expected) in checked.sorted(by: { $0.key < $1.key }) {
      let found = Self.mode(path)
      if found != expected {
        wrong.append(
          "\(path): \(found.map { String($0, radix: 8) } ?? "missing"), expected \(String(expected, radix: 8))"
        )
      }
    }
    Reliability.report("private-modes", ["paths-checked": checked.count, "wrong": wrong.count])
    #expect(wrong.isEmpty, "\(wrong)")
  }

  /// Every interpolation inside an SQL string literal in Sources/, each reviewed: they insert
  /// constants of the code (column lists, a column chosen from a closed enum, version numbers),
  /// never a value from a user, a file or the network.
  static let reviewedInterpolations: Set<String> = [
    "Self.columns", "column", "migration.version", "Self.applicationID", "SyncChange.columns",
    "ReadingsColumns.allList", "ReadingsColumns.weatherList", "ReadingsColumns.airQualityList",
    "ReadingsColumns.joinedAirQualityList", "ReadingsColumns.allPlaceholders",
    "ReadingsColumns.weatherPlaceholders", "ReadingsColumns.airQualityPlaceholders",
    "PlaceColumns.list", "PlaceColumns.placeholders", "PlaceColumns.assignments", "table",
  ]

  static func isSQL(_ text: String) -> Bool {
    let words = [
      "SELECT", "INSERT", "UPDATE", "DELETE", "PRAGMA", "CREATE", "DROP", "ALTER", "ATTACH",
      "DETACH", "VACUUM", "REPLACE", "WITH", "SAVEPOINT", "RELEASE", "BEGIN", "COMMIT", "ROLLBACK",
      "ANALYZE", "REINDEX",
    ]
    let first = text.trimmingCharacters(in: .whitespaces).prefix { $0.isLetter }
    return words.contains(String(first))
  }

  @Test("no user value is interpolated into SQL: every interpolation in an SQL literal is reviewed")
  func noInterpolatedSQL() throws {
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
    var files = 0
    var literals = 0
    var unreviewed: [String] = []
    let enumerator = FileManager.default.enumerator(atPath: sources.path)
    while let relative = enumerator?.nextObject() as? String {
      guard relative.hasSuffix(".swift") else { continue }
      files += 1
      let text =
        (try? String(contentsOfFile: sources.appendingPathComponent(relative).path, encoding: .utf8))
        ?? ""
      var inBlock = false
      var blockStarted = false
      var blockIsSQL = false
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        let code = line.trimmingCharacters(in: .whitespaces)
        if code.hasPrefix("//") { continue }
        // The string literals of the line that are SQL (they begin with an SQL keyword); all of
        // a multi-line literal whose first line does.
        var inside: [String] = []
        if line.contains("\"\"\"") {
          inBlock.toggle()
          blockStarted = false
          continue
        } else if inBlock {
          if !blockStarted && !code.isEmpty {
            blockStarted = true
            blockIsSQL = Self.isSQL(code)
          }
          if blockIsSQL { inside = [String(line)] }
        } else {
          let parts = line.replacingOccurrences(of: "\\\"", with: "").split(
            separator: "\"", omittingEmptySubsequences: false)
          guard parts.count >= 3 else { continue }
          inside = parts.enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            .filter { Self.isSQL($0) }
        }
        for literal in inside {
          literals += 1
          var rest = Substring(literal)
          while let start = rest.range(of: "\\(") {
            let after = rest[start.upperBound...]
            let expression = after.prefix { $0 != ")" }
            if !Self.reviewedInterpolations.contains(String(expression)) {
              unreviewed.append("\(relative):\(number + 1): \\(\(expression))")
            }
            rest = after.dropFirst(expression.count)
          }
        }
      }
    }
    Reliability.report(
      "sql-interpolation",
      ["files": files, "sql-literals": literals, "unreviewed": unreviewed.count])
    #expect(unreviewed.isEmpty, "\(unreviewed)")
    #expect(files > 20)
  }
}
