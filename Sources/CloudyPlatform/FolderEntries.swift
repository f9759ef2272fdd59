#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The names in a folder: what a sync folder holds.
public enum FolderEntries {
  /// The entries of `folder` (without `.` and `..`), sorted by name.
  public static func names(in folder: String) throws(SystemCallError) -> [String] {
    try unsortedNames(in: folder).sorted()
  }

  /// The same in the order the folder gives them: for a caller that orders them by something
  /// else (sorting 100,000 names as text is most of the cost of reading them).
  public static func unsortedNames(in folder: String) throws(SystemCallError) -> [String] {
    guard let directory = opendir(folder) else {
      throw SystemCallError(call: "read the folder", path: folder, errorNumber: errno)
    }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }
}
