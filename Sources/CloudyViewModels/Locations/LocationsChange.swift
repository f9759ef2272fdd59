public import CloudyModels
public import CloudyStoring

/// What last happened to the locations list; `LocationsViewModel.change` carries it so a
/// front-end can redraw (everything, or just the rows named here).
public enum LocationsChange: Hashable, Sendable {
  /// The list was (re)read from the store; draw it all. Also the value delivered on bind.
  case loaded
  case added(Location)
  case removed(Location)
  case renamed(Location, previousName: String)
  /// 0-based positions in Saved Locations.
  case moved(Location, from: Int, to: Int)
  case selected(Place)
  /// The device position was set, or cleared (nil).
  case currentLocationChanged(Coordinate?)
}
