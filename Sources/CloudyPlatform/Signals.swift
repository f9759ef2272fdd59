#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The write end of the self-pipe, for the signal handler (which can capture nothing).
nonisolated(unsafe) private var terminationPipeWriteEnd: Int32 = -1

/// SIGINT and SIGTERM turned into a readable descriptor (the self-pipe trick), so a tool that
/// waits in `poll(2)` can end cleanly — status 0, no error line — instead of being killed.
///
/// The handler only `write(2)`s one byte (async-signal-safe), so it works whichever thread the
/// kernel picks. Install it once per process; later calls return the same pipe.
public final class TerminationSignals {
  /// Readable once SIGINT or SIGTERM arrived.
  public let descriptor: Int32

  private init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  nonisolated(unsafe) private static var installed: TerminationSignals?

  /// Installs the handlers for SIGINT and SIGTERM; throws the errno when the pipe cannot be made.
  public static func install() throws(SystemCallError) -> TerminationSignals {
    if let installed { return installed }
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw .lastError("pipe") }
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    terminationPipeWriteEnd = ends[1]
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in
      var byte: UInt8 = 1
      let saved = errno
      _ = write(terminationPipeWriteEnd, &byte, 1)
      errno = saved
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGINT, &action, nil)
    sigaction(SIGTERM, &action, nil)
    // A parent may have started us with them blocked (the mask is inherited across exec).
    var unblock = sigset_t()
    sigemptyset(&unblock)
    sigaddset(&unblock, SIGINT)
    sigaddset(&unblock, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    let signals = TerminationSignals(descriptor: ends[0])
    installed = signals
    return signals
  }

  /// Whether a signal arrived (reads what the handler wrote, without waiting).
  public func received() -> Bool {
    var buffer = [UInt8](repeating: 0, count: 16)
    var any = false
    while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {
      any = true
    }
    return any
  }
}
