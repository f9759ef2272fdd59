public import CloudyModels
public import CloudyStoring

/// A place whose forecast is fetched or shown, with what the forecast views need to name it
/// and to show its times: the `Place` (which one) plus its name, row number, coordinate and zone.
public struct ForecastTarget: Hashable, Sendable {
  public var place: Place
  /// "Current Location" or the saved place's name.
  public var name: String
  /// The 1-based row number in Saved Locations (as `cloudy-locations list` shows); nil for
  /// the current location.
  public var number: Int?
  public var coordinate: Coordinate
  /// The saved place's IANA zone, when known; the forecast's own zone is preferred.
  public var timeZone: String?

  public init(
    place: Place, name: String, number: Int?, coordinate: Coordinate, timeZone: String?
  ) {
    self.place = place
    self.name = name
    self.number = number
    self.coordinate = coordinate
    self.timeZone = timeZone
  }

  init(_ row: LocationRowViewModel) {
    switch row.kind {
    case .current:
      self.init(
        place: .current, name: row.text, number: nil, coordinate: row.coordinate, timeZone: nil)
    case .saved(let location, let number):
      self.init(
        place: .saved(location.id), name: location.name, number: number,
        coordinate: location.coordinate, timeZone: location.timeZone)
    }
  }
}
