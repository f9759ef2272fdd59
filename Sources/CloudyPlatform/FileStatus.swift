#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Which file a path names: the same device and inode is the same file, however the path is
/// spelled (a relative name, `./`, a symbolic or hard link).
public struct FileIdentity: Hashable, Sendable {
  public let device: UInt64
  public let inode: UInt64
}

/// What `stat(2)` says about a path: its kind, size, identity and times.
public struct FileStatus: Equatable, Sendable {
  /// What sort of file: only a regular file can be a database or an import.
  public enum Kind: Equatable, Sendable {
    case regular, folder, device, fifo, socket, symbolicLink, other
  }

  /// A time as the file system keeps it, to the nanosecond.
  public struct Time: Equatable, Sendable {
    public let seconds: Int
    public let nanoseconds: Int
  }

  public let kind: Kind
  public let size: Int64
  public let identity: FileIdentity
  public let modified: Time
  /// The inode's last change (a write, a rename onto it, a chmod).
  public let changed: Time

  /// The file at `path`, following symbolic links; nil when nothing is there (ENOENT).
  public static func of(_ path: String) throws(SystemCallError) -> FileStatus? {
    try look(path, following: true)
  }

  /// The entry at `path` itself: a symbolic link is reported as one, not followed.
  public static func ofEntry(_ path: String) throws(SystemCallError) -> FileStatus? {
    try look(path, following: false)
  }

  /// True when something (after following links) is at `path`; a failure to look counts as no.
  public static func exists(_ path: String) -> Bool { (try? of(path)) != nil }

  /// The size of the file at `path`, 0 when there is none.
  public static func size(of path: String) -> Int64 { (try? of(path))?.size ?? 0 }

  /// True when `path` exists and is the same file as one of `others`.
  public static func isSameFile(_ path: String, asAnyOf others: [String]) -> Bool {
    guard let target = try? of(path) else { return false }
    return others.contains { (try? of($0))?.identity == target.identity }
  }

  private static func look(_ path: String, following: Bool) throws(SystemCallError) -> FileStatus? {
    var info = stat()
    do throws(SystemCallError) {
      try SystemCall.run("read", path: path) {
        following ? stat(path, &info) : lstat(path, &info)
      }
    } catch  where error.isMissing {
      return nil
    }
    return FileStatus(info)
  }

  private init(_ info: stat) {
    switch info.st_mode & S_IFMT {
    case S_IFREG: kind = .regular
    case S_IFDIR: kind = .folder
    case S_IFCHR, S_IFBLK: kind = .device
    case S_IFIFO: kind = .fifo
    case S_IFSOCK: kind = .socket
    case S_IFLNK: kind = .symbolicLink
    default: kind = .other
    }
    size = Int64(info.st_size)
    identity = FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    modified = Time(seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec)
    changed = Time(seconds: info.st_ctim.tv_sec, nanoseconds: info.st_ctim.tv_nsec)
  }
}
