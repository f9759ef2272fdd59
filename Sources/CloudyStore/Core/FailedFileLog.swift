import CSQLite
import Synchronization

/// Which file a failed system call was on, from SQLite's error log: its result codes say "disk
/// I/O error" alike for the database, its -wal, its -shm and a temporary beside it. Before the
/// unix VFS returns most I/O errors it logs `os_unix.c:LINE: (ERRNO) CALL(PATH) - TEXT`; the last
/// such line is kept here until a `DatabaseError` with the same errno takes it.
enum FailedFileLog {
  private static let last = Mutex<(errorNumber: Int32, path: String)?>(nil)

  /// Installs the log callback. SQLite takes it only before it initializes: `Database` touches
  /// this before its first open (a later call is refused by SQLite, harmlessly).
  static let installed: Bool = {
    cloudy_sqlite3_config_log(
      { _, _, message in
        guard let message else { return }
        FailedFileLog.record(String(cString: message))
      }, nil) == SQLITE_OK
  }()

  /// Keeps the errno and path of an `os_unix.c` line; other log lines are not about files.
  static func record(_ line: String) {
    let bytes = Array(line.utf8)
    guard bytes.starts(with: Array("os_unix.c:".utf8)),
      let open = bytes.firstIndex(of: UInt8(ascii: "(")),
      let close = bytes[open...].firstIndex(of: UInt8(ascii: ")")),
      let errorNumber = Int32(String(decoding: bytes[(open + 1)..<close], as: UTF8.self)),
      let call = bytes[close...].firstIndex(of: UInt8(ascii: "(")),
      let end = lastStart(of: Array(") - ".utf8), in: bytes), call + 1 < end
    else { return }
    let path = String(decoding: bytes[(call + 1)..<end], as: UTF8.self)
    last.withLock { $0 = (errorNumber, path) }
  }

  private static func lastStart(of marker: [UInt8], in bytes: [UInt8]) -> Int? {
    var start = bytes.count - marker.count
    while start >= 0 {
      if bytes[start..<start + marker.count].elementsEqual(marker) { return start }
      start -= 1
    }
    return nil
  }

  /// The path of the last failed call when it failed with `errorNumber` (any, when SQLite
  /// passed on none); forgotten once taken.
  static func take(errorNumber: Int32?) -> String? {
    last.withLock { entry in
      defer { entry = nil }
      guard let found = entry, errorNumber == nil || found.errorNumber == errorNumber else {
        return nil
      }
      return found.path
    }
  }
}
