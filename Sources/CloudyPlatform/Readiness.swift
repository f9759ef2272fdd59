#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Waiting on several descriptors at once: `poll(2)`.
public enum Readiness {
  /// Waits until one of `descriptors` is readable or `timeoutMilliseconds` passed (-1: no limit).
  /// Returns which are readable; all false on a timeout or an interrupting signal.
  public static func wait(_ descriptors: [Int32], timeoutMilliseconds: Int32) -> [Bool] {
    var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let result = entries.withUnsafeMutableBufferPointer {
      poll($0.baseAddress, nfds_t($0.count), timeoutMilliseconds)
    }
    guard result > 0 else { return descriptors.map { _ in false } }
    return entries.map { $0.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 }
  }
}
