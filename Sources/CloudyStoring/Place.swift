public import CloudyModels

/// Which place: the device's position or one saved place. The one name for it everywhere — the
/// selection, the owner of a cached forecast, the row a front-end acts on.
public enum Place: Hashable, Sendable {
  /// The device's position ("Current Location").
  case current
  case saved(Location.ID)

  /// The saved place's id; nil for the current location (`forecast.location_id` NULL).
  public var locationID: Location.ID? {
    if case .saved(let id) = self { return id }
    return nil
  }
}
