import ArgumentParser
import CloudyCLI
import CloudyExchange

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `--format json|csv|geojson` on the command line.
enum FormatOption: String, CaseIterable, ExpressibleByArgument {
  case json, csv, geojson

  var exchange: ExchangeFormat {
    switch self {
    case .json: .json
    case .csv: .csv
    case .geojson: .geojson
    }
  }
}

/// The files `export` writes and `import` reads, with the C library (no Foundation).
enum ExchangeFiles {
  /// The whole of `path` (`-`: standard input), refusing a file over the import limit before
  /// reading it all.
  static func contents(of path: String) throws(CommandFailure) -> [UInt8] {
    let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT { throw CommandFailure(.notFound, "no such file: \(path)") }
      throw CommandFailure(.ioError, "cannot read \(path): \(String(cString: strerror(code)))")
    }
    defer { if descriptor != STDIN_FILENO { close(descriptor) } }
    var info = stat()
    if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
      throw CommandFailure(.ioError, "\(path) is a folder; give a file to import")
    }
    let limit = ExchangeLimits.maximumBytes
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw CommandFailure(.ioError, "cannot read \(path): \(String(cString: strerror(errno)))")
      }
      if count == 0 { break }
      bytes += chunk[..<count]
      if bytes.count > limit {
        throw CommandFailure(
          .badData,
          "\(path) is over the import limit of \(limit / 1_048_576) MiB; nothing was imported")
      }
    }
    return bytes
  }

  /// Writes `bytes` to `path` whole or not at all: a temporary file beside it (mode 0600, as the
  /// places are the user's), synced, then renamed over `path`.
  static func writeAtomically(_ bytes: [UInt8], to path: String) throws(CommandFailure) {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
    guard !base.isEmpty else {
      throw CommandFailure(.usage, "--output needs a file name, not a folder")
    }
    let temporary = "\(folder)/.\(base).export-\(getpid())"
    unlink(temporary)
    let descriptor = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw failure(writing: path, errno) }
    var closed = false
    defer {
      if !closed { close(descriptor) }
    }
    do throws(CommandFailure) {
      try writeAll(bytes, to: descriptor, name: path)
      guard fsync(descriptor) == 0 else { throw failure(writing: path, errno) }
      closed = true
      guard close(descriptor) == 0 else { throw failure(writing: path, errno) }
      guard rename(temporary, path) == 0 else { throw failure(writing: path, errno) }
    } catch {
      unlink(temporary)
      throw error
    }
    let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folderDescriptor >= 0 {
      fsync(folderDescriptor)
      close(folderDescriptor)
    }
  }

  static func writeStandardOutput(_ bytes: [UInt8]) throws(CommandFailure) {
    try writeAll(bytes, to: STDOUT_FILENO, name: "standard output")
  }

  /// True when `path` is the database `database` or one of its -wal/-shm files (same device and
  /// inode): exporting onto them would destroy the places being exported.
  static func isDatabase(_ path: String, database: String) -> Bool {
    var target = stat()
    guard stat(path, &target) == 0 else { return false }
    for candidate in [database, database + "-wal", database + "-shm"] {
      var info = stat()
      if stat(candidate, &info) == 0, info.st_dev == target.st_dev, info.st_ino == target.st_ino {
        return true
      }
    }
    return false
  }

  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, name: String)
    throws(CommandFailure)
  {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw failure(writing: name, errno)
      }
      offset += written
    }
  }

  private static func failure(writing path: String, _ code: Int32) -> CommandFailure {
    let reason = String(cString: strerror(code))
    if code == ENOSPC { return CommandFailure(.ioError, "cannot write \(path): the disk is full") }
    if code == ENOENT { return CommandFailure(.ioError, "cannot write \(path): no such folder") }
    return CommandFailure(.ioError, "cannot write \(path): \(reason)")
  }
}
