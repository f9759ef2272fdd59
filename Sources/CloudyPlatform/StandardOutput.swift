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
}
