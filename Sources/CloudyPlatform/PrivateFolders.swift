#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Folders Cloudy makes for the user's files: mode 0700, since what is in them is the user's.
public enum PrivateFolders {
  /// Creates `folder` and any missing parents with mode 0700; existing folders are left as
  /// they are. A component that exists but is not a folder fails with ENOTDIR on that path.
  public static func create(_ folder: String) throws(SystemCallError) {
    var current = folder.hasPrefix("/") ? "" : "."
    for component in folder.split(separator: "/") {
      current += "/" + component
      // What cannot be looked at is left to mkdir, whose failure names the cause.
      if let status = try? FileStatus.of(current) {
        guard status.kind == .folder else {
          throw SystemCallError(call: "create the folder", path: current, errorNumber: ENOTDIR)
        }
        continue
      }
      let path = current
      do throws(SystemCallError) {
        try SystemCall.run("create the folder", path: path) { mkdir(path, 0o700) }
      } catch  where error.isAlreadyExisting {
        continue  // another process made it in between
      }
    }
  }
}
