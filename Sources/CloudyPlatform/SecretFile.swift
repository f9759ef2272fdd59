import CloudyModels

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Why a secret could not be read from, or kept in, its file.
public enum SecretFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Group or others may read it: a secret anyone on the machine can read is no secret.
  case readableByOthers(path: String, mode: UInt32)
  /// The file holds nothing but spaces.
  case empty(path: String)
  case notARegularFile(path: String)
  /// The operating system refused (`reason` is its text).
  case system(path: String, reason: String)

  public var description: String {
    switch self {
    case .readableByOthers(let path, let mode):
      "\(path) can be read by other users (mode \(String(mode & 0o777, radix: 8))); make it private with: chmod 600 \(path)"
    case .empty(let path): "\(path) is empty: it must hold the token"
    case .notARegularFile(let path): "\(path) is not a regular file"
    case .system(let path, let reason): "\(path): \(reason)"
    }
  }
}

/// A small secret (a login token) kept in a file only its owner can read: read and trimmed
/// when it exists, created with a new random value and mode 0600 when it does not.
public enum SecretFile {
  /// The secret in `path`, creating the file (mode 0600, `O_EXCL`, written then fsynced) with
  /// 32 random bytes as hex when nothing is there. `created` says which.
  public static func readOrCreate(_ path: String) throws(SecretFileError) -> (
    secret: String, created: Bool
  ) {
    if let existing = try read(path) { return (existing, false) }
    let secret: String
    do {
      secret = try RandomBytes.hex(count: 32)
    } catch {
      throw .system(path: path, reason: "no random secret could be made: \(error)")
    }
    let descriptor: Int32
    do throws(SystemCallError) {
      descriptor = try SystemCall.run("create", path: path) {
        open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      }
    } catch {
      // Another process made it first: read theirs.
      if error.isAlreadyExisting, let existing = try read(path) { return (existing, false) }
      throw .system(path: path, reason: error.reason)
    }
    defer { close(descriptor) }
    do throws(SystemCallError) {
      try FileOutput.writeAll(Array((secret + "\n").utf8), to: descriptor, path: path)
      try SystemCall.run("sync", path: path) { fsync(descriptor) }
    } catch {
      unlink(path)
      throw .system(path: path, reason: error.reason)
    }
    return (secret, true)
  }

  /// The trimmed secret, or nil when no file is at `path`.
  public static func read(_ path: String) throws(SecretFileError) -> String? {
    let descriptor: Int32
    do throws(SystemCallError) {
      descriptor = try SystemCall.run("open", path: path) {
        open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
      }
    } catch {
      if error.isMissing { return nil }
      throw .system(path: path, reason: error.reason)
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw .system(path: path, reason: String(cString: strerror(errno)))
    }
    guard status.st_mode & S_IFMT == S_IFREG else { throw .notARegularFile(path: path) }
    guard status.st_mode & 0o044 == 0 else {
      throw .readableByOthers(path: path, mode: UInt32(status.st_mode))
    }
    let bytes: [UInt8]
    do {
      bytes = try FileContents.readAll(from: descriptor, limit: 4096)
    } catch {
      throw .system(path: path, reason: "\(error)")
    }
    let text = String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
    guard !text.isEmpty else { throw .empty(path: path) }
    return text
  }
}
