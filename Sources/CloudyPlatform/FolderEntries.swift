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
    var names: [String] = []
    try forEachName(in: folder) { name in
      let text = String(decoding: name, as: UTF8.self)
      if text != "." && text != ".." { names.append(text) }
    }
    return names
  }

  /// Hands each entry's name (`.` and `..` included) to `body` as the bytes the folder holds,
  /// in the folder's order, making no string: for a caller that reads a number from each of
  /// 100,000 names and keeps only those (a sync folder's subfolder).
  public static func forEachName(
    in folder: String, _ body: (UnsafeRawBufferPointer) -> Void
  ) throws(SystemCallError) {
    guard let directory = opendir(folder) else {
      throw SystemCallError(call: "read the folder", path: folder, errorNumber: errno)
    }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
      withUnsafeBytes(of: entry.pointee.d_name) { raw in
        body(UnsafeRawBufferPointer(rebasing: raw[..<(raw.firstIndex(of: 0) ?? raw.endIndex)]))
      }
    }
  }
}
