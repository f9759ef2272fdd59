import CloudyModels
import CloudyPlatform

/// What must hold between sync's bookkeeping and the tables for changes made here to reach the
/// other devices: `cloudy-db check` reports a breach (a hand edit in sqlite3, a file restored
/// from a tool that knows nothing of sync, a change file from a device with a wrong clock)
/// before it silently stops a user's edits travelling.
///
/// Only facts that every sound file keeps are checked, so a finding is never a false alarm:
/// the triggers stand aside only while a sync writes (`applying`, set and cleared in one
/// transaction); this device's changes are numbered 1, 2, … with none missing and its
/// sequence is never behind them (the next change would collide with one already made); no
/// clock is more than a day ahead of this machine's (`ChangeCheck.clockBound`; such changes
/// are held, and reported here until they are taken or accepted); one (device, number) has
/// one content; the winning value of every synced field is what the tables show; every saved
/// place has its global id; and the file is the one its device id belongs to.
enum SyncInvariants {
  static func problems(in database: Database) throws -> [String] {
    let hasSync = try database.scalarInt(
      "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'sync_device'")
    guard hasSync == 1 else { return [] }
    var problems: [String] = []
    if try database.scalarInt("SELECT coalesce(max(applying), 0) FROM sync_device") != 0 {
      problems.append(
        "sync_device.applying is 1 outside a sync: edits made now are not recorded for the other devices (UPDATE sync_device SET applying = 0)"
      )
    }
    let behind = try database.query(
      """
      SELECT d.seq, max(c.seq) FROM sync_device AS d JOIN sync_change AS c ON c.origin = d.device
      GROUP BY d.id HAVING max(c.seq) > d.seq
      """
    ) { row in (row.int64(0), row.int64(1)) }
    for (seq, last) in behind {
      problems.append(
        "sync_device.seq is \(seq) but this device's changes reach \(last): its next change would collide with one it made"
      )
    }
    let gaps = try database.query(
      """
      SELECT count(*), max(c.seq) FROM sync_device AS d JOIN sync_change AS c ON c.origin = d.device
      GROUP BY d.id HAVING count(*) <> max(c.seq)
      """
    ) { row in (row.int64(0), row.int64(1)) }
    for (count, last) in gaps {
      problems.append(
        "this device's changes are numbered up to \(last) but only \(count) are here: some of its edits are missing"
      )
    }
    problems += try clockProblems(in: database)
    problems += try valueProblems(in: database)
    let unnamed = try database.query(
      """
      SELECT l.id, l.name FROM location AS l LEFT JOIN sync_place AS p ON p.location_id = l.id
      WHERE p.uid IS NULL ORDER BY l.position
      """
    ) { row in (row.int64(0), row.string(1)) }
    for (id, name) in unnamed {
      problems.append(
        "place \(id) \(MessageText.quoted(name)) has no sync_place row: its changes cannot reach the other devices"
      )
    }
    if let recorded = try database.scalarString(
      "SELECT file_identity FROM sync_device WHERE id = 1"),
      let current = SyncDevice.fileIdentity(of: database), recorded != current
    {
      problems.append(
        "this file is a copy of another device's database (its device id belongs to another file): its next write gives it an id of its own"
      )
    }
    return problems
  }

  /// Clocks more than a day ahead of this machine's: held changes, and this device's own clock
  /// (carried there by a version that took such changes). Changes the user accepted
  /// (`sync --accept-held`) are not findings: they were taken on purpose, and this device's
  /// clock stayed within the bound.
  private static func clockProblems(in database: Database) throws -> [String] {
    var problems: [String] = []
    let now = try database.scalarInt("SELECT ms FROM sync_now")
    let bound = now + ChangeCheck.clockBound
    if try database.tableNames().contains("sync_held") {
      let held = try database.query(
        "SELECT origin, count(*), max(wall) FROM sync_held GROUP BY origin ORDER BY origin"
      ) { ($0.string(0), $0.int64(1), $0.int64(2)) }
      for (origin, count, wall) in held {
        problems.append(
          "\(count) change(s) of device \(origin) are held: stamped \(stamp(wall)), more than a day ahead of this machine's clock (they are taken when it gets there; cloudy-db sync --accept-held takes them now)"
        )
      }
      let twice = try database.scalarInt(
        """
        SELECT count(*) FROM sync_held AS h JOIN sync_change AS c USING (origin, seq)
        WHERE (h.wall, h.counter, h.entity, h.key, h.field) IS NOT (c.wall, c.counter, c.entity, c.key, c.field)
          OR h.value IS NOT c.value
        """)
      if twice > 0 {
        problems.append(
          "\(twice) held change(s) have the number of another change here with other content")
      }
    }
    if try database.scalarInt("SELECT wall FROM sync_device WHERE id = 1") > bound {
      problems.append(
        "this device's sync clock is more than a day ahead of this machine's: its edits would beat later ones"
      )
    }
    return problems
  }

  /// Fields whose winning change is not what the tables show: an edit that did not go through
  /// the capture triggers, or a sync cut short.
  private static func valueProblems(in database: Database) throws -> [String] {
    var problems: [String] = []
    let places = try database.query(
      """
      SELECT l.id, l.name, v.field FROM location AS l
      JOIN sync_place AS p ON p.location_id = l.id
      JOIN sync_value AS v ON v.entity = 'place' AND v.key = p.uid
      WHERE (v.field = 'name' AND v.value IS NOT l.name)
        OR (v.field = 'latitude' AND v.value IS NOT l.latitude)
        OR (v.field = 'longitude' AND v.value IS NOT l.longitude)
        OR (v.field = 'source' AND v.value IS NOT l.source)
      ORDER BY l.position, v.field
      """
    ) { ($0.int64(0), $0.string(1), $0.string(2)) }
    for (id, name, field) in places {
      problems.append(
        "place \(id) \(MessageText.quoted(name)): its \(field) is not the value sync recorded last: the other devices show another"
      )
    }
    let columns = Set(
      try database.query("SELECT name FROM pragma_table_info('settings')") { $0.string(0) })
    for column in [
      "time_notation", "units_notation", "temperature_notation", "alert_level", "wind_unit",
      "pressure_unit", "precipitation_unit", "distance_unit", "air_quality_scale",
    ] where columns.contains(column) {
      // The column name comes from the list above, never from the file.
      let differs = try database.scalarInt(
        """
        SELECT count(*) FROM sync_value AS v, settings AS s
        WHERE v.entity = 'setting' AND v.field = ? AND s.id = 1 AND v.value IS NOT s.\(column)
        """, [column])
      if differs > 0 {
        problems.append(
          "the setting \(column) is not the value sync recorded last: the other devices show another"
        )
      }
    }
    return problems
  }

  private static func stamp(_ milliseconds: Int64) -> String {
    milliseconds / 1000 > 253_402_300_799
      ? "after the year 9999" : WallClock.fileStamp(milliseconds / 1000)
  }
}
