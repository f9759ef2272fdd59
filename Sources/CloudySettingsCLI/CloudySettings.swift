public import ArgumentParser
import CloudyCLI

/// `cloudy-settings`: how times, wind speeds and temperatures are shown, and which alerts.
/// Its `--json` shapes are `SettingsJSON`'s; its commands are in `SettingsCommands.swift`.
public struct CloudySettings: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "cloudy-settings",
    abstract:
      "Show and change how Cloudy shows times, wind speeds and temperatures, and which alerts.",
    discussion: """
      Settings: time 12h|24h (also 12, 24); units imperial|metric (also us, si); \
      temperature fahrenheit|celsius (also f, c); alerts all|moderate|severe|none (moderate \
      and above, severe and above; also off): which alerts banners, Locations marks and \
      `--watch` show. Defaults: 12h, imperial, fahrenheit, moderate. \
      They are stored as that text in the settings table, readable with sqlite3.

      `show` never creates the database: with none, it shows the defaults.

      Exit status: 0 ok, 64 usage or unknown setting, 65 invalid value or not a Cloudy \
      database, 74 I/O or permission, 75 busy (try again), 78 written by a newer Cloudy.
      """,
    version: CloudyVersion.string,
    subcommands: [Show.self, Set.self, Reset.self],
    defaultSubcommand: Show.self
  )

  public static let tool = "cloudy-settings"

  public init() {}
}
