import Foundation
import Testing

/// The same failure gives the same exit status and the same one-line shape in every tool
/// (`FailureMap`): an ambiguous place, a missing place, a missing database, a file that is not
/// Cloudy's, a newer Cloudy's file.
@Suite("One failure map across the tools")
struct FailureMapTests {
  /// A database with two places that both begin with "Rich".
  private func twoRichmonds() throws -> (ToolTestFolder, String) {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    for (name, lat, lon) in [
      ("Richmond, Virginia, US", "37.55", "-77.46"),
      ("Richmond, California, US", "37.93", "-122.34"),
    ] {
      let added = try ToolRunner.run(
        "cloudy-locations", ["add", "--name", name, "--lat", lat, "--lon", lon, "--db", db])
      #expect(added.status == 0, "\(added.standardError)")
    }
    return (folder, db)
  }

  /// Every command that takes a place, given `place`.
  private func commandsNaming(_ place: String, db: String) -> [(String, [String])] {
    [
      ("cloudy-locations", ["remove", place, "--db", db]),
      ("cloudy-locations", ["select", place, "--db", db]),
      ("cloudy-locations", ["rename", place, "Elsewhere", "--db", db]),
      ("cloudy-locations", ["move", place, "1", "--db", db]),
      ("cloudy-forecast", ["show", place, "--db", db]),
      ("cloudy-forecast", ["show", place, "--week", "--json", "--db", db]),
      ("cloudy-forecast", ["import", "/dev/null", "--place", place, "--db", db]),
      ("cloudy-forecast", ["fetch", place, "--db", db]),
    ]
  }

  private func expectOneLine(
    _ result: ToolRunner.Result, tool: String, status: Int32, mentioning text: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      result.status == status, "\(tool): \(result.standardError)", sourceLocation: sourceLocation)
    let lines = result.standardError.split(separator: "\n")
    #expect(lines.count == 1, "\(result.standardError)", sourceLocation: sourceLocation)
    #expect(
      result.standardError.hasPrefix("\(tool): error: ") && result.standardError.contains(text),
      "\(result.standardError)", sourceLocation: sourceLocation)
  }

  @Test func anAmbiguousPlaceIs65Everywhere() throws {
    let (folder, db) = try twoRichmonds()
    let before = folder.bytes("cloudy.sqlite")
    for (tool, arguments) in commandsNaming("Rich", db: db) {
      let result = try ToolRunner.run(tool, arguments)
      expectOneLine(result, tool: tool, status: 65, mentioning: "matches several saved places")
    }
    #expect(folder.bytes("cloudy.sqlite") == before)
  }

  @Test func aMissingPlaceIs66Everywhere() throws {
    let (folder, db) = try twoRichmonds()
    let before = folder.bytes("cloudy.sqlite")
    for place in ["Lyon", "7"] {
      for (tool, arguments) in commandsNaming(place, db: db) {
        let result = try ToolRunner.run(tool, arguments)
        expectOneLine(
          result, tool: tool, status: 66,
          mentioning: place == "7" ? "there is no row 7" : "no saved place is named")
      }
    }
    #expect(folder.bytes("cloudy.sqlite") == before)
  }

  @Test func aMissingDatabaseIs66AndIsNotCreated() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("none.sqlite")
    let runs: [(String, [String], String)] = [
      ("cloudy-locations", ["remove", "1", "--db", db], "no saved places yet"),
      ("cloudy-forecast", ["show", "--db", db], db),
      ("cloudy-db", ["info", "--db", db], db),
      ("cloudy-db", ["check", "--db", db], db),
    ]
    for (tool, arguments, text) in runs {
      let result = try ToolRunner.run(tool, arguments)
      expectOneLine(result, tool: tool, status: 66, mentioning: text)
    }
    #expect(!FileManager.default.fileExists(atPath: db))
  }

  @Test func aForeignFileIs65AndANewerOneIs78Everywhere() throws {
    let folder = try ToolTestFolder()
    let foreign = folder.file("foreign.sqlite")
    _ = try sqlite3(foreign, "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine');")
    let newer = folder.file("newer.sqlite")
    let made = try ToolRunner.run("cloudy-settings", ["set", "time", "24h", "--db", newer])
    #expect(made.status == 0)
    _ = try sqlite3(
      newer,
      "INSERT INTO cloudy_migration (version, name, checksum) VALUES (99, 'future', 'x'); PRAGMA user_version = 99; PRAGMA wal_checkpoint(TRUNCATE);"
    )
    for (path, status, text) in [
      (foreign, Int32(65), "another application"), (newer, Int32(78), "newer Cloudy"),
    ] {
      let before = FileManager.default.contents(atPath: path)
      let runs: [(String, [String])] = [
        ("cloudy-locations", ["list", "--db", path]),
        ("cloudy-settings", ["set", "units", "metric", "--db", path]),
        ("cloudy-forecast", ["show", "--db", path]),
        ("cloudy-db", ["info", "--db", path]),
      ]
      for (tool, arguments) in runs {
        let result = try ToolRunner.run(tool, arguments)
        expectOneLine(result, tool: tool, status: status, mentioning: text)
      }
      #expect(FileManager.default.contents(atPath: path) == before)
    }
  }
}
