import CloudyModels
import Testing

@testable import CloudyDecoding

/// One ring drawn across the antimeridian, as the NWS draws the Aleutians' and Fiji's services
/// theirs: its longitudes jump from 179° to −179°, and the ring is the 2° between, not the 358°
/// around the rest of the world.
@Suite("Alert areas across the antimeridian")
struct AlertAreaTests {
  let ring: [(latitude: Double, longitude: Double)] = [
    (-16, 179), (-16, -179), (-19, -179), (-19, 179), (-16, 179),
  ]

  func holds(_ latitude: Double, _ longitude: Double) throws -> Bool {
    AlertArea.ring(ring, contains: try Coordinate(latitude: latitude, longitude: longitude))
  }

  @Test func theTwoDegreesBetweenAreInside() throws {
    #expect(try holds(-17.5, 179.8))
    #expect(try holds(-17.5, -179.5))
    #expect(try holds(-17.5, 180))
  }

  @Test func theRestOfTheWorldIsOutside() throws {
    #expect(try !holds(-17.5, 0))
    #expect(try !holds(-17.5, 178))
    #expect(try !holds(-17.5, -178))
    #expect(try !holds(-20, 179.5))
  }

  /// GDACS draws rings that run past ±180 instead of jumping (−180.43 beside −178.49): a
  /// place on either side of the antimeridian inside such a ring is inside, in both halves.
  @Test func ringsThatRunPastTheAntimeridianHoldPlacesOnBothSides() throws {
    let west: [(latitude: Double, longitude: Double)] = [
      (-17, -180.43), (-17, -178.49), (-19, -178.49), (-19, -180.43), (-17, -180.43),
    ]
    let east: [(latitude: Double, longitude: Double)] = [
      (-17, 178.49), (-17, 180.43), (-19, 180.43), (-19, 178.49), (-17, 178.49),
    ]
    func holds(_ ring: [(latitude: Double, longitude: Double)], _ longitude: Double) throws
      -> Bool
    {
      AlertArea.ring(ring, contains: try Coordinate(latitude: -18, longitude: longitude))
    }
    #expect(try holds(west, 179.8))
    #expect(try holds(west, -179))
    #expect(try !holds(west, 179.0))
    #expect(try !holds(west, -178))
    #expect(try holds(east, -179.8))
    #expect(try holds(east, 179))
    #expect(try !holds(east, -179.0))
    #expect(try !holds(east, 178))
  }
}
