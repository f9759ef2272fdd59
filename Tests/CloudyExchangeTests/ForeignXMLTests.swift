import CloudyModels
import Testing

@testable import CloudyExchange

/// GPX and KML read in-process, so that a "my file skipped a place" report becomes a test of a
/// few lines rather than a process run. The files here are typed for the tests in the shapes
/// GPSBabel and Google write (the genuine files are imported end to end in CloudyToolTests).
@Suite struct ForeignXMLTests {
  private func read(_ text: String) throws(ImportRefusal) -> PlacesExchange.ReadResult {
    try PlacesExchange.read(Array(text.utf8), format: nil, fileName: nil)
  }

  @Test func kmlPointsAtAnyDepthAreReadAndPathsCounted() throws {
    let result = try read(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <kml xmlns="http://www.opengis.net/kml/2.2"><Document><Folder><name>Trip</name>
        <Placemark><name>Caf&#233; &amp; Bar</name><Point><coordinates>
          2.3376,48.8606,0
        </coordinates></Point></Placemark>
        <Placemark><name>Walk</name><LineString><coordinates>1,2 3,4</coordinates></LineString></Placemark>
      </Folder></Document></kml>
      """)
    #expect(result.format == .kml)
    #expect(result.document.places.map(\.name) == ["Café & Bar"])
    #expect(result.document.places.first?.coordinate.latitude == 48.8606)
    #expect(result.leftOut.omitted.map(\.message) == ["is a LineString, not a point"])
  }

  /// The shape of a GPX that lists every waypoint twice (as exports from two folders do): each
  /// place is imported once and the repeats counted; the same name far away stays a place.
  @Test func aGPXWithEveryWaypointTwiceGivesEachPlaceOnce() throws {
    let result = try read(
      """
      <?xml version="1.0"?>
      <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
        <wpt lat="54.4541" lon="-3.2119"><name>Scafell Pike</name></wpt>
        <wpt lat="54.5272" lon="-3.0166"><name>Helvellyn</name></wpt>
        <wpt lat="54.45410" lon="-3.21190"><name>Scafell Pike</name></wpt>
        <wpt lat="54.5272" lon="-3.0166"><name>HELVELLYN</name></wpt>
        <wpt lat="40.0" lon="-105.0"><name>Helvellyn</name></wpt>
        <trk><name>Day 1</name><trkseg><trkpt lat="54.4" lon="-3.2"/></trkseg></trk>
      </gpx>
      """)
    #expect(
      result.document.places.map(\.name) == ["Scafell Pike", "Helvellyn", "Helvellyn (2)"])
    #expect(
      result.leftOut.repeated.map(\.origin) == ["waypoint 3, line 5", "waypoint 4, line 6"])
    #expect(result.leftOut.repeated.map(\.first) == ["waypoint 1, line 3", "waypoint 2, line 4"])
    #expect(result.leftOut.omitted.map(\.message) == ["a track is a path, not a place"])
  }
}
