/// The folder and the name a path is made of, as `dirname` and `basename` split it (without
/// touching the file system): temporaries are made beside a file, in its folder.
public enum PathComponents {
  /// "/a/b" → "/a"; "b" → "."; "/b" → "/".
  public static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }

  /// "/a/b" → "b"; "b" → "b".
  public static func name(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }
}
