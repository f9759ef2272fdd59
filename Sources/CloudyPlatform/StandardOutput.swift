#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Standard output, which Swift's `print` buffers (fully, when it is a pipe).
public enum StandardOutput {
  /// Writes out what is buffered, so a reader of a pipe (`--watch | jq`) sees it now.
  public static func flush() {
    fflush(nil)
  }

  /// Writes `bytes` after what `print` buffered (flushed first, so it stays before), without
  /// making a `String` of them: a 600 KB JSON document need not be checked as UTF-8 again
  /// after it was written as UTF-8. A write that fails (a closed pipe) is dropped, as `print`
  /// drops it.
  public static func write(_ bytes: [UInt8]) {
    fflush(nil)
    try? FileOutput.writeAll(bytes, to: STDOUT_FILENO)
  }
}
