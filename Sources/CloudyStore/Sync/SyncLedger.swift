import CloudyStoring

/// What this device keeps of its exchanges with others, inside the caller's write transaction:
/// who it heard from and when (`sync_peer`, for the report and `--status`), and how far each
/// device's changes were sent to each destination (`sync_sent`, what the folder still lacks).
/// Both only move forward: a late or repeated note never takes a value back.
enum SyncLedger {
  /// `device` was heard from at `seconds` (unix), saying its name when given.
  static func notePeer(_ database: Database, device: String, name: String?, seenAt seconds: Int64)
    throws
  {
    try database.execute(
      """
      INSERT INTO sync_peer (device, name, last_seen) VALUES (?1, ?2, ?3)
      ON CONFLICT (device) DO UPDATE SET name = coalesce(?2, name),
        last_seen = max(last_seen, ?3)
      """, [device, name, seconds])
  }

  /// `destination` now holds `origin`'s changes up to `seq`.
  static func noteSent(_ database: Database, to destination: String, origin: String, seq: Int64)
    throws
  {
    try database.execute(
      """
      INSERT INTO sync_sent (destination, origin, seq) VALUES (?1, ?2, ?3)
      ON CONFLICT (destination, origin) DO UPDATE SET seq = max(seq, ?3)
      """, [destination, origin, seq])
  }
}

extension SyncLedger {
  /// The devices heard from but `device`, most recent first.
  static func peers(in database: Database, except device: String) throws -> [SyncReport.Peer] {
    try database.query(
      "SELECT device, name, last_seen FROM sync_peer WHERE device <> ? ORDER BY last_seen DESC, device",
      [device]
    ) {
      SyncReport.Peer(device: $0.string(0), name: $0.optionalString(1), lastSeen: $0.int64(2))
    }
  }
}
