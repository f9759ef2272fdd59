/// Applies changes received from another device, in one write transaction (a savepoint inside
/// the caller's), one change at a time.
///
/// Each change is judged alone (`ChangeCheck`): a bad one is refused and reported, the others
/// apply; one stamped more than a day ahead of this machine's clock is held apart
/// (`sync_held`) and taken once it is no longer ahead. Then:
/// - the same (origin, seq) with the same content is a replay, left as it is; with other
///   content it is refused (a forged or confused file), and the change here stays;
/// - a change under this device's own id that it does not hold is proof that this file went
///   back (restored by `cp`, the sqlite3 shell's `.restore`, a VM snapshot) or that another
///   file claims its id: the device takes a new id first, moving its changes that were never
///   sent under the new one, so none of its numbers is ever given to two changes;
/// - `foreignOrigins`: devices that write their own changes where these came from (a sync
///   folder's other subfolders); a change of theirs found in another's file is refused.
/// Then the winners are written into the places and settings, and this device's clock moves
/// past every clock taken.
struct ChangeApplier {
  let database: Database

  /// What one batch of changes did here.
  struct Outcome: Equatable, Sendable {
    /// Changes new to this device.
    var applied = 0
    /// New changes that lost to a newer change of the same field already here.
    var conflicts = 0
    /// Changes held apart: their clock is too far ahead of this machine's.
    var held = 0
    /// Changes refused, each with why (at most `refusalsKept` are kept; `refusedCount` has all).
    var refused: [String] = []
    var refusedCount = 0
    /// The device id this device took when the changes showed its file had gone back.
    var renewedAs: String?

    /// How many refusals are described in `refused`.
    static let refusalsKept = 5

    mutating func refuse(_ change: SyncChange, _ reason: String) {
      refusedCount += 1
      if refused.count < Self.refusalsKept {
        refused.append("change \(change.seq) of device \(change.origin) was refused: \(reason)")
      }
    }
  }

  /// Applies `changes`, recording `file` as applied when given. With `settlingOrder` false,
  /// places left sharing an order key are numbered again only by `SyncedState.settleOrder()`,
  /// once more files are in.
  func apply(
    _ changes: [SyncChange], file: (writer: String, number: Int64)? = nil,
    writerName: String? = nil, seenAt: Int64 = 0, settlingOrder: Bool = true,
    foreignOrigins: Set<String> = [], acceptingHeld: Bool = false
  ) throws -> Outcome {
    try database.write { db in
      var outcome = Outcome()
      var placeKeys: Set<String> = []
      var settingFields: Set<String> = []
      var latest: (wall: Int64, counter: Int64) = (0, 0)
      let now = try db.scalarInt("SELECT ms FROM sync_now")
      var device = try db.scalarString("SELECT device FROM sync_device WHERE id = 1") ?? ""
      let released = try Self.releaseHeld(db, now: now, all: acceptingHeld)
      // Accepted: no clock is too far ahead.
      let judgedAt = acceptingHeld ? ChangeCheck.greatestNumber : now
      for (index, change) in (released + changes).enumerated() {
        // Where a change came from is judged as it arrives, before it may be held: a held
        // change taken now came from its own device's file then, whatever file's apply
        // releases it (judged again, it was refused as that file's, and lost here for good).
        let foreign = index >= released.count && foreignOrigins.contains(change.origin)
        switch ChangeCheck.verdict(change, now: judgedAt) {
        case .refuse(let reason):
          outcome.refuse(change, reason)
          continue
        case .hold where foreign:
          outcome.refuse(change, "device \(change.origin) writes its own changes, not this file")
          continue
        case .hold:
          try db.execute(
            "INSERT OR IGNORE INTO sync_held (\(SyncChange.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            change.arguments)
          outcome.held += 1
          continue
        case .take: break
        }
        let existing = try db.queryFirst(
          "SELECT \(SyncChange.columns) FROM sync_change WHERE origin = ? AND seq = ?",
          [change.origin, change.seq], row: SyncChange.read)
        if existing == change { continue }  // a replay
        if foreign {
          outcome.refuse(change, "device \(change.origin) writes its own changes, not this file")
          continue
        }
        if change.origin == device {
          device = try SyncDevice.renewKeepingUnsent(db)
          outcome.renewedAs = device
          if try Self.holds(db, change) { continue }
        }
        if let existing, existing != change, try !Self.isFree(db, change) {
          outcome.refuse(change, "another change with this number is here already")
          continue
        }
        try db.execute(
          "INSERT INTO sync_change (\(SyncChange.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
          change.arguments)
        outcome.applied += 1
        if try loses(change, in: db) { outcome.conflicts += 1 }
        if change.entity == "place" { placeKeys.insert(change.key) }
        if change.entity == "setting" { settingFields.insert(change.field) }
        if (change.wall, change.counter) > latest { latest = (change.wall, change.counter) }
      }
      if outcome.applied > 0 {
        try SyncDevice.setApplying(db, true)
        try SyncedState(database: db).update(
          placeKeys: placeKeys, settingFields: settingFields, settlingOrder: settlingOrder)
        // Never past the bound, even for changes the user accepted: this device's own edits
        // keep their real time.
        let bound = now + ChangeCheck.clockBound
        try SyncDevice.advance(
          db, past: min(latest.wall, bound), latest.wall > bound ? 0 : latest.counter)
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

  /// Applies every held change now, however far ahead its clock (the user accepted them):
  /// their values win until this machine's clock passes theirs, as they would have everywhere
  /// had the clock been right. This device's clock is not moved past the bound.
  func acceptHeld() throws -> Outcome {
    try apply([], acceptingHeld: true)
  }

  /// Takes the held changes whose clock is no longer too far ahead (or all of them, with
  /// `all`: the user accepted them) out of `sync_held`, to be applied now.
  static func releaseHeld(_ db: Database, now: Int64, all: Bool = false) throws -> [SyncChange] {
    let bound = all ? Int64.max : now + ChangeCheck.clockBound
    let released = try db.query(
      "SELECT \(SyncChange.columns) FROM sync_held WHERE wall <= ? ORDER BY origin, seq", [bound],
      row: SyncChange.read)
    if !released.isEmpty { try db.execute("DELETE FROM sync_held WHERE wall <= ?", [bound]) }
    return released
  }

  /// Whether no change holds `change`'s number (a renewal may have moved the one that did).
  private static func isFree(_ db: Database, _ change: SyncChange) throws -> Bool {
    try db.scalarInt(
      "SELECT count(*) FROM sync_change WHERE origin = ? AND seq = ?", [change.origin, change.seq])
      == 0
  }

  /// Whether `change` is here already, as it is (after a renewal moved this device's own).
  private static func holds(_ db: Database, _ change: SyncChange) throws -> Bool {
    try db.queryFirst(
      "SELECT \(SyncChange.columns) FROM sync_change WHERE origin = ? AND seq = ?",
      [change.origin, change.seq], row: SyncChange.read) == change
  }

  /// Whether a newer change of the same field is here already: `change` (just inserted) is not
  /// its field's winner in the `sync_value` view, where the rule is written once.
  private func loses(_ change: SyncChange, in db: Database) throws -> Bool {
    try db.scalarInt(
      """
      SELECT count(*) FROM sync_value
      WHERE entity = ? AND key = ? AND field = ? AND wall = ? AND counter = ? AND origin = ?
      """, [change.entity, change.key, change.field, change.wall, change.counter, change.origin])
      == 0
  }
}
