#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Waiting on several file descriptors at once (`poll`), so one thread can read keys, a child's
/// output and signals without blocking on any of them.
public enum Readiness {
  /// What `poll` said about one descriptor.
  public struct State: Hashable, Sendable {
    /// Something to read (or the end of it).
    public var readable: Bool
    /// The other side is gone (a terminal hung up, a pipe's writer closed) or the descriptor
    /// is not valid.
    public var closed: Bool
  }

  /// The state of each of `descriptors` after at most `milliseconds` (-1: no limit). An
  /// interrupted wait (a signal) reports nothing ready.
  public static func wait(_ descriptors: [Int32], milliseconds: Int32) -> [State] {
    var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let count = poll(&fds, nfds_t(fds.count), milliseconds)
    guard count > 0 else { return descriptors.map { _ in State(readable: false, closed: false) } }
    return fds.map {
      State(
        readable: $0.revents & Int16(POLLIN) != 0,
        closed: $0.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0)
    }
  }
}
