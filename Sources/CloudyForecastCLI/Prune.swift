import ArgumentParser
import CloudyCLI
import CloudyJSON
import CloudyModels
import CloudyPlatform
import CloudyStoring
import CloudyViewModels

/// An age such as `30m`, `12h`, `7d` or `2w`.
struct Age: Sendable {
  let seconds: Int64
  let text: String

  /// Parses what a user typed; throws a usage error that says what is accepted.
  static func parse(_ argument: String) throws -> Age {
    guard let age = Age(argument: argument) else {
      throw ValidationError(
        "expected a whole number with m, h, d or w, such as 30m, 12h, 7d or 2w"
      )
    }
    return age
  }

  /// m, h, d or w, a unit required (`DurationArgument`, the apps' intervals' reader).
  init?(argument: String) {
    guard
      let seconds = DurationArgument.seconds(
        argument, accepted: ["m", "h", "d", "w"], bareIsSeconds: false,
        limit: 999_999_999 * 604_800)
    else { return nil }
    self.seconds = seconds
    text = argument.trimmingWhitespace().lowercased()
  }
}

extension CloudyForecast {
  /// `prune --older-than AGE [--json]`.
  struct Prune: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "prune",
      abstract: "Remove cached forecasts whose data is older than an age.",
      discussion:
        "The age is the data's: when the provider issued it, not when it was fetched or imported. Alerts that ended before the same moment are removed with them. Without a database there is nothing to remove, and none is created."
    )

    @Option(
      name: .customLong("older-than"),
      help: ArgumentHelp(
        "An age: a whole number with m (minutes), h (hours), d (days) or w (weeks), e.g. 7d.",
        valueName: "age"),
      completion: .list(["30m", "12h", "1d", "7d", "2w"]),
      transform: Age.parse)
    var olderThan: Age

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
      try ToolMain.reporting(tool: ForecastCommand.tool) {
        let databasePath = try database.resolve()
        let cutoff = WallClock.now() - olderThan.seconds
        let removed =
          try StoreAccess.forecastStore(changingExisting: databasePath)?.prune(issuedBefore: cutoff)
          ?? 0
        // Alerts are kept like forecasts: those that ended before the cutoff go with them.
        let alertsRemoved =
          try StoreAccess.reading(databasePath) == nil
          ? 0 : try StoreAccess.alertStore(writing: databasePath).prune(endedBefore: cutoff)
        if output.json {
          Output.json(
            .object([
              ("removed", .int(Int64(removed))), ("alertsRemoved", .int(Int64(alertsRemoved))),
              ("olderThanSeconds", .int(olderThan.seconds)),
              ("cutoff", .int(cutoff)),
            ]))
        } else {
          let when = LocalTime.utc.format(cutoff, "%Y-%m-%d %H:%M UTC")
          Output.line(
            "Removed \(MessageText.counted(removed, "cached forecast")) with data issued before \(when) (older than \(olderThan.text)), and \(MessageText.counted(alertsRemoved, "alert")) that ended before then."
          )
        }
      }
    }
  }
}
