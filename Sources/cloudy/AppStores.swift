import CloudyModels
import CloudyStore
import CloudyStoring

/// The settings through the watched store, except that with no database file yet a setting is
/// refused ("no database at … yet") rather than creating the file: the app creates nothing
/// until a place is added (adding goes through `WatchedStore`, which creates the file).
struct AppSettingsStore: SettingsStoring {
  let store: WatchedStore

  private func existing() throws -> WatchedStore {
    guard store.watcher.database != nil else {
      throw StoreError.missingFile(path: store.watcher.path)
    }
    return store
  }

  func settings() throws -> Settings { try store.settings() }
  func set(_ time: TimeNotation) throws { try existing().set(time) }
  func set(_ units: UnitsNotation) throws { try existing().set(units) }
  func set(_ temperature: TemperatureNotation) throws { try existing().set(temperature) }
  func reset() throws { try existing().reset() }
}
