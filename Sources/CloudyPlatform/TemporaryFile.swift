#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A file written under a temporary name beside its destination and then placed there
/// durably, so that no reader (and no crash) ever sees it half-written: the one way Cloudy puts
/// a new file at a user's path (a new database, a backup, an export).
///
/// The temporary is named `.NAME.KIND-PID` in the destination's folder: recognisable by name
/// and by the process that owns it, so a later command removes one whose writer was killed
/// (`AbandonedTemporaries`).
public struct TemporaryFile: Sendable {
  public let path: String
  public let destination: String

  /// Names the temporary for `destination`, after removing any left at that name or by a
  /// killed process of the same kind. Nothing is created yet.
  public init(for destination: String, kind: String) {
    let folder = PathComponents.folder(of: destination)
    let prefix = Self.prefix(for: destination, kind: kind)
    self.destination = destination
    self.path = "\(folder)/\(prefix)\(getpid())"
    Self.remove(path)
    AbandonedTemporaries.remove(in: folder, prefix: prefix)
  }

  /// `.NAME.KIND-`: how every temporary of `kind` for `destination` starts.
  public static func prefix(for destination: String, kind: String) -> String {
    ".\(PathComponents.name(of: destination)).\(kind)-"
  }

  /// Creates the temporary with `bytes` in it, mode 0600 (what Cloudy writes is the user's),
  /// refusing one already there.
  public func create(writing bytes: [UInt8] = []) throws(SystemCallError) {
    let path = path
    let descriptor = try SystemCall.run("create", path: path) {
      open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
    }
    defer { close(descriptor) }
    try FileOutput.writeAll(bytes, to: descriptor, path: path)
  }

  /// How placing treats a file already at the destination.
  public enum Placement: Sendable {
    /// `rename(2)`: the destination is replaced in one step.
    case replacing
    /// `link(2)`: an existing destination fails with EEXIST and is left untouched.
    case creating
  }

  /// Syncs the temporary's bytes, puts it at the destination and syncs the folder so the new
  /// name survives a crash. With `.creating`, the temporary's name still exists afterwards
  /// (`remove` it once the destination is in use).
  public func place(_ placement: Placement) throws(SystemCallError) {
    try Self.sync(path)
    let (path, destination) = (path, destination)
    switch placement {
    case .replacing:
      try SystemCall.run("replace", path: destination) { rename(path, destination) }
    case .creating:
      try SystemCall.run("create", path: destination) { link(path, destination) }
    }
    Self.syncFolder(PathComponents.folder(of: destination))
  }

  /// Removes the temporary and the files SQLite may have kept beside it.
  public func remove() { Self.remove(path) }

  /// Writes the file's data to the disk.
  public static func sync(_ path: String) throws(SystemCallError) {
    let descriptor = try SystemCall.run("open", path: path) { open(path, O_RDONLY | O_CLOEXEC) }
    defer { close(descriptor) }
    try SystemCall.run("sync", path: path) { fsync(descriptor) }
  }

  /// Makes a new directory entry durable; best effort, as some file systems refuse it.
  public static func syncFolder(_ folder: String) {
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  /// Removes `path` and the -wal, -shm and -journal SQLite keeps beside a database.
  public static func remove(_ path: String) {
    unlink(path)
    removeCompanions(of: path)
  }

  /// Removes the -wal, -shm and -journal beside `path`, leaving `path`: after a file was
  /// replaced, the old file's companions must not be read as the new one's.
  public static func removeCompanions(of path: String) {
    for suffix in ["-wal", "-shm", "-journal"] { unlink(path + suffix) }
  }
}
