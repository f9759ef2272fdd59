import ArgumentParser
import CloudyCLI
import CloudyModels
import CloudyPlatform
import CloudyServices
import CloudyStore
import CloudyViewModels

/// Which view `show` prints.
enum ShowView: String, EnumerableFlag {
  case day
  case week
  case hourly

  static func help(for value: ShowView) -> ArgumentHelp? {
    switch value {
    case .day: "The conditions now: date, time, summary, temperature, wind (the default)."
    case .week: "One row per day: weekday, date, min° - max°, wind, icon."
    case .hourly: "One row per hour, grouped by date."
    }
  }

  /// The part of a forecast the view shows.
  var part: ForecastContents {
    switch self {
    case .day: .current
    case .week: .daily
    case .hourly: .hourly
    }
  }
}

extension CloudyForecast {
  /// `show [PLACE] [--day | --week | --hourly] [--json]`: the cache only, never the network.
  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show",
      abstract: "Show a cached forecast, offline, formatted by your settings, with its age.",
      discussion: """
        Reads only the database: it never uses the network and never writes. Times are shown \
        in the forecast's own time zone. The age is the data's: when the provider issued it, \
        not when it was fetched or imported. A view of a part the forecast does not have says \
        so. When nothing is cached yet, says which `cloudy-forecast \
        fetch` to run and exits 66.
        """)

    @Argument(
      help: ArgumentHelp(
        "A saved place's name or number, or `current`. Default: the selected place.",
        valueName: "place"))
    var place: String?

    @Flag var view: ShowView = .day
    @OptionGroup var database: DatabaseOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var watching: WatchOptions

    func run() throws {
      try ToolMain.reporting(tool: ForecastCommand.tool) {
        if watching.watch { return try watch() }
        let databasePath = try database.resolve()
        let fetchHint = "cloudy-forecast fetch" + (place.map { " \(ShellWord.quoted($0))" } ?? "")
        guard let db = try StoreAccess.reading(databasePath) else {
          throw CommandFailure(
            .notFound,
            "nothing is cached yet (no database at \(databasePath.path)); add a place with `cloudy-locations add`, then run `\(fetchHint)` with a network"
          )
        }
        let target = try LocationEditor(store: LocationRepository(database: db)).forecastTarget(
          place)
        let model = try ForecastViewModel(
          target: target, forecasts: ForecastRepository(database: db),
          settings: SettingsRepository(database: db), zones: InstalledTimeZones(),
          now: WallClock.now())
        guard let weather = model.weather, let age = model.age else {
          throw CommandFailure(
            .notFound,
            "no forecast of \(target.name) is cached yet; run `cloudy-forecast fetch \(ForecastCommand.argument(for: target))` with a network"
          )
        }
        if output.json {
          Output.json(ForecastJSON.show(model, weather: weather, age: age, view: view))
        } else {
          ForecastText.show(model, weather: weather, age: age, view: view)
        }
      }
    }
  }
}

/// The text shapes of `show`.
///
/// Day:
///
///     Auckland · as of 2 h ago · Open-Meteo · Pacific/Auckland
///     Thu, January 15 · 09:15 AM
///     Partly cloudy
///     Temperature  67.8 °F
///     Wind         13 MPH
///     Icon         partly-cloudy-day
///
/// Week (one line per day; columns padded):
///
///     Auckland · 7 days · as of 2 h ago · Open-Meteo · Pacific/Auckland
///     Thursday   January 15  59° - 74°  13 MPH  partly-cloudy-day
///
/// Hourly (a date line, then its hours):
///
///     Auckland · 48 hours · as of 2 h ago · Open-Meteo · Pacific/Auckland
///     Thu, January 15
///       09:00 AM  67.5 °F  13 MPH  20 %  partly-cloudy-day  Partly cloudy
public enum ForecastText {
  static func show(
    _ model: ForecastViewModel, weather: WeatherData, age: ForecastAge, view: ShowView
  ) {
    let zone = model.timeZone
    let zoneText =
      zone.fallbackNote.map { "UTC (\($0))" } ?? zone.identifier
    func header(_ count: String?) -> String {
      ([model.target.name] + (count.map { [$0] } ?? [])
        + [age.asOfText, weather.provider.serviceName, zoneText]).joined(separator: " · ")
    }
    if let missing = model.missingText(for: view.part) {
      Output.line(header(nil))
      Output.line(missing)
      return
    }
    switch view {
    case .day:
      guard let day = model.day else { return }
      Output.line(header(nil))
      Output.line("\(day.date) · \(day.time)")
      Output.line(day.summary)
      Output.line("Temperature  \(day.temperature)")
      Output.line("Wind         \(day.windSpeed)")
      Output.line("Icon         \(day.iconName)")
    case .week:
      guard let week = model.week else { return }
      Output.line(header(plural(week.numberOfDays, "day")))
      let rows = week.days.map { [$0.day, $0.date, $0.temperature, $0.windSpeed, $0.iconName] }
      for line in TextColumns.lines(rows) { Output.line(line) }
    case .hourly:
      guard let hourly = model.hourly else { return }
      Output.line(header(plural(hourly.numberOfHours, "hour")))
      let rows = hourly.hours.map {
        [$0.time, $0.temperature, $0.windSpeed, $0.precipitation ?? "–", $0.iconName, $0.summary]
      }
      let lines = TextColumns.lines(rows)
      var index = 0
      for section in hourly.sections {
        Output.line(section.date)
        for _ in section.hours {
          Output.line("  " + lines[index])
          index += 1
        }
      }
    }
  }

  public static func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}
