#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Writing to the terminal without Foundation.
public enum Output {
  /// Prints to standard output (through Swift's `print`, which is buffered and flushed at exit).
  public static func line(_ text: String) {
    print(text)
  }

  public static func json(_ value: JSON) {
    print(value.rendered())
  }

  /// One line on standard error, written at once.
  public static func error(_ text: String) {
    var line = text
    if !line.hasSuffix("\n") { line += "\n" }
    // write(2) on the descriptor: unbuffered, and no shared `stderr` FILE* under strict concurrency.
    var bytes = Array(line.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return write(STDERR_FILENO, base + offset, buffer.count - offset)
      }
      if written <= 0 { break }
      offset += written
    }
  }

}
