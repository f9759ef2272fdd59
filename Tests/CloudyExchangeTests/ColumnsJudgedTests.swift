import CloudyModels
import Testing

@testable import CloudyExchange

/// The pieces behind "columns judged by what they hold", in-process: WKT cells as the tools
/// write them, the distance that makes a record a repeat, and a CSV whose positions are only
/// in a WKT column. The genuine files are imported end to end in `PlaceFilesJudgedTests`.
@Suite struct ColumnsJudgedTests {
  @Test func wktCellsAsToolsWriteThem() {
    #expect(
      WKTPoint.read("POINT (5.2652943 52.1516656)")
        == .point(longitude: "5.2652943", latitude: "52.1516656"))
    #expect(
      WKTPoint.read("Point(69.165833333 34.532777777)")
        == .point(longitude: "69.165833333", latitude: "34.532777777"))
    #expect(
      WKTPoint.read("POINT Z (-71.1 42.3 12)") == .point(longitude: "-71.1", latitude: "42.3"))
    #expect(WKTPoint.read("SRID=4326;POINT(1 2)") == .point(longitude: "1", latitude: "2"))
    #expect(
      WKTPoint.read("<http://www.wikidata.org/entity/Q2> Point(1 2)")
        == .point(longitude: "1", latitude: "2"))
    #expect(
      WKTPoint.read("<http://www.wikidata.org/entity/Q405> Point(23.47 0.67)")
        == .otherGlobe("http://www.wikidata.org/entity/Q405"))
    #expect(WKTPoint.read("LINESTRING (116.2 39.8,116.3 39.9)") == .otherGeometry("LINESTRING"))
    #expect(WKTPoint.read("POINT EMPTY") == .unreadable)
    #expect(WKTPoint.read("Houston") == nil)
    #expect(WKTPoint.read("52.15") == nil)
    #expect(WKTPoint.isPointColumn(["POINT (1 2)", "", "LINESTRING (1 2,3 4)"]))
    #expect(!WKTPoint.isPointColumn(["POINT (1 2)", "Houston"]))
    #expect(!WKTPoint.isPointColumn(["", "LINESTRING (1 2,3 4)"]))
  }

  @Test func aRepeatIsWithinAFewMetres() throws {
    let paris = try Coordinate(latitude: 48.856944444, longitude: 2.351388888)
    let rounded = try Coordinate(latitude: 48.8569, longitude: 2.3514)
    let louvre = try Coordinate(latitude: 48.8606, longitude: 2.3376)
    #expect(RepeatedPlaces.distance(paris, rounded) < 6)
    #expect(RepeatedPlaces.distance(paris, louvre) > 1_000)
    // Across the antimeridian, and near the pole, where a degree of longitude is short.
    let east = try Coordinate(latitude: -17.0, longitude: 179.99995)
    let west = try Coordinate(latitude: -17.0, longitude: -179.99995)
    #expect(RepeatedPlaces.distance(east, west) < 12)
    let a = try Coordinate(latitude: 89.9, longitude: 0)
    let b = try Coordinate(latitude: 89.9, longitude: 0.1)
    #expect(abs(RepeatedPlaces.distance(a, b) - 19.4) < 0.5)
  }

  @Test func aCSVWithOnlyAWKTColumnIsReadAndItsRepeatsCountedOnce() throws {
    let csv = """
      WKT,name,description
      "POINT (2.3514 48.8569)",Paris,
      "POINT (2.351388888 48.856944444)",Paris,the same place again
      "POINT (-96.7970 32.7767)",Paris,another Paris (Texas is far)
      "LINESTRING (1 2,3 4)",A walk,
      ,No shape,
      """
    let read = try PlacesExchange.read(Array(csv.utf8), format: nil, fileName: "my-maps.csv")
    #expect(read.document.places.map(\.name) == ["Paris", "Paris (2)"])
    #expect(read.leftOut.repeated.map(\.origin) == ["line 3"])
    #expect(
      read.leftOut.omitted.map(\.message) == [
        "is a LINESTRING, not a point", "no position; a place needs one",
      ])
  }
}
