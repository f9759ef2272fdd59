public import CloudyPlatform

/// Why Cloudy refused a database file or an operation on it: the fact, in words any front-end
/// can show. What to do about it in a given front-end (`--db`, `cloudy-db restore`) is that
/// front-end's to say (the command line's: `CommandLineAdvice` in CloudyCLI).
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file was written by a newer Cloudy; this build must not touch it.
  case newerSchema(path: String, found: Int, known: Int)
  /// A migration that was applied has since been edited.
  case checksumMismatch(path: String, version: Int, name: String)
  /// A SQLite file of another application.
  case notCloudyDatabase(path: String, tables: [String])
  /// Not a SQLite file at all, or damaged beyond reading.
  case notADatabase(path: String, detail: String)
  /// A zero-length file where the database should be.
  case emptyFile(path: String)
  /// The path is a folder, a device or another non-regular file.
  case notARegularFile(path: String, kind: String)
  case missingFile(path: String)
  case migrationFailed(version: Int, name: String, underlying: DatabaseError)
  case foreignKeyViolations(count: Int, after: String)
  /// The operating system refused a file operation.
  case fileSystem(SystemCallError)
  /// A write failed with an I/O error and Cloudy made sure it left nothing: no later reader
  /// sees the change (its -wal frames were dropped, or the new database was never put in place).
  case notSaved(path: String, cause: DatabaseError)
  /// A write failed with an I/O error and the disk kept failing while Cloudy tried to settle
  /// it, or its commit went in but could not be synced: the change may or may not be in the
  /// file (after a power loss).
  case outcomeUnknown(path: String, cause: DatabaseError)
  /// A new database was saved with its first change, but could not be opened again afterwards.
  case savedButNotReopened(path: String, cause: DatabaseError)
  /// The header claims more pages than the file (and its -wal) can hold.
  case impossibleSize(path: String, claimed: Int64, actual: Int64)
  /// The -wal or -shm this process held was removed or replaced by hand while it was open: a
  /// write through it could overwrite other processes' commits, so nothing was written. A
  /// long-lived store (`WatchedStore`) reopens the file and writes again; a one-shot command
  /// reports it (running it again opens the files that are there now).
  case companionsReplaced(path: String)

  public var description: String {
    switch self {
    case .newerSchema(let path, let found, let known):
      "\(path) has schema version \(found), but this Cloudy knows only up to \(known): a newer Cloudy wrote it. Upgrade Cloudy to use it; the file was left untouched"
    case .checksumMismatch(let path, let version, let name):
      "migration \(version) (\(name)) applied to \(path) differs from the one built into this Cloudy: migrations must never be edited once applied; add a new migration instead"
    case .notCloudyDatabase(let path, let tables):
      "\(path) is a SQLite database of another application (tables: \(tables.prefix(5).joined(separator: ", "))\(tables.count > 5 ? ", …" : "")), not a Cloudy database"
    case .notADatabase(let path, let detail):
      "\(path) is not a Cloudy database (\(detail))"
    case .emptyFile(let path):
      "\(path) is empty (0 bytes), not a Cloudy database"
    case .notARegularFile(let path, let kind):
      "\(path) is \(kind), not a database file"
    case .missingFile(let path):
      "no database at \(path) yet"
    case .migrationFailed(let version, let name, let underlying):
      "migration \(version) (\(name)) failed and was rolled back: \(underlying.message)"
    case .foreignKeyViolations(let count, let after):
      "\(count) foreign key violation(s) after \(after); rolled back"
    case .fileSystem(let error):
      switch error.cause {
      case .diskFull, .permissionDenied, .readOnlyFileSystem:
        "cannot \(error.call) \(error.path ?? ""): \(error.cause.words) (\(error.reason))"
      case .diskFailed, .other: "cannot \(error.call) \(error.path ?? ""): \(error.reason)"
      }
    case .notSaved(let path, let cause):
      "\(cause.causeWords) while saving to \(path); nothing was saved"
        + (cause.fileSystemCause == .diskFull ? ": free some space and try again" : "")
    case .outcomeUnknown(let path, let cause):
      "\(cause.causeWords) while saving to \(path), and Cloudy could not make sure of the outcome: the change may or may not have been saved"
    case .savedButNotReopened(let path, let cause):
      "the change was saved to the new database \(path), but it could not be opened again (\(cause.causeWords))"
    case .companionsReplaced(let path):
      "the -wal or -shm beside \(path) was removed or replaced while it was open; nothing was saved"
    case .impossibleSize(let path, let claimed, let actual):
      "\(path) is not a Cloudy database (its header claims \(claimed) bytes, the file holds \(actual)): it is damaged or was cut short"
    }
  }
}
