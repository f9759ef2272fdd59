import CloudyTestFakes
import Foundation
import Testing

// Issue 12 end to end: `cloudy-locations add NAME` saves only a place the user named (by its
// name or another name, with qualifiers written as people write them); otherwise it saves
// nothing, exits 66 and numbers the closest places for --pick N. Places are GeoNames'.

private func locations(_ folder: ToolTestFolder, _ arguments: String...) throws
  -> ToolRunner.Result
{
  try ToolRunner.run("cloudy-locations", arguments + ["--db", folder.file("cloudy.sqlite")])
}

@Suite("cloudy-locations: place names as typed")
struct LocationsNamingToolTests {
  @Test(arguments: issueExamples)
  func addSavesThePlacePeopleMean(example: (String, String, String, Double, Double)) throws {
    let (query, name, country, latitude, longitude) = example
    let folder = try ToolTestFolder()
    let added = try jsonObject(try locations(folder, "add", query, "--json"))
    let row = try #require(added["added"] as? [String: Any])
    #expect(row["name"] as? String == name, "\(query)")
    #expect(row["countryCode"] as? String == country, "\(query)")
    #expect(row["query"] as? String == query)
    let savedLatitude = try #require(row["latitude"] as? Double)
    let savedLongitude = try #require(row["longitude"] as? Double)
    #expect(abs(savedLatitude - latitude) < 0.05, "\(query)")
    #expect(abs(savedLongitude - longitude) < 0.05, "\(query)")
    let candidates = try #require(added["candidates"] as? [[String: Any]])
    let chosen = try #require(candidates.first)
    #expect(["name", "alternateName"].contains(chosen["match"] as? String), "\(query)")
    #expect(
      try sqlite3(folder.file("cloudy.sqlite"), "SELECT name || '|' || country_code FROM location")
        == "\(name)|\(country)")
  }

  @Test func theMatchedNameIsShownWhereItDiffers() throws {
    let folder = try ToolTestFolder()
    let added = try locations(folder, "add", "Wien")
    #expect(added.status == 0, "\(added.standardError)")
    #expect(
      added.standardOutput.hasPrefix(
        "added \"Vienna, Wien, AT\" \u{2014} matched \u{201C}Wien\u{201D} (row 1, "))
    let search = try locations(folder, "search", "Wien", "--json")
    let first = try #require((try jsonObject(search)["candidates"] as? [[String: Any]])?.first)
    #expect(first["match"] as? String == "alternateName")
    #expect(first["matchedName"] as? String == "Wien")
    #expect(first["displayName"] as? String == "Vienna, Wien, AT")
    // Its own name: no note.
    let plain = try locations(folder, "add", "Paris, France")
    #expect(plain.standardOutput.hasPrefix("added \"Paris, Île-de-France, FR\" (row 2, "))
  }

  @Test func aPrefixAloneSavesNothingAndNumbersTheClosestPlaces() throws {
    let folder = try ToolTestFolder()
    #expect(try locations(folder, "add", "Richmond, VA").status == 0)
    let before = try #require(folder.bytes("cloudy.sqlite"))
    let refused = try locations(folder, "add", "Springf")
    #expect(refused.status == 66)
    #expect(refused.standardOutput.isEmpty)
    let message = refused.standardError
    #expect(message.split(separator: "\n").count == 1)
    #expect(message.hasPrefix("cloudy-locations: error: no place is named \"Springf\""))
    #expect(message.contains("1 Springfield, Missouri, US; 2 Springfield, Massachusetts, US"))
    #expect(message.contains("save one with: cloudy-locations add Springf --pick N"))
    #expect(folder.bytes("cloudy.sqlite") == before)
    // The hint is a command to paste: quoted for a shell, so `$` and `'` stay text.
    let shellHint = try locations(folder, "add", "Springf $HOME's")
    #expect(shellHint.status == 66)
    #expect(
      shellHint.standardError.contains(#"cloudy-locations add 'Springf $HOME'\''s' --pick N"#),
      "\(shellHint.standardError)")
    #expect(!FileManager.default.fileExists(atPath: folder.file("cloudy.sqlite-wal")))
  }

  @Test func aPrefixAloneCreatesNoDatabase() throws {
    let folder = try ToolTestFolder()
    #expect(try locations(folder, "add", "Springf").status == 66)
    #expect(!FileManager.default.fileExists(atPath: folder.file("cloudy.sqlite")))
  }

  @Test func pickSavesAListedCandidate() throws {
    let folder = try ToolTestFolder()
    let refused = try locations(folder, "add", "Springf")
    #expect(refused.status == 66)
    // The second place the refusal listed is the one --pick 2 saves.
    let listed = try #require(
      refused.standardError.components(separatedBy: "; ").first { $0.hasPrefix("2 ") })
    let second = String(listed.dropFirst(2))
    let picked = try jsonObject(try locations(folder, "add", "Springf", "--pick", "2", "--json"))
    #expect((picked["added"] as? [String: Any])?["name"] as? String == second)
    #expect(second == "Springfield, Massachusetts, US")
    let first = try locations(folder, "add", "Springf", "--pick", "1")
    #expect(first.status == 0)
    #expect(first.standardOutput.hasPrefix("added \"Springfield, Missouri, US\""))
    #expect(
      try sqlite3(folder.file("cloudy.sqlite"), "SELECT group_concat(name, '|') FROM location")
        == "Springfield, Massachusetts, US|Springfield, Missouri, US")
  }

  @Test func pickSavesANearMatchOnPurpose() throws {
    let folder = try ToolTestFolder()
    let refused = try locations(folder, "add", "Richmnd")
    #expect(refused.status == 66)
    #expect(refused.standardError.contains("near matches: 1 Richmond, Virginia, US"))
    let picked = try locations(folder, "add", "Richmnd", "--pick", "1")
    #expect(picked.status == 0, "\(picked.standardError)")
    #expect(
      try sqlite3(folder.file("cloudy.sqlite"), "SELECT name FROM location")
        == "Richmond, Virginia, US")
  }

  @Test func searchStillOffersPrefixes() throws {
    let folder = try ToolTestFolder()
    let text = try locations(folder, "search", "Springf")
    #expect(text.status == 0, "\(text.standardError)")
    #expect(text.standardOutput.hasPrefix("  1  Springfield, Missouri, US"))
    #expect(text.standardOutput.contains("begins with \u{201C}Springf\u{201D}"))
    let json = try jsonObject(try locations(folder, "search", "Springf", "--json"))
    let candidates = try #require(json["candidates"] as? [[String: Any]])
    #expect(!candidates.isEmpty)
    #expect(candidates.allSatisfy { $0["match"] as? String == "prefix" })
    #expect(!FileManager.default.fileExists(atPath: folder.file("cloudy.sqlite")))
  }

  @Test func noCommaAndSaintBothWaysSaveTheSamePlace() throws {
    for (forms, name) in [
      (["richmond va", "Richmond, VA", "Richmond Virginia"], "Richmond, Virginia, US"),
      (["Saint Louis, MO", "St. Louis MO", "st louis, missouri"], "St. Louis, Missouri, US"),
      (["St Paul, MN", "Saint Paul MN"], "Saint Paul, Minnesota, US"),
    ] {
      for form in forms {
        let folder = try ToolTestFolder()
        let added = try jsonObject(try locations(folder, "add", form, "--json"))
        #expect((added["added"] as? [String: Any])?["name"] as? String == name, "\(form)")
      }
    }
  }
}
