import CloudyModels

/// What must hold between sync's bookkeeping and the tables for changes made here to reach the
/// other devices: `cloudy-db check` reports a breach (a hand edit in sqlite3, a file restored
/// from a tool that knows nothing of sync) before it silently stops a user's edits travelling.
///
/// Only facts that every sound file keeps are checked, so a finding is never a false alarm:
/// the triggers stand aside only while a sync writes (`applying`, set and cleared in one
/// transaction), the device's sequence is never behind its own changes (the next change would
/// collide with one already made), and every saved place has its global id.
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
    return problems
  }
}
