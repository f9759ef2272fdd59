/// What one sync did, and the devices this one has heard from: what a folder sync, a hub sync
/// and a hub receiving changes each report (`SyncHub`).
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

    public init(device: String, name: String?, lastSeen: Int64) {
      self.device = device
      self.name = name
      self.lastSeen = lastSeen
    }
  }

  public struct Skipped: Equatable, Sendable {
    public var file: String
    public var reason: String

    public init(file: String, reason: String) {
      self.file = file
      self.reason = reason
    }
  }
}
