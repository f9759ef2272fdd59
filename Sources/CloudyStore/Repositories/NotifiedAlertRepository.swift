public import CloudyStoring

/// The `alert_notified` rows: this device's notified alerts (migration 9; never synced).
public struct NotifiedAlertRepository {
  public let database: Database

  public init(database: Database) {
    self.database = database
  }

  /// Every alert notified on this device.
  public func notified() throws -> [NotifiedAlert] {
    try database.query(
      "SELECT identifier, location_id, notification_id, closed_at FROM alert_notified"
    ) { row in
      NotifiedAlert(
        identifier: row.string(0), place: row.isNull(1) ? .current : .saved(row.int64(1)),
        notificationID: UInt32(truncatingIfNeeded: row.int64(2)), isClosed: !row.isNull(3))
    }
  }

  /// Records that `alert` was notified, and (in the same transaction) that the notification it
  /// replaced, if any, is closed.
  public func record(_ alert: NotifiedAlert, replacing: String?, at now: Int64) throws {
    try database.write { db in
      try db.execute(
        """
        INSERT OR REPLACE INTO alert_notified
          (identifier, location_id, notification_id, notified_at, closed_at)
        VALUES (?, ?, ?, ?, NULL)
        """, [alert.identifier, alert.place.locationID, Int64(alert.notificationID), now])
      if let replacing {
        try db.execute(
          "UPDATE alert_notified SET closed_at = ? WHERE identifier = ? AND closed_at IS NULL",
          [now, replacing])
      }
    }
  }

  /// Records that the notification of `identifier` was closed.
  public func recordClosed(_ identifier: String, at now: Int64) throws {
    try database.write { db in
      try db.execute(
        "UPDATE alert_notified SET closed_at = ? WHERE identifier = ? AND closed_at IS NULL",
        [now, identifier])
    }
  }
}
