/// What one sync did, and the devices this one has heard from.
public struct SyncReport: Equatable, Sendable {
  /// This device's id.
  public var device: String
  /// Changes written for other devices.
  public var sent = 0
  /// Changes from other devices new here.
  public var applied = 0
  /// Of those, the ones that lost to a newer change of the same field.
  public var conflicts = 0
  /// Changes held apart: stamped more than a day ahead of this machine's clock.
  public var held = 0
  public var devices: [Peer] = []
  /// Files left for now (incomplete, from a newer Cloudy, refused), with why.
  public var skipped: [Skipped] = []

  public init(device: String) {
    self.device = device
  }

  /// Another device: its id, its host name when it said, and when it last wrote (unix seconds).
  public struct Peer: Equatable, Sendable {
    public var device: String
    public var name: String?
    public var lastSeen: Int64
  }

  public struct Skipped: Equatable, Sendable {
    public var file: String
    public var reason: String

    public init(file: String, reason: String) {
      self.file = file
      self.reason = reason
    }
  }

  /// The devices heard from, most recent first.
  static func devices(in database: Database, except device: String) throws -> [Peer] {
    try database.query(
      "SELECT device, name, last_seen FROM sync_peer WHERE device <> ? ORDER BY last_seen DESC, device",
      [device]
    ) { Peer(device: $0.string(0), name: $0.optionalString(1), lastSeen: $0.int64(2)) }
  }
}

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

  public static func read(_ database: Database) throws -> SyncStatus? {
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
      devices: try SyncReport.devices(in: database, except: device.id), waiting: Int(waiting),
      lastError: device.lastError, held: held)
  }
}
