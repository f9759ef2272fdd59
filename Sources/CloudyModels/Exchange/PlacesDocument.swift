/// The user's places as one value, the way they travel between machines and tools: what
/// `cloudy-db export` reads from the store in one snapshot, and what `cloudy-db import` checks
/// whole before one write transaction applies it.
///
/// It lives here, among the values, so that the file formats (CloudyExchange, no SQL) and the
/// store (CloudyStore, no formats) share it without depending on each other.
public struct PlacesDocument: Hashable, Sendable {
  /// The saved places in the user's order.
  public var places: [Place]
  /// The device's position; nil when none is set, or when the format does not carry it.
  public var currentLocation: CurrentLocation?
  /// The notations; nil when the format does not carry them (CSV, GeoJSON), which leaves the
  /// stored settings alone on import.
  public var settings: Settings?
  /// Whether the current location is part of this document at all (only Cloudy's JSON carries
  /// it): a replacing import of a CSV file must not clear the device position.
  public var carriesCurrentLocation: Bool
  /// Whether `settings.alerts` was in the document: an export from before alerts existed
  /// (or one edited by hand without the key) keeps the stored alert level on import rather
  /// than resetting it to the default.
  public var carriesAlertLevel: Bool

  public init(
    places: [Place], currentLocation: CurrentLocation? = nil, settings: Settings? = nil,
    carriesCurrentLocation: Bool = false, carriesAlertLevel: Bool = false
  ) {
    self.places = places
    self.currentLocation = currentLocation
    self.settings = settings
    self.carriesCurrentLocation = carriesCurrentLocation || currentLocation != nil
    self.carriesAlertLevel = carriesAlertLevel && settings != nil
  }

  /// One saved place, without the store's identity; its position is its index in `places`.
  @dynamicMemberLookup
  public struct Place: Hashable, Sendable, HoldsPlaceDetails {
    /// What the place is: the fields a stored `Location` has too.
    public var details: PlaceDetails
    /// Whether the day view shows this place.
    public var selected: Bool
    /// Its cached forecast, when the document carries forecasts.
    public var forecast: WeatherData?
    /// Where it was found in the file it was read from (for reports); nil when it came from
    /// the store. Not part of the place: two places that differ only here are equal.
    public var origin: Origin?

    public init(
      details: PlaceDetails, selected: Bool = false, forecast: WeatherData? = nil,
      origin: Origin? = nil
    ) {
      self.details = details
      self.selected = selected
      self.forecast = forecast
      self.origin = origin
    }

    public init(
      name: String, query: String? = nil, coordinate: Coordinate, countryCode: String? = nil,
      region: String? = nil, timeZone: String? = nil, source: LocationSource,
      selected: Bool = false, forecast: WeatherData? = nil, origin: Origin? = nil
    ) {
      self.init(
        details: PlaceDetails(
          name: name, query: query, coordinate: coordinate, countryCode: countryCode,
          region: region, timeZone: timeZone, source: source),
        selected: selected, forecast: forecast, origin: origin)
    }

    public static func == (lhs: Place, rhs: Place) -> Bool {
      lhs.details == rhs.details && lhs.selected == rhs.selected && lhs.forecast == rhs.forecast
    }

    public func hash(into hasher: inout Hasher) {
      hasher.combine(details.name)
      hasher.combine(details.coordinate)
    }
  }

  /// The device's position ("Current Location").
  public struct CurrentLocation: Hashable, Sendable {
    public var coordinate: Coordinate
    public var selected: Bool
    public var forecast: WeatherData?

    public init(coordinate: Coordinate, selected: Bool = false, forecast: WeatherData? = nil) {
      self.coordinate = coordinate
      self.selected = selected
      self.forecast = forecast
    }
  }

  /// Where a place stood in an imported file: the line it starts on and, for GeoJSON and
  /// Cloudy's JSON, its 1-based number among the features or places.
  public struct Origin: Hashable, Sendable {
    public var line: Int
    public var item: Int?

    public init(line: Int, item: Int? = nil) {
      self.line = line
      self.item = item
    }
  }
}
