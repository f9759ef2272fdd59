public import CloudyStoring

/// `cloudy-db sync --status`: this device, the devices heard from, what waits to be sent.
public struct SyncStatus: Equatable, Sendable {
  public var device: String
  public var name: String?
  public var devices: [SyncReport.Peer]
  /// This device's changes that no sync folder or hub has been sent yet.
  public var waiting: Int
  public var lastError: String?
  /// Changes held apart, their clock too far ahead of this machine's: per device, how many
  /// and the greatest clock (unix ms).
  public var held: [Held] = []

  public struct Held: Equatable, Sendable {
    public var device: String
    public var changes: Int
    public var wall: Int64
  }

  static func read(_ database: Database) throws -> SyncStatus? {
    guard let device = try SyncDevice.read(database) else { return nil }
    let sent = try database.scalarInt(
      "SELECT coalesce(max(seq), 0) FROM sync_sent WHERE origin = ?", [device.id])
    let waiting = try database.scalarInt(
      "SELECT count(*) FROM sync_change WHERE origin = ? AND seq > ?", [device.id, sent])
    let held =
      try database.tableNames().contains("sync_held")
      ? try database.query(
        "SELECT origin, count(*), max(wall) FROM sync_held GROUP BY origin ORDER BY origin"
      ) { Held(device: $0.string(0), changes: Int($0.int64(1)), wall: $0.int64(2)) } : []
    return SyncStatus(
      device: device.id, name: device.displayName,
      devices: try SyncLedger.peers(in: database, except: device.id), waiting: Int(waiting),
      lastError: device.lastError, held: held)
  }
}
