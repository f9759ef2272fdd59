public import CloudyModels
public import CloudyStoring

/// One row of the locations list: "Current Location" or a saved place.
public struct LocationRowViewModel: Hashable, Sendable {
  /// Which section the row belongs to, and for a saved place what the command line calls it.
  public enum Kind: Hashable, Sendable {
    /// The device position.
    case current
    /// A saved place, with its 1-based number in Saved Locations (what the command line shows).
    case saved(Location, number: Int)
  }

  public let kind: Kind
  /// "Current Location", or the place's name.
  public let text: String
  /// Where it is, e.g. "37.5538° N, 77.4603° W".
  public let detailText: String
  /// Whether the day and week views show this place.
  public let isSelected: Bool
  public let coordinate: Coordinate

  init(current coordinate: Coordinate, isSelected: Bool) {
    kind = .current
    text = LocationsViewModel.Section.current.title
    detailText = coordinate.displayText
    self.isSelected = isSelected
    self.coordinate = coordinate
  }

  /// The row of one saved place, made without loading the whole list: a place's row number is
  /// its position + 1. Lets a command that changed one place report it in constant time.
  public static func saved(_ location: Location, selection: Place?) -> LocationRowViewModel {
    LocationRowViewModel(
      saved: location, number: location.position + 1, isSelected: selection == .saved(location.id))
  }

  init(saved location: Location, number: Int, isSelected: Bool) {
    kind = .saved(location, number: number)
    text = location.name
    detailText = location.coordinate.displayText
    self.isSelected = isSelected
    coordinate = location.coordinate
  }

  /// The saved place, or nil for the current location.
  public var location: Location? {
    if case .saved(let location, _) = kind { return location }
    return nil
  }
}
