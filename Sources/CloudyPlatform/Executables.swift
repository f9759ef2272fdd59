#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Cloudy's executables finding and starting each other: `cloudy-forecast fetch` becomes
/// `cloudy-forecast-fetch`, the app runs it as a child. Each looks for the other beside the
/// running executable, not on `PATH`, so an installed set always uses its own parts.
public enum Executables {
  /// The folder of the running executable (/proc/self/exe, so a symbolic link to it in
  /// ~/.local/bin still finds the real folder); the folder of argv[0] when /proc is missing.
  public static func ownFolder() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    let executable =
      length > 0
      ? String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
      : CommandLine.arguments.first ?? ""
    return executable.lastIndex(of: "/").map { String(executable[..<$0]) } ?? "."
  }

  /// The path of `name` beside the running executable, when it is there and executable.
  public static func sibling(named name: String) -> (path: String, found: Bool) {
    let path = ownFolder() + "/" + name
    return (path, access(path, X_OK) == 0)
  }

  /// Replaces this process with `path` (execv: same process id, environment, standard streams
  /// and exit status). Returns only when that failed, with the reason.
  public static func become(_ path: String, arguments: [String]) -> String {
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    execv(path, argv)
    let reason = String(cString: strerror(errno))
    for pointer in argv { free(pointer) }
    return reason
  }
}
