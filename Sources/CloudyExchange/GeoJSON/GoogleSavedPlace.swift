import CloudyJSON
import CloudyModels

/// A feature of Google Takeout's "Saved Places.json", in either of the shapes Google has used:
///
/// - 2017–2019: `properties.Title`, and `properties.Location` with `Address`, `Business Name`,
///   `Country Code` and `Geo Coordinates` (`Latitude`, `Longitude`, as text or numbers);
/// - since about 2020: `properties.location` with `name`, `address`, `country_code`, and the
///   position only in `geometry`; a place Google has no position for is written at `[0, 0]`
///   with a `Comment` saying so.
///
/// Read only from files Cloudy did not write.
struct GoogleSavedPlace {
  let name: String?
  let address: String?
  let countryCode: String?
  /// `Geo Coordinates`, when the file has them (they are the place's own, the geometry may be
  /// rounded).
  let coordinate: Coordinate?

  /// Nil when the properties are not Google's.
  init?(_ properties: [JSONNode.Member]) {
    func member(_ key: String) -> JSONNode? { properties.first { $0.key == key }?.node }
    let location = member("location") ?? member("Location")
    let isGoogle =
      member("google_maps_url") != nil || member("Google Maps URL") != nil
      || location.map { node in
        if case .object = node.value { return true }
        return false
      } ?? false
    guard isGoogle else { return nil }
    func text(_ node: JSONNode?) -> String? {
      guard case .string(let value) = node?.value else { return nil }
      let trimmed = value.trimmingWhitespace()
      return trimmed.isEmpty ? nil : trimmed
    }
    name = text(location?["name"]) ?? text(location?["Business Name"])
    address = text(location?["address"]) ?? text(location?["Address"])
    countryCode = text(location?["country_code"]) ?? text(location?["Country Code"])
    func number(_ node: JSONNode?) -> Double? {
      switch node?.value {
      case .number(let number): return number.value
      case .string(let text): return Double(text.trimmingWhitespace())
      default: return nil
      }
    }
    let geo = location?["Geo Coordinates"]
    if let latitude = number(geo?["Latitude"]), let longitude = number(geo?["Longitude"]),
      !(latitude == 0 && longitude == 0)
    {
      coordinate = try? Coordinate(latitude: latitude, longitude: longitude)
    } else {
      coordinate = nil
    }
  }

  /// Google's "no position": the geometry at exactly 0° N 0° E and no coordinates of its own.
  func hasNoPosition(_ geometry: Coordinate?) -> Bool {
    guard coordinate == nil else { return false }
    guard let geometry else { return false }
    return geometry.latitude == 0 && geometry.longitude == 0
  }
}
