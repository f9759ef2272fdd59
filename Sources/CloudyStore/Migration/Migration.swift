/// One numbered schema change, embedded at build time from `migrations/NNNN_name.sql`.
public struct Migration: Hashable, Sendable {
  public let version: Int
  public let name: String
  /// SHA-256 of the file's bytes, hex; recorded when applied, compared on every open.
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
}

/// A row of `cloudy_migration`: a migration as it was applied to one file.
public struct AppliedMigration: Hashable, Sendable {
  public let version: Int
  public let name: String
  public let checksum: String
  public let appliedAt: String
}
