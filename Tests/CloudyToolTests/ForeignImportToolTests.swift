import Foundation
import Testing

/// `cloudy-db import` of the places people already have in other tools: Google Takeout's
/// Saved Places (both shapes), an overpass-turbo export of OpenStreetMap pubs, GPX and KML as
/// gpsbabel writes them, a Google My Maps KML. Each checked place by place in the database, each
/// refusal leaving the file as it was. Fixtures and their sources: Fixtures/README.md.
@Suite("cloudy-db import: other tools' files")
struct ForeignImportToolTests {
  private func importing(_ fixture: String, _ extra: [String] = [], db: String) throws
    -> ToolRunner.Result
  {
    try ToolRunner.run(
      "cloudy-db", ["import", Reliability.fixture("places/\(fixture)"), "--db", db] + extra)
  }

  private func saved(_ db: String) throws -> String {
    try sqlite3(
      db,
      "SELECT name, latitude, longitude, coalesce(country_code, '-'), coalesce(region, '-'), source FROM location ORDER BY position"
    )
  }

  @Test("Google Takeout 2017: repeated chain names told apart by locality, the empty title skipped")
  func takeout2017() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    let result = try importing("handmade-google-takeout-saved-places-2017.json", ["--json"], db: db)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      try saved(db) == """
        Black Bear Diner (Redding)|40.5865|-122.3917|US|-|coordinates
        Black Bear Diner (Sacramento)|38.5816|-121.4944|US|-|coordinates
        Musée du Louvre|48.8606111|2.337644|FR|-|coordinates
        """)
    let json = try jsonObject(result)
    #expect(
      (json["renamed"] as? [[String: Any]])?.map { $0["to"] as? String } == [
        "Black Bear Diner (Redding)", "Black Bear Diner (Sacramento)",
      ])
    let omitted = try #require(json["omitted"] as? [[String: Any]])
    #expect(omitted.map { $0["count"] as? Int } == [1])
    #expect(json["foreign"] as? Bool == true)
  }

  @Test("Google Takeout today: names in location.name, the [0,0] place without a position skipped")
  func takeoutCurrent() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    let result = try importing("handmade-google-takeout-saved-places-2024.json", db: db)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      try saved(db) == """
        Virginia State Capitol|37.5407|-77.436|US|-|coordinates
        Café Sacher Wien|48.2038|16.3695|AT|-|coordinates
        """)
    #expect(
      try sqlite3(db, "SELECT count(*) FROM location WHERE latitude = 0 AND longitude = 0") == "0")
    #expect(result.standardOutput.contains("skipped 1 record that is not a place"))
    #expect(result.standardOutput.contains("Google saved no position"))
  }

  @Test("a Google Maps list CSV (Title, Note, URL) is refused for having no positions")
  func googleList() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    let result = try importing("handmade-google-takeout-want-to-go.csv", db: db)
    #expect(result.status == 65)
    #expect(result.standardError.contains("no positions"))
    #expect(!FileManager.default.fileExists(atPath: db))
  }

  @Test(
    "overpass-turbo pubs: outlines at their centre, OSM's source tag ignored, a line and a nameless pub counted; the impossible one named, the rest only with --skip-invalid"
  )
  func overpass() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    try #require(
      try ToolRunner.run("cloudy-locations", ["add", "Richmond, VA", "--db", db]).status == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: db))
    let refused = try importing("handmade-overpass-turbo-pubs.geojson", db: db)
    #expect(refused.status == 65)
    #expect(
      refused.standardError.contains(
        "error: \(Reliability.fixture("places/handmade-overpass-turbo-pubs.geojson")): feature 6 (line 37), latitude"
      ))
    #expect(refused.standardError.contains("95.0 is outside -90…90; nothing was imported"))
    #expect(refused.standardError.contains("2 records that are not places would be skipped too"))
    #expect(refused.standardError.contains("3 places can be imported"))
    #expect(refused.standardError.contains("--skip-invalid"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)

    let result = try importing("handmade-overpass-turbo-pubs.geojson", ["--skip-invalid"], db: db)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      try sqlite3(
        db,
        "SELECT name, round(latitude, 5), round(longitude, 5), source FROM location WHERE position > 0 ORDER BY position"
      ) == """
        The Eagle|52.20415|0.1172|coordinates
        The Mill|52.2|0.1153|coordinates
        The Castle Inn|52.2105|0.1205|coordinates
        """)
    #expect(result.standardOutput.contains("2 outlines imported as the place at its centre"))
    #expect(result.standardOutput.contains("skipped 2 records that are not places"))
    #expect(result.standardOutput.contains("- feature 6 (line 37), latitude"))
  }

  @Test("GPX from gpsbabel: waypoints in order, a repeated name numbered, the track left out")
  func gpx() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    let result = try importing("gpsbabel-waypoints-and-track.gpx", db: db)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("(gpx)"))
    #expect(
      try saved(db) == """
        Black Bear Diner|40.5865|-122.3917|-|-|coordinates
        Black Bear Diner (2)|38.5816|-121.4944|-|-|coordinates
        Zürich HB|47.3779|8.5403|-|-|coordinates
        Ταβέρνα Ψυρρή|37.9786|23.7239|-|-|coordinates
        Mount Washington summit|44.2706|-71.3033|-|-|coordinates
        """)
    #expect(result.standardOutput.contains("a track is a path, not a place"))
  }

  @Test("KML: gpsbabel's folders and Google My Maps' placemarks; lines left out; entities read")
  func kml() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("gpsbabel.sqlite")
    let result = try importing("gpsbabel-waypoints.kml", db: db)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      try sqlite3(db, "SELECT name FROM location ORDER BY position")
        == "Black Bear Diner\nBlack Bear Diner (2)\nZürich HB\nΤαβέρνα Ψυρρή\nMount Washington summit"
    )
    let myMaps = folder.file("mymaps.sqlite")
    let second = try importing("handmade-google-my-maps.kml", ["--format", "kml"], db: myMaps)
    #expect(second.status == 0, "\(second.standardError)")
    #expect(
      try saved(myMaps) == """
        Torre de Belém|38.6915837|-9.2159285|-|-|coordinates
        Pastéis de Belém|38.6975001|-9.2032431|-|-|coordinates
        Café A Brasileira & Co|38.7107|-9.1425|-|-|coordinates
        """)
    #expect(second.standardOutput.contains("is a LineString, not a point"))
  }

  @Test("what was imported from GPX round-trips through every export format")
  func roundTrip() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    #expect(try importing("gpsbabel-waypoints-and-track.gpx", db: db).status == 0)
    let expected = try saved(db)
    for format in ["json", "csv", "geojson"] {
      let exported = try ToolRunner.run("cloudy-db", ["export", "--format", format, "--db", db])
      #expect(exported.status == 0)
      let file = folder.file("export.\(format)")
      try Data(exported.standardOutput.utf8).write(to: URL(fileURLWithPath: file))
      let fresh = folder.file("fresh-\(format).sqlite")
      let imported = try ToolRunner.run("cloudy-db", ["import", file, "--db", fresh])
      #expect(imported.status == 0, "\(format): \(imported.standardError)")
      #expect(try saved(fresh) == expected, "\(format)")
    }
  }

  @Test("one impossible coordinate among thousands of features without geometry is named")
  func hiddenProblem() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    var features: [String] = []
    for index in 0..<3000 {
      features.append(
        "{\"type\":\"Feature\",\"properties\":{\"name\":\"Stop \(index)\"},\"geometry\":null}")
    }
    features.insert(
      "{\"type\":\"Feature\",\"properties\":{\"name\":\"Typo\"},\"geometry\":{\"type\":\"Point\",\"coordinates\":[500,45]}}",
      at: 2500)
    features.append(
      "{\"type\":\"Feature\",\"properties\":{\"name\":\"Fine\"},\"geometry\":{\"type\":\"Point\",\"coordinates\":[5,45]}}"
    )
    let file = folder.file("stops.geojson")
    try Data(
      ("{\"type\":\"FeatureCollection\",\"features\":[\n" + features.joined(separator: ",\n") + "]}")
        .utf8
    ).write(to: URL(fileURLWithPath: file))
    let result = try ToolRunner.run("cloudy-db", ["import", file, "--db", db])
    #expect(result.status == 65)
    #expect(result.standardError.contains("feature 2501"))
    #expect(result.standardError.contains("500 is outside -180…180"))
    #expect(result.standardError.contains("3000 records that are not places would be skipped"))
    #expect(result.standardError.split(separator: "\n").count == 3)
    #expect(!FileManager.default.fileExists(atPath: db))
  }

  @Test(
    "CSV columns by other names: --name-column, --lat-column, --lon-column; continents are no region"
  )
  func namedColumns() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    let file = folder.file("orte.csv")
    try Data("Ort,Breite,Länge,Region\nBern,46.948,7.4474,Europe\n".utf8)
      .write(to: URL(fileURLWithPath: file))
    let refused = try ToolRunner.run("cloudy-db", ["import", file, "--db", db])
    #expect(refused.status == 65)
    #expect(refused.standardError.contains("--name-column"))
    let result = try ToolRunner.run(
      "cloudy-db",
      [
        "import", file, "--name-column", "Ort", "--lat-column", "Breite", "--lon-column", "Länge",
        "--db", db,
      ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try saved(db) == "Bern|46.948|7.4474|-|-|coordinates")
  }
}
