public import CloudyModels

/// What the settings screen needs from storage. `SettingsRepository` (CloudyStore) is the real
/// one; tests inject fakes.
///
/// Settings are written as a whole `Settings`, in one place (`update`): a new notation touches
/// the model, a migration and the repository's one statement, not every conformer. Each write
/// completes or throws having changed nothing.
public protocol SettingsStoring {
  func settings() throws -> Settings
  /// Reads the settings, applies `change` and writes them whole, in one transaction, so a
  /// notation another process changed meanwhile is read and kept, not overwritten. Returns the
  /// settings written.
  @discardableResult
  func update(_ change: (inout Settings) -> Void) throws -> Settings
}

extension SettingsStoring {
  public func set(_ time: TimeNotation) throws { try update { $0.time = time } }
  /// Sets the four unit settings of the preset.
  public func set(_ units: UnitsNotation) throws { try update { $0.units = units } }
  public func set(_ wind: WindUnit) throws { try update { $0.wind = wind } }
  public func set(_ pressure: PressureUnit) throws { try update { $0.pressure = pressure } }
  public func set(_ precipitation: PrecipitationUnit) throws {
    try update { $0.precipitation = precipitation }
  }
  public func set(_ distance: DistanceUnit) throws { try update { $0.distance = distance } }
  public func set(_ airQuality: AirQualityScale) throws {
    try update { $0.airQuality = airQuality }
  }
  public func set(_ temperature: TemperatureNotation) throws {
    try update { $0.temperature = temperature }
  }
  public func set(_ alerts: AlertLevel) throws { try update { $0.alerts = alerts } }
  /// Back to the Cloudy defaults (12h, imperial, fahrenheit, moderate alerts and above).
  public func reset() throws { try update { $0 = .defaults } }
}
