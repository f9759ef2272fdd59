#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The files this process holds open under a name, as the kernel keeps them (`/proc/self/fd`).
///
/// A file removed or replaced at its name after it was opened is still held, by its identity:
/// comparing what a process holds with what the name is now (`FileStatus.of`) tells a removed
/// or replaced file apart from the one on disk — what a path looked up when a connection was
/// noted cannot (it may already be the new file).
public enum HeldFiles {
  /// One descriptor and the file it held when it was found.
  public struct Held: Equatable, Sendable {
    public let descriptor: Int32
    public let identity: FileIdentity
  }

  /// Every descriptor of this process open on the file that had one of the names `paths` when
  /// it was opened (also when it was removed since: the kernel names it "PATH (deleted)"), by
  /// path, in one look at the descriptors.
  public static func descriptors(openedAs paths: [String]) -> [String: [Held]] {
    var found: [String: [Held]] = [:]
    var wanted: [String: String] = [:]
    for path in paths {
      found[path] = []
      if let name = canonical(path) {
        wanted[name] = path
        wanted[name + " (deleted)"] = path
      }
    }
    guard !wanted.isEmpty, let directory = opendir("/proc/self/fd") else { return found }
    defer { closedir(directory) }
    var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard let descriptor = Int32(name) else { continue }
      let link = "/proc/self/fd/" + name
      let count = readlink(link, &target, target.count - 1)
      guard count > 0 else { continue }
      let opened = String(
        decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      guard let path = wanted[opened], let identity = identity(of: descriptor) else { continue }
      found[path, default: []].append(Held(descriptor: descriptor, identity: identity))
    }
    return found
  }

  /// The file `descriptor` holds now (`fstat`); nil when it is not open.
  public static func identity(of descriptor: Int32) -> FileIdentity? {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return nil }
    return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
  }

  /// `path` as the kernel spells an open file's name: its folder resolved (`realpath`), then
  /// its own name (which may no longer exist).
  private static func canonical(_ path: String) -> String? {
    guard let resolved = realpath(PathComponents.folder(of: path), nil) else { return nil }
    defer { free(resolved) }
    let folder = String(cString: resolved)
    return (folder == "/" ? "" : folder) + "/" + PathComponents.name(of: path)
  }
}
