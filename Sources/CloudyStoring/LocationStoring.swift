public import CloudyModels

/// What the locations screens need from storage. `LocationRepository` (CloudyStore) is the real
/// one; tests inject fakes, and both pass the same contract suite. Every call is synchronous and
/// either completes or throws having changed nothing: refusals are `LocationError` (and
/// `PlaceReferenceError` from `locate`), names compare by `PlaceName.sameName`.
public protocol LocationStoring {
  /// The saved places (in the user's order), the device position and the selection, read
  /// together so they agree with each other.
  func snapshot() throws -> LocationsSnapshot
  @discardableResult
  func add(_ new: NewLocation) throws -> Location
  func rename(_ id: Location.ID, to newName: String) throws -> Location
  /// Moves a place to a 0-based position, shifting the others.
  func move(_ id: Location.ID, to position: Int) throws
  func remove(_ id: Location.ID) throws
  func select(_ place: Place) throws
  /// Sets or, with nil, clears the device position.
  func setCurrentLocation(_ coordinate: Coordinate?) throws
  /// What is selected, without reading the list (a lookup, whatever the list's length).
  func selection() throws -> Place?
  /// The saved place a user means (see `PlaceReference`), without reading the list.
  func locate(_ reference: PlaceReference) throws -> Location
  /// One saved place; nil when there is none with this id.
  func find(id: Location.ID) throws -> Location?
  /// The saved place with exactly this name (ASCII case aside, the schema's rule); nil when
  /// none. An index lookup, and no suggestions computed, unlike `locate`.
  func find(name: String) throws -> Location?
  /// The device position, when one was set.
  func currentLocation() throws -> Coordinate?
  /// How many places are saved (a count, not a read of the list).
  func count() throws -> Int
  /// The saved places listed at 0-based rows `rows` (fewer past the end), in order: what a
  /// front-end showing a window of a long list reads, whatever the list's length.
  func locations(in rows: Range<Int>) throws -> [Location]
}

extension LocationStoring {
  // For stores that have nothing cheaper than a snapshot (fakes, the missing database).

  public func selection() throws -> Place? {
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

  public func count() throws -> Int {
    try snapshot().locations.count
  }

  public func find(name: String) throws -> Location? {
    try snapshot().locations.first { PlaceName.sameName($0.name, name) }
  }

  public func locations(in rows: Range<Int>) throws -> [Location] {
    let locations = try snapshot().locations
    return Array(locations[rows.clamped(to: locations.indices)])
  }
}
