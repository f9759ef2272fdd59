/// The store's side of syncing through a hub (`cloudy-web`'s `/api/sync`; `DeviceSync` is its
/// door): what each side holds,
/// said as a "have" list (per device that made changes, the greatest sequence number held
/// with none missing before it), and the changes the other side lacks.
///
/// Both directions are stateless: a device asks the hub what it has, sends what the hub lacks,
/// then gives its own list and receives what it lacks. Sending a change twice is harmless
/// (a replay is left as it is), so a list that is a little behind costs bytes, never an edit.
struct HubExchange {
  let database: Database

  /// Per origin device, the greatest `seq` such that every change 1…seq of it is here.
  func have() throws -> [String: Int64] {
    let rows = try database.query(
      """
      SELECT origin, max(seq), count(*) FROM sync_change GROUP BY origin
      """
    ) { ($0.string(0), $0.int64(1), $0.int64(2)) }
    var have: [String: Int64] = [:]
    for (origin, greatest, count) in rows {
      if greatest == count {
        have[origin] = greatest
        continue
      }
      // A gap (a file not arrived yet): the run that starts at 1 ends before it.
      have[origin] = try database.scalarInt(
        """
        SELECT coalesce(min(seq), 0) FROM sync_change AS c
        WHERE origin = ?1 AND NOT EXISTS (
          SELECT 1 FROM sync_change WHERE origin = ?1 AND seq = c.seq + 1)
          AND EXISTS (SELECT 1 FROM sync_change WHERE origin = ?1 AND seq = 1)
        """, [origin])
    }
    return have
  }

  /// The changes here that a side holding `have` lacks, oldest first per device; at most
  /// `limit` of them.
  func changes(after have: [String: Int64], limit: Int = .max) throws -> [SyncChange] {
    var changes: [SyncChange] = []
    let origins = try database.query("SELECT DISTINCT origin FROM sync_change ORDER BY origin") {
      $0.string(0)
    }
    for origin in origins where changes.count < limit {
      // A walk of the primary key from what the other side has on.
      changes += try database.query(
        "SELECT \(SyncChange.columns) FROM sync_change WHERE origin = ? AND seq > ? ORDER BY seq LIMIT ?",
        [origin, have[origin] ?? 0, limit - changes.count], row: SyncChange.read)
    }
    return changes
  }

  /// Applies changes sent by `peer` (their changeset), all or nothing, and notes when it was
  /// heard from.
  func receive(
    _ changeset: [UInt8], from peer: String, name: String?, at seconds: Int64
  ) throws -> ChangeApplier.Outcome {
    let changes = try Changeset.changes(in: changeset)
    // A device sends what the hub lacks in several requests: the order is settled once all are
    // in (`settleOrder`, before the hub answers a pull), never between two.
    let outcome = try ChangeApplier(database: database).apply(changes, settlingOrder: false)
    try notePeer(peer, name: name, at: seconds)
    return outcome
  }

  /// Numbers again places left sharing an order key by what was received, once everything sent
  /// is in (the hub before it answers a pull). Writes nothing when there are none.
  func settleOrder() throws {
    try SyncedState.settleOrder(database)
  }

  /// Records that `peer` was heard from (a hub or a device that synced with it).
  func notePeer(_ peer: String, name: String?, at seconds: Int64) throws {
    guard SyncFolder.isDeviceID(peer) else { return }
    try database.write { db in
      try SyncLedger.notePeer(db, device: peer, name: name, seenAt: seconds)
    }
  }

  /// Notes that `destination` now holds this device's changes up to `seq` (for `--status`),
  /// and shows the winners again where one of `own`, just sent, lost here (as a folder sync
  /// does: `SyncedState.undoLostEdits`).
  func noteSent(to destination: String, origin: String, seq: Int64, own: [SyncChange]) throws {
    try database.write { db in
      try SyncLedger.noteSent(db, to: destination, origin: origin, seq: seq)
      try SyncedState.undoLostEdits(own, in: db)
    }
  }
}
