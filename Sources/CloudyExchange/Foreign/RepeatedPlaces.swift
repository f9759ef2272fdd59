import CloudyModels

/// Records of a foreign file that repeat a place already in it: the same name (compared as the
/// store does) within `metres` of an earlier record. Files repeat places: a GPX with every
/// waypoint written twice, a bookmark list exported from two folders, a Wikidata query that
/// returns a city once per region it belongs to. Each place is imported once and the repeats
/// are counted in the report; the same name farther away is another place (a chain's two
/// branches) and is told apart by `DistinctNames`.
enum RepeatedPlaces {
  /// "A few metres": two tools rounding the same coordinate differently (Wikidata's
  /// `48.8569` beside `48.856944444`) stay within this; two shops of one chain do not.
  static let metres = 25.0

  static func remove(
    _ places: inout [PlacesDocument.Place], qualifiers: inout [String?], leftOut: inout LeftOut,
    itemLabel: String?
  ) {
    var kept: [String: [Int]] = [:]
    var keep: [Bool] = []
    keep.reserveCapacity(places.count)
    for (index, place) in places.enumerated() {
      let key = PlaceName.uniquenessKey(place.name)
      let earlier = kept[key, default: []].first {
        distance(places[$0].coordinate, place.coordinate) <= metres
      }
      if let earlier {
        keep.append(false)
        leftOut.repeated.append(
          .init(
            name: place.name, origin: location(of: place, itemLabel),
            first: location(of: places[earlier], itemLabel)))
      } else {
        keep.append(true)
        kept[key, default: []].append(index)
      }
    }
    guard keep.contains(false) else { return }
    places = places.indices.filter { keep[$0] }.map { places[$0] }
    qualifiers = qualifiers.indices.filter { keep.indices.contains($0) && keep[$0] }.map {
      qualifiers[$0]
    }
  }

  /// "waypoint 3, line 12", or "line 12" for CSV.
  static func location(of place: PlacesDocument.Place, _ itemLabel: String?) -> String {
    guard let origin = place.origin else { return "" }
    if let item = origin.item, let itemLabel { return "\(itemLabel) \(item), line \(origin.line)" }
    return "line \(origin.line)"
  }

  /// Metres between two nearby coordinates (an equirectangular projection, exact enough within
  /// a few hundred metres, which is all this is asked about).
  static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
    let metresPerDegree = 111_194.93  // mean Earth radius 6371.0088 km × π / 180
    let north = (a.latitude - b.latitude) * metresPerDegree
    var eastDegrees = abs(a.longitude - b.longitude)
    if eastDegrees > 180 { eastDegrees = 360 - eastDegrees }
    let east = eastDegrees * metresPerDegree * cosine(degrees: (a.latitude + b.latitude) / 2)
    return (north * north + east * east).squareRoot()
  }

  /// cos for a latitude (−90…90°) without the C library: its Taylor series to x¹², whose error
  /// there is below 10⁻⁸.
  private static func cosine(degrees: Double) -> Double {
    let x = degrees * Double.pi / 180
    let x2 = x * x
    var term = 1.0
    var sum = 1.0
    for n in stride(from: 2, through: 12, by: 2) {
      term *= -x2 / Double((n - 1) * n)
      sum += term
    }
    return sum
  }
}
