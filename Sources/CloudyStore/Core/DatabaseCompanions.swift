import CloudyPlatform

/// Which -wal and -shm lie beside a database file, by identity (device and inode).
///
/// A connection keeps the -wal and -shm it opened for as long as it lives. When someone removes
/// or replaces them by hand, new connections (in other processes) make new ones: commits then go
/// to files this connection never reads, and its own next write, made on its old view, would
/// overwrite theirs when checkpointed. So a long-lived connection compares what is beside the
/// file now with what it opened, as it compares the file itself, and is reopened when they
/// differ (`Database.companionsReplaced`, which compares what the process holds: see
/// `HeldCompanions`).
struct DatabaseCompanions: Equatable {
  /// The -wal and -shm beside the file; nil for one that is not there.
  var wal: FileIdentity?
  var shm: FileIdentity?

  /// What is beside `path` now.
  init(of path: String) {
    wal = (try? FileStatus.of(path + "-wal"))?.identity
    shm = (try? FileStatus.of(path + "-shm"))?.identity
  }

  /// True when a file seen before is gone or is another file now. (A -wal or -shm appearing
  /// where there was none is SQLite making one, not a replacement.)
  func replaced(by now: DatabaseCompanions) -> Bool {
    (wal != nil && wal != now.wal) || (shm != nil && shm != now.shm)
  }
}

/// The -wal and -shm this process holds open for a database, by identity (the kernel's
/// `/proc/self/fd`, not a look at the names): connections of one process share one -shm, so a
/// connection opened after the files were removed by hand may hold the old -shm beside a new
/// -wal, and noting what lies beside the file at that moment would take the new files for
/// the held ones.
struct HeldCompanions {
  var wal: [HeldFiles.Held]
  var shm: [HeldFiles.Held]

  /// What this process holds for the database at `path` now.
  init(of path: String) {
    let held = HeldFiles.descriptors(openedAs: [path + "-wal", path + "-shm"])
    wal = held[path + "-wal"] ?? []
    shm = held[path + "-shm"] ?? []
  }

  /// True when nothing is held (a database not yet read in WAL mode): then nothing can be
  /// stale, and the next look finds the files again.
  var isEmpty: Bool { wal.isEmpty && shm.isEmpty }

  /// True while every descriptor still holds the file it was found holding (one `fstat` each):
  /// a descriptor closed and reused for another file is found again.
  var stillHeld: Bool {
    (wal + shm).allSatisfy { HeldFiles.identity(of: $0.descriptor) == $0.identity }
  }

  /// True when a held -wal or -shm is not the file beside the database now (removed, or
  /// replaced by another process's new one).
  func differ(from disk: DatabaseCompanions) -> Bool {
    wal.contains { $0.identity != disk.wal } || shm.contains { $0.identity != disk.shm }
  }
}
