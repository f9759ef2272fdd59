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
  /// The saved place a user means (see `PlaceReference`), without reading the list.
  func locate(_ reference: PlaceReference) throws -> Location
  /// One saved place; nil when there is none with this id.
  func find(id: Location.ID) throws -> Location?
  /// The device position, when one was set.
  func currentLocation() throws -> Coordinate?
}

extension LocationStoring {
  // For stores that have nothing cheaper than a snapshot (fakes, the missing database).

  public func selection() throws -> Selection? {
    try snapshot().selection
  }

  public func locate(_ reference: PlaceReference) throws -> Location {
    let locations = try snapshot().locations
    return locations[try reference.index(in: locations)]
  }

  public func find(id: Location.ID) throws -> Location? {
    try snapshot().locations.first { $0.id == id }
  }

  public func currentLocation() throws -> Coordinate? {
    try snapshot().currentLocation
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

  /// `PlaceReference`'s rules as index lookups, so finding a place costs the same at 100,000
  /// places as at 10: a number is a position; a name is looked up under the name's NOCASE
  /// collation (which folds ASCII case), then as a beginning of names by a range on the same
  /// index. Text with letters beyond ASCII, which NOCASE compares exactly, falls back to the
  /// whole list and the Unicode rules once the index found nothing.
  public func locate(_ reference: PlaceReference) throws -> Location {
    try database.read { _ in
      switch reference {
      case .number(let number):
        if number >= 1, let location = try find(position: number - 1) { return location }
        throw LocationsViewModelError.rowOutOfRange(number, count: try count())
      case .name(let typed):
        let name = typed.trimmingWhitespace()
        // The UNIQUE NOCASE constraint allows one such place at most; it is also the exact one.
        if let location = try find(name: name) { return location }
        guard name.unicodeScalars.allSatisfy(\.isASCII) else {
          let locations = try all()
          return locations[try reference.index(in: locations)]
        }
        let limit = PlaceReference.namedCandidates
        let (matches, count) = try find(namesBeginningWith: name, limit: limit)
        if count == 1, let only = matches.first { return only }
        guard count == 0 else {
          throw LocationsViewModelError.ambiguousName(
            typed, matches: matches.map { "\($0.position + 1) \($0.name)" }, matchCount: count)
        }
        throw LocationsViewModelError.noPlaceNamed(
          typed, saved: try names(limit: limit), savedCount: try self.count())
      }
    }
  }
}
