public import ArgumentParser

/// `--db PATH`, shared by every command.
public struct DatabaseOptions: ParsableArguments {
  @Option(.databasePath) public var path: String?

  public init() {}

  public func resolve() throws(CommandError) -> DatabasePath {
    try DatabasePath.resolve(flag: path)
  }
}

/// `--json`, shared by every command that prints.
public struct OutputOptions: ParsableArguments {
  @Flag(.json) public var json = false

  public init() {}
}

/// The shared options as a command's own properties: `@Option(.databasePath) var
/// databaseFile: String?`, `@Flag(.json) var json = false`, `@Flag(.watch) var watches = false`.
/// Each is defined here once, and `DatabaseOptions`, `OutputOptions` and `WatchOptions` are
/// made of them, so `--help` and the parsing are the same either way.
///
/// Why a command would not simply use the groups: swift-argument-parser builds a command's
/// arguments by reflection at every start, and each `@OptionGroup` type is looked up against
/// every protocol conformance record in the process (about 4,300 here) four times over
/// (`ParsableArguments`, `CustomReflectable`, `CodingKey` for its keys, `ParsableCommand`):
/// `cloudy-forecast show`'s three groups cost it 2.8 M instructions, more than half of the C
/// program's whole command (Benchmarks/README.md, issue 40). A command people and status bars
/// run often declares the options directly; the others keep the groups.
public enum SharedOption {
  /// `--db PATH`: the database file (see `DatabasePath` for the default).
  case databasePath
}

/// The shared flags as a command's own properties (see `SharedOption`).
public enum SharedFlag {
  /// `--json`: print JSON instead of text.
  case json
  /// `--watch`: print the view again after every change (see `Watching`).
  case watch
}

extension Option where Value == String? {
  /// One of the shared options, declared on the command itself (see `SharedOption`).
  public init(_ shared: SharedOption) {
    switch shared {
    case .databasePath:
      self.init(
        name: .customLong("db"),
        help: ArgumentHelp(
          "The database file. Default: $CLOUDY_DB, else $XDG_DATA_HOME/cloudy/cloudy.sqlite, else ~/.local/share/cloudy/cloudy.sqlite.",
          valueName: "path"),
        completion: .file(extensions: ["sqlite"]))
    }
  }
}

extension Flag where Value == Bool {
  /// One of the shared flags, declared on the command itself (see `SharedFlag`).
  public init(wrappedValue: Bool, _ shared: SharedFlag) {
    switch shared {
    case .json:
      self.init(
        wrappedValue: wrappedValue, name: .customLong("json"),
        help: "Print JSON (a stable shape documented in the README) instead of text.")
    case .watch:
      self.init(
        wrappedValue: wrappedValue, name: .customLong("watch"),
        help: """
          Keep running: print the view, then again after every change by any process (with \
          --json, one compact document per line: JSON Lines). A database that does not exist \
          yet is waited for. Ctrl-C or SIGTERM ends it with status 0.
          """)
    }
  }
}
