import CloudyStore
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Bad input: names, coordinates, values and flags that try to break the tools. Each must be
/// stored exactly (as the documented rules say: trimmed, otherwise byte-for-byte) or refused
/// with one line and a usage/bad-data status, the database unchanged; none may crash, and no
/// SQL in an input may run.
@Suite("Reliability: bad input", .serialized)
struct ReliabilityBadInputTests {
  /// Names that look dangerous to a careless program.
  static let names: [String] = [
    "O'Brien", "\"quoted\"", "''", "Robert'); DROP TABLE location; --", "x' OR '1'='1",
    "; DELETE FROM settings; --", "1; UPDATE settings SET time_notation = '24h'",
    "name\" ; ATTACH DATABASE '/tmp/pwned.db' AS p; --", "%s%s%s%s%n", "%@ %d %x %% %999999999s",
    "\\", "\\'; --", "`touch /tmp/cloudy-pwned`", "$(touch /tmp/cloudy-pwned)",
    "<script>alert(1)</script>", "Zürich", "東京都", "🌧️ Rain City 🌈", "👨‍👩‍👧‍👦",
    "🏳️‍🌈", "مدينة الرياح", "עיר הגשם", "\u{202E}txt.exe\u{202C}", "e\u{301}", "é",
    "  spaced out  ", "\u{00A0}nbsp\u{00A0}", "\u{3000}ideographic space", "zero\u{200B}width",
    "-starts-with-dash", "--looks-like-a-flag", "123", "0", "-1", "current",
    "tab\there", "new\nline", "carriage\rreturn", "escape \u{1B}[31mred", "bell\u{7}",
    "delete\u{7F}", "c1 \u{85} next line", "", "   ", "\n", String(repeating: "a", count: 200),
    String(repeating: "b", count: 201), String(repeating: "🌧", count: 200),
    String(repeating: "ü", count: 201), String(repeating: "x", count: 100 * 1024),
    String(repeating: "y", count: 1024 * 1024), "\u{FEFF}bom", "\u{FFFD}replacement",
    "\u{10FFFF}max", "a\u{E000}private",
  ]

  /// Coordinate texts; accepted iff a finite number in range, stored as that number.
  static let coordinates: [String] = [
    "NaN", "nan", "-nan", "inf", "-inf", "Infinity", "-0", "-0.0", "0", "91", "-91", "90", "-90",
    "90.0000001", "181", "-181", "180", "-180", "1e400", "1e-400", "4.5e1", "0x1p3", " 12.5 ", "",
    "12abc", "1,5", "١٢", "+45", "--5", "%n", "'; DROP TABLE location; --", "1e", ".", "-",
    "0.1234567890123456789", "45\u{0}",
  ]

  /// Whole argument lists that must be refused (usage 64, bad data 65, not found 66).
  static let argumentLists: [(String, [String])] = [
    ("cloudy-locations", ["--bogus"]), ("cloudy-locations", ["list", "-z"]),
    ("cloudy-locations", ["add"]), ("cloudy-locations", ["add", "--name"]),
    ("cloudy-locations", ["add", "--name", "x", "--lat", "1"]),
    ("cloudy-locations", ["add", "x", "--name", "y"]),
    ("cloudy-locations", ["add", "x", "--pick", "0"]),
    ("cloudy-locations", ["add", "x", "--pick", "-5"]),
    ("cloudy-locations", ["add", "x", "--pick", "99999999999999999999999"]),
    ("cloudy-locations", ["move", "anchor", "0"]), ("cloudy-locations", ["move", "anchor", "-1"]),
    ("cloudy-locations", ["move", "anchor", "99999999999999999999"]),
    ("cloudy-locations", ["move", "anchor", "99999"]), ("cloudy-locations", ["select", "0"]),
    ("cloudy-locations", ["select", "-1"]), ("cloudy-locations", ["select", "99999"]),
    ("cloudy-locations", ["remove", "nowhere"]), ("cloudy-locations", ["remove"]),
    ("cloudy-locations", ["rename", "anchor"]), ("cloudy-locations", ["rename", "anchor", ""]),
    ("cloudy-locations", ["rename", "anchor", "bad\tname"]),
    ("cloudy-locations", ["current", "--lat", "1"]),
    ("cloudy-locations", ["current", "--lat", "nan", "--lon", "1"]),
    ("cloudy-settings", ["set"]), ("cloudy-settings", ["set", "time"]),
    ("cloudy-settings", ["set", "time", "25h"]),
    ("cloudy-settings", ["set", "time", "24h; DROP TABLE settings"]),
    ("cloudy-settings", ["set", "colour", "blue"]),
    ("cloudy-settings", ["set", "units", "'metric'"]),
    ("cloudy-settings", ["set", "temperature", "kelvin"]),
    ("cloudy-settings", ["set", "time", "24h", "extra"]),
    ("cloudy-settings", ["--db"]), ("cloudy-forecast", ["show", "nowhere"]),
    ("cloudy-forecast", ["show", "--bogus"]), ("cloudy-forecast", ["import", "/nonexistent.json"]),
    ("cloudy-forecast", ["import", "/etc/passwd"]), ("cloudy-forecast", ["import", "/dev/zero"]),
    ("cloudy-forecast", ["import", "/tmp"]), ("cloudy-forecast", ["prune", "--older-than", "-5d"]),
    ("cloudy-forecast", ["prune", "--older-than", "%n"]), ("cloudy-db", ["backup"]),
    ("cloudy-db", ["restore", "/nonexistent.sqlite"]), ("cloudy-db", ["frobnicate"]),
  ]

  /// Arguments that are not valid UTF-8.
  static let invalidUTF8: [[UInt8]] = [
    [0xFF], [0xC3], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
    Array("Zu".utf8) + [0xFC] + Array("rich".utf8), [0xE2, 0x82],
  ]

  /// The documented rule: surrounding white space trimmed (Unicode), nothing else changed.
  static func trimmed(_ name: String) -> String {
    let scalars = name.unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[first...last])
  }

  static func hex(_ text: String) -> String {
    text.utf8.map { String(format: "%02X", $0) }.joined()
  }

  final class Harness {
    let folder: ReliabilityFolder
    let db: String
    let schema: String
    var tried = 0
    var stored = 0
    var refused = 0
    var kernelRefused = 0
    var problems = 0

    init() throws {
      folder = try ReliabilityFolder("input")
      db = folder.file("cloudy.sqlite")
      for arguments in [
        // Both places are in Auckland, where the imported recording is from, so an import is
        // refused or stored for what its input holds, never for the distance.
        ["migrate"], ["add", "--name", "anchor", "--lat", "-36.85", "--lon", "174.76"],
        ["add", "--name", "second", "--lat", "-36.9", "--lon", "174.8"],
      ] {
        let tool = arguments == ["migrate"] ? "cloudy-db" : "cloudy-locations"
        let result = try RawProcess.run(tool, arguments + ["--db", db], scratch: folder.path)
        #expect(result.status == 0, "\(result.standardError)")
      }
      let imported = try RawProcess.run(
        "cloudy-forecast",
        [
          "import", Reliability.fixture("open-meteo-auckland.json"), "--place", "anchor", "--db",
          db,
        ],
        scratch: folder.path)
      #expect(imported.status == 0, "\(imported.standardError)")
      schema = schemaText(db)
    }

    /// The whole logical content, read-only.
    func dump() -> String { sqliteReadOnly(db, ".dump").output }

    /// Runs one input; returns the result when it ran (nil when the kernel refused the argv).
    func attempt(
      _ tool: String, _ arguments: [[UInt8]], label: String, refusals: Set<Int32> = [64, 65, 66]
    ) -> RawProcess.Result? {
      tried += 1
      let before = dump()
      let bytes = FileSnapshot(db)
      let result: RawProcess.Result
      do {
        result = try RawProcess.runBytes(
          tool, arguments + [Array("--db".utf8), Array(db.utf8)], scratch: folder.path, timeout: 60)
      } catch let error as SpawnError where error.code == E2BIG {
        kernelRefused += 1
        return nil
      } catch {
        problems += 1
        Issue.record("\(label): \(error)")
        return nil
      }
      if result.killed {
        problems += 1
        Issue.record("\(label) crashed with signal \(result.signal)")
        return result
      }
      if result.status != 0 {
        refused += 1
        if !refusals.contains(result.status) {
          problems += 1
          Issue.record("\(label) exited \(result.status): \(result.standardError)")
        }
        if !isOneLineError(result.standardError, tool: tool) {
          problems += 1
          Issue.record(
            "\(label): not one error line: \(result.standardError.prefix(500).debugDescription)")
        }
        if dump() != before || FileSnapshot(db).main != bytes.main {
          problems += 1
          Issue.record("\(label) was refused but changed the database")
        }
      }
      if schemaText(db) != schema {
        problems += 1
        Issue.record("\(label) changed the schema")
      }
      return result
    }

    func nameStored(_ name: String) -> Bool {
      let found = sqliteReadOnly(
        db,
        "SELECT count(*) FROM location WHERE hex(name) = '\(ReliabilityBadInputTests.hex(name))'")
      return found.output == "1"
    }
  }

  @Test("names: stored exactly (trimmed) or refused with one line, the database unchanged")
  func badNames() throws {
    guard RawProcess.built("cloudy-locations", "cloudy-forecast", "cloudy-db") else {
      Issue.record("the tools are not built")
      return
    }
    let harness = try Harness()
    var random = SeededGenerator(seed: Reliability.seed())
    var corpus = Self.names
    // Random names: scalars from every plane, some controls and surrogate neighbours.
    for _ in 0..<Reliability.count(short: 25, long: 400) {
      let length = Int.random(in: 1...40, using: &random)
      var scalars = String.UnicodeScalarView()
      while scalars.count < length {
        let ranges: [ClosedRange<UInt32>] = [
          0x01...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x1_0000...0x10_FFFF,
        ]
        let range = ranges.randomElement(using: &random)!
        if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &random)) {
          scalars.append(scalar)
        }
      }
      corpus.append(String(scalars))
    }
    for (index, name) in corpus.enumerated() {
      let label = "add name #\(index) \(name.prefix(40).debugDescription)"
      // `--name=VALUE` so a name that starts with a dash is a value, not an option.
      guard
        let result = harness.attempt(
          "cloudy-locations",
          [
            Array("add".utf8), Array("--name=\(name)".utf8), Array("--lat=1".utf8),
            Array("--lon=2".utf8),
          ],
          label: label)
      else { continue }
      if result.status == 0 {
        harness.stored += 1
        if !harness.nameStored(Self.trimmed(name)) {
          harness.problems += 1
          Issue.record("\(label) reported success but is not stored exactly")
        }
      }
      // The same name as a search and as a new name for a saved place: never a crash.
      _ = harness.attempt(
        "cloudy-locations", [Array("search".utf8), Array("--".utf8), Array(name.utf8)],
        label: "search \(label)")
      if let rename = harness.attempt(
        "cloudy-locations",
        [Array("rename".utf8), Array("second".utf8), Array("--".utf8), Array(name.utf8)],
        label: "rename \(label)"), rename.status == 0
      {
        harness.stored += 1
        if !harness.nameStored(Self.trimmed(name)) {
          harness.problems += 1
          Issue.record("rename \(label) reported success but is not stored exactly")
        }
        _ = try RawProcess.run(
          "cloudy-locations",
          ["rename", "--name", Self.trimmed(name), "second", "--db", harness.db],
          scratch: harness.folder.path)
      }
    }
    // Nothing ran from an input: the settings row and the first place are as they were.
    #expect(try sqlite3(harness.db, "SELECT time_notation FROM settings") == "12h")
    #expect(try sqlite3(harness.db, "SELECT count(*) FROM location WHERE name = 'anchor'") == "1")
    #expect(access("/tmp/cloudy-pwned", F_OK) != 0)
    #expect(access("/tmp/pwned.db", F_OK) != 0)
    Reliability.report(
      "bad-input-names",
      [
        "tried": harness.tried, "stored-exactly": harness.stored, "refused": harness.refused,
        "kernel-refused-argv": harness.kernelRefused, "problems": harness.problems,
      ])
    #expect(harness.problems == 0)
  }

  @Test("coordinates, values, flags and invalid UTF-8: stored exactly or refused clearly")
  func badValues() throws {
    guard RawProcess.built("cloudy-locations", "cloudy-settings", "cloudy-forecast", "cloudy-db")
    else {
      Issue.record("the tools are not built")
      return
    }
    let harness = try Harness()
    for (index, text) in Self.coordinates.enumerated() {
      for (which, arguments) in [
        ("lat", ["--lat=\(text)", "--lon=5"]), ("lon", ["--lat=5", "--lon=\(text)"]),
      ] {
        let name = "coordinate-\(which)-\(index)"
        let label = "\(which) \(text.debugDescription)"
        guard
          let result = harness.attempt(
            "cloudy-locations", (["add", "--name", name] + arguments).map { Array($0.utf8) },
            label: label)
        else { continue }
        let trimmedText = Self.trimmed(String(text.prefix { $0 != "\u{0}" }))  // argv ends at NUL
        let value = Double(trimmedText)
        let limit = which == "lat" ? 90.0 : 180.0
        let acceptable = value.map { $0.isFinite && abs($0) <= limit } ?? false
        if result.status == 0 {
          harness.stored += 1
          let column = which == "lat" ? "latitude" : "longitude"
          // Read the double itself (sqlite3's printf keeps only 16 digits).
          let stored = try Database(path: harness.db, access: .readOnly).queryFirst(
            "SELECT \(column) FROM location WHERE name = ?", [name]
          ) { $0.double(0) }
          if !acceptable || stored != value.map({ $0 == 0 ? 0 : $0 })
            || stored?.sign == .minus && stored == 0
          {
            harness.problems += 1
            Issue.record("\(label) was stored as \(stored)")
          }
        } else if acceptable && !text.contains("\u{0}") {
          harness.problems += 1
          Issue.record("\(label) is a valid coordinate but was refused: \(result.standardError)")
        }
      }
    }
    for (tool, arguments) in Self.argumentLists {
      let label = "\(tool) \(arguments)"
      if let result = harness.attempt(
        tool, arguments.map { Array($0.utf8) }, label: label, refusals: [64, 65, 66, 74]),
        result.status == 0
      {
        harness.problems += 1
        Issue.record("\(label) should have been refused")
      }
    }
    for bytes in Self.invalidUTF8 {
      for (tool, arguments) in [
        (
          "cloudy-locations",
          [
            Array("add".utf8), Array("--name".utf8), bytes, Array("--lat=1".utf8),
            Array("--lon=1".utf8),
          ]
        ),
        ("cloudy-locations", [Array("search".utf8), bytes]),
        ("cloudy-settings", [Array("set".utf8), Array("time".utf8), bytes]),
        ("cloudy-forecast", [Array("show".utf8), bytes]),
      ] {
        let label = "\(tool) invalid UTF-8 \(bytes)"
        if let result = harness.attempt(tool, arguments, label: label, refusals: [65]) {
          if result.status == 0 {
            harness.problems += 1
            Issue.record("\(label) should have been refused")
          } else if !result.standardError.contains("UTF-8") {
            harness.problems += 1
            Issue.record("\(label) does not say why: \(result.standardError)")
          }
        }
      }
    }
    // Settings: any case of a valid value is stored as the canonical text; others refused.
    for (value, expected) in [("24H", "24h"), ("12", "12h"), ("24", "24h"), ("12h", "12h")] {
      if let result = harness.attempt(
        "cloudy-settings", [Array("set".utf8), Array("time".utf8), Array(value.utf8)],
        label: "set time \(value)"), result.status == 0
      {
        harness.stored += 1
        #expect(try sqlite3(harness.db, "SELECT time_notation FROM settings") == expected)
      }
    }
    #expect(try sqlite3(harness.db, "SELECT count(*) FROM location WHERE name = 'anchor'") == "1")
    Reliability.report(
      "bad-input-values",
      [
        "tried": harness.tried, "stored-exactly": harness.stored, "refused": harness.refused,
        "problems": harness.problems,
      ])
    #expect(harness.problems == 0)
  }

  @Test("imported responses with NUL, 1 MB strings and wrong types: stored exactly or refused")
  func badImports() throws {
    guard RawProcess.built("cloudy-forecast", "cloudy-locations", "cloudy-db") else {
      Issue.record("the tools are not built")
      return
    }
    let harness = try Harness()
    let original = try String(
      contentsOfFile: Reliability.fixture("open-meteo-auckland.json"), encoding: .utf8)
    let zone = "\"timezone\": \"Pacific/Auckland\""
    #expect(original.contains(zone))
    let variants: [(String, String)] = [
      (
        "NUL in the time zone",
        original.replacingOccurrences(of: zone, with: "\"timezone\": \"Pacific/Auck\\u0000land\"")
      ),
      (
        "SQL in the time zone",
        original.replacingOccurrences(
          of: zone, with: "\"timezone\": \"'); DROP TABLE forecast; --\"")
      ),
      (
        "1 MB time zone",
        original.replacingOccurrences(
          of: zone, with: "\"timezone\": \"\(String(repeating: "z", count: 1 << 20))\"")
      ),
      ("number as time zone", original.replacingOccurrences(of: zone, with: "\"timezone\": 12")),
      (
        "invalid UTF-8", original.replacingOccurrences(of: zone, with: "\"timezone\": \"\u{FFFD}\"")
      ),
      ("empty object", "{}"), ("empty file", ""), ("not JSON", "%s%n DROP TABLE"),
      ("truncated", String(original.prefix(original.count / 2))),
      (
        "deep nesting",
        String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
      ),
    ]
    for (label, text) in variants {
      let path = harness.folder.file("variant.json")
      var data = Data(text.utf8)
      if label == "invalid UTF-8", let range = data.range(of: Data("\u{FFFD}".utf8)) {
        data.replaceSubrange(range, with: [0xFF, 0xFE])
      }
      try data.write(to: URL(fileURLWithPath: path))
      let result = harness.attempt(
        "cloudy-forecast", [Array("import".utf8), Array(path.utf8), Array("--place=second".utf8)],
        label: "import \(label)")
      if let result, result.status == 0 {
        harness.stored += 1
        print(
          "reliability:   import \(label): stored, time zone \(sqliteReadOnly(harness.db, "SELECT length(time_zone) FROM forecast ORDER BY id DESC LIMIT 1").output) characters"
        )
      }
    }
    #expect(
      try sqlite3(harness.db, "SELECT count(*) FROM forecast") != "0", "the table is still there")
    Reliability.report(
      "bad-input-imports",
      [
        "tried": harness.tried, "stored": harness.stored, "refused": harness.refused,
        "problems": harness.problems,
      ])
    #expect(harness.problems == 0)
  }
}
