public import ArgumentParser
import CloudyCLI
import CloudyGazetteer
import CloudyModels
import CloudyPlatform
import CloudyStore
import CloudyTerminalUI

/// `cloudy`: the Cloudy app, full-screen in the terminal, on the view models the command-line
/// tools use.
public struct CloudyCommand: ParsableCommand {
  /// The name errors are reported under.
  public static let tool = "cloudy"

  public static let configuration = CommandConfiguration(
    commandName: tool,
    abstract: "The Cloudy app in the terminal: your places' weather, offline first.",
    discussion: """
      Weather (the selected place's day and week), Locations (l), Add Location (a) and \
      Settings (s); ? lists every key, q quits. Forecasts come from the database; a forecast \
      older than --refresh-after, or R, fetches a new one with cloudy-forecast-fetch (installed \
      beside cloudy) while the keys keep working; every place's alerts are fetched every \
      --alerts-every (5m), and ! on Weather lists the selected place's alerts in full. With no database yet, nothing is created \
      until you add a place.
      """,
    version: CloudyVersion.string)

  @OptionGroup var database: DatabaseOptions

  @OptionGroup var fetching: FetchingOptions

  public init() {}

  public func run() throws {
    try ToolMain.reporting(tool: Self.tool) {
      // A full-screen app draws on a terminal only: redirected, it would write escape codes
      // into a file. Said in one line, nothing on standard output.
      guard TerminalStreams.outputIsTerminal, TerminalStreams.inputIsTerminal else {
        throw CommandError.invalidRequest(
          "cloudy draws full-screen and needs a terminal on standard input and output; for text, use cloudy-forecast show or cloudy-locations list"
        )
      }
      let databasePath = try database.resolve()
      // Opened (and checked) before the terminal is taken over, so a damaged or foreign file
      // is one error line on a normal terminal and nothing is written. A missing file is
      // waited for: reads are empty until it appears.
      let watcher = try DatabaseWatcher(path: databasePath.path)
      let store = WatchedStore(watcher: watcher)
      let unicode = TextEncoding.adoptUserLocale()
      TextEncoding.readInputAsUTF8()
      let app = try CloudyApp(
        CloudyApp.Dependencies(
          locationStore: store, settingsStore: store,
          forecastStore: store, geocoder: GazetteerGeocoder(), zones: InstalledTimeZones(),
          now: WallClock.now, describe: { CommandFailure(describing: $0).message },
          changes: watcher, alertStore: store),
        options: CloudyApp.Options(
          refreshAfter: fetching.refreshAfter.seconds, offline: fetching.offline,
          glyphs: unicode ? .utf8 : .ascii, alertsEvery: fetching.alertsEvery.seconds))
      let loop = try AppSession(
        app: app, watcher: watcher, databasePath: databasePath.path,
        color: (Environment.value("NO_COLOR") ?? "").isEmpty,
        frameLog: Environment.value("CLOUDY_FRAME_LOG"))
      let ending = try loop.run()
      if let code = ending.exitCode { throw ExitCode(code) }
    }
  }
}
