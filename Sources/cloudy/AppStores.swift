import CloudyCLI
import CloudyModels
import CloudyStore
import CloudyStoring

/// The app's one connection to the database, opened when the file exists and not before: with
/// no file yet the app reads as empty, and the first place added creates it (as
/// `cloudy-locations add` would). A file another process creates meanwhile is picked up.
final class AppDatabase {
  let path: DatabasePath
  private var repositories: (LocationRepository, SettingsRepository, ForecastRepository)?

  /// Opens the file when it exists (checking and migrating it); a damaged or foreign file
  /// throws here, before anything is written.
  init(path: DatabasePath) throws {
    self.path = path
    _ = try existing()
  }

  /// The repositories when the file exists; nil when it does not (yet).
  func existing() throws -> (LocationRepository, SettingsRepository, ForecastRepository)? {
    if let repositories { return repositories }
    guard try DatabaseFile.checkExisting(path: path.path) else { return nil }
    return try open()
  }

  /// The repositories, creating the file when there is none.
  func creating() throws -> (LocationRepository, SettingsRepository, ForecastRepository) {
    try existing() ?? open()
  }

  /// For changes that need places or settings that exist: a missing file is "no database yet".
  func changing() throws -> (LocationRepository, SettingsRepository, ForecastRepository) {
    guard let repositories = try existing() else { throw StoreError.missingFile(path: path.path) }
    return repositories
  }

  private func open() throws -> (LocationRepository, SettingsRepository, ForecastRepository) {
    let database = try StoreAccess.writing(path)
    let opened = (
      LocationRepository(database: database), SettingsRepository(database: database),
      ForecastRepository(database: database)
    )
    repositories = opened
    return opened
  }
}

/// The places, through `AppDatabase`: index lookups forwarded (never a whole-list read for
/// one place), adding creates the file.
struct AppLocationStore: LocationStoring {
  let database: AppDatabase

  func snapshot() throws -> LocationsSnapshot { try database.existing()?.0.snapshot() ?? .empty }
  func add(_ new: NewLocation) throws -> Location { try database.creating().0.add(new) }
  func rename(_ id: Location.ID, to newName: String) throws -> Location {
    try database.changing().0.rename(id, to: newName)
  }
  func move(_ id: Location.ID, to position: Int) throws {
    try database.changing().0.move(id, to: position)
  }
  func remove(_ id: Location.ID) throws { try database.changing().0.remove(id) }
  func select(_ place: Place) throws { try database.changing().0.select(place) }
  func setCurrentLocation(_ coordinate: Coordinate?) throws {
    try database.changing().0.setCurrentLocation(coordinate)
  }
  func selection() throws -> Place? { try database.existing()?.0.selection() }
  func locate(_ reference: PlaceReference) throws -> Location {
    guard let store = try database.existing()?.0 else {
      return try MissingDatabaseStore(path: database.path.path).locate(reference)
    }
    return try store.locate(reference)
  }
  func find(id: Location.ID) throws -> Location? { try database.existing()?.0.find(id: id) }
  func currentLocation() throws -> Coordinate? { try database.existing()?.0.currentLocation() }
}

/// The settings: the defaults until the file exists.
struct AppSettingsStore: SettingsStoring {
  let database: AppDatabase

  func settings() throws -> Settings { try database.existing()?.1.settings() ?? .defaults }
  func set(_ time: TimeNotation) throws { try database.changing().1.set(time) }
  func set(_ units: UnitsNotation) throws { try database.changing().1.set(units) }
  func set(_ temperature: TemperatureNotation) throws { try database.changing().1.set(temperature) }
  func reset() throws { try database.changing().1.reset() }
}

/// The cached forecasts (written by `cloudy-forecast-fetch`, read here).
struct AppForecastStore: ForecastStoring {
  let database: AppDatabase

  func latest(for place: Place) throws -> WeatherData? {
    try database.existing()?.2.latest(for: place)
  }
  func save(_ weather: WeatherData, for place: Place) throws {
    try database.changing().2.save(weather, for: place)
  }
  func prune(fetchedBefore cutoff: Int64) throws -> Int {
    try database.existing()?.2.prune(fetchedBefore: cutoff) ?? 0
  }
}
