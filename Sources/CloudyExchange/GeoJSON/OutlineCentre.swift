/// The place an outline stands for: the area-weighted centroid of its outer rings, in
/// longitude/latitude taken as a plane. OpenStreetMap maps most pubs, shops and parks as building
/// or land outlines; their centre is where a person would say the place is. Holes are ignored
/// (a courtyard does not move a building), and a ring of no area (every point on a line) gives
/// the mean of its points. Outlines that cross the 180° meridian are not unwrapped: none of the
/// places people save are that large.
enum OutlineCentre {
  /// `rings`: the outer ring of each polygon, as `[longitude, latitude]` pairs.
  static func centre(of rings: [[(Double, Double)]]) -> (longitude: Double, latitude: Double)? {
    var weighted = (x: 0.0, y: 0.0, area: 0.0)
    var points: [(Double, Double)] = []
    for ring in rings where ring.count >= 3 {
      points += ring
      var area = 0.0
      var cx = 0.0
      var cy = 0.0
      for index in ring.indices {
        let (x0, y0) = ring[index]
        let (x1, y1) = ring[(index + 1) % ring.count]
        let cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
      }
      area /= 2
      guard area != 0 else { continue }
      let weight = abs(area)
      weighted.x += cx / (6 * area) * weight
      weighted.y += cy / (6 * area) * weight
      weighted.area += weight
    }
    if weighted.area > 0 {
      return (weighted.x / weighted.area, weighted.y / weighted.area)
    }
    guard !points.isEmpty else { return nil }
    let sum = points.reduce((0.0, 0.0)) { ($0.0 + $1.0, $0.1 + $1.1) }
    return (sum.0 / Double(points.count), sum.1 / Double(points.count))
  }
}
