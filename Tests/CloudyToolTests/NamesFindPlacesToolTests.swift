import Foundation
import Testing

/// Issue 41: the name a person typed to add a place finds it afterwards, in every command that
/// takes PLACE: the query it was added under ("Wien" for Vienna, found by its German name), and
/// the stored name without accents ("Poznan" for Poznań, "Tromso" for Tromsø, "Nuku'alofa" for
/// Nukuʻalofa). Ambiguity is still refused with the candidates.
@Suite("PLACE: found by the name it was added under")
struct NamesFindPlacesToolTests {
  func run(_ tool: String, _ arguments: [String], db: String) throws -> ToolRunner.Result {
    try ToolRunner.run(tool, arguments + ["--db", db])
  }

  @Test func theNameTypedToAddAPlaceFindsIt() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    for query in ["Wien", "Poznan", "Tromso", "Nuku'alofa"] {
      let added = try run("cloudy-locations", ["add", query], db: db)
      #expect(added.status == 0, "\(query): \(added.standardError)")
    }
    let names = try sqlite3(db, "SELECT name FROM location ORDER BY position")
    #expect(names.contains("Poznań"), "\(names)")
    #expect(names.contains("Tromsø"), "\(names)")

    let selected = try run("cloudy-locations", ["select", "Wien"], db: db)
    #expect(selected.status == 0, "\(selected.standardError)")
    #expect(
      try sqlite3(
        db,
        "SELECT l.name FROM selection s JOIN location l ON l.id = s.location_id"
      )
      .hasPrefix("Vienna"))

    let shown = try run("cloudy-forecast", ["show", "Tromso"], db: db)
    #expect(!shown.standardError.contains("no saved place"), "\(shown.standardError)")

    let renamed = try run("cloudy-locations", ["rename", "Poznan", "Posen"], db: db)
    #expect(renamed.status == 0, "\(renamed.standardError)")
    #expect(try sqlite3(db, "SELECT count(*) FROM location WHERE name = 'Posen'") == "1")

    let imported = try run(
      "cloudy-forecast",
      [
        "import", try ForecastToolTests.fixturePath("darksky-poznan-2017-11-20-ca-daily-only.json"),
        "--place", "Tromso", "--force",
      ], db: db)
    #expect(!imported.standardError.contains("no saved place"), "\(imported.standardError)")

    let removed = try run("cloudy-locations", ["remove", "Nuku'alofa"], db: db)
    #expect(removed.status == 0, "\(removed.standardError)")
    #expect(try sqlite3(db, "SELECT count(*) FROM location") == "3")
  }

  @Test func theStoredNameWithoutAccentsFindsItWhateverWasTyped() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    let added = try run("cloudy-locations", ["add", "Poznań"], db: db)
    #expect(added.status == 0, "\(added.standardError)")
    let moved = try run("cloudy-locations", ["select", "poznan"], db: db)
    #expect(moved.status == 0, "\(moved.standardError)")
  }

  @Test func twoPlacesTheFoldedNameFindsAreStillRefusedWithTheCandidates() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    for (name, lat, lon) in [("Zürich Nord", "47.40", "8.54"), ("Zürich Süd", "47.33", "8.52")] {
      let added = try run(
        "cloudy-locations", ["add", "--name", name, "--lat", lat, "--lon", lon], db: db)
      #expect(added.status == 0, "\(added.standardError)")
    }
    let refused = try run("cloudy-locations", ["select", "Zurich"], db: db)
    #expect(refused.status != 0)
    #expect(
      refused.standardError.contains("matches several saved places"), "\(refused.standardError)")
    #expect(refused.standardError.contains("Zürich Nord"))
    #expect(refused.standardError.contains("Zürich Süd"))
  }
}
