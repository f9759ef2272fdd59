public import CloudyModels

/// What the settings screen needs from storage. `SettingsRepository` (CloudyStore) is the real one; tests
/// inject fakes. Each write completes or throws having changed nothing.
public protocol SettingsStoring {
  func settings() throws -> Settings
  func set(_ time: TimeNotation) throws
  func set(_ units: UnitsNotation) throws
  func set(_ temperature: TemperatureNotation) throws
  /// Back to the Cloudy defaults (12h, imperial, fahrenheit).
  func reset() throws
}
