#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Why a file's bytes could not be read.
public enum FileReadError: Error, Equatable, Sendable {
  /// No file at the path (ENOENT); `reason` is the system's text.
  case missing(reason: String)
  /// A folder where a file was expected.
  case folder
  /// Larger than the limit (checked while reading, so a growing file or a pipe cannot
  /// exceed it either).
  case tooLarge(limit: Int)
  /// Any other refusal of the operating system (permissions, I/O).
  case unreadable(reason: String)
}

/// A whole file read into memory, with a size limit: a file given on a command line
/// (a saved forecast, an export) may be anything, including /dev/zero.
public enum FileContents {
  /// The whole of `path`; a regular file over `limit` bytes is refused before it is read.
  ///
  /// With `regularOnly`, only a regular file that `path` itself names is read: a symbolic
  /// link, a FIFO or a device is refused without waiting on it (a file someone else's folder
  /// carries may be any of them; opening a FIFO would wait for a writer for ever).
  public static func read(_ path: String, limit: Int, regularOnly: Bool = false)
    throws(FileReadError) -> [UInt8]
  {
    let descriptor: Int32
    let flags = O_RDONLY | O_CLOEXEC | (regularOnly ? O_NOFOLLOW | O_NONBLOCK : 0)
    do throws(SystemCallError) {
      descriptor = try SystemCall.run("open", path: path) { open(path, flags) }
    } catch {
      throw FileReadError(error)
    }
    defer { close(descriptor) }
    var status = stat()
    if fstat(descriptor, &status) == 0 {
      if (status.st_mode & S_IFMT) == S_IFDIR { throw .folder }
      if regularOnly, (status.st_mode & S_IFMT) != S_IFREG {
        throw .unreadable(reason: "it is not a regular file")
      }
      if (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) > limit {
        throw .tooLarge(limit: limit)
      }
    }
    return try readAll(from: descriptor, limit: limit)
  }

  /// Standard input to its end, refusing more than `limit` bytes.
  public static func readStandardInput(limit: Int) throws(FileReadError) -> [UInt8] {
    try readAll(from: STDIN_FILENO, limit: limit)
  }

  /// Everything `descriptor` gives until its end (a file, a pipe, standard input), refusing
  /// more than `limit` bytes while reading.
  public static func readAll(from descriptor: Int32, limit: Int) throws(FileReadError) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count: Int
      do throws(SystemCallError) {
        count = try SystemCall.run("read") {
          chunk.withUnsafeMutableBytes { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            return Glibc.read(descriptor, base, buffer.count)
          }
        }
      } catch {
        throw FileReadError(error)
      }
      if count == 0 { break }
      bytes += chunk[0..<count]
      if bytes.count > limit { throw .tooLarge(limit: limit) }
    }
    return bytes
  }
}

extension FileReadError {
  init(_ error: SystemCallError) {
    self = error.isMissing ? .missing(reason: error.reason) : .unreadable(reason: error.reason)
  }
}
