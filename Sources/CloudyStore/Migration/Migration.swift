/// One numbered schema change, embedded at build time from `migrations/NNNN_name.sql`.
public struct Migration: Hashable, Sendable {
  public let version: Int
  public let name: String
  /// `crc32:` and the CRC-32 of the file's bytes in hex; recorded when applied, compared on every
  /// open.
  public let checksum: String
  public let sql: String

  public init(version: Int, name: String, checksum: String, sql: String) {
    self.version = version
    self.name = name
    self.checksum = checksum
    self.sql = sql
  }

  /// The migrations this build of Cloudy knows, from the top-level `migrations/` folder.
  public static var embedded: [Migration] { embeddedMigrations }

  /// Whether a checksum recorded in a file stands for this migration's SQL: the current form, or
  /// the SHA-256 that releases before the CRC recorded for the same, unedited file.
  public func matches(recordedChecksum recorded: String) -> Bool {
    if recorded == checksum { return true }
    guard let released = Self.releasedWithSHA256[version] else { return false }
    return released.sha256 == recorded && released.checksum == checksum
  }

  /// Migrations as released while checksums were SHA-256 (`sha256sum migrations/0001_initial.sql`),
  /// beside the CRC of the same bytes: a file migrated then keeps opening, and one whose
  /// migration was edited since is still refused. Frozen: new migrations are recorded as CRCs.
  static let releasedWithSHA256: [Int: (sha256: String, checksum: String)] = [
    1: ("f30fcfc772813998503d1ab7cccb3427d48c5a6db22880861da9b27bcbef7ab9", "crc32:9ea93609")
  ]
}

/// A row of `cloudy_migration`: a migration as it was applied to one file.
public struct AppliedMigration: Hashable, Sendable {
  public let version: Int
  public let name: String
  public let checksum: String
  public let appliedAt: String
}
