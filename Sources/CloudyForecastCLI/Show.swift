import ArgumentParser
import CloudyCLI
import CloudyDecoding
import CloudyModels
import CloudyPlatform
import CloudyServices
import CloudyViewModels

/// Which view `show` prints.
///
/// `TextOutputStreamable` (it writes its raw value, which is the case name): the parser names
/// each flag by `String(describing:)` of its case, which looks for that conformance first, so
/// the name is found at once instead of after three more runtime conformance lookups (each a
/// scan of every conformance record in the process) and a reflection of the enum.
enum ShowView: String, EnumerableFlag, TextOutputStreamable {
  case day
  case week
  case hourly

  static func help(for value: ShowView) -> ArgumentHelp? {
    switch value {
    case .day: "The conditions now: date, time, summary, temperature, wind (the default)."
    case .week: "One row per day for seven days: weekday, date, min° to max°, wind, icon."
    case .hourly: "One row per hour for 48 hours, grouped by date."
    }
  }

  func write<Target: TextOutputStream>(to target: inout Target) {
    target.write(rawValue)
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
  /// `show [PLACE] [--day | --week | --hourly] [--days N] [--hours N] [--json]`: the cache
  /// only, never the network.
  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show",
      abstract: "Show a cached forecast, offline, formatted by your settings, with its age.",
      discussion: """
        Reads only the database: it never uses the network and never writes. Times are shown \
        in the forecast's own time zone. The age is the data's: when the provider issued it, \
        not when it was fetched or imported. A view of a part the forecast does not have says \
        so, and a value the response did not have shows as "–" (null in JSON), never 0. \
        --week shows seven days and --hourly 48 hours; --days N (up to 16) and --hours N (up to \
        384) show more when the cache has them. When nothing is cached yet, says which \
        `cloudy-forecast fetch` to run and exits 66.
        """)

    @Argument(
      help: ArgumentHelp(
        "A saved place's name or number, or `current`. Default: the selected place.",
        valueName: "place"))
    var place: String?

    @Flag var chosenView: ShowView?

    @Option(
      help: ArgumentHelp(
        "Show this many days (1…16) of the week view, as many as are cached.", valueName: "n"))
    var days: Int?

    @Option(
      help: ArgumentHelp(
        "Show this many hours (1…384) of the hourly view, as many as are cached.",
        valueName: "n"))
    var hours: Int?

    @Flag(
      help: """
        With --hourly: every quantity the hours hold (gusts, humidity, dew point, pressure, UV, \
        visibility, cloud cover, air quality), past 80 columns.
        """)
    var wide = false

    // The shared options as Show's own (see `SharedOption`: three option groups cost `show`
    // more start-up than the C program's whole command); `--help` reads the same.
    @Option(.databasePath) var databaseFile: String?
    @Flag(.json) var json = false
    @Flag(.watch) var watches = false

    /// The view shown: the one chosen, else the one `--days` or `--hours` belongs to.
    var view: ShowView {
      chosenView ?? (days != nil ? .week : hours != nil ? .hourly : .day)
    }

    /// How many rows the view shows: `--days` or `--hours`, else the view's own number.
    var count: Int? { days ?? hours }

    func validate() throws {
      if let days {
        guard (1...ForecastDecoder.maximumDays).contains(days) else {
          throw ValidationError("--days is \(days); expected 1 to \(ForecastDecoder.maximumDays)")
        }
        guard view == .week else { throw ValidationError("--days goes with --week, not --\(view)") }
      }
      if let hours {
        guard (1...ForecastDecoder.maximumHours).contains(hours) else {
          throw ValidationError(
            "--hours is \(hours); expected 1 to \(ForecastDecoder.maximumHours)")
        }
        guard view == .hourly else {
          throw ValidationError("--hours goes with --hourly, not --\(view)")
        }
      }
    }

    func run() throws {
      try ToolMain.reporting(tool: ForecastCommand.tool) {
        if watches { return try watch() }
        let databasePath = try DatabasePath.resolve(flag: databaseFile)
        let fetchHint = "cloudy-forecast fetch" + (place.map { " \(ShellWord.quoted($0))" } ?? "")
        guard let stores = try StoreAccess.stores(reading: databasePath) else {
          throw CommandError.notFound(
            "nothing is cached yet (no database at \(databasePath.path)); add a place with `cloudy-locations add`, then run `\(fetchHint)` with a network"
          )
        }
        let target = try LocationEditor(store: stores.locations).forecastTarget(place)
        // The view's part only: `--week` reads no hours, `--hourly` no days.
        let model = try ForecastViewModel(
          target: target, forecasts: stores.forecasts, settings: stores.settings,
          zones: InstalledTimeZones(), now: WallClock.now(), reading: view.part)
        guard let weather = model.weather, let age = model.age else {
          throw CommandError.notFound(
            "no forecast of \(target.name) is cached yet; run `cloudy-forecast fetch \(ForecastCommand.argument(for: target))` with a network"
          )
        }
        if json {
          Output.json(
            ForecastJSON.show(model, weather: weather, age: age, view: view, count: count))
        } else {
          ForecastText.show(
            model, weather: weather, age: age, view: view, count: count, wide: wide)
        }
      }
    }
  }
}

/// The text shapes of `show`. A value the response did not have reads "–"; a view says which
/// values no row of it has ("The response has no weather code for these hours."). Columns and
/// lines for values beyond the book's (feels like, precipitation amount, sunrise and sunset)
/// appear only when the forecast has them.
///
/// Day:
///
///     Auckland · as of 2 h ago · Open-Meteo · Pacific/Auckland
///     Thu, January 15 · 09:15 AM
///     Partly cloudy
///     Temperature  67.8 °F
///     Feels like   66.0 °F
///     Wind         13 mph
///     Precip.      20 % · 0.02 in
///     Icon         partly-cloudy-day
///
/// Week (one line per day; columns padded):
///
///     Auckland · 7 days · as of 2 h ago · Open-Meteo · Pacific/Auckland
///     Thursday   January 15  59° to 74°  13 mph  partly-cloudy-day  20 %  0.31 in  feels 57° to 75°  sunrise 06:12 AM  sunset 08:41 PM
///
/// Hourly (a date line, then its hours):
///
///     Auckland · 48 hours · as of 2 h ago · Open-Meteo · Pacific/Auckland
///     Thu, January 15
///       09:00 AM  67.5 °F  13 mph  20 %  partly-cloudy-day  Partly cloudy  feels 66.0 °F  0.02 in
public enum ForecastText {
  static func show(
    _ model: ForecastViewModel, weather: WeatherData, age: ForecastAge, view: ShowView,
    count: Int? = nil, wide: Bool = false
  ) {
    let zone = model.timeZone
    let zoneText =
      zone.fallbackNote.map { "UTC (\($0))" } ?? zone.identifier
    func header(_ count: String?) -> String {
      ([model.target.name] + (count.map { [$0] } ?? [])
        + [age.asOfText, weather.provider.sourceText, zoneText]).joined(separator: " · ")
    }
    if let missing = model.missingText(for: view.part) {
      Output.line(header(nil))
      Output.line(missing)
      return
    }
    let lines: [String]? =
      switch view {
      case .day: model.day.map { [header(nil)] + dayLines($0) }
      case .week:
        model.days(count ?? ForecastViewModel.weekDays).map {
          [header(MessageText.counted($0.numberOfDays, "day"))] + weekLines($0)
        }
      case .hourly:
        model.hourly(hours: count ?? ForecastViewModel.defaultHours).map {
          [header(MessageText.counted($0.numberOfHours, "hour"))] + hourlyLines($0, wide: wide)
        }
      }
    for line in lines ?? [] { Output.line(line) }
  }

  /// The Day view: a line per value, the ones the forecast lacks said at the end. Every
  /// quantity the conditions hold has its line, in the view model's text and unit. Values start
  /// in column 14, or after the longest label when one is longer ("Mugwort pollen").
  private static func dayLines(_ day: DayViewModel) -> [String] {
    var items: [(label: String, text: String)] = [("Temperature", day.temperature)]
    let rows = day.quantities
    if let feels = day.apparentTemperature { items.append(("Feels like", feels)) }
    for kind: QuantityKind in [.dewPoint, .humidity, .pressure] {
      if let row = rows.first(kind) { items.append((row.label, row.text)) }
    }
    items.append(("Wind", day.wind))
    for kind: QuantityKind in [.uvIndex, .visibility, .cloudCover] {
      if let row = rows.first(kind) { items.append((row.label, row.text)) }
    }
    let precipitation = [day.precipitationProbability, day.precipitation].compactMap { $0 }
    if !precipitation.isEmpty { items.append(("Precip.", precipitation.joined(separator: " · "))) }
    for kind in [.airQuality] + QuantityKind.pollen {
      if let row = rows.first(kind) { items.append((row.label, row.text)) }
    }
    items.append(("Icon", day.iconName))
    let column = max(13, (items.map(\.label.count).max() ?? 0) + 1)
    var lines = ["\(day.date) · \(day.time)", day.summary]
    lines += items.map {
      $0.label + String(repeating: " ", count: column - $0.label.count) + $0.text
    }
    if let lacking = ForecastViewModel.lackingText(day.missing, part: .current) {
      lines.append(lacking)
    }
    return lines
  }

  /// The Week view: one line per day, in columns; a column no day has is left out.
  private static func weekLines(_ week: WeekViewModel) -> [String] {
    let dash = MissingValue.text
    let probability = week.has(.precipitationProbability)
    let sum = week.has(.precipitation)
    let feels = week.has(.apparentTemperature)
    let sunrise = week.has(.sunrise)
    let sunset = week.has(.sunset)
    let uv = week.has(.uvIndex)
    let gusts = week.has(.windGust)
    let rows = week.days.map { row in
      var columns = [row.day, row.date, row.temperature, row.windSpeed, row.iconName]
      if probability { columns.append(row.precipitationProbability ?? dash) }
      if sum { columns.append(row.precipitation ?? dash) }
      if feels { columns.append("feels " + (row.apparentTemperature ?? dash)) }
      if sunrise { columns.append("sunrise " + (row.sunrise ?? dash)) }
      if sunset { columns.append("sunset " + (row.sunset ?? dash)) }
      if uv { columns.append("UV " + row.text(.uvIndex)) }
      if gusts { columns.append("gusts " + row.text(.windGust)) }
      return columns
    }
    var lines = TextColumns.lines(rows)
    if let lacking = ForecastViewModel.lackingText(week.missing, part: .daily) {
      lines.append(lacking)
    }
    return lines
  }

  /// The hourly list: a date line, then its hours in columns aligned across every date.
  ///
  /// The wind column carries its direction ("13 mph NW"); `wide` adds a column for each other
  /// quantity an hour holds (gusts, humidity, dew point, pressure, UV, visibility, cloud
  /// cover, air quality), which do not fit 80 columns.
  private static func hourlyLines(_ hourly: HourlyViewModel, wide: Bool = false) -> [String] {
    let dash = MissingValue.text
    let feels = hourly.has(.apparentTemperature)
    let amount = hourly.has(.precipitation)
    let direction = hourly.has(.windDirection)
    let extra: [(WeatherValue, QuantityKind, String)] =
      wide
      ? [
        (.windGust, .windGust, "gusts "), (.humidity, .humidity, "RH "),
        (.dewPoint, .dewPoint, "dew "), (.pressure, .pressure, ""), (.uvIndex, .uvIndex, "UV "),
        (.visibility, .visibility, "vis "), (.cloudCover, .cloudCover, "clouds "),
        (.airQuality, .airQuality, "AQ "),
      ].filter { hourly.has($0.0) } : []
    let rows = hourly.hours.map { row in
      let wind =
        direction
        ? row.windSpeed + " " + (row.quantities.first(.windDirection)?.text ?? dash)
        : row.windSpeed
      var columns = [
        row.time, row.temperature, wind, row.precipitation ?? dash, row.iconName,
        row.summary,
      ]
      if feels { columns.append("feels " + (row.apparentTemperature ?? dash)) }
      if amount { columns.append(row.precipitationAmount ?? dash) }
      for (_, kind, prefix) in extra { columns.append(prefix + row.text(kind)) }
      return columns
    }
    let columns = TextColumns.lines(rows)
    var lines: [String] = []
    var index = 0
    for section in hourly.sections {
      lines.append(section.date)
      for _ in section.hours {
        lines.append("  " + columns[index])
        index += 1
      }
    }
    if let lacking = ForecastViewModel.lackingText(hourly.missing, part: .hourly) {
      lines.append(lacking)
    }
    return lines
  }
}
