public import CloudyModels
public import CloudyStoring

/// Severe-weather messages per place (`alert`, migration 0005): kept as they came, one row per
/// place and identifier, readable in sqlite3 (lower-case severities, CAP's message types and
/// reference triples, unix seconds).
public struct AlertRepository {
  public let database: Database

  public init(database: Database) {
    self.database = database
  }

  /// Stores `alerts` about `place` in one `BEGIN IMMEDIATE` transaction, each replacing a stored
  /// message with its identifier; with `endingOthersOf`, the alerts of that source about the
  /// place that the list no longer holds end at `fetchedAt` (see `AlertStoring`).
  public func record(
    _ alerts: [WeatherAlert], for place: Place, fetchedAt: Int64,
    endingOthersOf source: AlertSource? = nil
  ) throws {
    try database.write { db in
      if case .saved(let id) = place,
        try db.scalarInt("SELECT count(*) FROM location WHERE id = ?", [id]) == 0
      {
        throw LocationError.notFound("with id \(id)")
      }
      for alert in alerts {
        try db.execute(
          "DELETE FROM alert WHERE location_id IS ? AND identifier = ?",
          [place.locationID, alert.identifier])
        try Self.insert(alert, for: place, fetchedAt: fetchedAt, in: db)
      }
      if let source {
        try Self.end(
          source, about: place, except: Set(alerts.map(\.identifier)), at: fetchedAt, in: db)
      }
    }
  }

  /// Ends at `now` the messages of `source` about `place` not in `kept`: one not begun yet is
  /// removed (an end before its start would never be active and says nothing), one begun ends
  /// now unless it ended already.
  private static func end(
    _ source: AlertSource, about place: Place, except kept: Set<String>, at now: Int64,
    in db: Database
  ) throws {
    let stored = try db.query(
      "SELECT identifier, coalesce(onset, effective, sent), coalesce(ends, expires) FROM alert WHERE location_id IS ? AND source = ?",
      [place.locationID, source.rawValue]
    ) { row in (row.string(0), row.int64(1), row.isNull(2) ? nil : row.int64(2)) }
    for (identifier, begins, until) in stored where !kept.contains(identifier) {
      if begins > now {
        try db.execute(
          "DELETE FROM alert WHERE location_id IS ? AND identifier = ?",
          [place.locationID, identifier])
      } else if until.map({ $0 > now }) ?? true {
        try db.execute(
          "UPDATE alert SET ends = ? WHERE location_id IS ? AND identifier = ?",
          [now, place.locationID, identifier])
      }
    }
  }

  private static func insert(
    _ alert: WeatherAlert, for place: Place, fetchedAt: Int64, in db: Database
  ) throws {
    try db.execute(
      """
      INSERT INTO alert (location_id, source, identifier, sender, sent, message_type, refs,
        event, severity, urgency, certainty, headline, description, instruction, sender_name,
        language, areas, onset, effective, expires, ends, fetched_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        place.locationID, alert.source.rawValue, alert.identifier, alert.sender, alert.sent,
        alert.messageType.rawValue, AlertReference.capText(alert.references), alert.event,
        alert.severity.rawValue, alert.urgency.rawValue, alert.certainty.rawValue,
        alert.headline, alert.description, alert.instruction, alert.senderName, alert.language,
        alert.areas.joined(separator: Self.areaSeparator), alert.onset, alert.effective,
        alert.expires, alert.ends, fetchedAt,
      ])
  }

  /// Between area descriptions in the `areas` column: the NWS's own separator.
  private static let areaSeparator = "; "

  private static let columns = """
    location_id, source, identifier, sender, sent, message_type, refs, event, severity, urgency,
    certainty, headline, description, instruction, sender_name, language, areas, onset,
    effective, expires, ends
    """

  /// Every message about `place`, oldest sent first.
  public func alerts(for place: Place) throws -> [WeatherAlert] {
    try database.read { db in
      try db.query(
        "SELECT \(Self.columns) FROM alert WHERE location_id IS ? ORDER BY sent, identifier",
        [place.locationID]
      ) { Self.alert(from: $0).alert }
    }
  }

  /// Every message, by place, in one snapshot.
  public func alertsByPlace() throws -> [Place: [WeatherAlert]] {
    try database.read { db in
      var byPlace: [Place: [WeatherAlert]] = [:]
      let rows = try db.query(
        "SELECT \(Self.columns) FROM alert ORDER BY location_id, sent, identifier"
      ) { Self.alert(from: $0) }
      for (place, alert) in rows { byPlace[place, default: []].append(alert) }
      return byPlace
    }
  }

  private static func alert(from row: Statement) -> (place: Place, alert: WeatherAlert) {
    let areas = row.string(16)
    return (
      row.isNull(0) ? .current : .saved(row.int64(0)),
      WeatherAlert(
        identifier: row.string(2), sender: row.string(3), sent: row.int64(4),
        messageType: AlertMessageType(rawValue: row.string(5)) ?? .alert,
        references: AlertReference.list(capText: row.string(6)), event: row.string(7),
        severity: AlertSeverity(cap: row.string(8)), urgency: AlertUrgency(cap: row.string(9)),
        certainty: AlertCertainty(cap: row.string(10)), headline: row.optionalString(11),
        description: row.optionalString(12), instruction: row.optionalString(13),
        senderName: row.optionalString(14), language: row.optionalString(15),
        areas: areas.isEmpty
          ? []
          : areas.split(separator: areaSeparator, omittingEmptySubsequences: true).map(
            String.init),
        onset: optionalInt(row, 17), effective: optionalInt(row, 18),
        expires: optionalInt(row, 19), ends: optionalInt(row, 20),
        source: AlertSource(rawValue: row.string(1)) ?? .cap)
    )
  }

  private static func optionalInt(_ row: Statement, _ index: Int32) -> Int64? {
    row.isNull(index) ? nil : row.int64(index)
  }

  /// Deletes messages that ended (ends, else expires, else sent) before `cutoff`.
  @discardableResult
  public func prune(endedBefore cutoff: Int64) throws -> Int {
    try database.write { db in
      try db.execute("DELETE FROM alert WHERE coalesce(ends, expires, sent) < ?", [cutoff])
      return db.changes
    }
  }
}
