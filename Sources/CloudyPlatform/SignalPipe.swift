import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Signals as readable bytes (the self-pipe trick), so a program that waits with `poll` hears
/// them in the same wait as its input — `--watch` its SIGINT and SIGTERM, the app SIGWINCH and
/// SIGHUP too — and handles them in ordinary code (restoring the terminal, ending with status
/// 0) instead of inside a signal handler.
///
/// One pipe per process: the handler only `write(2)`s the signal's number as one byte
/// (async-signal-safe, whichever thread the kernel picks), and a second `install` adds its
/// signals to the same pipe.
public final class SignalPipe: Sendable {
  /// Readable once a routed signal arrived: poll it, then `drain`.
  public let descriptor: Int32

  /// The pipe's write end, for the handler (which can capture nothing); -1 before `install`.
  private static let writeEnd = Atomic<Int32>(-1)
  private static let installed = Mutex<SignalPipe?>(nil)

  private init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Routes `signals` to the process's pipe, making it on first use.
  public static func install(_ signals: [Int32]) throws(SystemCallError) -> SignalPipe {
    try installed.withLock { (installed) throws(SystemCallError) -> SignalPipe in
      let pipe: SignalPipe
      if let existing = installed {
        pipe = existing
      } else {
        pipe = try makePipe()
        installed = pipe
      }
      try route(signals)
      return pipe
    }
  }

  /// The signals received since the last call, in order (empty when none).
  public func drain() -> [Int32] {
    var received: [Int32] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = read(descriptor, &buffer, buffer.count)
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

  private static func makePipe() throws(SystemCallError) -> SignalPipe {
    var ends: [Int32] = [-1, -1]
    try SystemCall.run("pipe") { pipe(&ends) }
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    writeEnd.store(ends[1], ordering: .sequentiallyConsistent)
    return SignalPipe(descriptor: ends[0])
  }

  private static func route(_ signals: [Int32]) throws(SystemCallError) {
    for signal in signals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { number in
        // Only async-signal-safe calls here: one write of one byte.
        var byte = UInt8(truncatingIfNeeded: number)
        let saved = errno
        _ = write(SignalPipe.writeEnd.load(ordering: .relaxed), &byte, 1)
        errno = saved
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_RESTART
      try SystemCall.run("sigaction") { sigaction(signal, &action, nil) }
    }
    // A parent may have started us with these blocked (the mask is inherited through exec:
    // test runners and some terminal multiplexers do); blocked, they would never arrive.
    var wanted = sigset_t()
    sigemptyset(&wanted)
    for signal in signals { sigaddset(&wanted, signal) }
    let result = pthread_sigmask(SIG_UNBLOCK, &wanted, nil)
    guard result == 0 else { throw SystemCallError(call: "pthread_sigmask", errorNumber: result) }
  }
}
