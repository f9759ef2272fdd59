public import CloudyModels

/// The user's notations (time, units, temperature), kept in the single `settings` row as text.
public struct SettingsRepository {
  public let database: Database

  public init(database: Database) {
    self.database = database
  }

  /// The stored notations; the Cloudy defaults if the row is missing.
  public func settings() throws -> Settings {
    try database.queryFirst(
      "SELECT time_notation, units_notation, temperature_notation FROM settings WHERE id = 1"
    ) { row in
      Settings(
        time: TimeNotation(rawValue: row.string(0)) ?? Settings.defaults.time,
        units: UnitsNotation(rawValue: row.string(1)) ?? Settings.defaults.units,
        temperature: TemperatureNotation(rawValue: row.string(2)) ?? Settings.defaults.temperature)
    } ?? .defaults
  }

  public func set(_ time: TimeNotation) throws { try write(column: "time_notation", time.rawValue) }
  public func set(_ units: UnitsNotation) throws {
    try write(column: "units_notation", units.rawValue)
  }
  public func set(_ temperature: TemperatureNotation) throws {
    try write(column: "temperature_notation", temperature.rawValue)
  }

  /// Back to 12h / imperial / fahrenheit.
  public func reset() throws {
    try database.write { db in
      try db.execute(
        """
        INSERT OR REPLACE INTO settings (id, time_notation, units_notation, temperature_notation, updated_at)
        VALUES (1, ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
        """,
        [
          Settings.defaults.time.rawValue, Settings.defaults.units.rawValue,
          Settings.defaults.temperature.rawValue,
        ])
    }
  }

  /// `column` is one of three literals above, never user input; the value is bound.
  private func write(column: String, _ value: String) throws {
    try database.write { db in
      try db.execute("INSERT OR IGNORE INTO settings (id) VALUES (1)")
      try db.execute(
        "UPDATE settings SET \(column) = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = 1",
        [value])
    }
  }
}
