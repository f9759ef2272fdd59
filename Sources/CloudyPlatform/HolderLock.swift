#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A lock that one process holds for as long as it runs (`flock` on a small file), with the
/// holder's description written in the file so that a second process can say who holds it.
/// The system releases it when the holder ends, however it ends: no stale lock after a crash.
public final class HolderLock {
  private let descriptor: Int32

  private init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// What taking the lock found.
  public enum Outcome {
    /// Taken: keep it for as long as the work that needs it runs.
    case taken(HolderLock)
    /// Another process holds it; what it wrote about itself.
    case heldBy(String)
  }

  /// `what`, with this process's id: a holder's description.
  public static func thisProcess(_ what: String) -> String {
    "\(what) (process \(getpid()))"
  }

  /// Takes the lock at `path` (made when missing, private to the user) and writes `holder` in
  /// it, or says who holds it.
  public static func take(_ path: String, holder: String) throws(SystemCallError) -> Outcome {
    let descriptor = try SystemCall.run("open", path: path) {
      open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    }
    if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      defer { close(descriptor) }
      guard code == EWOULDBLOCK else {
        throw SystemCallError(call: "lock", path: path, errorNumber: code)
      }
      var buffer = [UInt8](repeating: 0, count: 512)
      let count = pread(descriptor, &buffer, buffer.count, 0)
      let text = String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
      return .heldBy(text.split(separator: "\n").first.map(String.init) ?? "another process")
    }
    let bytes = Array((holder + "\n").utf8)
    _ = ftruncate(descriptor, 0)
    _ = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    return .taken(HolderLock(descriptor: descriptor))
  }
}
