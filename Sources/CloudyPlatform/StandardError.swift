#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Standard error, written with write(2): unbuffered, so a message is out before the process
/// exits or is killed, and no shared `stderr` FILE* under strict concurrency.
public enum StandardError {
  /// Writes all of `text`, retrying short writes; gives up silently if the stream is closed.
  public static func write(_ text: String) {
    try? FileOutput.writeAll(Array(text.utf8), to: STDERR_FILENO)
  }

  /// Whether a person is probably watching (progress lines are shown only then).
  public static var isTerminal: Bool { isatty(STDERR_FILENO) == 1 }
}
