/// A place the user saved, as stored.
public struct Location: Hashable, Sendable, Identifiable {
  /// The row's id: stable across reorders and renames, so a place can be named to another
  /// process (`cloudy-forecast-fetch --id`) without the race a row number has.
  public typealias ID = Int64

  public var id: ID
  /// What the lists show, e.g. "Richmond, Virginia, US".
  public var name: String
  /// What the user typed when the place came from a search, e.g. "Richmond, VA".
  public var query: String?
  public var coordinate: Coordinate
  /// ISO 3166-1 alpha-2, e.g. "US".
  public var countryCode: String?
  /// First-level subdivision, e.g. "Virginia".
  public var region: String?
  /// IANA time zone, e.g. "America/New_York"; forecasts are shown in it.
  public var timeZone: String?
  public var source: LocationSource
  /// 0-based row in the user's order (the store keeps an order key with gaps; this is the row).
  public var position: Int

  public init(
    id: ID, name: String, query: String? = nil, coordinate: Coordinate,
    countryCode: String? = nil, region: String? = nil, timeZone: String? = nil,
    source: LocationSource, position: Int
  ) {
    self.id = id
    self.name = name
    self.query = query
    self.coordinate = coordinate
    self.countryCode = countryCode
    self.region = region
    self.timeZone = timeZone
    self.source = source
    self.position = position
  }
}

/// A place about to be saved: everything but the identity and position the store assigns.
public struct NewLocation: Hashable, Sendable {
  public var name: String
  public var query: String?
  public var coordinate: Coordinate
  public var countryCode: String?
  public var region: String?
  public var timeZone: String?
  public var source: LocationSource

  public init(
    name: String, query: String? = nil, coordinate: Coordinate, countryCode: String? = nil,
    region: String? = nil, timeZone: String? = nil, source: LocationSource
  ) {
    self.name = name
    self.query = query
    self.coordinate = coordinate
    self.countryCode = countryCode
    self.region = region
    self.timeZone = timeZone
    self.source = source
  }
}
