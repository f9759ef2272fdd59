public import CloudyModels
public import CloudyStoring

/// The stores a live front-end reads and writes through while a `DatabaseWatcher` follows the
/// file: one value that is a `LocationStoring`, `SettingsStoring`, `ForecastStoring`,
/// `AlertStoring` and `SyncHub`; no caller gets its connections.
///
/// Reads go through the watcher's read-only connection, so they always see the file the
/// watcher is on — also after it was replaced — and, with no file yet, read as the empty list,
/// the default settings and no forecast (as a one-shot read does). Writes open a read-write
/// connection on first use (creating the file, as one-shot writes do) and drop it when the
/// watcher reports the file replaced or removed.
///
/// Threading: non-`Sendable`; used on the thread that drives the watcher.
public final class WatchedStore {
  public let watcher: DatabaseWatcher
  private var writer: Database?
  private var observation: StoreChangeObservation?

  /// Create it before the view models that use it, so it moves to a replaced file first.
  public init(watcher: DatabaseWatcher) {
    self.watcher = watcher
    observation = watcher.observeChanges { [weak self] change in
      if change != .committed { self?.writer = nil }
    }
    // Closed before the watcher's own connection: while that read-only one is open, closing the
    // writer cannot checkpoint the removed -wal over newer commits (SQLite checkpoints on close
    // only as the process's last connection).
    watcher.willLeaveFiles.append { [weak self] in self?.writer = nil }
  }

  /// Through the watcher's connection; before the watcher has found a file this store has just
  /// created (its first write), through the writer, so the first save shows at once rather than
  /// at the watcher's next look (up to a second when the folder did not exist).
  private func reading<Result>(
    missing: Result, _ body: (Database) throws -> Result
  ) throws -> Result {
    guard let database = watcher.database ?? writer else { return missing }
    return try body(database)
  }

  /// Runs `body` on the writer, on the file's current -wal and -shm. Every write checks them
  /// first (`Database.write`); when they were removed or replaced by hand it writes nothing and
  /// throws, and then every connection of this process moves to the files on disk (the
  /// watcher's too, which shares the -shm) and `body` runs once more, so the write sees every
  /// other process's commits and no acknowledged one is overwritten — whatever the watcher has
  /// or has not seen yet.
  private func writing<Result>(_ body: (Database) throws -> Result) throws -> Result {
    do {
      return try body(try openedWriter())
    } catch StoreError.companionsReplaced {
      try watcher.followReplacedCompanions(otherConnectionStale: true)
      return try body(try openedWriter())
    }
  }

  private func openedWriter() throws -> Database {
    if let writer { return writer }
    let opened = try DatabaseFile.openForWriting(path: watcher.path)
    writer = opened
    return opened
  }
}

extension WatchedStore: LocationStoring {
  public func snapshot() throws -> LocationsSnapshot {
    try reading(missing: .empty) { try LocationRepository(database: $0).snapshot() }
  }

  public func selection() throws -> Place? {
    try reading(missing: nil) { try LocationRepository(database: $0).selection() }
  }

  public func locate(_ reference: PlaceReference) throws -> Location {
    // With no file, no place: the reference's own error says so ("no saved places yet").
    guard let database = watcher.database ?? writer else {
      return try LocationsSnapshot.empty.locations[reference.index(in: [])]
    }
    return try LocationRepository(database: database).locate(reference)
  }

  public func find(id: Location.ID) throws -> Location? {
    try reading(missing: nil) { try LocationRepository(database: $0).find(id: id) }
  }

  public func currentLocation() throws -> Coordinate? {
    try reading(missing: nil) { try LocationRepository(database: $0).currentLocation() }
  }

  public func find(name: String) throws -> Location? {
    try reading(missing: nil) { try LocationRepository(database: $0).find(name: name) }
  }

  public func count() throws -> Int {
    try reading(missing: 0) { try LocationRepository(database: $0).count() }
  }

  public func locations(in rows: Range<Int>) throws -> [Location] {
    try reading(missing: []) { try LocationRepository(database: $0).locations(in: rows) }
  }

  @discardableResult
  public func add(_ new: NewLocation) throws -> Location {
    try writing { try LocationRepository(database: $0).add(new) }
  }

  public func rename(_ id: Location.ID, to newName: String) throws -> Location {
    try writing { try LocationRepository(database: $0).rename(id, to: newName) }
  }

  public func move(_ id: Location.ID, to position: Int) throws {
    try writing { try LocationRepository(database: $0).move(id, to: position) }
  }

  public func remove(_ id: Location.ID) throws {
    try writing { try LocationRepository(database: $0).remove(id) }
  }

  public func select(_ place: Place) throws {
    try writing { try LocationRepository(database: $0).select(place) }
  }

  public func setCurrentLocation(_ coordinate: Coordinate?) throws {
    try writing { try LocationRepository(database: $0).setCurrentLocation(coordinate) }
  }
}

extension WatchedStore: SettingsStoring {
  public func settings() throws -> Settings {
    try reading(missing: .defaults) { try SettingsRepository(database: $0).settings() }
  }

  @discardableResult
  public func update(_ change: (inout Settings) -> Void) throws -> Settings {
    try writing { try SettingsRepository(database: $0).update(change) }
  }
}

extension WatchedStore: ForecastStoring {
  public func latest(for place: Place) throws -> WeatherData? {
    try reading(missing: nil) { try ForecastRepository(database: $0).latest(for: place) }
  }

  public func save(_ weather: WeatherData, for place: Place) throws {
    try writing { try ForecastRepository(database: $0).save(weather, for: place) }
  }

  @discardableResult
  public func update(for place: Place, _ change: (WeatherData) throws -> WeatherData) throws
    -> (cached: WeatherData, stored: WeatherData)?
  {
    try writing { try ForecastRepository(database: $0).update(for: place, change) }
  }

  @discardableResult
  public func prune(issuedBefore cutoff: Int64) throws -> Int {
    try writing { try ForecastRepository(database: $0).prune(issuedBefore: cutoff) }
  }
}

extension WatchedStore: AlertStoring {
  public func alerts(for place: Place) throws -> [WeatherAlert] {
    try reading(missing: []) { try AlertRepository(database: $0).alerts(for: place) }
  }

  public func alertsByPlace() throws -> [Place: [WeatherAlert]] {
    try reading(missing: [:]) { try AlertRepository(database: $0).alertsByPlace() }
  }

  public func record(
    _ alerts: [WeatherAlert], for place: Place, fetchedAt: Int64, endingOthersOf: AlertSource?
  ) throws {
    try writing {
      try AlertRepository(database: $0).record(
        alerts, for: place, fetchedAt: fetchedAt, endingOthersOf: endingOthersOf)
    }
  }

  @discardableResult
  public func prune(endedBefore cutoff: Int64) throws -> Int {
    try writing { try AlertRepository(database: $0).prune(endedBefore: cutoff) }
  }
}

extension WatchedStore: SyncHub {
  /// Through the watcher's read-only connection, like every read. With no file yet, the file
  /// is created first, as a first write would: a hub answers with its device id, and the file
  /// is where that id lives.
  public func syncState() throws -> SyncState {
    if let database = watcher.database ?? writer {
      return try DeviceSync(database: database).syncState()
    }
    return try writing { try DeviceSync(database: $0).syncState() }
  }

  public func receive(_ message: [UInt8]) throws -> SyncReport {
    try writing { try DeviceSync(database: $0).receive(message, label: "the request body") }
  }

  public func changes(after have: [String: Int64]) throws -> [UInt8] {
    try writing { try DeviceSync(database: $0).changes(after: have) }
  }

  public func syncFolder(_ folder: SyncFolder) throws -> SyncReport {
    try writing { try DeviceSync(database: $0).syncFolder(folder) }
  }
}
