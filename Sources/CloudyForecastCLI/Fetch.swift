public import ArgumentParser
public import CloudyCLI
import CloudyModels
import CloudyPlatform
import CloudyServices

/// What `cloudy-forecast fetch` accepts, declared once for the command `cloudy-forecast` shows
/// (help, validation) and for `cloudy-forecast-fetch`, which does the fetching.
public struct FetchOptions: ParsableArguments {
  public static let abstract = "Fetch forecasts from the provider and cache them in the database."
  public static let discussion = """
    Each place's forecast is fetched and checked completely before anything is written, then \
    replaces the previous one in one transaction: a failed fetch leaves the cache as it was. \
    With --all, every place (the current location, then the saved places) is fetched in turn; \
    a failed place is reported and the others go on, and the exit status is then 69. Progress \
    is shown on standard error when it is a terminal. Alerts are fetched with the forecast \
    (the NWS for places in the United States, MeteoAlarm for its European countries, the \
    answer's own alerts for Dark Sky and Pirate Weather); an alerts failure is a note and \
    never fails the forecast. The fetching is done by cloudy-forecast-fetch, installed beside \
    cloudy-forecast: the only Cloudy tool that links the network libraries.

    Providers (--provider, else CLOUDY_FORECAST_PROVIDER, else open-meteo): open-meteo (no \
    key), dark-sky (a Dark Sky-compatible service such as Pirate Weather; CLOUDY_DARK_SKY_KEY), \
    met-norway (MET Norway's Locationforecast, worldwide, no key; data CC BY 4.0, credited to \
    MET Norway) and nws (the US National Weather Service, United States only, no key). MET \
    Norway and the NWS ask every client to name itself: Cloudy sends \
    User-Agent: Cloudy/VERSION (CLOUDY_CONTACT); set CLOUDY_CONTACT to your e-mail. MET \
    Norway is asked again only after its answer expires, and then with If-Modified-Since.

    --if-older-than AGE skips every place whose cached forecast is younger than AGE (by the \
    data's age, as `show` says it), so a timer that runs every few minutes asks each service \
    at most once per AGE per place, and MET Norway never before its Expires.
    """

  @Argument(
    help: ArgumentHelp(
      "A saved place's name or number, or `current`. Default: the selected place.",
      valueName: "place"))
  public var place: String?

  @Flag(name: .long, help: "Fetch every place: the current location and all saved places.")
  public var all = false

  @Option(
    name: .customLong("id"),
    help: ArgumentHelp(
      "A saved place by its id (`cloudy-locations list --json`), which a reorder or rename does not change.",
      valueName: "id"))
  public var id: Int64?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The forecast provider: \(ForecastProviderKind.choosable). Default: CLOUDY_FORECAST_PROVIDER, else open-meteo.",
      valueName: "name"))
  public var provider: String?

  @Flag(
    name: .long,
    help: """
      Fetch only alerts (the NWS for places in the United States, MeteoAlarm for its \
      European countries): cheap, meant to run every \
      few minutes. A source is asked only when its last answer's Cache-Control or Expires \
      allows, and then conditionally (If-None-Match, If-Modified-Since).
      """)
  public var alerts = false

  @Flag(
    name: .customLong("no-alerts"),
    help: """
      Fetch the forecast only: no alerts from the regional sources (an answer's own alerts, \
      Dark Sky's and Pirate Weather's, are still kept). cloudy and cloudy-web pass it, as they \
      fetch alerts on their own schedule (--alerts-every).
      """)
  public var noAlerts = false

  @Option(
    name: .customLong("if-older-than"),
    help: ArgumentHelp(
      "Fetch only the places whose cached forecast is this old or older (or has none): 30m, 2h. For timers (cloudy-fetch.timer): asks no service more often than this.",
      valueName: "age"))
  public var ifOlderThan: RefreshInterval?

  @OptionGroup public var database: DatabaseOptions
  @OptionGroup public var output: OutputOptions

  public init() {}

  public func validate() throws {
    if [all, place != nil, id != nil].filter({ $0 }).count > 1 {
      throw ValidationError("give one of a place, --id or --all")
    }
    if let provider, ForecastProviderKind(name: provider) == nil {
      throw ValidationError(
        "--provider \(provider) is not a provider; expected \(ForecastProviderKind.choosable)")
    }
    if alerts, noAlerts {
      throw ValidationError("--alerts fetches only alerts; --no-alerts fetches none")
    }
    if alerts, ifOlderThan != nil {
      throw ValidationError(
        "--if-older-than chooses forecasts to fetch; --alerts asks each source only when its last answer allows anyway"
      )
    }
    if alerts, provider != nil {
      throw ValidationError("--provider chooses a forecast provider; --alerts fetches no forecast")
    }
  }
}

extension CloudyForecast {
  /// `fetch [PLACE | --all] [--json]`: checks the arguments, then becomes
  /// `cloudy-forecast-fetch` with the same arguments (execv: same process id, environment,
  /// standard streams and exit status).
  struct Fetch: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "fetch",
      abstract: FetchOptions.abstract, discussion: FetchOptions.discussion)

    @OptionGroup var options: FetchOptions

    func run() throws {
      try ToolMain.reporting(tool: ForecastCommand.tool) {
        let arguments = CommandLine.arguments
        // `fetch` is the first argument (the root command takes no options); what follows it
        // is handed on untouched, so quoting and `--` mean the same to the helper.
        let forwarded = Array(arguments.dropFirst().drop { $0 != "fetch" }.dropFirst())
        let helper = try Self.helperPath()
        let reason = Executables.become(helper, arguments: forwarded)
        throw CommandError.unavailable("could not start \(helper): \(reason)")
      }
    }

    /// `cloudy-forecast-fetch` beside the running executable.
    static func helperPath() throws -> String {
      try ForecastFetcherTool.locate(for: ForecastCommand.tool)
    }
  }
}
