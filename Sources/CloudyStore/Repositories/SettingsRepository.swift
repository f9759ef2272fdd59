public import CloudyModels

/// The user's notations (time, temperature), the unit of each quantity, the air-quality scale
/// and the alert level, kept in the single `settings` row as text. `units_notation` is written
/// for older Cloudy builds (`Settings.legacyUnits`) and not read: the four unit columns say
/// everything it did.
public struct SettingsRepository {
  public let database: Database

  public init(database: Database) {
    self.database = database
  }

  /// The stored notations; the Cloudy defaults if the row is missing.
  public func settings() throws -> Settings {
    try database.queryFirst(
      """
      SELECT time_notation, temperature_notation, alert_level, wind_unit, pressure_unit,
        precipitation_unit, distance_unit, air_quality_scale
      FROM settings WHERE id = 1
      """
    ) { row in
      let defaults = Settings.defaults
      var settings = Settings(
        time: TimeNotation(rawValue: row.string(0)) ?? defaults.time, units: .imperial,
        temperature: TemperatureNotation(rawValue: row.string(1)) ?? defaults.temperature,
        alerts: AlertLevel(rawValue: row.string(2)) ?? defaults.alerts,
        airQuality: AirQualityScale(rawValue: row.string(7)) ?? defaults.airQuality)
      settings.wind = WindUnit(rawValue: row.string(3)) ?? defaults.wind
      settings.pressure = PressureUnit(rawValue: row.string(4)) ?? defaults.pressure
      settings.precipitation = PrecipitationUnit(rawValue: row.string(5)) ?? defaults.precipitation
      settings.distance = DistanceUnit(rawValue: row.string(6)) ?? defaults.distance
      return settings
    } ?? .defaults
  }

  /// The one write: read, change, and store the settings in one `BEGIN IMMEDIATE`
  /// transaction (the row is created on the first write).
  ///
  /// A change that changes nothing writes nothing (issue 40): `cloudy-settings set time 24h`
  /// run twice begins no write the second time, so the row's `updated_at`, the sync clock and
  /// the commit's syncs are left alone, as SQLite itself leaves an unchanged row. The check is a
  /// plain read; a change another process commits between it and this call is a later write,
  /// so answering "already so" is what a reader at that instant saw. A database still being
  /// created (no file yet) is written all the same: the command that names a new file makes it.
  @discardableResult
  public func update(_ change: (inout Settings) -> Void) throws -> Settings {
    if database.pendingCreation == nil {
      let current = try settings()
      var changed = current
      change(&changed)
      if changed == current { return current }
    }
    return try database.write { db in
      var settings = try SettingsRepository(database: db).settings()
      change(&settings)
      try SettingsRepository(database: db).write(settings)
      return settings
    }
  }

  /// Stores every notation of `settings`, inside the caller's write transaction: the one
  /// statement that writes the settings row.
  func write(_ settings: Settings) throws {
    try database.execute(
      """
      INSERT INTO settings (id, time_notation, units_notation, temperature_notation, alert_level,
        wind_unit, pressure_unit, precipitation_unit, distance_unit, air_quality_scale,
        updated_at)
      VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
      ON CONFLICT (id) DO UPDATE SET
        time_notation = excluded.time_notation, units_notation = excluded.units_notation,
        temperature_notation = excluded.temperature_notation,
        alert_level = excluded.alert_level, wind_unit = excluded.wind_unit,
        pressure_unit = excluded.pressure_unit,
        precipitation_unit = excluded.precipitation_unit,
        distance_unit = excluded.distance_unit, air_quality_scale = excluded.air_quality_scale,
        updated_at = excluded.updated_at
      """,
      [
        settings.time.rawValue, settings.legacyUnits.rawValue, settings.temperature.rawValue,
        settings.alerts.rawValue, settings.wind.rawValue, settings.pressure.rawValue,
        settings.precipitation.rawValue, settings.distance.rawValue,
        settings.airQuality.rawValue,
      ])
  }
}
