import Foundation
import Testing

/// `cloudy-db import` of place files whose columns say one thing and hold another (issue 33):
/// a city column taken for the names, positions as WKT points, a country column of Wikidata
/// links, a KMZ, places a file repeats. Each on a file another tool wrote (Fixtures/README.md),
/// through the built executable; every refusal leaves the database byte for byte as it was.
@Suite("cloudy-db import: columns judged by what they hold, KMZ, repeated places")
struct PlaceFilesJudgedTests {
  private func importing(_ fixture: String, _ extra: [String] = [], db: String) throws
    -> ToolRunner.Result
  {
    try ToolRunner.run(
      "cloudy-db", ["import", Reliability.fixture("places/\(fixture)"), "--db", db] + extra)
  }

  private func saved(_ db: String) throws -> String {
    try sqlite3(
      db,
      "SELECT name, latitude, longitude, coalesce(country_code, '-') FROM location ORDER BY position"
    )
  }

  /// A database holding one place, and its bytes.
  private func database(_ folder: ToolTestFolder) throws -> (path: String, bytes: Data) {
    let db = folder.file("cloudy.sqlite")
    let added = try ToolRunner.run(
      "cloudy-locations", ["add", "--name", "Home", "--lat", "1", "--lon", "2", "--db", db])
    try #require(added.status == 0, "\(added.standardError)")
    return (db, try Data(contentsOf: URL(fileURLWithPath: db)))
  }

  @Test(
    "Starbucks' store list: the City column repeats while Store Name differs in every row, so the import is refused naming --name-column; naming a column imports it"
  )
  func repeatingNameColumn() throws {
    let folder = try ToolTestFolder()
    let (db, before) = try database(folder)
    let refused = try importing("starbucks-directory-first25.csv", db: db)
    #expect(refused.status == 65, "\(refused.standardOutput)")
    #expect(
      refused.standardError.contains(
        "City: \"Abu Dhabi\" names 17 of the 20 places, while \"Store Name\" is different in every row"
      ), "\(refused.standardError)")
    #expect(
      refused.standardError.contains(
        "choose with --name-column 'Store Name' (or --name-column City to keep that column)"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)

    let named = try importing(
      "starbucks-directory-first25.csv", ["--name-column", "Store Name"], db: db)
    #expect(named.status == 0, "\(named.standardError)")
    #expect(try sqlite3(db, "SELECT count(*) FROM location") == "26")
    #expect(
      try sqlite3(
        db, "SELECT name, latitude, longitude, country_code FROM location WHERE position = 1")
        == "Meritxell, 96|42.51|1.53|AD")

    let cities = folder.file("cities.sqlite")
    let kept = try importing(
      "starbucks-directory-first25.csv", ["--name-column", "city"], db: cities)
    #expect(kept.status == 0, "\(kept.standardError)")
    #expect(try sqlite3(cities, "SELECT name FROM location WHERE position = 3") == "Abu Dhabi")
  }

  @Test("Google My Maps CSV: positions from its WKT column; rows without a shape skipped")
  func myMapsWKT() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    let result = try importing("google-my-maps-wkt-ara-tools.csv", db: db)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      try saved(db) == """
        Point 1|52.1516656|5.2652943|-
        Point 2|52.1459776|5.3142177|-
        Point 3|52.1408683|5.2768814|-
        """)
    #expect(result.standardOutput.contains("skipped 2 records that are not places"))
    #expect(result.standardOutput.contains("WKT: no position; a place needs one"))
  }

  @Test(
    "Wikidata query results: names from cityLabel beside the city links, Point(lon lat) positions, a city listed once per region imported once"
  )
  func wikidataPointsAndRepeats() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    let result = try importing("wikidata-query-overseas-cities.csv", db: db)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      try saved(db) == """
        Saint-Pierre|-21.341944444|55.477777777|-
        Cayenne|4.938611111|-52.335|-
        Papeete|-17.539722222|-149.568888888|-
        """)
    #expect(
      result.standardOutput.contains(
        "note: names read from \"cityLabel\": \"city\" holds links (http://www.wikidata.org/entity/Q249884), not names"
      ), "\(result.standardOutput)")
    #expect(
      result.standardOutput.contains(
        "9 records repeat a place already in the file (the same name within 25 m), imported once: \"Saint-Pierre\" (line 3) as at line 2"
      ), "\(result.standardOutput)")

    let again = folder.file("again.sqlite")
    let json = try jsonObject(
      try importing("wikidata-query-overseas-cities.csv", ["--json"], db: again))
    #expect((json["repeated"] as? [[String: Any]])?.count == 9)
    #expect((json["repeated"] as? [[String: Any]])?.last?["first"] as? String == "line 5")
    #expect((json["notes"] as? [String])?.count == 1)
  }

  @Test(
    "Wikidata query results with a country column of entity links: the countries are not read, with a note, and every capital is imported"
  )
  func countryLinksIgnored() throws {
    let folder = try ToolTestFolder()
    let (db, _) = try database(folder)
    let result = try importing(
      "wikidata-query-capitals-first8.csv", ["--name-column", "capitalLabel", "--json"], db: db)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      try sqlite3(
        db,
        "SELECT name, latitude, longitude, coalesce(country_code, '-') FROM location WHERE position > 0 ORDER BY position"
      ) == """
        Kabul|34.532777777778|69.165833333333|-
        Bangi|4.37325|18.562833333333|-
        Tirana|41.33|19.82|-
        Berlin|52.516666666667|13.383333333333|-
        Aljer|36.776388888889|3.0586111111111|-
        Washington|38.895|-77.036666666667|-
        Andorra la Vella|42.5|1.5|-
        Luanda|-8.8333333333333|13.233333333333|-
        """)
    let json = try jsonObject(result)
    #expect(
      json["notes"] as? [String] == [
        "countries not read: \"country\" holds no two-letter ISO 3166-1 codes (it holds \"http://www.wikidata.org/entity/Q889\")"
      ])
  }

  @Test(
    "KMZ: Google's KML samples zipped, read directly: the four point placemarks imported, paths and shapes counted"
  )
  func kmz() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    let result = try importing("google-kml-samples.kmz", db: db)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("(kml)"))
    #expect(
      try saved(db) == """
        Simple placemark|37.4222899014025|-122.082203542568|-
        Floating placemark|37.4220033612141|-122.084075|-
        Extruded placemark|37.4215692786755|-122.085766700618|-
        Roll over this icon|37.4224307740546|-122.085654575525|-
        """)
    #expect(result.standardOutput.contains("skipped 16 records that are not places"))
  }

  @Test("a zip that holds no KML is refused saying so, and the database is left as it was")
  func zipWithoutKML() throws {
    let folder = try ToolTestFolder()
    let (db, before) = try database(folder)
    // A zip of one text file, written by Python's zipfile as any zip tool would.
    let zip = folder.file("notes.kmz")
    let made = try ToolRunner.run(
      executableAt: URL(fileURLWithPath: "/usr/bin/python3"),
      [
        "-c",
        "import zipfile,sys; z=zipfile.ZipFile(sys.argv[1],'w'); z.writestr('notes.txt','hello'); z.close()",
        zip,
      ])
    try #require(made.status == 0, "\(made.standardError)")
    let refused = try ToolRunner.run("cloudy-db", ["import", zip, "--db", db])
    #expect(refused.status == 65)
    #expect(
      refused.standardError.contains(
        "this zip file holds no .kml file, so it is not a KMZ (it holds notes.txt)"),
      "\(refused.standardError)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
  }
}
