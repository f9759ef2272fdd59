import CloudyModels

/// Where an alert applies, as its sender drew it: polygons and circles (CAP `<polygon>`,
/// `<circle>`; the NWS's GeoJSON geometry), and whether a place lies inside.
///
/// A polygon may cross the antimeridian (the Aleutians, Fiji, Chukotka), drawn either with a
/// jump (179° then −179°) or running past ±180 (GDACS writes −180.43 beside −178.49): the
/// ring's longitudes are unwrapped so that neighbours are never more than 180° apart, and the
/// place is tried at its longitude and one turn (360°) either side, so a place at 179.8° lies in
/// a ring drawn from −180.43° to −178.49°, and one at −179.5° in a ring from 179° to −179°.
struct AlertArea: Sendable {
  /// Closed rings of (latitude, longitude).
  var polygons: [[(latitude: Double, longitude: Double)]] = []
  /// Centre and radius in kilometres.
  var circles: [(latitude: Double, longitude: Double, radiusKilometres: Double)] = []

  var hasGeometry: Bool { !polygons.isEmpty || !circles.isEmpty }

  /// Whether the place is inside any polygon or circle (on an edge counts as inside as ray
  /// casting happens to decide it).
  func contains(_ place: Coordinate) -> Bool {
    polygons.contains { Self.ring($0, contains: place) }
      || circles.contains {
        Self.circle(around: ($0.latitude, $0.longitude), $0.radiusKilometres, contains: place)
      }
  }

  static func ring(_ ring: [(latitude: Double, longitude: Double)], contains place: Coordinate)
    -> Bool
  {
    guard ring.count >= 3 else { return false }
    var unwrapped: [(x: Double, y: Double)] = []
    unwrapped.reserveCapacity(ring.count)
    for vertex in ring {
      var x = vertex.longitude
      if let previous = unwrapped.last?.x {
        while x - previous > 180 { x -= 360 }
        while previous - x > 180 { x += 360 }
      }
      unwrapped.append((x, vertex.latitude))
    }
    return [0.0, 360, -360].contains { turn in
      Self.evenOdd(unwrapped, x: place.longitude + turn, y: place.latitude)
    }
  }

  /// Ray casting on plane coordinates.
  private static func evenOdd(_ ring: [(x: Double, y: Double)], x px: Double, y py: Double)
    -> Bool
  {
    var inside = false
    var previous = ring[ring.count - 1]
    for vertex in ring {
      let (xi, yi) = vertex
      let (xj, yj) = previous
      if (yi > py) != (yj > py), px < (xj - xi) * (py - yi) / (yj - yi) + xi {
        inside.toggle()
      }
      previous = vertex
    }
    return inside
  }

  /// Whether the great-circle distance (haversine, mean Earth radius 6371 km) is within the
  /// radius: compared as the haversine of the angles, which grows with the distance, so no
  /// arcsine is needed.
  static func circle(
    around centre: (Double, Double), _ radiusKilometres: Double, contains place: Coordinate
  ) -> Bool {
    let radians = Double.pi / 180
    let dLat = (place.latitude - centre.0) * radians
    let dLon = (place.longitude - centre.1) * radians
    let haversine =
      sinSquared(dLat / 2) + cosine(centre.0 * radians) * cosine(place.latitude * radians)
      * sinSquared(dLon / 2)
    let angle = min(radiusKilometres / 6371, Double.pi)
    return haversine <= sinSquared(angle / 2)
  }

  // Without Foundation: sine and cosine, by their series (double
  // precision is far beyond what a circle's radius in whole kilometres asks).
  private static func sinSquared(_ x: Double) -> Double {
    let s = sine(x)
    return s * s
  }

  static func sine(_ value: Double) -> Double {
    // Reduce to −π…π, then a Taylor series to the 19th power.
    var x = value.truncatingRemainder(dividingBy: 2 * Double.pi)
    if x > Double.pi { x -= 2 * Double.pi } else if x < -Double.pi { x += 2 * Double.pi }
    var term = x
    var sum = x
    for n in stride(from: 3, through: 19, by: 2) {
      term *= -x * x / Double((n - 1) * n)
      sum += term
    }
    return sum
  }

  static func cosine(_ x: Double) -> Double { sine(x + Double.pi / 2) }
}
