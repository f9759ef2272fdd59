#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Why bytes could not be written; `reason` is the system's text.
public enum FileWriteError: Error, Equatable, Sendable {
  /// The folder to write in does not exist (ENOENT).
  case noFolder(reason: String)
  /// The disk or quota is full (ENOSPC, EDQUOT).
  case full(reason: String)
  /// Any other refusal (permissions, a folder at the path, I/O).
  case refused(reason: String)
}

/// Writing whole files and streams: what `cloudy-db export` produces.
public enum FileOutput {
  /// Writes `bytes` to `path` whole or not at all: a temporary file beside it (mode 0600 — what
  /// Cloudy writes is the user's), synced, renamed over `path`, then the folder synced. On
  /// failure the temporary is removed and `path` is as it was.
  public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileWriteError) {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let temporary = "\(folder)/.\(base).export-\(getpid())"
    unlink(temporary)
    AbandonedTemporaries.remove(in: folder, prefix: ".\(base).export-")
    let descriptor = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw error(errno) }
    var isOpen = true
    do throws(FileWriteError) {
      try writeAll(bytes, to: descriptor)
      guard fsync(descriptor) == 0 else { throw error(errno) }
      isOpen = false
      guard close(descriptor) == 0 else { throw error(errno) }
      guard rename(temporary, path) == 0 else { throw error(errno) }
    } catch {
      // Never close twice: the number may already belong to another file.
      if isOpen { close(descriptor) }
      unlink(temporary)
      throw error
    }
    let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folderDescriptor >= 0 {
      fsync(folderDescriptor)
      close(folderDescriptor)
    }
  }

  /// All of `bytes` to standard output, unbuffered.
  public static func writeStandardOutput(_ bytes: [UInt8]) throws(FileWriteError) {
    try writeAll(bytes, to: STDOUT_FILENO)
  }

  /// Standard input to its end, refusing more than `limit` bytes.
  public static func readStandardInput(limit: Int) throws(FileReadError) -> [UInt8] {
    try FileContents.readAll(from: STDIN_FILENO, limit: limit)
  }

  /// True when `path` exists and is the same file (device and inode) as one of `others`.
  public static func isSameFile(_ path: String, asAnyOf others: [String]) -> Bool {
    var target = stat()
    guard stat(path, &target) == 0 else { return false }
    return others.contains { other in
      var info = stat()
      return stat(other, &info) == 0 && info.st_dev == target.st_dev && info.st_ino == target.st_ino
    }
  }

  /// All of `bytes` to `descriptor`, retrying short and interrupted writes.
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(FileWriteError) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return write(descriptor, base + offset, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw error(errno)
      }
      if written == 0 { throw .refused(reason: "the write made no progress") }
      offset += written
    }
  }

  private static func error(_ code: Int32) -> FileWriteError {
    let reason = String(cString: strerror(code))
    switch code {
    case ENOENT: return .noFolder(reason: reason)
    case ENOSPC, EDQUOT: return .full(reason: reason)
    default: return .refused(reason: reason)
    }
  }
}
