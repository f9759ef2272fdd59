/// What a front-end needs of the store to sync this device with the others: the two operations
/// a hub's networking code calls (what is here, and what the other side lacks), the one that
/// takes what another device sent, and one exchange with a sync folder. `WatchedStore`
/// (CloudyStore) is the live one cloudy-web serves `/api/sync` through; `DeviceSync` is the same
/// door over one connection, for the command-line tools. Every call either completes or throws
/// having changed nothing.
///
/// The messages are bytes: the envelope the hub wire carries (`SyncHubWire`, CloudyCLI), made
/// and read only by the store, so no front-end builds or parses a change set.
public protocol SyncHub {
  /// The sync folder a device exchanges files with, opened (and checked) once by the caller.
  associatedtype Folder

  /// This device's id and what it holds. Reads only.
  func syncState() throws -> SyncState
  /// Applies the changes another device sent (an envelope the wire carried), whole or not at
  /// all, and notes when that device was heard from.
  func receive(_ message: [UInt8]) throws -> SyncReport
  /// The changes here that a side holding `have` lacks, as one envelope, after the places left
  /// sharing an order key by what was received are numbered again.
  func changes(after have: [String: Int64]) throws -> [UInt8]
  /// Applies what arrived in `folder` and writes what is new here into it.
  func syncFolder(_ folder: Folder) throws -> SyncReport
}
