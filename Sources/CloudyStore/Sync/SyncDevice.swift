import CloudyPlatform

/// This copy of the database as a sync device: its id, its clock, and the guard against a copied
/// file.
///
/// A device id belongs to one file. A database copied to set up a new laptop (or put back from
/// a backup) would otherwise go on numbering changes that the original numbers too, and each
/// side would take the other's as replays of its own: edits lost without a word. So the file's
/// identity (device and inode) is kept beside the id, and a writer that opens a file whose
/// identity is not the recorded one gives it a new device id before its first write. The copy
/// keeps every place, setting and change it had; it is simply one more device from then on.
struct SyncDevice: Equatable, Sendable {
  var id: String
  var name: String?
  var wall: Int64
  var counter: Int64
  var seq: Int64
  var lastError: String?

  /// How this device is named to people in change files and `--status`: the name recorded for
  /// it, else this machine's host name.
  var displayName: String? { name ?? MachineNames.hostNames().first }

  /// The device row; nil in a file from before sync (it is added by migration 4).
  static func read(_ database: Database) throws -> SyncDevice? {
    guard try database.tableNames().contains("sync_device") else { return nil }
    return try database.queryFirst(
      "SELECT device, name, wall, counter, seq, last_error FROM sync_device WHERE id = 1"
    ) {
      SyncDevice(
        id: $0.string(0), name: $0.optionalString(1), wall: $0.int64(2), counter: $0.int64(3),
        seq: $0.int64(4), lastError: $0.optionalString(5))
    }
  }

  /// Run inside every writer's first write transaction (`Database.beforeNextWrite`): records
  /// the file's identity the first time, and gives a copy (another identity than the recorded
  /// one) a device id of its own before the write records any change.
  static func claim(_ database: Database) throws {
    guard
      try database.scalarInt(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'sync_device'") > 0,
      let current = fileIdentity(of: database)
    else { return }
    let recorded = try database.scalarString("SELECT file_identity FROM sync_device WHERE id = 1")
    if recorded == current { return }
    if recorded == nil {
      try database.execute("UPDATE sync_device SET file_identity = ? WHERE id = 1", [current])
    } else {
      try renew(database, fileIdentity: current)
    }
  }

  /// This device, as a sync must see it: the file claimed first, so a copy syncs under an id of
  /// its own. Writes only to claim the file.
  static func claimed(_ database: Database) throws -> SyncDevice {
    guard try read(database) != nil else {
      throw SyncError.noSyncTables
    }
    try claimBeforeSync(database)
    guard let device = try read(database) else {
      throw SyncError.noSyncTables
    }
    return device
  }

  /// The same, in a transaction of its own, when the file is not yet claimed: what a sync does
  /// before it reads the device id. Writes nothing for a claimed file.
  static func claimBeforeSync(_ database: Database) throws {
    guard let current = fileIdentity(of: database),
      try database.scalarString("SELECT file_identity FROM sync_device WHERE id = 1") != current
    else { return }
    try database.write { db in try claim(db) }
  }

  /// After `cloudy-db restore`: the file holds an earlier state of this device, whose sequence of
  /// changes went back, so numbers already sent would be given again to other changes. It syncs
  /// on as a new device (what it had sent stays the old id's).
  static func renewAfterRestore(_ database: Database) throws {
    guard try database.tableNames().contains("sync_device") else { return }
    try database.write { db in try renew(db, fileIdentity: fileIdentity(of: db)) }
  }

  static func fileIdentity(of database: Database) -> String? {
    guard let identity = try? FileStatus.of(database.path)?.identity else { return nil }
    return "\(identity.device):\(identity.inode)"
  }

  /// Gives this file a new device id (after a copy, or a restore that put back an earlier state
  /// of the file), inside the caller's write transaction. Its own sequence starts again at 0
  /// under the new id; what it sent under the old one stays the old device's.
  static func renew(_ database: Database, fileIdentity: String?) throws {
    try database.execute(
      """
      UPDATE sync_device
      SET device = lower(hex(randomblob(8))), seq = 0, file_identity = ?, last_error = NULL
      WHERE id = 1
      """, [fileIdentity])
  }

  /// Gives this file a new device id because changes show that it went back (a change under
  /// its own id that it does not hold: the file was put back by `cp`, `.restore` or a VM
  /// snapshot, or another file claims its id), inside the caller's write transaction.
  ///
  /// Its changes that no destination was sent (`sync_sent`) are moved under the new id,
  /// numbered again from 1 in their order, clocks kept: they are the ones that may have been
  /// given numbers the old id's other copy gave too. What was sent stays the old id's, as
  /// other devices hold it. Returns the new id.
  static func renewKeepingUnsent(_ database: Database) throws -> String {
    let old = try database.scalarString("SELECT device FROM sync_device WHERE id = 1") ?? ""
    let sent = try database.scalarInt(
      "SELECT coalesce(max(seq), 0) FROM sync_sent WHERE origin = ?", [old])
    try renew(
      database,
      fileIdentity: try database.scalarString(
        "SELECT file_identity FROM sync_device WHERE id = 1"))
    let new = try database.scalarString("SELECT device FROM sync_device WHERE id = 1") ?? ""
    try database.execute(
      """
      UPDATE sync_change SET origin = ?1, seq = seq - ?3 WHERE origin = ?2 AND seq > ?3
      """, [new, old, sent])
    try database.execute(
      """
      UPDATE sync_device
        SET seq = coalesce((SELECT max(seq) FROM sync_change WHERE origin = ?), 0)
      WHERE id = 1
      """, [new])
    return new
  }

  /// Records a change this device makes while applying others' (a place found to be the same
  /// as one saved here, a name given a number to tell two places apart), ticking the clock as
  /// the triggers do.
  static func record(
    _ database: Database, entity: String, key: String, field: String, value: DatabaseValue
  ) throws {
    try database.execute(
      """
      UPDATE sync_device
        SET counter = CASE WHEN (SELECT ms FROM sync_now) > wall THEN 0 ELSE counter + 1 END,
            wall = max(wall, (SELECT ms FROM sync_now)), seq = seq + 1
      """)
    try database.execute(
      """
      INSERT INTO sync_change (\(SyncChange.columns))
      SELECT device, seq, wall, counter, ?, ?, ?, ? FROM sync_device
      """, [entity, key, field, value])
  }

  /// Moves the clock past `change`'s: the next change made here orders after it, even when
  /// this machine's clock is behind the one that made it.
  static func advance(_ database: Database, past wall: Int64, _ counter: Int64) throws {
    try database.execute(
      "UPDATE sync_device SET wall = ?1, counter = ?2 WHERE (wall, counter) < (?1, ?2)",
      [wall, counter])
  }

  /// Sets the flag that keeps the capture triggers out of what sync itself writes.
  static func setApplying(_ database: Database, _ applying: Bool) throws {
    try database.execute("UPDATE sync_device SET applying = ?", [applying])
  }
}
