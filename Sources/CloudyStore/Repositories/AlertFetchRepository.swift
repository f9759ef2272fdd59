public import CloudyModels
public import CloudyStoring

/// The `alert_fetch` rows: what each place's last answer from an alert source allows.
public struct AlertFetchRepository: AlertFetchStateStoring {
  public let database: Database

  public init(database: Database) {
    self.database = database
  }

  public func fetchState(for place: Place, source: AlertSource) throws -> AlertFetchState? {
    try database.queryFirst(
      """
      SELECT etag, last_modified, fresh_until, checked_at FROM alert_fetch
      WHERE location_id IS ? AND source = ?
      """, [place.locationID, source.rawValue]
    ) { row in
      AlertFetchState(
        etag: row.optionalString(0), lastModified: row.optionalString(1),
        freshUntil: row.isNull(2) ? nil : row.int64(2), checkedAt: row.int64(3))
    }
  }

  public func recordFetchState(_ state: AlertFetchState, for place: Place, source: AlertSource)
    throws
  {
    try database.write { db in
      try db.execute(
        "DELETE FROM alert_fetch WHERE location_id IS ? AND source = ?",
        [place.locationID, source.rawValue])
      try db.execute(
        """
        INSERT INTO alert_fetch (location_id, source, etag, last_modified, fresh_until, checked_at)
        VALUES (?, ?, ?, ?, ?, ?)
        """,
        [
          place.locationID, source.rawValue, state.etag, state.lastModified, state.freshUntil,
          state.checkedAt,
        ])
    }
  }
}
