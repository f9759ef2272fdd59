#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The signals a front-end names, so that it needs no C library import of its own.
public enum SignalNumber {
  /// Ctrl-C from another process (the terminal's own arrives as a key in raw mode).
  public static let interrupt = SIGINT
  public static let terminate = SIGTERM
  /// The terminal went away.
  public static let hangUp = SIGHUP
  /// The terminal was resized.
  public static let windowChanged = SIGWINCH
}

/// Job control for a program that reads raw keys (Ctrl-Z arrives as a key, not as SIGTSTP).
public enum JobControl {
  /// Stops this process as Ctrl-Z does in a shell (SIGTSTP with its default action) and returns
  /// when it is continued (`fg`, SIGCONT).
  public static func stopSelf() {
    SignalPipe.restoreDefault(SIGTSTP)
    // A parent may have started us with it blocked (the mask is inherited through exec).
    var stop = sigset_t()
    sigemptyset(&stop)
    sigaddset(&stop, SIGTSTP)
    pthread_sigmask(SIG_UNBLOCK, &stop, nil)
    raise(SIGTSTP)
  }
}
