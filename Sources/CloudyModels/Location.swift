/// A place the user saved, as stored: its `details` with the identity and row the store gave it.
@dynamicMemberLookup
public struct Location: Hashable, Sendable, Identifiable, HoldsPlaceDetails {
  /// The row's id: stable across reorders and renames, so a place can be named to another
  /// process (`cloudy-forecast-fetch --id`) without the race a row number has.
  public typealias ID = Int64

  public var id: ID
  /// What the place is (name, coordinate, country, region, zone, how it was found).
  public var details: PlaceDetails
  /// 0-based row in the user's order (the store keeps an order key with gaps; this is the row).
  public var position: Int

  public init(id: ID, details: PlaceDetails, position: Int) {
    self.id = id
    self.details = details
    self.position = position
  }

  public init(
    id: ID, name: String, query: String? = nil, coordinate: Coordinate,
    countryCode: String? = nil, region: String? = nil, timeZone: String? = nil,
    source: LocationSource, position: Int
  ) {
    self.init(
      id: id,
      details: PlaceDetails(
        name: name, query: query, coordinate: coordinate, countryCode: countryCode,
        region: region, timeZone: timeZone, source: source),
      position: position)
  }
}
