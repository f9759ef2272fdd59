/// What a saved place is, apart from where the store keeps it: the seven fields a place has
/// wherever it is — about to be saved (`NewLocation`), stored (`Location`, which adds its id and
/// row), or travelling in an export file (`PlacesDocument.Place`, which adds the selection, a
/// forecast and where it stood in the file). One value, so that a field added to places is added
/// once and every copy from one form to another is `details`, not seven assignments.
public struct PlaceDetails: Hashable, Sendable {
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

/// A place about to be saved: everything but the identity and position the store assigns —
/// exactly `PlaceDetails` (the name is kept for the code that says what it is saving).
public typealias NewLocation = PlaceDetails

/// A value that holds a place's details beside what it adds (a stored `Location`'s identity, an
/// exchange document's selection): `place.name`, `place.coordinate`, … read and write through
/// to `details` by key path, so the seven fields are declared once, in `PlaceDetails`.
public protocol HoldsPlaceDetails {
  var details: PlaceDetails { get set }
}

extension HoldsPlaceDetails {
  public subscript<Value>(dynamicMember field: WritableKeyPath<PlaceDetails, Value>) -> Value {
    get { details[keyPath: field] }
    set { details[keyPath: field] = newValue }
  }
}
