import CloudyPlatform

/// What a sync remembers of one subfolder of a sync folder (`sync_scan`, migration 10): how it
/// stood (identity, modification and change times) at a look that left nothing in it to do,
/// and its greatest change file number then.
///
/// Adding, removing or renaming a name in a folder moves both its times, and nobody can set
/// its change time; so while a subfolder stands as remembered, no file came or went in it, and
/// a sync passes it by with one `lstat` instead of reading 100,000 names. A memory is only
/// made once the subfolder's times are `settledAfter` old: on a file system with a coarse
/// clock, a name added within the same tick as the last would leave both times as they were.
/// What it does not cover: a file that changes in place without being renamed (a carrier
/// writing into the file itself); only a subfolder whose every file was applied is
/// remembered, so a file cut short, skipped to be tried again, keeps its subfolder read at
/// every sync until it applies.
struct SubfolderMemory: Equatable {
  /// Whose subfolder, for what: another device's, every file in it applied here; or this
  /// device's own, read for its greatest number.
  enum Role: String {
    case applied, written
  }

  /// The subfolder's device and inode, its modification and change times (seconds and
  /// nanoseconds), as stored: the columns of `sync_scan`.
  private var stamp: [Int64]
  var greatest: Int64

  /// How old (seconds, by this machine's clock) a subfolder's times must be before a memory
  /// of it is kept: more than the two seconds of the coarsest file system clock (FAT's).
  static let settledAfter: Int64 = 2

  init(_ status: FileStatus, greatest: Int64) {
    self.init(stamp: Self.stamp(of: status), greatest: greatest)
  }

  private init(stamp: [Int64], greatest: Int64) {
    self.stamp = stamp
    self.greatest = greatest
  }

  private static func stamp(of status: FileStatus) -> [Int64] {
    [
      Int64(bitPattern: status.identity.device), Int64(bitPattern: status.identity.inode),
      Int64(status.modified.seconds), Int64(status.modified.nanoseconds),
      Int64(status.changed.seconds), Int64(status.changed.nanoseconds),
    ]
  }

  /// Whether the subfolder, now standing as `status`, is as remembered: nothing came or went.
  func describes(_ status: FileStatus) -> Bool {
    status.kind == .folder && Self.stamp(of: status) == stamp
  }

  /// Whether the subfolder's times are old enough at `now` (unix seconds) to be remembered.
  func isSettled(now: Int64 = WallClock.now()) -> Bool {
    max(stamp[2], stamp[4]) <= now - Self.settledAfter
  }

  /// The memories of `destination`'s subfolders kept for `role`, by writer.
  static func all(in database: Database, destination: String, role: Role) throws
    -> [String: SubfolderMemory]
  {
    var memories: [String: SubfolderMemory] = [:]
    for (writer, memory) in try database.query(
      """
      SELECT writer, device, inode, mtime_s, mtime_ns, ctime_s, ctime_ns, greatest
      FROM sync_scan WHERE destination = ? AND role = ?
      """, [destination, role.rawValue], row: { ($0.string(0), Self.read($0)) })
    {
      memories[writer] = memory
    }
    return memories
  }

  private static func read(_ row: Statement) -> SubfolderMemory {
    SubfolderMemory(stamp: (1...6).map { row.int64(Int32($0)) }, greatest: row.int64(7))
  }

  /// Keeps this memory of `writer`'s subfolder (inside the caller's write transaction).
  func note(_ database: Database, destination: String, writer: String, role: Role) throws {
    try database.execute(
      """
      INSERT OR REPLACE INTO sync_scan (destination, writer, role, device, inode, mtime_s,
        mtime_ns, ctime_s, ctime_ns, greatest)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        destination, writer, role.rawValue, stamp[0], stamp[1], stamp[2], stamp[3], stamp[4],
        stamp[5], greatest,
      ])
  }
}
