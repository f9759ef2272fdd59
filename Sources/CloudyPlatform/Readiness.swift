#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Waiting on several file descriptors at once (`poll`), so one thread can read keys, a child's
/// output and signals without blocking on any of them.
public enum Readiness {
  /// Which of `descriptors` are readable (or hung up) after at most `milliseconds` (-1: no
  /// limit). An interrupted wait returns all false.
  public static func wait(_ descriptors: [Int32], milliseconds: Int32) -> [Bool] {
    var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let count = poll(&fds, nfds_t(fds.count), milliseconds)
    guard count > 0 else { return descriptors.map { _ in false } }
    return fds.map { $0.revents != 0 }
  }
}
