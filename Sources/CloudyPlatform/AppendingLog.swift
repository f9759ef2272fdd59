#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A file lines are appended to, each written through at once (for logs a benchmark reads while
/// the program runs).
public final class AppendingLog {
  private let file: UnsafeMutablePointer<FILE>

  /// Nil when the file cannot be opened for appending.
  public init?(path: String) {
    guard !path.isEmpty, let file = fopen(path, "a") else { return nil }
    self.file = file
  }

  deinit { fclose(file) }

  public func write(_ line: String) {
    fputs(line + "\n", file)
    fflush(file)
  }
}
