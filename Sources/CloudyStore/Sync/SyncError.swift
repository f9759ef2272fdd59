public import CloudyPlatform

/// Why a sync, or one file of it, was refused: the fact, in words any front-end can show.
public enum SyncError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A changeset that is damaged or holds more than Cloudy's changes; nothing of it applied.
  case badChangeset(String)
  /// A change file written by a newer Cloudy, in a format this one does not know.
  case newerFormat(path: String, found: Int, known: Int)
  /// A change file cut short or changed since it was written (a copy still under way, a pulled
  /// USB stick): skipped, tried again next time.
  case incompleteFile(path: String)
  /// A change file larger than any Cloudy writes.
  case tooLarge(path: String, size: Int64, limit: Int64)
  /// A change file whose changes the database refuses (a value a CHECK forbids).
  case refusedChanges(path: String, reason: String)
  /// A folder that holds other files and no `cloudy-sync.txt`: not a Cloudy sync folder.
  case notASyncFolder(path: String)
  /// The sync folder's own file says it is of a newer format.
  case newerFolder(path: String, found: Int, known: Int)
  /// An entry named like a change file that is not a regular file (a FIFO, a device, a
  /// symbolic link): skipped unread.
  case notAChangeFile(path: String, kind: String)
  /// This device's own subfolder is not a real folder (a symbolic link, a file): nothing is
  /// written through it.
  case notAFolder(path: String, kind: String)
  /// The operating system refused a file operation in the sync folder.
  case fileSystem(SystemCallError)
  /// The database has none of sync's tables: a file no migration brought up to sync (migration
  /// 4), or one whose tables were dropped by hand. Nothing was read or written; what to do
  /// about it is the front-end's to say (a tool: `cloudy-db migrate`).
  case noSyncTables

  public var description: String {
    switch self {
    case .badChangeset(let why): "the changes were refused whole: \(why)"
    case .newerFormat(let path, let found, let known):
      "\(path) was written by a newer Cloudy (change format \(found); this one knows \(known)); it was not applied"
    case .incompleteFile(let path):
      "\(path) is incomplete (still being copied, or cut short); it will be tried again"
    case .tooLarge(let path, let size, let limit):
      "\(path) is \(size) bytes, more than the \(limit) a change file may have; it was not applied"
    case .refusedChanges(let path, let reason):
      "the changes in \(path) were refused whole: \(reason)"
    case .notASyncFolder(let path):
      "\(path) holds other files and no cloudy-sync.txt: it is not a Cloudy sync folder, so nothing was written into it"
    case .newerFolder(let path, let found, let known):
      "\(path) is a sync folder of a newer Cloudy (format \(found); this one knows \(known)); nothing was written into it"
    case .notAChangeFile(let path, let kind):
      "\(path) is \(kind), not a change file; it was skipped unread"
    case .notAFolder(let path, let kind):
      "\(path) is \(kind), not a folder: this device writes its changes only into a real folder inside the sync folder (remove it and sync again)"
    case .fileSystem(let error): error.description
    case .noSyncTables:
      "the database has no sync tables (it is from a Cloudy before sync, or they were removed); nothing was synced"
    }
  }
}
