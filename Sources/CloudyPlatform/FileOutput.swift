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
    let temporary = TemporaryFile(for: path, kind: "export")
    do throws(SystemCallError) {
      try temporary.create(writing: bytes)
      try temporary.place(.replacing)
    } catch {
      temporary.remove()
      throw FileWriteError(error)
    }
  }

  /// All of `bytes` to standard output, unbuffered.
  public static func writeStandardOutput(_ bytes: [UInt8]) throws(FileWriteError) {
    do throws(SystemCallError) {
      try writeAll(bytes, to: STDOUT_FILENO)
    } catch {
      throw FileWriteError(error)
    }
  }

  /// All of `bytes` to `descriptor`, retrying short and interrupted writes.
  static func writeAll(
    _ bytes: [UInt8], to descriptor: Int32, path: String? = nil
  ) throws(SystemCallError) {
    var offset = 0
    while offset < bytes.count {
      let written = try SystemCall.run("write", path: path) {
        bytes.withUnsafeBytes { buffer -> Int in
          guard let base = buffer.baseAddress else { return 0 }
          return write(descriptor, base + offset, buffer.count - offset)
        }
      }
      if written == 0 {
        throw SystemCallError(call: "write", path: path, reason: "the write made no progress")
      }
      offset += written
    }
  }
}

extension FileWriteError {
  init(_ error: SystemCallError) {
    switch error.errorNumber {
    case ENOENT: self = .noFolder(reason: error.reason)
    case ENOSPC, EDQUOT: self = .full(reason: error.reason)
    default: self = .refused(reason: error.reason)
    }
  }
}
