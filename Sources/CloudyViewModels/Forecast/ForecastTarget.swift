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

extension LocationEditor {
  /// The place a command line names: `current` for the current location, a saved place's
  /// 1-based row number or its name (see `PlaceReference`), or nil for the selected place.
  /// Index lookups in the store, never the whole list.
  public func forecastTarget(_ typed: String?) throws -> ForecastTarget {
    guard let typed else {
      guard let row = try selectedRow() else { throw LocationsViewModelError.nothingSelected }
      return ForecastTarget(row)
    }
    if typed.trimmingWhitespace().lowercased() == "current" {
      guard let row = try currentRow() else { throw LocationsViewModelError.noCurrentLocation }
      return ForecastTarget(row)
    }
    return ForecastTarget(try row(PlaceReference(typed)))
  }

  /// The saved place with this id: what a front-end hands to a fetch in another process, so
  /// that a reorder between its read and the fetch cannot change which place is fetched.
  public func forecastTarget(id: Location.ID) throws -> ForecastTarget {
    ForecastTarget(try row(.id(id)))
  }
}

extension LocationsViewModel {
  /// Every place the list shows: the current location (when set), then the saved places in
  /// order.
  public func forecastTargets() throws(LocationsViewModelError) -> [ForecastTarget] {
    let targets = rows.flatMap { $0.rows.map(ForecastTarget.init) }
    guard !targets.isEmpty else { throw .noPlaces }
    return targets
  }
}
