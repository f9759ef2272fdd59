import Foundation
import Testing

// End-to-end runs of the built `cloudy-locations` against temporary databases. Build the
// products first (`swift build`); ToolRunner finds them beside the test bundle.

/// Runs cloudy-locations with `--db` pointing into `folder`.
private func locations(
  _ folder: ToolTestFolder, _ arguments: String..., db: String = "cloudy.sqlite"
)
  throws -> ToolRunner.Result
{
  try ToolRunner.run("cloudy-locations", arguments + ["--db", folder.file(db)])
}

/// The saved rows of `list --json`.
private func savedRows(_ folder: ToolTestFolder) throws -> [[String: Any]] {
  let list = try jsonObject(try locations(folder, "list", "--json"))
  let sections = try #require(list["sections"] as? [[String: Any]])
  let saved = try #require(sections.first { $0["kind"] as? String == "saved" })
  return try #require(saved["rows"] as? [[String: Any]])
}

private func names(_ folder: ToolTestFolder) throws -> [String] {
  try savedRows(folder).compactMap { $0["name"] as? String }
}

@Suite("cloudy-locations end to end")
struct LocationsToolTests {
  @Test func addRichmondThenListIt() throws {
    let folder = try ToolTestFolder()
    let added = try locations(folder, "add", "Richmond, VA")
    #expect(added.status == 0, "\(added.standardError)")
    #expect(added.standardOutput.contains("Richmond, Virginia, US"))

    let text = try locations(folder, "list")
    #expect(text.status == 0)
    let lines = text.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.first == "Saved Locations")
    #expect(
      lines.contains {
        $0.hasPrefix("  *  1  Richmond, Virginia, US") && $0.contains("37.55")
          && $0.contains("77.46") && $0.hasSuffix("W")
      })

    let row = try #require(try savedRows(folder).first)
    #expect(row["name"] as? String == "Richmond, Virginia, US")
    #expect(row["number"] as? Int == 1)
    #expect(row["selected"] as? Bool == true)
    #expect(row["source"] as? String == "gazetteer")
    #expect(row["query"] as? String == "Richmond, VA")
    #expect(row["timeZone"] as? String == "America/New_York")
    let latitude = try #require(row["latitude"] as? Double)
    let longitude = try #require(row["longitude"] as? Double)
    #expect(abs(latitude - 37.55) < 0.01)
    #expect(abs(longitude - -77.46) < 0.01)
    #expect(
      try sqlite3(folder.file("cloudy.sqlite"), "SELECT name FROM location")
        == "Richmond, Virginia, US")
  }

  @Test func readOnlyCommandsCreateNothing() throws {
    let folder = try ToolTestFolder()
    let db = "not-yet/cloudy.sqlite"
    let list = try locations(folder, "list", db: db)
    #expect(list.status == 0)
    #expect(list.standardOutput.contains("Saved Locations"))
    #expect(list.standardOutput.contains("none yet"))
    let listJSON = try jsonObject(try locations(folder, "list", "--json", db: db))
    #expect(listJSON["selection"] is NSNull)
    #expect(try locations(folder, "search", "Paris", db: db).status == 0)
    #expect(
      try locations(folder, "current", db: db).standardOutput == "no current location is set\n")
    #expect(try locations(folder, "current", "--clear", db: db).status == 0)
    #expect(!FileManager.default.fileExists(atPath: folder.file("not-yet")))
  }

  @Test func listShowsSectionsNumbersAndTheSelection() throws {
    let folder = try ToolTestFolder()
    #expect(
      try locations(folder, "add", "--name", "Home", "--lat", "37.5538", "--lon", "-77.4603").status
        == 0)
    #expect(try locations(folder, "add", "Paris, France").status == 0)
    #expect(try locations(folder, "current", "--lat", "40.7128", "--lon=-74.006").status == 0)
    #expect(try locations(folder, "select", "2").status == 0)
    let text = try locations(folder, "list").standardOutput
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.count == 5)
    #expect(lines[0] == "Current Location")
    #expect(lines[1].contains("Current Location") && lines[1].hasSuffix("40.7128° N, 74.0060° W"))
    #expect(lines[2] == "Saved Locations")
    #expect(lines[3].hasPrefix("     1  Home") && lines[3].hasSuffix("37.5538° N, 77.4603° W"))
    #expect(lines[4].hasPrefix("  *  2  Paris, Île-de-France, FR"))

    let list = try jsonObject(try locations(folder, "list", "--json"))
    let selection = try #require(list["selection"] as? [String: Any])
    #expect(selection["kind"] as? String == "saved")
    #expect(selection["number"] as? Int == 2)
    let sections = try #require(list["sections"] as? [[String: Any]])
    #expect(sections.map { $0["title"] as? String } == ["Current Location", "Saved Locations"])
    let current = try #require((sections[0]["rows"] as? [[String: Any]])?.first)
    #expect(current["detailText"] as? String == "40.7128° N, 74.0060° W")
    #expect(current["selected"] as? Bool == false)

    #expect(try locations(folder, "select", "--current").status == 0)
    let selected =
      try jsonObject(try locations(folder, "list", "--json"))["selection"] as? [String: Any]
    #expect(selected?["kind"] as? String == "current")
    #expect(try locations(folder, "current", "--clear").status == 0)
    #expect(try savedRows(folder).first?["selected"] as? Bool == true)  // back to the first place
  }

  /// A terminal draws CJK two columns wide and an emoji picture two: the coordinates column
  /// starts at the same column on every row (it counted Characters and drifted before).
  @Test func listColumnsLineUpInDisplayColumns() throws {
    let folder = try ToolTestFolder()
    for (name, lat) in [("東京都 Tokyo", "35.68"), ("Richmond", "37.55"), ("🌊 Bergen", "60.39")] {
      #expect(try locations(folder, "add", "--name", name, "--lat", lat, "--lon", "5").status == 0)
    }
    let rows = try locations(folder, "list").standardOutput.split(separator: "\n").dropFirst()
    let columns = rows.map { row -> Int in
      let prefix = row[..<(row.range(of: "° N")?.lowerBound ?? row.endIndex)]
      let start = prefix.lastIndex(of: " ").map { prefix[..<$0] } ?? ""
      return start.reduce(0) { total, character in
        let scalar = character.unicodeScalars.first!.value
        return total + ((0x3000...0x9FFF).contains(scalar) || scalar >= 0x1F300 ? 2 : 1)
      }
    }
    #expect(rows.count == 3)
    #expect(Set(columns).count == 1, "\(rows)")
  }

  @Test func removeSelectRenameMoveByNumberAndName() throws {
    let folder = try ToolTestFolder()
    for (name, lat, lon) in [
      ("Alpha", "1", "1"), ("Beta", "2", "2"), ("Gamma", "3", "3"), ("3", "4", "4"),
    ] {
      #expect(try locations(folder, "add", "--name", name, "--lat", lat, "--lon", lon).status == 0)
    }
    let moved = try jsonObject(try locations(folder, "move", "gamma", "1", "--json"))
    #expect(moved["from"] as? Int == 3)
    #expect(moved["to"] as? Int == 1)
    #expect(try names(folder) == ["Gamma", "Alpha", "Beta", "3"])

    let renamed = try jsonObject(try locations(folder, "rename", "2", "Alpha Centauri", "--json"))
    #expect(renamed["previousName"] as? String == "Alpha")
    #expect(try names(folder) == ["Gamma", "Alpha Centauri", "Beta", "3"])

    // "3" is row 3 (Beta); --name 3 is the place named "3".
    #expect(try locations(folder, "select", "--name", "3").status == 0)
    #expect(try savedRows(folder)[3]["selected"] as? Bool == true)
    let removed = try jsonObject(try locations(folder, "remove", "3", "--json"))
    #expect((removed["removed"] as? [String: Any])?["name"] as? String == "Beta")
    #expect(try locations(folder, "remove", "--name", "3").status == 0)
    #expect(try names(folder) == ["Gamma", "Alpha Centauri"])
    // Removing the selected "3" selected the row above.
    #expect(try savedRows(folder)[1]["selected"] as? Bool == true)

    // A unique beginning.
    #expect(try locations(folder, "rename", "--name", "alpha c", "Home").status == 0)
    #expect(try names(folder) == ["Gamma", "Home"])
  }

  @Test func unusualNamesAreStoredExactly() throws {
    let folder = try ToolTestFolder()
    let unusual = [
      "Robert'); DROP TABLE location;--", "\"Quoted\" 'place'", "Café 🌧️☔️", "مرحبا بالعالم",
      "שלום", "%s %n %@ \\ back\\slash",
    ]
    for (index, name) in unusual.enumerated() {
      let result = try locations(
        folder, "add", "--name", name, "--lat", "\(index)", "--lon", "\(index)")
      #expect(result.status == 0, "\(name): \(result.standardError)")
    }
    #expect(try names(folder) == unusual)
    #expect(
      try sqlite3(folder.file("cloudy.sqlite"), "SELECT count(*) FROM location")
        == "\(unusual.count)")
    #expect(
      try sqlite3(folder.file("cloudy.sqlite"), "SELECT name FROM location WHERE id = 1")
        == unusual[0])
    // Surrounding spaces are trimmed, nothing else.
    #expect(
      try locations(folder, "add", "--name", "  Spaced  out  ", "--lat", "9", "--lon", "9").status
        == 0)
    #expect(try names(folder).last == "Spaced  out")
  }

  @Test func ambiguousNamesAddTheBestAndSayWhatElseMatched() throws {
    let folder = try ToolTestFolder()
    let best = try locations(folder, "add", "Richmond")
    #expect(best.status == 0)
    #expect(best.standardOutput.contains("also matched \"Richmond\": 2 "))
    #expect(best.standardOutput.contains("--pick N"))
    let search = try jsonObject(try locations(folder, "search", "Richmond", "--json"))
    let candidates = try #require(search["candidates"] as? [[String: Any]])
    #expect(candidates.count >= 2)
    #expect(candidates[0]["saved"] as? Bool == true)
    #expect(candidates[1]["saved"] as? Bool == false)
    let second = try #require(candidates[1]["displayName"] as? String)
    let picked = try jsonObject(try locations(folder, "add", "Richmond", "--pick", "2", "--json"))
    #expect((picked["added"] as? [String: Any])?["name"] as? String == second)
    #expect(picked["pick"] as? Int == 2)
    #expect(try names(folder).count == 2)
  }

  @Test func searchListsCandidatesAndSavesNothing() throws {
    let folder = try ToolTestFolder()
    let result = try locations(folder, "search", "Richmond, VA")
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix("  1  Richmond, Virginia, US  37.5538° N, 77.4603° W"))
    #expect(result.standardOutput.contains("nothing was saved"))
    let shape = try jsonObject(
      try locations(folder, "search", "Richmond, VA", "--json", "--limit", "1"))
    let candidate = try #require((shape["candidates"] as? [[String: Any]])?.first)
    #expect(
      Array((candidate as NSDictionary).allKeys.compactMap { $0 as? String }).sorted()
        == [
          "countryCode", "countryName", "detailText", "displayName", "latitude", "longitude",
          "match", "matchedName", "name", "pick", "population", "region", "saved", "timeZone",
        ])
    #expect(!FileManager.default.fileExists(atPath: folder.file("cloudy.sqlite")))
  }

  @Test func helpNamesTheAttributionAndPick() throws {
    let help = try ToolRunner.run("cloudy-locations", ["--help"])
    #expect(help.status == 0)
    #expect(help.standardOutput.contains("GeoNames"))
    #expect(help.standardOutput.contains("creativecommons.org/licenses/by/4.0"))
    #expect(help.standardOutput.contains("--pick N"))
    let add = try ToolRunner.run("cloudy-locations", ["add", "--help"])
    #expect(add.standardOutput.contains("--pick"))
  }

  /// Each bad input: its exit status, its message, and a database left byte-for-byte as it was.
  static let refusals: [(arguments: [String], status: Int32, message: String)] = [
    (["add", "Xyzzy"], 66, #"no place matches "Xyzzy""#),
    (["add", "Richmnd, Virginia"], 66, "near matches: 1 Richmond, Virginia, US"),
    (["add", "Springf"], 66, #"no place is named "Springf", so nothing was saved"#),
    (["add", "Springf", "--pick", "99"], 65, "no candidate 99"),
    (["search", "Xyzzy"], 66, #"no place matches "Xyzzy""#),
    (["add", ""], 65, "cannot be empty"),
    (["add", "   "], 65, "cannot be empty"),
    (["add", String(repeating: "a", count: 201)], 65, "at most 200"),
    (["add", "--name", "x", "--lat", "91", "--lon", "0"], 65, "latitude 91.0 is outside"),
    (["add", "--name", "x", "--lat", "0", "--lon", "-180.5"], 65, "longitude -180.5 is outside"),
    (["add", "--name", "x", "--lat", "nan", "--lon", "0"], 65, "finite"),
    (["add", "--name", "x", "--lat", "1e999", "--lon", "0"], 65, "finite"),
    (
      ["add", "--name", "x", "--lat", "north", "--lon", "0"], 65,
      #"latitude "north" is not a number"#
    ),
    (["add", "--name", "tab\there", "--lat", "1", "--lon", "1"], 65, "control characters"),
    (["add", "--name", "esc\u{1B}[31m", "--lat", "1", "--lon", "1"], 65, "U+001B"),
    (["add", "--name", "x", "--lat", "1"], 64, "--lat and --lon go together"),
    (["add", "Richmond, VA", "--pick", "99"], 65, "no candidate 99"),
    (["add", "Richmond, VA", "--pick", "0"], 64, "--pick counts from 1"),
    (["remove", "Xyzzy"], 66, #"no saved place is named "Xyzzy""#),
    (["remove", "9"], 66, "no row 9"),
    (["select", "0"], 66, "no row 0"),
    (["select", "--current"], 66, "no current location"),
    (["rename", "1", ""], 65, "cannot be empty"),
    (["rename", "1", "bad\nname"], 65, "control characters"),
    (["move", "1", "5"], 65, "numbered 1…"),
    (["move", "1", "first"], 64, "must be a number"),
    (["frobnicate"], 64, "cloudy-locations: error:"),
  ]

  @Test func refusalsLeaveTheDatabaseUntouched() throws {
    let folder = try ToolTestFolder()
    #expect(try locations(folder, "add", "Richmond, VA").status == 0)
    let before = try #require(folder.bytes("cloudy.sqlite"))
    let duplicates: [(arguments: [String], status: Int32, message: String)] = [
      (["add", "Richmond, VA"], 65, #"a place named "Richmond, Virginia, US" is already saved"#),
      (
        ["add", "--name", "RICHMOND, virginia, us", "--lat", "1", "--lon", "1"], 65, "already saved"
      ),
    ]
    for refusal in Self.refusals + duplicates {
      let result = try ToolRunner.run(
        "cloudy-locations", refusal.arguments + ["--db", folder.file("cloudy.sqlite")])
      #expect(result.status == refusal.status, "\(refusal.arguments): \(result.standardError)")
      #expect(
        result.standardError.contains(refusal.message),
        "\(refusal.arguments): \(result.standardError)")
      #expect(result.standardError.hasPrefix("cloudy-locations: error: "), "\(refusal.arguments)")
      #expect(
        result.standardError.split(separator: "\n").count == 1, "\(refusal.arguments): one line")
      #expect(folder.bytes("cloudy.sqlite") == before, "\(refusal.arguments) changed the file")
    }
    #expect(!FileManager.default.fileExists(atPath: folder.file("cloudy.sqlite-wal")))
  }

  /// Issue 33: a name with control characters in a hand-made file (the tools refuse to save one)
  /// was written raw by `list`: ESC sequences recoloured the terminal and a newline forged a
  /// row. Every tool's text output now escapes them, as the app's ncurses does.
  @Test func controlCharactersInAHandMadeFileAreEscapedInText() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    let add = ["add", "--name", "Seed", "--lat", "1", "--lon", "2", "--db", db]
    #expect(try ToolRunner.run("cloudy-locations", add).status == 0)
    _ = try sqlite3(
      db,
      "UPDATE location SET name = 'Evil' || char(27) || '[31mRed' || char(7) || char(10) || 'Row 2' || char(155) || 'x'"
    )
    let escaped = #"Evil\u{1B}[31mRed\u{7}\nRow 2\u{9B}x"#
    let list = try ToolRunner.run("cloudy-locations", ["list", "--db", db])
    #expect(list.status == 0)
    #expect(list.standardOutput.contains(escaped), "\(list.standardOutput)")
    let show = try ToolRunner.run("cloudy-forecast", ["show", "--db", db])
    #expect(show.standardError.contains(escaped), "\(show.standardError)")
    for output in [list.standardOutput, show.standardOutput, show.standardError] {
      #expect(
        !output.unicodeScalars.contains { $0 != "\n" && $0.properties.generalCategory == .control })
    }
    #expect(list.standardOutput.split(separator: "\n").count == 2, "a header and one row")
    // --json carries the name exactly (JSON escapes it).
    let json = try ToolRunner.run("cloudy-locations", ["list", "--json", "--db", db])
    #expect(
      json.standardOutput.contains(#"Evil\u001b[31mRed\u0007\nRow 2"#), "\(json.standardOutput)")
  }

  @Test func refusalsCreateNoFile() throws {
    let folder = try ToolTestFolder()
    for refusal in Self.refusals {
      let result = try ToolRunner.run(
        "cloudy-locations", refusal.arguments + ["--db", folder.file("new/cloudy.sqlite")])
      #expect(result.status != 0, "\(refusal.arguments)")
      #expect(
        !FileManager.default.fileExists(atPath: folder.file("new")),
        "\(refusal.arguments) created the folder")
    }
  }
}
