#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What an operating-system error number means to a user whose file could not be read or
/// written: the cause a message names (a full disk, a refused permission, a failing disk).
public enum FileSystemCause: Equatable, Sendable {
  /// ENOSPC or EDQUOT: no room left on the disk (or in the user's quota).
  case diskFull
  /// EACCES or EPERM: the operating system refused access to the file or its folder.
  case permissionDenied
  /// EROFS: the file system is mounted read-only.
  case readOnlyFileSystem
  /// EIO: the disk (or the device under it) failed.
  case diskFailed
  /// Anything else, with `strerror`'s text.
  case other(String)

  public init(errorNumber: Int32) {
    switch errorNumber {
    case ENOSPC, EDQUOT: self = .diskFull
    case EACCES, EPERM: self = .permissionDenied
    case EROFS: self = .readOnlyFileSystem
    case EIO: self = .diskFailed
    default: self = .other(String(cString: strerror(errorNumber)))
    }
  }

  /// A few words for a message: "the disk is full", "permission denied", …
  public var words: String {
    switch self {
    case .diskFull: "the disk is full"
    case .permissionDenied: "permission denied"
    case .readOnlyFileSystem: "the file system is read-only"
    case .diskFailed: "the disk failed (input/output error)"
    case .other(let text): text
    }
  }
}
