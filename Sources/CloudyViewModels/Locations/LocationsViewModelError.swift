import CloudyModels

/// Why the locations view models refused an action or found no place to show; nothing was
/// written. The words state the fact; each front-end says what to do in its own terms (the
/// command line: `CommandLineAdvice`; the app and the web pages: their own screens).
public enum LocationsViewModelError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No row at this index path (a stale index, or a front-end bug).
  case noSuchRow(IndexPath)
  /// The Current Location row cannot be renamed, moved or deleted (clear it instead).
  case currentLocationNotEditable
  /// No place is selected (no saved place and no current location).
  case nothingSelected
  /// The current location was asked for, but no device position is set.
  case noCurrentLocation
  /// Every place was asked for, but there is no saved place and no current location.
  case noPlaces

  public var description: String {
    switch self {
    case .noSuchRow(let indexPath):
      "there is no row \(indexPath.row + 1) in section \(indexPath.section + 1) of the locations list"
    case .currentLocationNotEditable:
      "the Current Location row cannot be renamed, moved or deleted; set or clear it instead"
    case .nothingSelected:
      "no place is selected"
    case .noCurrentLocation:
      "the current location is not set"
    case .noPlaces:
      "there are no saved places yet"
    }
  }
}
