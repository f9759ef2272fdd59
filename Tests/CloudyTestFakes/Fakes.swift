package import CloudyModels
package import CloudyServices
package import CloudyStoring

// The in-memory stores, geocoder and sample places that the view-model tests and the app's
// tests share (test targets cannot import each other). They keep the store's rules; the
// storing contract suite (CloudyViewModelsTests/StoringContractTests) runs them beside SQLite.

/// A store failure the fakes throw on demand.
package struct FakeStoreFailure: Error, Equatable {
  package init() {}
}

/// An in-memory `LocationStoring` with the repository's rules (positions, selection after
/// remove, unique names) and a switch to make the next write fail.
package final class FakeLocationStore: LocationStoring {
  package init() {}

  package var locations: [Location] = []
  package var current: Coordinate?
  package var selection: Place?
  package var failWrites = false
  package private(set) var writes: [String] = []
  private var nextID: Location.ID = 1

  package func snapshot() throws -> LocationsSnapshot {
    LocationsSnapshot(locations: locations, currentLocation: current, selection: selection)
  }

  private func validated(_ name: String) throws -> String {
    do { return try PlaceName.validated(name) } catch { throw LocationError.invalidName(error) }
  }

  private func write(_ name: String) throws {
    if failWrites { throw FakeStoreFailure() }
    writes.append(name)
  }

  @discardableResult
  package func add(_ new: NewLocation) throws -> Location {
    let name = try validated(new.name)
    if let existing = locations.first(where: { PlaceName.sameName($0.name, name) }) {
      throw LocationError.duplicateName(existing.name)
    }
    try write("add")
    let location = Location(
      id: nextID, name: name, query: new.query, coordinate: new.coordinate,
      countryCode: new.countryCode, region: new.region, timeZone: new.timeZone, source: new.source,
      position: locations.count)
    nextID += 1
    locations.append(location)
    if selection == nil { selection = .saved(location.id) }
    return location
  }

  package func rename(_ id: Location.ID, to newName: String) throws -> Location {
    let name = try validated(newName)
    guard let index = locations.firstIndex(where: { $0.id == id }) else {
      throw LocationError.notFound("with id \(id)")
    }
    if let other = locations.first(where: { $0.id != id && PlaceName.sameName($0.name, name) }) {
      throw LocationError.duplicateName(other.name)
    }
    try write("rename")
    locations[index].name = name
    return locations[index]
  }

  package func move(_ id: Location.ID, to position: Int) throws {
    guard let from = locations.firstIndex(where: { $0.id == id }) else {
      throw LocationError.notFound("with id \(id)")
    }
    guard locations.indices.contains(position) else {
      throw LocationError.positionOutOfRange(position + 1, count: locations.count)
    }
    try write("move")
    locations.insert(locations.remove(at: from), at: position)
    for index in locations.indices { locations[index].position = index }
  }

  package func remove(_ id: Location.ID) throws {
    guard let index = locations.firstIndex(where: { $0.id == id }) else {
      throw LocationError.notFound("with id \(id)")
    }
    try write("remove")
    locations.remove(at: index)
    for index in locations.indices { locations[index].position = index }
    if selection == .saved(id) {
      selection =
        locations.isEmpty
        ? (current == nil ? nil : .current) : .saved(locations[min(index, locations.count - 1)].id)
    }
  }

  package func select(_ selection: Place) throws {
    switch selection {
    case .current:
      guard current != nil else { throw LocationError.noCurrentLocation }
    case .saved(let id):
      guard locations.contains(where: { $0.id == id }) else {
        throw LocationError.notFound("with id \(id)")
      }
    }
    try write("select")
    self.selection = selection
  }

  package func setCurrentLocation(_ coordinate: Coordinate?) throws {
    try write("current")
    current = coordinate
    if coordinate == nil, selection == .current {
      selection = locations.first.map { .saved($0.id) }
    }
    if coordinate != nil, selection == nil { selection = .current }
  }
}

package final class FakeSettingsStore: SettingsStoring {
  package init() {}

  package var stored = Settings.defaults
  package var failWrites = false
  package private(set) var writes = 0

  package func settings() throws -> Settings { stored }

  private func write() throws {
    if failWrites { throw FakeStoreFailure() }
    writes += 1
  }

  @discardableResult
  package func update(_ change: (inout Settings) -> Void) throws -> Settings {
    try write()
    change(&stored)
    return stored
  }
}

/// Answers from a fixed table; records the queries it was asked.
package final class FakeGeocoder: Geocoder, @unchecked Sendable {
  package init() {}

  // @unchecked: tests use one instance on one thread; `asked` is only for assertions.
  package var results: [String: [PlaceCandidate]] = [:]
  package var nearMatches: [PlaceCandidate] = []
  package var error: GeocodingError?
  package var asked: [String] = []

  package func search(_ query: String, limit: Int) throws(GeocodingError) -> [PlaceCandidate] {
    asked.append(query)
    if let error { throw error }
    return Array((results[query] ?? []).prefix(limit))
  }

  package func suggestions(for query: String, limit: Int) -> [PlaceCandidate] {
    Array(nearMatches.prefix(limit))
  }
}

package func coordinate(_ latitude: Double, _ longitude: Double) -> Coordinate {
  (try? Coordinate(latitude: latitude, longitude: longitude)) ?? Coordinate.zero
}

extension Coordinate {
  package static let zero: Coordinate = {
    do { return try Coordinate(latitude: 0, longitude: 0) } catch { return zero }
  }()
}

package func candidate(
  _ name: String, _ region: String?, _ country: String = "US", _ latitude: Double,
  _ longitude: Double, population: Int = 1000, match: PlaceMatch = .name
) -> PlaceCandidate {
  PlaceCandidate(
    name: name, region: region, countryCode: country, countryName: "Country \(country)",
    coordinate: coordinate(latitude, longitude), timeZone: "America/New_York",
    population: population, match: match)
}

package let richmondVA = candidate(
  "Richmond", "Virginia", "US", 37.5538, -77.4603, population: 226_610)
package let richmondCA = candidate(
  "Richmond", "California", "US", 37.9358, -122.3477, population: 110_000)
package let paris = candidate(
  "Paris", "Île-de-France", "FR", 48.8534, 2.3488, population: 2_138_551)

package func place(_ name: String, _ latitude: Double = 37.5538, _ longitude: Double = -77.4603)
  -> NewLocation
{
  NewLocation(name: name, coordinate: coordinate(latitude, longitude), source: .coordinates)
}

/// A change source the test drives by hand: "another process committed".
package final class FakeChanges: StoreChanges {
  package let observers = StoreChangeObservers()

  package init() {}

  package func observeChanges(_ observer: @escaping (StoreChange) throws -> Void)
    -> StoreChangeObservation
  {
    observers.add(observer)
  }

  package func commit(_ change: StoreChange = .committed) throws { try observers.notify(change) }
}
