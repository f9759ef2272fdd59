#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A C library call that failed, with the call's name and `strerror`'s reason.
public struct PlatformError: Error, Equatable, Sendable, CustomStringConvertible {
  public let call: String
  public let reason: String

  public init(call: String, reason: String) {
    self.call = call
    self.reason = reason
  }

  /// The failure `errno` describes now.
  public static func lastError(_ call: String) -> PlatformError {
    PlatformError(call: call, reason: String(cString: strerror(errno)))
  }

  public var description: String { "\(call) failed: \(reason)" }
}
