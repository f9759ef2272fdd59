#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Temporary files named after the process that writes them (`.NAME.creating-PID`,
/// `.NAME.backup-PID`, `.NAME.export-PID`): recognisable by name and owner, so a later command
/// can tell an abandoned one from one still being written.
public enum AbandonedTemporaries {
  /// Removes the temporaries in `folder` named `PREFIX` + a process id (and anything after the
  /// digits: -wal, -shm, -journal) whose process is gone: a creation, backup, export or restore
  /// killed half-way leaves one, and the next command that makes one removes it.
  public static func remove(in folder: String, prefix: String) {
    guard let directory = opendir(folder) else { return }
    var abandoned: [String] = []
    let prefixBytes = Array(prefix.utf8)
    while let entry = readdir(directory) {
      // Compare bytes before making a String: a folder such as /tmp holds many other files,
      // and every write command passes here (it was 3 % of `cloudy-settings set`).
      let matches = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        raw.count > prefixBytes.count && raw.prefix(prefixBytes.count).elementsEqual(prefixBytes)
      }
      guard matches else { continue }
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if isAbandoned(name.dropFirst(prefix.count)) { abandoned.append(name) }
    }
    closedir(directory)
    for name in abandoned { unlink("\(folder)/\(name)") }
  }

  /// Removes every temporary of `kinds` in `folder` (`.ANY.KIND-PID`, and its -wal, -shm or
  /// -journal) whose process is gone and which this user owns: what the next command that
  /// opens a database in the folder does, so a killed backup or export does not wait for a
  /// later one to the same name.
  public static func remove(in folder: String, kinds: [String]) {
    guard let directory = opendir(folder) else { return }
    var abandoned: [String] = []
    let markers = kinds.map { Array(".\($0)-".utf8) }
    while let entry = readdir(directory) {
      // Only dot files can be temporaries: most names are passed over on their first byte.
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        raw.first == UInt8(ascii: ".") ? Array(raw.prefix { $0 != 0 }) : []
      }
      guard !name.isEmpty else { continue }
      for marker in markers {
        guard let end = lastEnd(of: marker, in: name) else { continue }
        let path = "\(folder)/\(String(decoding: name, as: UTF8.self))"
        if isAbandoned(Substring(decoding: name[end...], as: UTF8.self)), isOwned(path) {
          abandoned.append(path)
        }
        break
      }
    }
    closedir(directory)
    for path in abandoned { unlink(path) }
  }

  /// Where the last `marker` in `name` ends, when a name (at least one byte after the dot)
  /// comes before it.
  private static func lastEnd(of marker: [UInt8], in name: [UInt8]) -> Int? {
    var start = name.count - marker.count
    while start >= 2 {
      if name[start..<start + marker.count].elementsEqual(marker) { return start + marker.count }
      start -= 1
    }
    return nil
  }

  /// `PID` or `PID-wal`, `PID-shm`, `PID-journal`, of a process that no longer exists.
  private static func isAbandoned(_ tail: Substring) -> Bool {
    let digits = tail.prefix { $0.isASCII && $0.isNumber }
    guard ["", "-wal", "-shm", "-journal"].contains(tail.dropFirst(digits.count)),
      let pid = pid_t(digits), pid > 0, pid != getpid()
    else { return false }
    return kill(pid, 0) != 0 && errno == ESRCH
  }

  private static func isOwned(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_uid == geteuid() && info.st_mode & S_IFMT == S_IFREG
  }
}
