/// What one device holds, as it tells the other side of a sync: its device id and, per device
/// whose changes it holds, the greatest change number held with none missing before it (its
/// "have" list). The other side sends only what comes after.
public struct SyncState: Equatable, Sendable {
  /// This device's id.
  public var device: String
  /// Per device id, the greatest change number held with every one before it.
  public var have: [String: Int64]

  public init(device: String, have: [String: Int64]) {
    self.device = device
    self.have = have
  }

  /// Whether `text` is a device id: 16 lower-case hex digits (what the store draws at random).
  public static func isDeviceID(_ text: String) -> Bool {
    text.utf8.count == 16
      && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }

  /// The greatest change number (and clock) a device may give: 2^53 − 1, so both survive JSON
  /// (whose numbers are doubles in most readers) exactly.
  public static let greatestNumber: Int64 = 9_007_199_254_740_991
}
