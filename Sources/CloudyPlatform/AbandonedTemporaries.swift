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
      let digits = name.dropFirst(prefix.count).prefix { $0.isASCII && $0.isNumber }
      guard let pid = pid_t(digits), pid > 0, pid != getpid() else { continue }
      if kill(pid, 0) != 0 && errno == ESRCH { abandoned.append(name) }
    }
    closedir(directory)
    for name in abandoned { unlink("\(folder)/\(name)") }
  }
}
