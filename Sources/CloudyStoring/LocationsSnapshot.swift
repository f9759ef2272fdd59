public import CloudyModels

/// Everything the locations list shows, as one consistent reading of the store.
public struct LocationsSnapshot: Hashable, Sendable {
  public var locations: [Location]
  public var currentLocation: Coordinate?
  public var selection: Place?

  public init(locations: [Location], currentLocation: Coordinate?, selection: Place?) {
    self.locations = locations
    self.currentLocation = currentLocation
    self.selection = selection
  }

  public static let empty = LocationsSnapshot(locations: [], currentLocation: nil, selection: nil)
}
