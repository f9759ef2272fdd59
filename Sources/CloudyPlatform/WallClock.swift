#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The time now, from the C library (no Foundation). Named apart from Swift's `Clock`, which
/// measures durations; this one tells the date.
public enum WallClock {
  /// Now, in unix seconds.
  public static func now() -> Int64 { Int64(time(nil)) }

  /// A compact UTC timestamp for file names, e.g. `20261122T153045Z`.
  public static func fileStamp(_ seconds: Int64 = now()) -> String {
    var value = time_t(seconds)
    var parts = tm()
    gmtime_r(&value, &parts)
    var buffer = [CChar](repeating: 0, count: 32)
    let count = strftime(&buffer, buffer.count, "%Y%m%dT%H%M%SZ", &parts)
    return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
