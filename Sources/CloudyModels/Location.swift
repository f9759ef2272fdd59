/// A place the user saved, as stored: its `details` with the identity and row the store gave it.
public struct Location: Hashable, Sendable, Identifiable {
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

  // The details' fields, read and written through the place as before they were one value.

  /// What the lists show, e.g. "Richmond, Virginia, US".
  public var name: String {
    get { details.name }
    set { details.name = newValue }
  }
  /// What the user typed when the place came from a search, e.g. "Richmond, VA".
  public var query: String? {
    get { details.query }
    set { details.query = newValue }
  }
  public var coordinate: Coordinate {
    get { details.coordinate }
    set { details.coordinate = newValue }
  }
  /// ISO 3166-1 alpha-2, e.g. "US".
  public var countryCode: String? {
    get { details.countryCode }
    set { details.countryCode = newValue }
  }
  /// First-level subdivision, e.g. "Virginia".
  public var region: String? {
    get { details.region }
    set { details.region = newValue }
  }
  /// IANA time zone, e.g. "America/New_York"; forecasts are shown in it.
  public var timeZone: String? {
    get { details.timeZone }
    set { details.timeZone = newValue }
  }
  public var source: LocationSource {
    get { details.source }
    set { details.source = newValue }
  }
}
