public import ArgumentParser

/// `--db PATH`, shared by every command.
public struct DatabaseOptions: ParsableArguments {
  @Option(
    name: .customLong("db"),
    help: ArgumentHelp(
      "The database file. Default: $CLOUDY_DB, else $XDG_DATA_HOME/cloudy/cloudy.sqlite, else ~/.local/share/cloudy/cloudy.sqlite.",
      valueName: "path"),
    completion: .file(extensions: ["sqlite"]))
  public var path: String?

  public init() {}

  public func resolve() throws(CommandError) -> DatabasePath {
    try DatabasePath.resolve(flag: path)
  }
}

/// `--json`, shared by every command that prints.
public struct OutputOptions: ParsableArguments {
  @Flag(name: .long, help: "Print JSON (a stable shape documented in the README) instead of text.")
  public var json = false

  public init() {}
}
