import CloudyPlatform

/// Which database file a command uses, and why — `cloudy-db path` prints both.
public struct DatabasePath: Equatable, Sendable {
  /// Where the path came from, so `cloudy-db path` can say why this file is the one used.
  public enum Reason: String, Sendable {
    case flag = "--db"
    case environment = "CLOUDY_DB"
    case xdgDataHome = "XDG_DATA_HOME"
    case home = "default"
  }

  public let path: String
  public let reason: Reason

  /// `--db PATH`, else `$CLOUDY_DB`, else `$XDG_DATA_HOME/cloudy/cloudy.sqlite`, else
  /// `~/.local/share/cloudy/cloudy.sqlite` (DESIGN.md). Empty variables count as unset, as the
  /// XDG specification asks.
  public static func resolve(
    flag: String?, environment: (String) -> String? = DatabasePath.environmentValue
  ) throws(CommandError) -> DatabasePath {
    if let flag {
      guard !flag.isEmpty else { throw CommandError.invalidRequest("--db needs a file path") }
      return DatabasePath(path: flag, reason: .flag)
    }
    if let value = environment("CLOUDY_DB"), !value.isEmpty {
      return DatabasePath(path: value, reason: .environment)
    }
    if let value = environment("XDG_DATA_HOME"), value.hasPrefix("/") {
      return DatabasePath(path: "\(value)/cloudy/cloudy.sqlite", reason: .xdgDataHome)
    }
    guard let home = environment("HOME"), !home.isEmpty else {
      throw CommandError.invalidRequest(
        "cannot find the database: HOME is not set; pass --db PATH or set CLOUDY_DB")
    }
    return DatabasePath(path: "\(home)/.local/share/cloudy/cloudy.sqlite", reason: .home)
  }

  /// Why this path, in words (`cloudy-db path`): which flag, variable or default chose it.
  public var explanation: String {
    switch reason {
    case .flag: "given with --db"
    case .environment: "from the CLOUDY_DB environment variable"
    case .xdgDataHome: "the default under $XDG_DATA_HOME"
    case .home: "the default (~/.local/share/cloudy), as CLOUDY_DB and XDG_DATA_HOME are not set"
    }
  }

  /// An environment variable's value, nil when unset (`CLOUDY_DB`, `XDG_DATA_HOME`, `HOME`).
  public static func environmentValue(_ name: String) -> String? {
    Environment.value(name)
  }
}
