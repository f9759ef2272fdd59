import CloudyModels

/// A place whose forecast is fetched or shown: the current location or a saved place, with
/// what the views need to name it and to show its times.
public struct ForecastTarget: Hashable, Sendable {
  public var place: ForecastPlace
  /// "Current Location" or the saved place's name.
  public var name: String
  /// The 1-based row number in Saved Locations (as `cloudy-locations list` shows); nil for
  /// the current location.
  public var number: Int?
  public var coordinate: Coordinate
  /// The saved place's IANA zone, when known; the forecast's own zone is preferred.
  public var timeZone: String?

  public init(
    place: ForecastPlace, name: String, number: Int?, coordinate: Coordinate, timeZone: String?
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

/// Why a typed place (or the selection) names no place; nothing was read or written after it.
public enum ForecastTargetError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No place is selected (no saved place and no current location).
  case nothingSelected
  /// `current` was asked for, but no device position is set.
  case noCurrentLocation
  /// `--all` with no saved place and no current location.
  case noPlaces
  /// A number or name that matches no saved place, or several.
  case place(LocationsViewModelError)

  public var description: String {
    switch self {
    case .nothingSelected:
      "no place is selected; add one with `cloudy-locations add` or select one with `cloudy-locations select`"
    case .noCurrentLocation:
      "the current location is not set; set it with `cloudy-locations current`"
    case .noPlaces:
      "there are no saved places yet; add one with `cloudy-locations add`"
    case .place(let error): error.description
    }
  }
}

/// Finds the places a user means, with the locations list's own rules.
public enum ForecastTargets {
  /// `typed` as the command line accepts it: `current` for the current location, a saved
  /// place's 1-based row number or its name (case-insensitive; a unique beginning is enough,
  /// see `PlaceReference`); nil for the selected place. Index lookups in `store`, never the
  /// whole list.
  public static func resolve(_ typed: String?, store: any LocationStoring) throws
    -> ForecastTarget
  {
    let editor = LocationEditor(store: store)
    guard let typed else {
      guard let row = try editor.selectedRow() else { throw ForecastTargetError.nothingSelected }
      return ForecastTarget(row)
    }
    if typed.trimmingWhitespace().lowercased() == "current" {
      guard let row = try editor.currentRow() else { throw ForecastTargetError.noCurrentLocation }
      return ForecastTarget(row)
    }
    do {
      return ForecastTarget(try editor.row(PlaceReference(typed)))
    } catch let error as LocationsViewModelError {
      throw ForecastTargetError.place(error)
    }
  }

  /// Every place the locations list shows: the current location (when set), then the saved
  /// places in order.
  public static func all(in locations: LocationsViewModel) throws(ForecastTargetError)
    -> [ForecastTarget]
  {
    let targets = locations.rows.flatMap { $0.rows.map(ForecastTarget.init) }
    guard !targets.isEmpty else { throw .noPlaces }
    return targets
  }
}
