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
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return Glibc.write(STDERR_FILENO, base + offset, buffer.count - offset)
      }
      if written < 0, errno == EINTR { continue }
      if written <= 0 { break }
      offset += written
    }
  }

  /// Whether a person is probably watching (progress lines are shown only then).
  public static var isTerminal: Bool { isatty(STDERR_FILENO) == 1 }
}
