import CloudyPlatform

/// Which -wal and -shm lie beside a database file, by identity (device and inode).
///
/// A connection keeps the -wal and -shm it opened for as long as it lives. When someone removes
/// or replaces them by hand, new connections (in other processes) make new ones: commits then go
/// to files this connection never reads, and its own next write, made on its old view, would
/// overwrite theirs when checkpointed. So a long-lived connection compares what is beside the
/// file now with what it opened, as it compares the file itself, and is reopened when they
/// differ (`Database.companionsReplaced`).
struct DatabaseCompanions: Equatable {
  /// The -wal and -shm beside the file; nil for one that is not there.
  var wal: FileIdentity?
  var shm: FileIdentity?

  /// What is beside `path` now.
  init(of path: String) {
    wal = (try? FileStatus.of(path + "-wal"))?.identity
    shm = (try? FileStatus.of(path + "-shm"))?.identity
  }

  /// True when a file this connection had open is gone or is another file now. (A -wal or -shm
  /// appearing where there was none is SQLite making one, not a replacement.)
  func replaced(by now: DatabaseCompanions) -> Bool {
    (wal != nil && wal != now.wal) || (shm != nil && shm != now.shm)
  }
}
