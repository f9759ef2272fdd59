import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Signals as readable bytes (the self-pipe trick), so a program that waits with `poll` hears
/// SIGWINCH, SIGTERM, SIGHUP and SIGINT in the same wait as its input, and handles them in
/// ordinary code (restoring the terminal, say) instead of inside a signal handler.
public enum SignalEvents {
  /// The pipe's write end, for the handler; -1 before `install`.
  private static let writeEnd = Atomic<Int32>(-1)

  /// Routes `signals` to a non-blocking pipe and returns its read end (poll it, then `drain`).
  /// Call once.
  public static func install(_ signals: [Int32]) throws(SystemCallError) -> Int32 {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw .lastError("pipe") }
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    writeEnd.store(ends[1], ordering: .sequentiallyConsistent)
    for signal in signals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { number in
        // Only async-signal-safe calls here: one write of one byte.
        var byte = UInt8(truncatingIfNeeded: number)
        let saved = errno
        _ = write(SignalEvents.writeEnd.load(ordering: .relaxed), &byte, 1)
        errno = saved
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_RESTART
      guard sigaction(signal, &action, nil) == 0 else { throw .lastError("sigaction") }
    }
    // A parent may have started us with these blocked (the mask is inherited through exec:
    // test runners and some terminal multiplexers do); blocked, they would never arrive.
    var wanted = sigset_t()
    sigemptyset(&wanted)
    for signal in signals { sigaddset(&wanted, signal) }
    guard pthread_sigmask(SIG_UNBLOCK, &wanted, nil) == 0 else {
      throw .lastError("pthread_sigmask")
    }
    return ends[0]
  }

  /// The signals received since the last call, in order (empty when none).
  public static func drain(_ readEnd: Int32) -> [Int32] {
    var received: [Int32] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = read(readEnd, &buffer, buffer.count)
      guard count > 0 else { break }
      received += buffer.prefix(count).map { Int32($0) }
    }
    return received
  }

  /// Puts `signal` back to the system's default action (before re-raising it, say).
  public static func restoreDefault(_ signal: Int32) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&action.sa_mask)
    _ = sigaction(signal, &action, nil)
  }
}
