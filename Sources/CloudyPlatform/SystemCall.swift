#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A C library call that failed: what was being done, to which path, `errno` and `strerror`'s
/// reason. The one error every system call in Cloudy reports; each layer turns it into its own
/// words (a store refusal, a file-write result, an exit status).
public struct SystemCallError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What was being done, in a few words: "create", "sync", "open /dev/urandom".
  public let call: String
  /// The file the call was about, when there is one.
  public let path: String?
  /// `errno` at the failure; 0 when the failure was not the system's (a read that ended early).
  public let errorNumber: Int32
  public let reason: String

  public init(call: String, path: String? = nil, errorNumber: Int32 = 0, reason: String) {
    self.call = call
    self.path = path
    self.errorNumber = errorNumber
    self.reason = reason
  }

  init(call: String, path: String? = nil, errorNumber: Int32) {
    self.init(
      call: call, path: path, errorNumber: errorNumber,
      reason: String(cString: strerror(errorNumber)))
  }

  /// What the error number means to a user (a full disk, a refused permission, …).
  public var cause: FileSystemCause { FileSystemCause(errorNumber: errorNumber) }
  /// EEXIST: something is already at the path.
  public var isAlreadyExisting: Bool { errorNumber == EEXIST }
  /// ENOENT: nothing is at the path (or a folder on the way is missing).
  public var isMissing: Bool { errorNumber == ENOENT }
  /// ENOTDIR: a component of the path that should be a folder is not one.
  public var isNotAFolder: Bool { errorNumber == ENOTDIR }

  public var description: String { "\(call) failed: \(reason)" }
}

/// Calls into the C library, retried while a signal interrupts them (EINTR), so no caller
/// mistakes an interruption (the app's SIGWINCH, a SIGCHLD) for a failure.
public enum SystemCall {
  /// `body`'s result when it is not negative; otherwise, unless interrupted, the failure.
  @discardableResult
  public static func run<Result: BinaryInteger>(
    _ call: String, path: String? = nil, _ body: () -> Result
  ) throws(SystemCallError) -> Result {
    while true {
      let result = body()
      if result >= 0 { return result }
      let code = errno
      if code != EINTR { throw SystemCallError(call: call, path: path, errorNumber: code) }
    }
  }
}
