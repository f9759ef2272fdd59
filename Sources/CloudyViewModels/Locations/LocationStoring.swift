import CloudyModels
import CloudyStore

/// What the locations screens need from storage. `LocationRepository` is the real one; tests
/// inject fakes. Every call is synchronous and either completes or throws having changed nothing.
public protocol LocationStoring {
  /// The saved places (in the user's order), the device position and the selection, read
  /// together so they agree with each other.
  func snapshot() throws -> LocationsSnapshot
  func add(_ new: NewLocation) throws -> Location
  func rename(_ id: Location.ID, to newName: String) throws -> Location
  /// Moves a place to a 0-based position, shifting the others.
  func move(_ id: Location.ID, to position: Int) throws
  func remove(_ id: Location.ID) throws
  func select(_ selection: Selection) throws
  /// Sets or, with nil, clears the device position.
  func setCurrentLocation(_ coordinate: Coordinate?) throws
  /// What is selected, without reading the list (a lookup, whatever the list's length).
  func selection() throws -> Selection?
}

extension LocationStoring {
  /// For stores that have nothing cheaper than a snapshot (fakes, the missing database).
  public func selection() throws -> Selection? {
    try snapshot().selection
  }
}

/// Everything the locations list shows, as one consistent reading of the store.
public struct LocationsSnapshot: Hashable, Sendable {
  public var locations: [Location]
  public var currentLocation: Coordinate?
  public var selection: Selection?

  public init(locations: [Location], currentLocation: Coordinate?, selection: Selection?) {
    self.locations = locations
    self.currentLocation = currentLocation
    self.selection = selection
  }

  public static let empty = LocationsSnapshot(locations: [], currentLocation: nil, selection: nil)
}

extension LocationRepository: LocationStoring {
  /// Reads in one transaction, so another process's write lands wholly before or after it.
  public func snapshot() throws -> LocationsSnapshot {
    try database.read { _ in
      LocationsSnapshot(
        locations: try all(), currentLocation: try currentLocation(), selection: try selection())
    }
  }
}
