/// Applies a changeset received from another device, in one write transaction: all of it or
/// none of it.
///
/// Steps: check every row (only Cloudy's changes, of the right types); note which are new here
/// and which lose to a newer value already here (a conflict, settled by the clocks); apply with
/// SQLite's `sqlite3changeset_apply_v2` (replays left as they are); write the winners into the
/// places and settings; move this device's clock past every clock received.
public struct ChangeApplier {
  public let database: Database

  public init(database: Database) {
    self.database = database
  }

  /// What one changeset did here.
  public struct Outcome: Equatable, Sendable {
    /// Changes new to this device.
    public var applied = 0
    /// New changes that lost to a newer change of the same field already here.
    public var conflicts = 0
  }

  /// Applies `changeset` (already read by `Changeset.changes(in:)` into `changes`), recording
  /// `file` as applied when given. With `settlingOrder` false, places left sharing an order
  /// key are numbered again only by `SyncedState.settleOrder()`, once more files are in.
  public func apply(
    _ changeset: [UInt8], changes: [SyncChange], file: (writer: String, number: Int64)? = nil,
    writerName: String? = nil, seenAt: Int64 = 0, settlingOrder: Bool = true
  ) throws -> Outcome {
    try database.write { db in
      var outcome = Outcome()
      var placeKeys: Set<String> = []
      var settingFields: Set<String> = []
      var latest: (wall: Int64, counter: Int64) = (0, 0)
      for change in changes {
        guard
          try db.scalarInt(
            "SELECT count(*) FROM sync_change WHERE origin = ? AND seq = ?",
            [change.origin, change.seq]) == 0
        else { continue }
        outcome.applied += 1
        if try loses(change, in: db) { outcome.conflicts += 1 }
        if change.entity == "place" { placeKeys.insert(change.key) }
        if change.entity == "setting" { settingFields.insert(change.field) }
        if (change.wall, change.counter) > latest { latest = (change.wall, change.counter) }
      }
      if outcome.applied > 0 {
        try SyncDevice.setApplying(db, true)
        try Changeset.apply(changeset, to: db)
        try SyncedState(database: db).update(
          placeKeys: placeKeys, settingFields: settingFields, settlingOrder: settlingOrder)
        try SyncDevice.advance(db, past: latest.wall, latest.counter)
        try SyncDevice.setApplying(db, false)
      }
      if let file {
        try db.execute(
          """
          INSERT OR REPLACE INTO sync_file (writer, number, changes, applied_at)
          VALUES (?, ?, ?, CAST(strftime('%s', 'now') AS INTEGER))
          """, [file.writer, file.number, changes.count])
        try SyncLedger.notePeer(db, device: file.writer, name: writerName, seenAt: seenAt)
      }
      return outcome
    }
  }

  /// Whether a newer change of the same field is here already.
  private func loses(_ change: SyncChange, in db: Database) throws -> Bool {
    try db.scalarInt(
      """
      SELECT count(*) FROM sync_change
      WHERE entity = ? AND key = ? AND field = ? AND (wall, counter, origin) > (?, ?, ?)
      """, [change.entity, change.key, change.field, change.wall, change.counter, change.origin])
      > 0
  }
}
