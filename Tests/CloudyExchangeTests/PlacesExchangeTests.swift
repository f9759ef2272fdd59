import CloudyModels
import Foundation
import Testing

@testable import CloudyExchange

private func coordinate(_ latitude: Double, _ longitude: Double) -> Coordinate {
  (try? Coordinate(latitude: latitude, longitude: longitude)) ?? sentinel
}
private let sentinel = try! Coordinate(latitude: 0, longitude: 0)

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

/// A document with the awkward cases: a comma, quotes and a line break in names, non-ASCII,
/// nulls, a selection, a current location, settings and a forecast.
private func sampleDocument(forecast: Bool = false) -> PlacesDocument {
  let weather = WeatherData(
    provider: .openMeteo, fetchedAt: 1_700_000_000, coordinate: coordinate(48.85, 2.35),
    timeZone: "Europe/Paris",
    current: WeatherConditions(
      time: 1_700_000_000, summary: "Overcast", icon: .cloudy, temperature: 51.3, windSpeed: 8.2,
      precipitationProbability: nil),
    days: [
      WeatherDayData(
        time: 1_699_916_400, summary: "Rain", icon: .rain, temperatureMin: 44.1,
        temperatureMax: 53.6, windSpeed: 12.5, precipitationProbability: 0.8)
    ],
    hours: [
      WeatherHourData(
        time: 1_700_002_800, summary: "Drizzle", icon: .rain, temperature: 50.0, windSpeed: 7.0,
        precipitationProbability: 0.35)
    ])
  return PlacesDocument(
    places: [
      PlacesDocument.Place(
        name: "Richmond, Virginia, US", query: "Richmond, VA",
        coordinate: coordinate(37.5538, -77.4603),
        countryCode: "US", region: "Virginia", timeZone: "America/New_York", source: .gazetteer),
      PlacesDocument.Place(
        name: "Paris, Île-de-France, FR", coordinate: coordinate(48.8534, 2.3488),
        countryCode: "FR", region: "Île-de-France", timeZone: "Europe/Paris", source: .gazetteer,
        selected: true, forecast: forecast ? weather : nil),
      PlacesDocument.Place(
        name: "Say \"Hi\", Bob", coordinate: coordinate(-33.865, 151.2094), source: .coordinates),
      PlacesDocument.Place(
        name: "תל אביב 🌧️", coordinate: coordinate(32.0853, 34.7818), source: .geocodingService),
    ],
    currentLocation: PlacesDocument.CurrentLocation(coordinate: coordinate(51.5072, -0.1275)),
    settings: Settings(
      time: .twentyFourHour, units: .metric, temperature: .celsius, alerts: .severe),
    carriesCurrentLocation: true, carriesAlertLevel: true)
}

@Suite("Export formats: written, read back, written again byte for byte")
struct RoundTripTests {
  @Test(
    "JSON carries everything, forecasts included, and reads back equal", arguments: [false, true])
  func json(forecasts: Bool) throws {
    let document = sampleDocument(forecast: forecasts)
    let written = PlacesExchange.write(document, as: .json, forecasts: forecasts)
    let read = try PlacesExchange.read(written, format: nil, fileName: "places.json")
    #expect(read.format == .json)
    #expect(read.document.places == document.places)
    #expect(read.document.currentLocation == document.currentLocation)
    #expect(read.document.settings == document.settings)
    #expect(read.document.carriesAlertLevel)
    #expect(PlacesExchange.write(read.document, as: .json, forecasts: forecasts) == written)
    #expect(text(written).contains("\"forecast\"") == forecasts)
  }

  @Test(
    "CSV and GeoJSON read back what they carry and write the same bytes again",
    arguments: [ExchangeFormat.csv, .geojson])
  func csvAndGeoJSON(format: ExchangeFormat) throws {
    let document = sampleDocument()
    let written = PlacesExchange.write(document, as: format)
    let read = try PlacesExchange.read(written, format: nil, fileName: nil)
    #expect(read.format == format)
    #expect(read.document.places.map(\.name) == document.places.map(\.name))
    #expect(read.document.places.map(\.coordinate) == document.places.map(\.coordinate))
    #expect(read.document.places.map(\.selected) == [false, true, false, false])
    #expect(read.document.places.map(\.source) == document.places.map(\.source))
    #expect(read.document.settings == nil)
    #expect(read.document.carriesCurrentLocation == false)
    #expect(PlacesExchange.write(read.document, as: format) == written)
  }
}

@Suite("CSV as RFC 4180 and spreadsheets write it")
struct CSVTests {
  @Test("written: header, CRLF, no BOM, quoting only where needed")
  func written() {
    let written = PlacesExchange.write(sampleDocument(), as: .csv)
    #expect(Array(written.prefix(3)) != [0xEF, 0xBB, 0xBF])
    let lines = text(written).components(separatedBy: "\r\n")
    #expect(lines[0] == "name,latitude,longitude,region,country,time_zone,source,selected")
    #expect(
      lines[1]
        == "\"Richmond, Virginia, US\",37.5538,-77.4603,Virginia,US,America/New_York,gazetteer,false"
    )
    #expect(lines[3] == "\"Say \"\"Hi\"\", Bob\",-33.865,151.2094,,,,coordinates,false")
    #expect(lines[4] == "תל אביב 🌧️,32.0853,34.7818,,,,geocoding-service,false")
    #expect(lines.last == "")
    #expect(!text(written).replacingOccurrences(of: "\r\n", with: "").contains("\n"))
  }

  @Test(
    "a line break inside a quoted field keeps its record together; names and regions cannot hold it"
  )
  func lineBreakInName() throws {
    // Place names refuse control characters, so a line break can only come through a region
    // written by hand; the reader must still keep the record together. A spreadsheet's file is
    // another tool's: the record is left out (imported around with --skip-invalid).
    let file = "name,lat,lon,region\r\n\"Spot\",1,2,\"two\r\nlines\"\r\nNext,3,4,\r\n"
    let read = try PlacesExchange.read(bytes(file), format: .csv, fileName: nil)
    #expect(read.document.places.map(\.name) == ["Next"])
    #expect(read.leftOut.invalid.map(\.line) == [2])
    #expect(read.leftOut.invalid[0].field == "region")
    let fine = "name,lat,lon\r\n\"Two, \"\"quoted\"\"\r\nparts\",1,2\r\nNext,3,4\r\n"
    let split = try PlacesExchange.read(bytes(fine), format: .csv, fileName: nil)
    // The control character is named on the record's first line; "Next" is on line 4.
    #expect(split.leftOut.invalid.map(\.line) == [2])
    #expect(split.document.places.map(\.origin?.line) == [4])
  }

  @Test(
    "LibreOffice/Excel style: BOM, CRLF, all fields quoted, columns in any order and case, extras")
  func spreadsheet() throws {
    let file =
      "\u{FEFF}\"Population\",\"Lng\",\"Name\",\"LAT\",\"Country\",\"Time Zone\",\"Selected\"\r\n"
      + "\"2148000\",\"2.3522\",\"Paris, France\",\"48.8566\",\"fr\",\"Europe/Paris\",\"TRUE\"\r\n"
      + "\"\",\"-0.1275\",\"London\",\"51.5072\",\"GB\",\"\",\"FALSE\"\r\n\r\n"
    let read = try PlacesExchange.read(bytes(file), format: nil, fileName: "sheet.csv")
    #expect(read.format == .csv)
    #expect(read.document.places.map(\.name) == ["Paris, France", "London"])
    #expect(read.document.places[0].coordinate == coordinate(48.8566, 2.3522))
    #expect(read.document.places[0].countryCode == "FR")
    // Another tool's file: only names, positions, countries and regions are read from it.
    #expect(read.foreign)
    #expect(read.document.places.map(\.timeZone) == [nil, nil])
    #expect(read.document.places.map(\.selected) == [false, false])
    #expect(read.ignoredFields == ["Population", "Time Zone", "Selected"])
  }

  @Test("Excel in a decimal-comma locale: semicolons, 48,8566")
  func semicolons() throws {
    let file = "Name;Latitude;Longitude\r\nMünchen;48,1374;11,5755\r\nBerlin;52.52;13.405\r\n"
    let read = try PlacesExchange.read(bytes(file), format: nil, fileName: nil)
    #expect(
      read.document.places.map(\.coordinate) == [
        coordinate(48.1374, 11.5755), coordinate(52.52, 13.405),
      ])
  }

  @Test("QGIS's X,Y columns are longitude and latitude; a lone x is not")
  func xy() throws {
    let read = try PlacesExchange.read(
      bytes("X,Y,name\n2.35,48.85,Paris\n"), format: nil, fileName: nil)
    #expect(read.document.places[0].coordinate == coordinate(48.85, 2.35))
    #expect(throws: ImportRefusal.self) {
      try PlacesExchange.read(bytes("x,lat,name\n2.35,48.85,Paris\n"), format: nil, fileName: nil)
    }
  }

  @Test("every bad row is named with its line and column header")
  func badRows() throws {
    let file =
      "name,lat,lon\n"  // 1
      + "Ok,1,2\n"  // 2
      + "Far north,91,0\n"  // 3
      + ",1,1\n"  // 4
      + "Huge,1e999,0\n"  // 5
      + "Word,north,0\n"  // 6
      + "ok,3,4\n"  // 7: same name as line 2, ignoring case
      + "\(String(repeating: "n", count: 201)),0,0\n"  // 8
      + "Extra,1,2,3\n"  // 9
    let read = try PlacesExchange.read(bytes(file), format: .csv, fileName: nil)
    let invalid = read.leftOut.invalid
    #expect(invalid.map(\.line) == [3, 5, 6, 8, 9])
    #expect(invalid[0].field == "lat")
    #expect(invalid[0].message.contains("outside -90…90"))
    #expect(invalid[1].message.contains("not a finite number"))
    #expect(invalid[3].message.contains("at most 200"))
    #expect(read.leftOut.invalidRecords == 5)
    // An empty name is not a place: skipped and counted, never a reason to refuse.
    #expect(read.leftOut.omitted.map(\.line) == [4])
    // A name twice (ignoring case) is told apart with a number.
    #expect(read.document.places.map(\.name) == ["Ok", "ok (2)"])
    #expect(read.leftOut.renamed.map(\.name) == ["ok (2)"])
    // The same rows in Cloudy's own CSV refuse the whole file, every problem named.
    let own = file.replacingOccurrences(
      of: "name,lat,lon\n", with: PlacesCSV.header.joined(separator: ",") + "\n"
    )
    .replacingOccurrences(of: "Extra,1,2,3\n", with: "")
    let refusal = try #require(throws: ImportRefusal.self) {
      try PlacesExchange.read(bytes(own), format: .csv, fileName: nil)
    }
    #expect(refusal.problems.map(\.line) == [3, 4, 5, 6, 7, 8])
    #expect(refusal.problems[4].message.contains("already in the file"))
  }

  @Test("the store's case rule: ASCII case folds, other scripts do not")
  func caseRule() throws {
    let file = "name,lat,lon\nZürich,1,2\nZÜRICH,3,4\n"
    let read = try PlacesExchange.read(bytes(file), format: .csv, fileName: nil)
    #expect(read.document.places.count == 2)
  }

  @Test(
    "malformed CSV: an unclosed quote, text after a closing quote, invalid UTF-8, no header columns"
  )
  func malformed() throws {
    let cases: [(String, [UInt8], Int?)] = [
      ("unclosed", bytes("name,lat,lon\n\"Open,1,2\nNext,3,4\n"), 2),
      ("after quote", bytes("name,lat,lon\n\"A\"B,1,2\n"), 2),
      ("latin-1", bytes("name,lat,lon\n") + [0x4B, 0xF6, 0x6C, 0x6E] + bytes(",1,2\n"), 2),
      ("no lat", bytes("name,lon\nA,2\n"), 1),
      ("empty", bytes("  \r\n"), nil),
      ("utf-16", [0xFF, 0xFE, 0x6E, 0x00], 1),
    ]
    for (label, file, line) in cases {
      let refusal = try #require(throws: ImportRefusal.self, "\(label)") {
        try PlacesExchange.read(file, format: .csv, fileName: nil)
      }
      #expect(refusal.problems.first?.line == line, "\(label): \(refusal)")
    }
  }
}

@Suite("GeoJSON as RFC 7946 and map tools write it")
struct GeoJSONTests {
  @Test(
    "coordinates are [longitude, latitude]: Paris is east of Greenwich and north of the equator")
  func coordinateOrder() throws {
    let paris = PlacesDocument(places: [
      PlacesDocument.Place(
        name: "Paris", coordinate: coordinate(48.8566, 2.3522), source: .gazetteer)
    ])
    let written = text(PlacesExchange.write(paris, as: .geojson))
    #expect(written.contains("\"coordinates\": [2.3522, 48.8566]"))
    #expect(!written.contains("crs"))
    let read = try PlacesExchange.read(bytes(written), format: nil, fileName: nil)
    #expect(read.document.places[0].coordinate.latitude == 48.8566)
    #expect(read.document.places[0].coordinate.longitude == 2.3522)
  }

  @Test("QGIS/GDAL export: crs member, 3D points, extra properties, Name or title")
  func qgis() throws {
    let file = """
      {
      "type": "FeatureCollection",
      "name": "my_places",
      "crs": { "type": "name", "properties": { "name": "urn:ogc:def:crs:OGC:1.3:CRS84" } },
      "features": [
      { "type": "Feature", "properties": { "fid": 1, "Name": "Mont Blanc", "ele": 4808.7 }, "geometry": { "type": "Point", "coordinates": [ 6.865, 45.8326, 4808.7 ] } },
      { "type": "Feature", "id": "a1", "properties": { "title": "Cabin", "marker-color": "#7e7e7e", "iso_a2": "ch", "selected": "yes" }, "geometry": { "type": "Point", "coordinates": [ 7.6586, 45.9763 ] } }
      ]
      }
      """
    let read = try PlacesExchange.read(bytes(file), format: nil, fileName: "export.json")
    #expect(read.format == .geojson)
    #expect(read.document.places.map(\.name) == ["Mont Blanc", "Cabin"])
    #expect(read.document.places[0].coordinate == coordinate(45.8326, 6.865))
    #expect(read.document.places[1].countryCode == "CH")
    // Cloudy's `selected` is read only from Cloudy's files.
    #expect(!read.document.places[1].selected)
    #expect(read.ignoredFields == ["fid", "ele", "marker-color", "selected"])
  }

  @Test("refused, naming the feature: other geometries, other CRSs, missing names, bad positions")
  func refused() throws {
    let file = """
      {"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"name": "Route"}, "geometry": {"type": "LineString", "coordinates": [[1, 2], [3, 4]]}},
        {"type": "Feature", "properties": {"name": "Both"}, "geometry": {"type": "MultiPoint", "coordinates": [[1, 2]]}},
        {"type": "Feature", "properties": {"name": "Swapped"}, "geometry": {"type": "Point", "coordinates": [10, 120]}},
        {"type": "Feature", "properties": {"label": "no name"}, "geometry": {"type": "Point", "coordinates": [1, 2]}},
        {"type": "Feature", "properties": {"name": "Text"}, "geometry": {"type": "Point", "coordinates": ["1", 2]}},
        {"type": "Feature", "properties": {"name": 7}, "geometry": null}
      ]}
      """
    // Another tool's file: lines, points without a name or position are left out and counted;
    // places that cannot be stored are left out only with --skip-invalid (the command's part).
    let read = try PlacesExchange.read(bytes(file), format: nil, fileName: nil)
    #expect(read.document.places.isEmpty)
    #expect(
      read.leftOut.omitted.map(\.item) == ["feature 1", "feature 2", "feature 4", "feature 6"])
    #expect(read.leftOut.omitted[0].message.contains("LineString"))
    #expect(read.leftOut.invalid.map(\.item) == ["feature 3", "feature 5"])
    #expect(read.leftOut.invalid.map(\.line) == [4, 6])
    #expect(read.leftOut.invalid[0].field?.hasPrefix("latitude") == true)
    // In a file Cloudy wrote, the same features refuse it whole, each named.
    let own = file.replacingOccurrences(
      of: "{\"type\": \"FeatureCollection\",",
      with: "{\"type\": \"FeatureCollection\", \"generator\": \"cloudy-db export\",")
    let refusal = try #require(throws: ImportRefusal.self) {
      try PlacesExchange.read(bytes(own), format: nil, fileName: nil)
    }
    #expect(
      refusal.problems.map(\.item) == [
        "feature 1", "feature 2", "feature 3", "feature 4", "feature 5", "feature 6", "feature 6",
      ])
    #expect(refusal.problems[0].message.contains("LineString"))
    let projected = """
      {"type": "FeatureCollection", "crs": {"type": "name", "properties": {"name": "urn:ogc:def:crs:EPSG::3857"}}, "features": []}
      """
    let crs = try #require(throws: ImportRefusal.self) {
      try PlacesExchange.read(bytes(projected), format: nil, fileName: nil)
    }
    #expect(crs.problems[0].field == "crs")
  }
}

@Suite("Cloudy's JSON document")
struct CloudyJSONTests {
  @Test("a document from a newer Cloudy is refused, naming its version")
  func newerVersion() throws {
    let refusal = try #require(throws: ImportRefusal.self) {
      try PlacesExchange.read(
        bytes("{\"format\": \"cloudy-places\", \"version\": 2, \"places\": []}"), format: nil,
        fileName: nil)
    }
    #expect(refusal.problems[0].field == "version")
    #expect(refusal.problems[0].message.contains("newer Cloudy"))
  }

  @Test("an export from before alerts reads without the alert level; a wrong one is named")
  func alertLevel() throws {
    let older = """
      {"format": "cloudy-places", "version": 1, "places": [],
       "settings": {"time": "24h", "units": "metric", "temperature": "celsius"}}
      """
    let read = try PlacesExchange.read(bytes(older), format: nil, fileName: nil)
    #expect(read.document.settings?.time == .twentyFourHour)
    #expect(!read.document.carriesAlertLevel)

    let wrong = """
      {"format": "cloudy-places", "version": 1, "places": [],
       "settings": {"time": "24h", "units": "metric", "temperature": "celsius", "alerts": "loud"}}
      """
    let refusal = try #require(throws: ImportRefusal.self) {
      try PlacesExchange.read(bytes(wrong), format: nil, fileName: nil)
    }
    #expect(
      refusal.problems.map(\.description) == [
        "line 2, settings.alerts: \"loud\" is not one of all, moderate, severe, none"
      ])
  }

  @Test("unknown keys are ignored; wrong types are named with place, line and field")
  func types() throws {
    let file = """
      {"format": "cloudy-places", "version": 1, "future": {"x": 1},
       "places": [
        {"name": "A", "latitude": 1, "longitude": 2, "later": true},
        {"name": "B", "latitude": "1", "longitude": 2, "selected": "yes"},
        {"name": ["C"], "latitude": 1, "longitude": 2}
       ],
       "settings": {"time": "25h", "units": "metric", "temperature": "c"}}
      """
    let refusal = try #require(throws: ImportRefusal.self) {
      try PlacesExchange.read(bytes(file), format: nil, fileName: nil)
    }
    #expect(
      refusal.problems.map(\.description) == [
        "place 2 (line 4), latitude: is text, not a number",
        "place 2 (line 4), selected: is text, not true or false",
        "place 3 (line 5), name: is a list, not text",
        "line 7, settings.time: \"25h\" is not one of 12h, 24h",
      ])
  }

  @Test("two selected places, or a selected place and current location, are refused")
  func oneSelection() throws {
    let file = """
      {"format": "cloudy-places", "version": 1,
       "places": [{"name": "A", "latitude": 1, "longitude": 2, "selected": true}],
       "currentLocation": {"latitude": 3, "longitude": 4, "selected": true}}
      """
    let refusal = try #require(throws: ImportRefusal.self) {
      try PlacesExchange.read(bytes(file), format: nil, fileName: nil)
    }
    #expect(refusal.problems.map(\.field) == ["selected"])
  }

  @Test("malformed JSON is named by line and column; NaN, trailing commas, duplicate keys refused")
  func malformed() throws {
    let cases = [
      "{\"format\": \"cloudy-places\",\n \"version\": 1,\n \"places\": [1,]}",
      "{\"format\": \"cloudy-places\", \"version\": 1, \"places\": [{\"latitude\": NaN}]}",
      "{\"format\": \"cloudy-places\", \"format\": \"x\"}",
      "{\"format\": \"cloudy-places\", \"version\": 1, \"places\": [",
      "{\"format\": \"cloudy-places\", \"version\": 1, \"places\": [], \"x\": \"\\ud800\"}",
      String(repeating: "[", count: 100) + String(repeating: "]", count: 100),
    ]
    for file in cases {
      let refusal = try #require(throws: ImportRefusal.self, "\(file)") {
        try PlacesExchange.read(bytes(file), format: .json, fileName: nil)
      }
      #expect(refusal.problems[0].message.hasPrefix("not valid JSON at column"), "\(refusal)")
    }
  }

  @Test(
    "a JSON that is not Cloudy's is refused as a fact: the command line, not this target, names --format"
  )
  func notCloudyJSON() throws {
    let refusal = try #require(throws: ImportRefusal.self) {
      try PlacesExchange.read(bytes("{\"places\": []}"), format: .json, fileName: "x.json")
    }
    #expect(
      refusal.problems.map(\.description) == [
        "line 1, format: this JSON is not a Cloudy places export (no \"format\": \"cloudy-places\")"
      ])
  }

  @Test("files over the size limit are refused before parsing")
  func sizeLimit() throws {
    let file = [UInt8](repeating: 0x20, count: ExchangeLimits.maximumBytes + 1)
    let refusal = try #require(throws: ImportRefusal.self) {
      try PlacesExchange.read(file, format: nil, fileName: nil)
    }
    #expect(refusal.problems[0].message.contains("over the import limit"))
  }
}
