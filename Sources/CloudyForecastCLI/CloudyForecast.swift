public import ArgumentParser
public import CloudyCLI
import CloudyModels
import CloudyServices
public import CloudyStoring
import CloudyViewModels

/// `cloudy-forecast`: fetch forecasts into the database and read them back offline.
///
/// The command tree lives in this library so that `cloudy-forecast-fetch` can share its
/// options, texts and exit statuses; `cloudy-forecast` itself is only `ToolMain.run`.
public struct CloudyForecast: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: ForecastCommand.tool,
    abstract:
      "Fetch forecasts into the database and show them offline, formatted by your settings.",
    discussion: """
      `fetch` is the only command that uses the network. `show` reads the cache alone, so it \
      works offline and prints how old the forecast is. PLACE is a saved place's name (any \
      case; a unique beginning is enough) or its number in `cloudy-locations list`, or \
      `current` for the current location; without it, the selected place.

      Provider settings (environment): CLOUDY_FORECAST_PROVIDER (open-meteo or dark-sky), \
      CLOUDY_OPEN_METEO_URL, CLOUDY_DARK_SKY_URL, CLOUDY_DARK_SKY_KEY, CLOUDY_HTTP_TIMEOUT \
      (seconds).

      Exit status: 0 ok, 64 usage or provider configuration, 65 bad data (a response or file \
      that is not a usable forecast, or too large), 66 not found (no such place, nothing \
      cached yet), 69 the provider could not be reached or answered with an error (for \
      `fetch --all`: any place failed), 74 I/O, 75 database busy, 78 database from a newer \
      Cloudy. A failed command leaves the cache as it was.
      """,
    version: CloudyVersion.string,
    subcommands: [Fetch.self, Show.self, Bar.self, Alerts.self, Import.self, Prune.self]
  )

  public init() {}
}

// MARK: - Shared steps

/// Opening the database and finding places, as every subcommand does it.
public enum ForecastCommand {
  /// The name in messages (`cloudy-forecast: error: …`), `cloudy-forecast-fetch`'s too.
  public static let tool = "cloudy-forecast"

  /// The saved places of an existing database, read-only: a command that needs a place (import,
  /// fetch) fails at once when there is no database, and creates nothing.
  public static func savedPlaces(_ databasePath: DatabasePath) throws -> any LocationStoring {
    guard let stores = try StoreAccess.stores(reading: databasePath) else {
      throw CommandError.notFound(
        "there are no saved places yet (no database at \(databasePath.path)); add one with `cloudy-locations add`"
      )
    }
    return stores.locations
  }

  /// How to name a place on the command line again: `current`, or the name as one shell word
  /// (`ShellWord`); an all-digit name is quoted too, so the hint stands out as a name.
  static func argument(for target: ForecastTarget) -> String {
    guard case .saved = target.place else { return "current" }
    let name = target.name
    if !name.isEmpty, name.utf8.allSatisfy({ (0x30...0x39).contains($0) }) { return "'\(name)'" }
    return ShellWord.quoted(name)
  }
}
