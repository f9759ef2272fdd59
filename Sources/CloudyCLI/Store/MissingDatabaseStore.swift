public import CloudyModels
import CloudyStore
public import CloudyStoring

/// Stands in for a database that does not exist yet: reads as the empty list and the default
/// settings, and refuses every write with "no database at PATH yet" (66), so a read-only
/// command, or a command about places that cannot exist, never creates the file.
public struct MissingDatabaseStore: LocationStoring, SettingsStoring {
  public let path: String

  public init(path: String) {
    self.path = path
  }

  public func snapshot() throws -> LocationsSnapshot { .empty }
  public func settings() throws -> Settings { .defaults }

  private func refuse() -> StoreError { .missingFile(path: path) }
  public func add(_ new: NewLocation) throws -> Location { throw refuse() }
  public func rename(_ id: Location.ID, to newName: String) throws -> Location { throw refuse() }
  public func move(_ id: Location.ID, to position: Int) throws { throw refuse() }
  public func remove(_ id: Location.ID) throws { throw refuse() }
  public func select(_ selection: Place) throws { throw refuse() }
  public func setCurrentLocation(_ coordinate: Coordinate?) throws { throw refuse() }
  public func update(_ change: (inout Settings) -> Void) throws -> Settings { throw refuse() }
}
