import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `cloudy-db export` and `import` run as processes: the round trip per format, files written
/// the way spreadsheets and map tools write them, every kind of bad input refused with the file
/// untouched, and a consistent export while another process writes.
@Suite("cloudy-db export and import")
struct ExchangeToolTests {
  /// A database with what a user has after a while: gazetteer places, a hand-typed place with
  /// a comma and quotes in its name, a current location, changed settings and a cached forecast.
  private func seededDatabase(_ folder: ToolTestFolder, name: String = "cloudy.sqlite") throws
    -> String
  {
    let db = folder.file(name)
    for arguments in [
      ["add", "Richmond, VA"], ["add", "Paris, France"],
      ["add", "--name", "Say \"Hi\", Bob", "--lat", "-33.865", "--lon", "151.2094"],
      ["add", "--name", "Tōkyō 東京", "--lat", "35.6897", "--lon", "139.6922"],
      ["select", "2"], ["current", "--lat", "51.5072", "--lon", "-0.1275"],
    ] {
      let result = try ToolRunner.run("cloudy-locations", arguments + ["--db", db])
      #expect(result.status == 0, "\(arguments): \(result.standardError)")
    }
    #expect(
      try ToolRunner.run("cloudy-settings", ["set", "units", "metric", "--db", db]).status == 0)
    // --force: an Auckland response cached for Paris; these tests are about export and import
    // of what the file holds, not about matching a response to its place.
    let fixture = Reliability.fixture("open-meteo-auckland.json")
    let imported = try ToolRunner.run(
      "cloudy-forecast", ["import", fixture, "--place", "Paris", "--force", "--db", db])
    #expect(imported.status == 0, "\(imported.standardError)")
    return db
  }

  private func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  // MARK: - Round trip

  @Test(
    "export → import --replace into a new database → export is byte-identical",
    arguments: [
      ["--format", "json"], ["--format", "json", "--forecasts"], ["--format", "csv"],
      ["--format", "geojson"],
    ])
  func roundTrip(options: [String]) throws {
    let folder = try ToolTestFolder()
    let db = try seededDatabase(folder)
    let first = try ToolRunner.run("cloudy-db", ["export", "--db", db] + options)
    #expect(first.status == 0, "\(first.standardError)")
    #expect(first.standardOutput.contains("Say"))
    try write(first.standardOutput, to: folder.file("places.export"))
    let fresh = folder.file("fresh.sqlite")
    let imported = try ToolRunner.run(
      "cloudy-db", ["import", folder.file("places.export"), "--replace", "--db", fresh])
    #expect(imported.status == 0, "\(imported.standardError)")
    let second = try ToolRunner.run("cloudy-db", ["export", "--db", fresh] + options)
    #expect(second.status == 0)
    #expect(second.standardOutput == first.standardOutput)
    // The list a user sees is the same too (for JSON, which carries the current location).
    if options.contains("json") {
      let before = try ToolRunner.run("cloudy-locations", ["list", "--db", db])
      let after = try ToolRunner.run("cloudy-locations", ["list", "--db", fresh])
      #expect(after.standardOutput == before.standardOutput)
    }
    if options.contains("--forecasts") {
      #expect(first.standardOutput.contains("\"hours\": ["))
      let show = try ToolRunner.run("cloudy-forecast", ["show", "Paris", "--week", "--db", fresh])
      #expect(show.status == 0, "\(show.standardError)")
    }
  }

  @Test("a forecast's issue time and missing current conditions survive export → import")
  func forecastIssueTimeRoundTrip() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    let added = try ToolRunner.run(
      "cloudy-locations",
      ["add", "--name", "Berlin", "--lat", "52.52", "--lon", "13.40", "--db", db])
    #expect(added.status == 0, "\(added.standardError)")
    // A daily-only recording of 2023: no current conditions, issued on its first day.
    let imported = try ToolRunner.run(
      "cloudy-forecast",
      [
        "import", Reliability.fixture("open-meteo-berlin-2023-06-01-daily-only-weathercode.json"),
        "--place", "Berlin", "--db", db,
      ])
    #expect(imported.status == 0, "\(imported.standardError)")
    let exported = try ToolRunner.run(
      "cloudy-db", ["export", "--format", "json", "--forecasts", "--db", db])
    #expect(exported.standardOutput.contains("\"issuedAt\": 1685570400"))
    #expect(exported.standardOutput.contains("\"hasCurrent\": false"))
    try write(exported.standardOutput, to: folder.file("places.json"))
    let fresh = folder.file("fresh.sqlite")
    let result = try ToolRunner.run(
      "cloudy-db", ["import", folder.file("places.json"), "--replace", "--db", fresh])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      try sqlite3(fresh, "SELECT issued_at, has_current FROM forecast") == "1685570400|0")
    let day = try ToolRunner.run("cloudy-forecast", ["show", "Berlin", "--db", fresh])
    #expect(day.standardOutput.hasPrefix("Berlin · as of Jun 1, 2023 · "))
    #expect(day.standardOutput.contains("This forecast has no current conditions"))
    // A file written before these keys existed reads as issued at its current time.
    let old = exported.standardOutput.replacingOccurrences(
      of: ",\n        \"issuedAt\": 1685570400,\n        \"hasCurrent\": false", with: "")
    #expect(!old.contains("issuedAt") && !old.contains("hasCurrent"), "\(old)")
    try write(old, to: folder.file("old.json"))
    let older = folder.file("older.sqlite")
    #expect(
      try ToolRunner.run("cloudy-db", ["import", folder.file("old.json"), "--db", older]).status
        == 0)
    #expect(try sqlite3(older, "SELECT issued_at, has_current FROM forecast") == "1685570400|1")
  }

  @Test("every quantity, air quality and pollen, and the unit settings survive export → import")
  func readingsRoundTrip() throws {
    let folder = try ToolTestFolder()
    let db = try AirQualityImportTests.berlin(folder)
    let malaga = try RealWorldImportTests.importFixture(
      "open-meteo-malaga-2024-12-03-direction-pressure-uv.json", place: "Malaga", db: db)
    #expect(malaga.status == 0, "\(malaga.standardError)")
    let hourly = folder.file("air-quality.json")
    try write(AirQualityImportTests.hourlyAirQuality, to: hourly)
    for file in [
      hourly,
      try ForecastToolTests.fixturePath("open-meteo-air-quality-berlin-2026-07-30-pollen.json"),
    ] {
      let imported = try RealWorldImportTests.run(["import", file, "--place", "Berlin"], db: db)
      #expect(imported.status == 0, "\(imported.standardError)")
    }
    for (setting, value) in [("wind", "kn"), ("pressure", "mmhg"), ("airquality", "us")] {
      try QuantitiesToolTests.set(setting, value, db: db)
    }
    let first = try ToolRunner.run("cloudy-db", ["export", "--forecasts", "--db", db])
    #expect(first.status == 0, "\(first.standardError)")
    #expect(first.standardOutput.contains("\"mugwortPollen\": 121.9"))
    #expect(first.standardOutput.contains("\"windDirection\": 302.0"))
    try write(first.standardOutput, to: folder.file("everything.json"))
    let fresh = folder.file("fresh.sqlite")
    let imported = try ToolRunner.run(
      "cloudy-db", ["import", folder.file("everything.json"), "--replace", "--db", fresh])
    #expect(imported.status == 0, "\(imported.standardError)")
    let second = try ToolRunner.run("cloudy-db", ["export", "--forecasts", "--db", fresh])
    #expect(second.standardOutput == first.standardOutput)
    let tables = """
      SELECT time, european_aqi, us_aqi, pm2_5, pm10, ozone, nitrogen_dioxide, alder_pollen,
        birch_pollen, grass_pollen, mugwort_pollen, olive_pollen, ragweed_pollen
        FROM forecast_air_quality ORDER BY time;
      SELECT humidity, pressure, wind_direction, uv_index, grass_pollen, mugwort_pollen
        FROM forecast ORDER BY location_id;
      SELECT time, humidity, pressure, wind_direction FROM forecast_hour ORDER BY time;
      SELECT wind_unit, pressure_unit, air_quality_scale FROM settings;
      """
    #expect(try sqlite3(fresh, tables) == (try sqlite3(db, tables)))
    #expect(try sqlite3(fresh, "SELECT count(*) FROM forecast_air_quality") == "3")
    for place in ["Berlin", "Malaga"] {
      for view in ["day", "hourly"] {
        let before = try QuantitiesToolTests.quantities(place, view, db: db)
        let after = try QuantitiesToolTests.quantities(place, view, db: fresh)
        #expect(NSDictionary(dictionary: before).isEqual(to: after), "\(place) \(view)")
      }
    }
  }

  @Test("GeoJSON puts longitude first: Richmond, Virginia is [-77.46…, 37.55…]")
  func geoJSONCoordinateOrder() throws {
    let folder = try ToolTestFolder()
    let db = try seededDatabase(folder)
    let result = try ToolRunner.run("cloudy-db", ["export", "--format", "geojson", "--db", db])
    let json = try jsonObject(result)
    #expect(json["type"] as? String == "FeatureCollection")
    let features = try #require(json["features"] as? [[String: Any]])
    let richmond = try #require(
      features.first {
        ($0["properties"] as? [String: Any])?["name"] as? String == "Richmond, Virginia, US"
      })
    let geometry = try #require(richmond["geometry"] as? [String: Any])
    #expect(geometry["type"] as? String == "Point")
    let position = try #require(geometry["coordinates"] as? [Double])
    #expect(position.count == 2)
    #expect((-78 ... -77).contains(position[0]))  // longitude: west of Greenwich
    #expect((37...38).contains(position[1]))  // latitude: north of the equator
    let properties = try #require(richmond["properties"] as? [String: Any])
    #expect(properties["region"] as? String == "Virginia")
    #expect(properties["country"] as? String == "US")
    #expect(properties["selected"] as? Bool == false)
  }

  @Test("CSV export: header, quoted names, CRLF, UTF-8 without BOM")
  func csvExport() throws {
    let folder = try ToolTestFolder()
    let db = try seededDatabase(folder)
    let result = try ToolRunner.run(
      "cloudy-db", ["export", "--format", "csv", "--output", folder.file("p.csv"), "--db", db])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput == "exported 4 places to \(folder.file("p.csv")) (csv)\n")
    let bytes = try #require(folder.bytes("p.csv"))
    #expect(Array(bytes.prefix(3)) != [0xEF, 0xBB, 0xBF])
    let text = String(decoding: bytes, as: UTF8.self)
    let lines = text.components(separatedBy: "\r\n")
    #expect(lines[0] == "name,latitude,longitude,region,country,time_zone,source,selected")
    #expect(lines[2].hasPrefix("\"Paris, Île-de-France, FR\","))
    #expect(lines[2].hasSuffix(",FR,Europe/Paris,gazetteer,true"))
    // Saved by coordinates: the nearest gazetteer place's zone (issue 41).
    #expect(
      lines[3] == "\"Say \"\"Hi\"\", Bob\",-33.865,151.2094,,,Australia/Sydney,coordinates,false")
    #expect(lines[4] == "Tōkyō 東京,35.6897,139.6922,,,Asia/Tokyo,coordinates,false")
    #expect(lines.count == 6 && lines[5].isEmpty)
  }

  // MARK: - Files from other tools

  @Test("a spreadsheet's CSV: BOM, CRLF, every field quoted, columns in any order and case, extras")
  func spreadsheetCSV() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    // As LibreOffice Calc saves with "Quote all text cells" and UTF-8 BOM, and Excel "CSV UTF-8".
    try write(
      "\u{FEFF}\"Notes\",\"Name\",\"Lng\",\"LAT\",\"Country\",\"Time Zone\"\r\n"
        + "\"home, sweet home\",\"Lyon, France\",\"4.8357\",\"45.764\",\"fr\",\"Europe/Paris\"\r\n"
        + "\"\",\"Dépôt \"\"Nord\"\"\",\"2.35\",\"48.9\",\"\",\"\"\r\n",
      to: folder.file("sheet.csv"))
    var result = try ToolRunner.run("cloudy-db", ["import", folder.file("sheet.csv"), "--db", db])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.hasPrefix("added 2 places from"))
    // Another tool's file: its names, positions and countries; its time zones are not read.
    #expect(result.standardOutput.contains("ignored columns: Notes, Time Zone"))
    #expect(
      try sqlite3(
        db,
        "SELECT name, latitude, longitude, country_code, time_zone, source FROM location ORDER BY position"
      )
        == "Lyon, France|45.764|4.8357|FR||coordinates\nDépôt \"Nord\"|48.9|2.35|||coordinates"
    )
    // Excel in a decimal-comma locale writes semicolons.
    try write(
      "Name;Latitude;Longitude\r\nMünchen;48,1374;11,5755\r\n", to: folder.file("excel.csv"))
    result = try ToolRunner.run("cloudy-db", ["import", folder.file("excel.csv"), "--db", db])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      try sqlite3(db, "SELECT latitude, longitude FROM location WHERE name = 'München'")
        == "48.1374|11.5755")
  }

  @Test(
    "genuine CSV (simplemaps world cities as pandas saved it): city/lat/lon, iso2, quoted country")
  func worldCities() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    let result = try ToolRunner.run(
      "cloudy-db",
      ["import", Reliability.fixture("places/worldcities-first8.csv"), "--db", db, "--json"])
    let json = try jsonObject(result)
    #expect((json["added"] as? [Any])?.count == 8)
    #expect(
      json["ignoredFields"] as? [String] == [
        "(column 1)", "city_ascii", "country", "iso3", "capital", "population", "id",
      ])
    #expect(
      try sqlite3(
        db,
        "SELECT name, latitude, longitude, country_code, region FROM location WHERE position IN (0, 7) ORDER BY position"
      )
        == "Tokyo|35.6897|139.6922|JP|Tōkyō\nSeoul|37.56|126.99|KR|Seoul")
    #expect(
      try sqlite3(db, "SELECT name FROM location WHERE id = (SELECT location_id FROM selection)")
        == "Tokyo")
  }

  @Test("genuine GeoJSON (Natural Earth via GDAL): crs member, bbox, 38 properties, [lon, lat]")
  func naturalEarth() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    let result = try ToolRunner.run(
      "cloudy-db",
      [
        "import", Reliability.fixture("places/ne_110m_populated_places_simple-first5.geojson"),
        "--db", db,
      ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      try sqlite3(
        db,
        "SELECT name, latitude, longitude, country_code, coalesce(region, '-') FROM location ORDER BY position"
      )
        == """
        Vatican City|41.903282|12.453387|VA|Lazio
        San Marino|43.936096|12.44177|SM|-
        Vaduz|47.133724|9.516669|LI|-
        Lobamba|-26.466667|31.199997|SZ|Manzini
        Luxembourg|49.61166|6.130003|LU|Luxembourg
        """)
  }

  @Test("a map tool's GeoJSON: 3D points, Name/title, extra properties, a single Feature")
  func mapToolGeoJSON() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    // As geojson.io saves a drawn marker (styling properties, an id) and QGIS a PointZ layer.
    try write(
      """
      {"type":"FeatureCollection","features":[{"type":"Feature","properties":{"marker-color":"#7e7e7e","marker-size":"medium","Name":"Trailhead"},"geometry":{"coordinates":[-122.2416,37.8719,312.5],"type":"Point"},"id":0},{"type":"Feature","properties":{"title":"Camp","stroke":"#555555"},"geometry":{"coordinates":[-122.23,37.88],"type":"Point"},"id":1}]}
      """, to: folder.file("map.geojson"))
    var result = try ToolRunner.run(
      "cloudy-db", ["import", folder.file("map.geojson"), "--db", db])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("ignored properties: marker-color, marker-size, stroke"))
    #expect(
      try sqlite3(db, "SELECT name, latitude, longitude FROM location ORDER BY position")
        == "Trailhead|37.8719|-122.2416\nCamp|37.88|-122.23")
    try write(
      """
      {"type": "Feature", "properties": {"name": "Lone"}, "geometry": {"type": "Point", "coordinates": [10, 20]}}
      """, to: folder.file("one.json"))
    result = try ToolRunner.run("cloudy-db", ["import", folder.file("one.json"), "--db", db])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      try sqlite3(db, "SELECT latitude, longitude FROM location WHERE name = 'Lone'") == "20.0|10.0"
    )
  }

  // MARK: - Merge and replace

  @Test("importing the same file twice changes nothing and reports every place as skipped")
  func importTwice() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    try write("name,lat,lon\nHome,1,2\nWork,3,4\n", to: folder.file("p.csv"))
    #expect(
      try ToolRunner.run("cloudy-db", ["import", folder.file("p.csv"), "--db", db]).status == 0)
    let before = folder.bytes("cloudy.sqlite")
    // A different case is the same name to the store.
    try write("NAME,LAT,LON\nhome,5,6\nWORK,7,8\n", to: folder.file("q.csv"))
    let result = try ToolRunner.run(
      "cloudy-db", ["import", folder.file("q.csv"), "--db", db, "--json"])
    let json = try jsonObject(result)
    #expect((json["added"] as? [Any])?.isEmpty == true)
    let skipped = try #require(json["skipped"] as? [[String: Any]])
    #expect(skipped.map { $0["name"] as? String } == ["home", "WORK"])
    #expect(skipped.map { $0["savedName"] as? String } == ["Home", "Work"])
    #expect(skipped.map { $0["line"] as? Int } == [2, 3])
    #expect(skipped.map { $0["reason"] as? String } == ["already saved", "already saved"])
    #expect(json["mode"] as? String == "merge")
    #expect(folder.bytes("cloudy.sqlite") == before)
    let text = try ToolRunner.run("cloudy-db", ["import", folder.file("q.csv"), "--db", db])
    #expect(text.standardOutput.contains("  - home  (line 2): already saved as \"Home\""))
  }

  @Test("--replace replaces the places, and for Cloudy JSON the settings and current location")
  func replace() throws {
    let folder = try ToolTestFolder()
    let db = try seededDatabase(folder)
    try write(
      """
      {"format": "cloudy-places", "version": 1,
       "places": [{"name": "Only", "latitude": 1, "longitude": 2, "selected": true}],
       "currentLocation": null,
       "settings": {"time": "24h", "units": "imperial", "temperature": "celsius"}}
      """, to: folder.file("p.json"))
    let result = try ToolRunner.run(
      "cloudy-db", ["import", folder.file("p.json"), "--replace", "--db", db, "--json"])
    let json = try jsonObject(result)
    #expect(json["removed"] as? Int == 4)
    #expect(json["settingsReplaced"] as? Bool == true)
    #expect(json["currentLocationChanged"] as? Bool == true)
    #expect(try sqlite3(db, "SELECT name FROM location") == "Only")
    #expect(try sqlite3(db, "SELECT count(*) FROM current_location") == "0")
    #expect(try sqlite3(db, "SELECT count(*) FROM forecast") == "0")
    #expect(
      try sqlite3(db, "SELECT time_notation, temperature_notation FROM settings") == "24h|celsius")
  }

  @Test("standard input: import - reads a piped file")
  func standardInput() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    try write("name,lat,lon\nPiped,1,2\n", to: folder.file("p.csv"))
    let running = try RawProcess.start(
      "/bin/sh",
      [
        "-c", "exec \"$0\" import - --db \"$1\" < \"$2\"", ToolRunner.executable("cloudy-db").path,
        db,
        folder.file("p.csv"),
      ].map { Array($0.utf8) }, scratch: folder.path)
    let result = RawProcess.finish(running)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try sqlite3(db, "SELECT name FROM location") == "Piped")
  }

  // MARK: - Bad input

  @Test(
    "bad input is refused with exit 65, the line/feature and field named, the database byte-identical",
    arguments: [
      (
        "truncated.json",
        "{\"format\": \"cloudy-places\", \"version\": 1, \"places\": [\n{\"name\": \"A\"",
        "line 2: not valid JSON"
      ),
      (
        "types.json",
        "{\"format\": \"cloudy-places\", \"version\": 1, \"places\": [\n{\"name\": \"A\", \"latitude\": \"north\", \"longitude\": 2}]}",
        "place 1 (line 2), latitude: is text, not a number"
      ),
      (
        "newer.json", "{\"format\": \"cloudy-places\", \"version\": 7, \"places\": []}",
        "line 1, version: is 7: the file was written by a newer Cloudy"
      ),
      ("range.csv", "name,lat,lon\nOk,1,2\nPole,90.5,0\n", "line 3, lat: 90.5 is outside -90…90"),
      (
        "infinite.geojson",
        "{\"type\": \"FeatureCollection\", \"features\": [\n{\"type\": \"Feature\", \"properties\": {\"name\": \"Far\"}, \"geometry\": {\"type\": \"Point\", \"coordinates\": [1e999, 0]}}]}",
        "feature 1 (line 2), longitude (geometry.coordinates[0]): 1e999 is not a finite number"
      ),
      (
        "empty-name.csv", "name,lat,lon\n\"  \",1,2\n", "line 2, name: no name; a place needs one"
      ),
      (
        "long-name.csv", "name,lat,lon\n\(String(repeating: "x", count: 201)),1,2\n",
        "line 2, name: a place name can have at most 200 characters"
      ),
      (
        // Cloudy's own CSV: a name twice refuses it (another tool's file gets "SPOT (2)").
        "twice.csv",
        "name,latitude,longitude,region,country,time_zone,source,selected\nSpot,1,2,,,,coordinates,false\nSPOT,3,4,,,,coordinates,false\n",
        "line 3, name: \"SPOT\" is already in the file as \"Spot\" (line 2)"
      ),
      (
        "polygon.geojson",
        // Cloudy's own GeoJSON (another tool's outline is imported at its centre).
        "{\"type\": \"FeatureCollection\", \"generator\": \"cloudy-db export\", \"features\": [\n{\"type\": \"Feature\", \"properties\": {\"name\": \"Park\"}, \"geometry\": {\"type\": \"Polygon\", \"coordinates\": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}}]}",
        "feature 1 (line 2), geometry: is a Polygon; only Point features"
      ),
      ("quote.csv", "name,lat,lon\n\"Open,1,2\n", "line 2: a quoted field that never closes"),
      (
        "projected.geojson",
        "{\"type\": \"FeatureCollection\", \"crs\": {\"type\": \"name\", \"properties\": {\"name\": \"urn:ogc:def:crs:EPSG::3857\"}}, \"features\": []}",
        "line 1, crs: the coordinates are not WGS 84"
      ),
    ])
  func badInput(file: String, contents: String, expected: String) throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    #expect(
      try ToolRunner.run(
        "cloudy-locations", ["add", "--name", "Keep", "--lat", "1", "--lon", "1", "--db", db]
      )
      .status == 0)
    let before = folder.bytes("cloudy.sqlite")
    try write(contents, to: folder.file(file))
    for replace in [[], ["--replace"]] {
      let result = try ToolRunner.run(
        "cloudy-db", ["import", folder.file(file), "--db", db] + replace)
      #expect(result.status == 65)
      #expect(
        result.standardError.hasPrefix("cloudy-db: error: \(folder.file(file)): \(expected)"),
        "\(result.standardError)")
      // One line; for another tool's file with places that could be imported, a second saying
      // how (--skip-invalid).
      let lines = result.standardError.split(separator: "\n")
      #expect(lines.count == 1 || (lines.count == 2 && lines[1].contains("--skip-invalid")))
      #expect(lines.first?.hasSuffix("; nothing was imported") == true)
      #expect(folder.bytes("cloudy.sqlite") == before)
    }
    // Into a database that does not exist yet: refused before it is created.
    let missing = folder.file("never.sqlite")
    #expect(
      try ToolRunner.run("cloudy-db", ["import", folder.file(file), "--db", missing]).status == 65)
    #expect(!FileManager.default.fileExists(atPath: missing))
  }

  @Test("several bad rows: each named on its own line, then one error line; --json lists them")
  func severalProblems() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    try write("name,lat,lon\nA,100,0\nB,0,200\n,0,0\n", to: folder.file("bad.csv"))
    let result = try ToolRunner.run("cloudy-db", ["import", folder.file("bad.csv"), "--db", db])
    #expect(result.status == 65)
    let lines = result.standardError.split(separator: "\n").map(String.init)
    #expect(lines.count == 4)
    #expect(lines[0].hasSuffix("bad.csv: line 2, lat: 100 is outside -90…90"))
    #expect(lines[1].hasSuffix("bad.csv: line 3, lon: 200 is outside -180…180"))
    #expect(
      lines[2]
        == "cloudy-db: error: \(folder.file("bad.csv")) has 2 problems (listed above); nothing was imported"
    )
    // A row without a name is not a place: counted, not a problem to fix.
    #expect(lines[3].hasSuffix("bad.csv: 1 record that is not a place would be skipped too"))
    let json = try ToolRunner.run(
      "cloudy-db", ["import", folder.file("bad.csv"), "--db", db, "--json"])
    #expect(json.status == 65)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
    #expect(object["ok"] as? Bool == false)
    let problems = try #require(object["problems"] as? [[String: Any]])
    #expect(problems.map { $0["line"] as? Int } == [2, 3])
    #expect(problems.map { $0["field"] as? String } == ["lat", "lon"])
    #expect(!FileManager.default.fileExists(atPath: db))
  }

  @Test("a file over the 64 MiB limit is refused before it is read whole")
  func sizeLimit() throws {
    let folder = try ToolTestFolder()
    let path = folder.file("huge.csv")
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.truncate(atOffset: 65 * 1024 * 1024)
    try handle.close()
    let result = try ToolRunner.run("cloudy-db", ["import", path, "--db", folder.file("c.sqlite")])
    #expect(result.status == 65)
    #expect(result.standardError.contains("is larger than 64 MiB, the limit for an import"))
    #expect(!FileManager.default.fileExists(atPath: folder.file("c.sqlite")))
  }

  // MARK: - Export's refusals

  @Test(
    "export: no database is 66 and writes nothing; --output onto the database is refused; a missing folder is 74"
  )
  func exportRefusals() throws {
    let folder = try ToolTestFolder()
    var result = try ToolRunner.run(
      "cloudy-db", ["export", "--db", folder.file("none.sqlite"), "-o", folder.file("out.json")])
    #expect(result.status == 66)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)

    let db = try seededDatabase(folder)
    let before = folder.bytes("cloudy.sqlite")
    result = try ToolRunner.run("cloudy-db", ["export", "--db", db, "--output", db])
    #expect(result.status == 64)
    #expect(result.standardError.contains("is the database itself"))
    #expect(folder.bytes("cloudy.sqlite") == before)

    result = try ToolRunner.run(
      "cloudy-db", ["export", "--db", db, "-o", folder.file("no/such/p.json")])
    #expect(result.status == 74)
    #expect(!FileManager.default.fileExists(atPath: folder.file("no")))

    result = try ToolRunner.run(
      "cloudy-db", ["export", "--db", db, "--format", "csv", "--forecasts"])
    #expect(result.status == 64)

    // An existing file is replaced whole, and no temporary is left beside it.
    try write("old contents", to: folder.file("p.csv"))
    result = try ToolRunner.run(
      "cloudy-db", ["export", "--db", db, "--format", "csv", "-o", folder.file("p.csv")])
    #expect(result.status == 0)
    #expect(
      String(decoding: folder.bytes("p.csv") ?? Data(), as: UTF8.self).hasPrefix("name,latitude"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        .isEmpty)
  }

  // MARK: - Concurrency

  @Test("export while another process commits: every export is one consistent snapshot")
  func consistentDuringWrites() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    let rows = (1...30).map { "Place \($0),0,\($0)" }.joined(separator: "\n")
    try write("name,lat,lon\n\(rows)\n", to: folder.file("p.csv"))
    #expect(
      try ToolRunner.run("cloudy-db", ["import", folder.file("p.csv"), "--db", db]).status == 0)
    #expect(
      try ToolRunner.run("cloudy-locations", ["current", "--lat", "0", "--lon", "0", "--db", db])
        .status == 0)
    // A cached forecast per place, so that an export with --forecasts reads the file in many
    // queries (a place list, then each place's forecast): a reader outside one transaction
    // would see commits land between them.
    _ = try sqlite3(
      db,
      """
      INSERT INTO forecast (location_id, provider, fetched_at, latitude, longitude, time_zone,
        observed_at, summary, icon, temperature, wind_speed)
      SELECT id, 'open-meteo', 1700000000, 0, 0, 'UTC', 1700000000, 'Clear', 'clear-day', 0, 0
      FROM location;
      """)
    // The writer sets every place's latitude, the current location's and every forecast's
    // temperature to k in one transaction, k = 1, 2, 3, …, as fast as one sqlite3 connection
    // commits (synchronous=OFF): a consistent reader sees one k. (Checked: with the snapshot's
    // read transaction removed, 12 of this test's 20 exports mixed commits.)
    let stop = folder.file("stop")
    let script = """
      k=0
      while [ ! -e "$1" ]; do
        k=$((k + 1)); v=$((k % 80))
        printf 'BEGIN IMMEDIATE;\\nUPDATE location SET latitude = %s;\\nUPDATE current_location SET latitude = %s;\\nUPDATE forecast SET temperature = %s;\\nCOMMIT;\\n' $v $v $v
      done | sqlite3 -bail -cmd '.timeout 10000' -cmd 'PRAGMA synchronous = OFF' "$2"
      """
    let writer = try RawProcess.start(
      "/bin/sh", ["-c", script, "writer", stop, db].map { Array($0.utf8) }, scratch: folder.path)
    var generations: Set<Double> = []
    var exports = 0
    var torn: [String] = []
    while exports < 300 && (exports < 20 || generations.count < 3) {
      let result = try ToolRunner.run("cloudy-db", ["export", "--forecasts", "--db", db])
      #expect(result.status == 0, "\(result.standardError)")
      guard result.status == 0 else { break }
      exports += 1
      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
      let places = try #require(json["places"] as? [[String: Any]])
      let current = try #require(json["currentLocation"] as? [String: Any])
      var values = Set(places.compactMap { $0["latitude"] as? Double })
      values.formUnion(
        places.compactMap {
          (($0["forecast"] as? [String: Any])?["current"] as? [String: Any])?["temperature"]
            as? Double
        })
      values.insert(try #require(current["latitude"] as? Double))
      #expect(places.count == 30)
      if values.count != 1 { torn.append("\(values.sorted())") }
      generations.formUnion(values)
    }
    _ = FileManager.default.createFile(atPath: stop, contents: nil)
    let finished = RawProcess.finish(writer, timeout: 60)
    #expect(finished.status == 0, "the writer failed: \(finished.standardError)")
    #expect(torn.isEmpty, "\(torn.count) of \(exports) exports mixed commits: \(torn.prefix(3))")
    // The writer really committed while the exports ran (else this test proves nothing).
    #expect(generations.count >= 2, "only \(generations) seen in \(exports) exports")
  }
}
