import CSQLite

/// How a write becomes durable, and when the -wal is folded into the file.
///
/// A command that reported success must survive a crash of the process and of the machine.
/// SQLite's documentation (pragma.html#pragma_synchronous): in WAL mode with `synchronous=FULL`
/// the -wal is synced at every commit, so a commit survives power loss; with `NORMAL` no sync
/// happens at commit — "a transaction committed in WAL mode with synchronous=NORMAL might roll
/// back following a power loss or system crash" — and the -wal is synced only before each
/// checkpoint, the file after it. Neither alone is right here: with FULL, the checkpoint that
/// empties the -wal after a write syncs the -wal a second time (five syncs for one
/// `cloudy-settings set`: the new -wal's header, its folder, the commit, the checkpoint's -wal,
/// the file); NORMAL alone would acknowledge a commit no sync has reached.
///
/// So connections stay `FULL` (anything that commits outside `Database.write` — VACUUM, a
/// restore's page copy — is durable at COMMIT), and `write` commits without a sync and then
/// makes the commit durable itself, before it returns:
/// - when no other process is reading (nobody needs the old frames: the last one out), a
///   TRUNCATE checkpoint that never waits: it syncs the -wal, copies the pages, syncs the file
///   and empties the -wal, so at rest the -wal holds nothing a replaced file could meet;
/// - when another process is reading and the -wal has grown past `checkpointThresholdBytes`,
///   a PASSIVE checkpoint: it never waits, never truncates or restarts the -wal, and copies only
///   frames every reader is past — it cannot take frames from under Litestream;
/// - otherwise, or when the checkpoint could not fold in every frame, the -wal itself is synced,
///   the sync `FULL` would have made at COMMIT.
/// No write is acknowledged before one of these syncs returned.
///
/// "Without a sync" is `NORMAL`, except into an empty -wal (at rest, after the last write's
/// TRUNCATE checkpoint), where the commit is made with `OFF`. The one thing `NORMAL` still syncs
/// at COMMIT is the header of a restarted -wal, before any frame is written after it: SQLite's
/// wal.c says an out-of-order write following a restart "could result in database corruption"
/// (ticket ff5be73dee: new frames reach the disk, the new header does not, and recovery pairs
/// the old header with old frames that a checkpoint had already copied, replaying stale pages).
/// That needs old frames in the file; an empty -wal has none, and every checkpoint syncs the
/// whole -wal before it copies a page, so the header and frames are synced together before
/// anything depends on them. The size is checked under the write lock (`BEGIN IMMEDIATE`), where
/// nobody else can write to or restart the -wal; `synchronous` cannot change inside a
/// transaction, so a wrong guess rolls back the empty transaction and begins again at `NORMAL`.
///
/// On a quiet file that is three syncs, all in the checkpoint: the -wal, its folder (SQLite
/// syncs the folder of a -wal at a connection's first sync of it), the file. Under a reader
/// (Litestream) two: the -wal and its folder.
extension Database {
  /// The synchronous level a commit is made with.
  enum CommitSync: String {
    case off = "PRAGMA synchronous = OFF"
    case normal = "PRAGMA synchronous = NORMAL"
    case full = "PRAGMA synchronous = FULL"
  }

  /// What a write assumes of the -wal when it begins (see the type's comment).
  enum JournalAtCommit {
    /// Empty: no old frames a restarted header could be paired with, so COMMIT syncs nothing.
    case emptyJournal
    /// Anything else: `NORMAL`, which syncs a restarted -wal's header.
    case any

    var commitSync: CommitSync { self == .emptyJournal ? .off : .normal }
  }

  /// Runs `body` with the connection's `synchronous` at `level`, then back at FULL. A pragma
  /// that SQLite applies when it is prepared, so it is run through `sqlite3_exec` each time
  /// (a cached statement would do nothing the second time); never inside a transaction.
  func withCommitSync<Result>(_ level: CommitSync, _ body: () throws -> Result) throws -> Result {
    try setSynchronous(level)
    defer { try? setSynchronous(.full) }
    return try body()
  }

  private func setSynchronous(_ level: CommitSync) throws {
    let code = sqlite3_exec(handle, level.rawValue, nil, nil, nil)
    guard code == SQLITE_OK else { throw DatabaseError(connection: handle, code: code) }
  }

  /// After a COMMIT made with `synchronous=NORMAL`: makes it durable (see the type's comment).
  /// A commit that went in but could not be synced is `StoreError.outcomeUnknown`: readers see
  /// it, and a power loss may still take it.
  func settleCommit() throws {
    if checkpointIfDue() { return }
    do {
      try syncJournal()
    } catch let error as DatabaseError {
      throw StoreError.outcomeUnknown(path: path, cause: error)
    }
  }

  /// Folds the -wal into the file when that is due and takes nothing from another process:
  /// TRUNCATE (no wait) when no other process is reading, PASSIVE when one is and the -wal has
  /// grown past `checkpointThresholdBytes`. True when every frame of the -wal is now in the
  /// file and the file was synced.
  @discardableResult
  func checkpointIfDue() -> Bool {
    guard sqlite3_get_autocommit(handle) != 0 else { return false }
    let alone = !otherProcessIsReading
    guard alone || journalSize() > Self.checkpointThresholdBytes else { return false }
    sqlite3_busy_timeout(handle, 0)
    defer { sqlite3_busy_timeout(handle, Self.busyTimeoutMilliseconds) }
    var frames: Int32 = -1
    var folded: Int32 = -1
    let mode = alone ? SQLITE_CHECKPOINT_TRUNCATE : SQLITE_CHECKPOINT_PASSIVE
    let code = sqlite3_wal_checkpoint_v2(handle, nil, mode, &frames, &folded)
    return code == SQLITE_OK && frames >= 0 && frames == folded
  }

  /// SQLite's default auto-checkpoint size (1,000 pages of 4 KiB): past it, a writer folds in
  /// what it can even while others read, so the -wal cannot grow without bound.
  static let checkpointThresholdBytes: Int64 = 4_096_000

  /// True while a connection of another process is in a read transaction on this file
  /// (`SQLITE_FCNTL_EXTERNAL_READER`: a read-mark lock held in the -shm). Litestream holds one
  /// for as long as it runs.
  var otherProcessIsReading: Bool {
    var reading: Int32 = 0
    let code = sqlite3_file_control(handle, "main", SQLITE_FCNTL_EXTERNAL_READER, &reading)
    // Unknown counts as reading: the cautious side never truncates.
    return code != SQLITE_OK || reading != 0
  }

  /// The -wal as SQLite holds it open (its own descriptor: opening the file again and closing
  /// it would drop this process's locks).
  private func journalFile() -> UnsafeMutablePointer<sqlite3_file>? {
    var file: UnsafeMutablePointer<sqlite3_file>?
    guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_JOURNAL_POINTER, &file) == SQLITE_OK,
      let file, file.pointee.pMethods != nil
    else { return nil }
    return file
  }

  /// True when SQLite has this connection's -wal open.
  var journalIsOpen: Bool { journalFile() != nil }

  /// The -wal's size in bytes; 0 when it is not open.
  func journalSize() -> Int64 {
    guard let file = journalFile(), let size = file.pointee.pMethods?.pointee.xFileSize else {
      return 0
    }
    var bytes: sqlite3_int64 = 0
    return size(file, &bytes) == SQLITE_OK ? Int64(bytes) : 0
  }

  /// Syncs the -wal through SQLite's descriptor: what `synchronous=FULL` does at COMMIT.
  func syncJournal() throws {
    guard let file = journalFile(), let sync = file.pointee.pMethods?.pointee.xSync else {
      throw DatabaseError(
        resultCode: SQLITE_IOERR, extendedCode: SQLITE_IOERR | (4 << 8),
        message: "cannot sync the -wal of \(path): SQLite has none open")
    }
    let code = sync(file, SQLITE_SYNC_NORMAL)
    guard code == SQLITE_OK else {
      // Called directly, the VFS leaves its errno on the file, not on the connection.
      var errorNumber: Int32 = 0
      _ = file.pointee.pMethods?.pointee.xFileControl(file, SQLITE_FCNTL_LAST_ERRNO, &errorNumber)
      throw DatabaseError(
        resultCode: code, message: "disk I/O error", systemErrorNumber: errorNumber,
        file: path + "-wal")
    }
  }
}
