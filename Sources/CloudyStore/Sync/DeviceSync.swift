import CloudyPlatform
public import CloudyStoring

/// Sync's one door: everything a front-end does with sync goes through here, over one
/// connection (the file claimed first, so a copied file syncs under an id of its own). The
/// parts behind it (`FolderSync`, `HubExchange`, `ChangeApplier`, `Changeset`, `ChangeFile`,
/// `SyncDevice`, …) are the store's own, as GRDB keeps `DatabaseMigrator` public beside an
/// internal `Migration`; a caller holds only the values that come out (`SyncReport`,
/// `SyncState`, `SyncStatus`), a `SyncFolder` it opened, and `SyncError`.
///
/// A hub's messages are envelopes: a change file numbered 0 (`ChangeFile`: its header names the
/// device that sent it, then the changeset), made by `changes(after:)` and `send(to:…)` and read
/// by `receive(_:)`, here and nowhere else.
public struct DeviceSync: SyncHub {
  public let database: Database

  public init(database: Database) {
    self.database = database
  }

  /// The format of the change files and envelopes this Cloudy writes (a hub says it in its
  /// state).
  public static let format = ChangeFile.format

  // MARK: - Here

  /// `cloudy-db sync --status`: this device, the devices heard from, what waits. Reads only.
  public func status() throws -> SyncStatus {
    guard let status = try SyncStatus.read(database) else { throw SyncError.noSyncTables }
    return status
  }

  /// Applies the changes held for a clock more than a day ahead, now (the user accepted them);
  /// how many were new here.
  public func acceptHeld() throws -> Int {
    try ChangeApplier(database: database).acceptHeld().applied
  }

  // MARK: - A sync folder

  public func syncFolder(_ folder: SyncFolder) throws -> SyncReport {
    try FolderSync(database: database, folder: folder).run()
  }

  // MARK: - A hub, either side

  /// This device's id and have list, without claiming the file (a read: the hub's `GET`).
  public func syncState() throws -> SyncState {
    guard let device = try SyncDevice.read(database) else { throw SyncError.noSyncTables }
    return SyncState(device: device.id, have: try HubExchange(database: database).have())
  }

  /// Applies an envelope another device sent, whole or not at all, and notes its sender as
  /// heard from. Changes refused one by one are in the report's `skipped`, under `label` (what
  /// the message is to a reader: "the hub's answer"). A change showing that this file went back
  /// gives it a new id: the report's `device`.
  public func receive(_ message: [UInt8], label: String) throws -> SyncReport {
    let envelope = try ChangeFile.read(message, path: label)
    let exchange = HubExchange(database: database)
    let outcome = try exchange.receive(
      envelope.changeset, from: envelope.writer, name: envelope.writerName, at: WallClock.now())
    let device = try SyncDevice.read(database)?.id ?? ""
    var report = SyncReport(device: device)
    report.add(outcome, from: label)
    report.devices = try SyncLedger.peers(in: database, except: device)
    return report
  }

  public func receive(_ message: [UInt8]) throws -> SyncReport {
    try receive(message, label: "the changes sent")
  }

  /// The hub's answer to a pull: every change a side holding `have` lacks, in one envelope
  /// from this device, once places left sharing an order key are numbered again (what was
  /// sent is all in by then).
  public func changes(after have: [String: Int64]) throws -> [UInt8] {
    let exchange = HubExchange(database: database)
    guard let device = try SyncDevice.read(database) else { throw SyncError.noSyncTables }
    try exchange.settleOrder()
    return try Self.envelope(device, try exchange.changes(after: have))
  }

  /// The device's side of a hub sync: this device's changes (and those it holds of others)
  /// that `hub` lacks, as envelopes of at most `maxChanges` changes and `maxBytes` bytes (one
  /// change may pass it alone), each handed to `post` in order; then records what the hub
  /// holds of this device's own. How many changes were sent.
  public func send(
    to hub: SyncState, maxChanges: Int, maxBytes: Int, through post: ([UInt8]) throws -> Void
  ) throws -> Int {
    let device = try SyncDevice.claimed(database)
    let exchange = HubExchange(database: database)
    let outgoing = try exchange.changes(after: hub.have)
    var start = 0
    while start < outgoing.count {
      var slice = Array(outgoing[start..<min(start + maxChanges, outgoing.count)])
      var message = try Self.envelope(device, slice)
      while message.count > maxBytes && slice.count > 1 {
        slice = Array(slice.prefix(slice.count / 2))
        message = try Self.envelope(device, slice)
      }
      try post(message)
      start += slice.count
    }
    let own = outgoing.filter { $0.origin == device.id }
    if let mine = own.map(\.seq).max() {
      try exchange.noteSent(to: "hub:\(hub.device)", origin: device.id, seq: mine, own: own)
    }
    return outgoing.count
  }

  /// This device's id, the file claimed first (a copy takes an id of its own before it sends).
  public func claimedDevice() throws -> String {
    try SyncDevice.claimed(database).id
  }

  /// The one envelope: a change file numbered 0 (a message, not a file of the sync folder's
  /// sequence) from `device`, whose header says its id and name.
  private static func envelope(_ device: SyncDevice, _ changes: [SyncChange]) throws -> [UInt8] {
    ChangeFile(
      writer: device.id, number: 0, writerName: device.displayName,
      changeset: try Changeset.make(changes)
    ).bytes
  }
}
