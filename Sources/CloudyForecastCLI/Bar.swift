import ArgumentParser
import CloudyCLI
import CloudyModels
import CloudyPlatform
import CloudyStoring
import CloudyViewModels

extension CloudyForecast {
  /// `bar [PLACE] [--format F] [--template T] [--stale-after AGE] [--watch]`: one line for a
  /// status bar, from the cache only.
  struct Bar: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "bar",
      abstract: "Print one line for a status bar (waybar, i3blocks, polybar, tmux), offline.",
      discussion: """
        Reads only the database, never the network, so the bar keeps working offline and \
        never waits on a weather service; the units and times follow your settings. The \
        template's fields are in braces: \(GlanceFields.names.map { "{\($0)}" }.joined(separator: " ")) \
        ({alert} is the most severe active alert the alert setting shows, empty when there is \
        none; a value the forecast lacks reads "–"). The line is marked stale (greyed; waybar's \
        class "stale") when the data is older than --stale-after.

        Formats: waybar (one JSON object: text, alt, tooltip, class, percentage; use \
        "return-type": "json"), i3blocks (full text, short text, colour; exit status 33, \
        urgent, on a severe or extreme alert; with --watch one JSON object a line for \
        interval=persist and format=json), polybar (%{F#rrggbb} colours; tail = true with \
        --watch), tmux (#[fg=#rrggbb] colours, for #(…) in status-right) and text.

        --watch prints a new line whenever it would read differently: after a change by any \
        process, and by the clock alone when the data turns stale, an alert begins or ends, or \
        the age moves on. Ctrl-C or SIGTERM ends it with status 0. Nothing cached: says which \
        fetch to run and exits 66 (with --watch: says so once on stderr and waits).
        """)

    @Argument(
      help: ArgumentHelp(
        "A saved place's name or number, or `current`. Default: the selected place.",
        valueName: "place"))
    var place: String?

    @Option(
      help: ArgumentHelp(
        "The bar: \(BarFormat.allCases.map(\.rawValue).joined(separator: ", ")).",
        valueName: "bar"))
    var format: BarFormat = .text

    @Option(
      help: ArgumentHelp(
        "The line, with fields in braces (see above).", valueName: "template"))
    var template: String = GlanceFields.defaultTemplate

    @Option(
      name: .customLong("stale-after"),
      help: ArgumentHelp(
        "Mark the line stale when the data is this old: 90s, 30m, 2h, 1d (twice the fetch timer's refresh age).",
        valueName: "age"))
    var staleAfter: RefreshInterval = RefreshInterval(seconds: 3_600)

    // The shared options as Bar's own (see `SharedOption`): a status bar runs `bar` every
    // few seconds, and each option group costs its start several conformance scans.
    @Option(.databasePath) var databaseFile: String?
    @Flag(.watch) var watches = false

    func validate() throws {
      do {
        _ = try GlanceTemplate(template)
      } catch let refusal as GlanceTemplate.Refusal {
        throw ValidationError(refusal.message)
      }
    }

    func run() throws {
      let parsed = try GlanceTemplate(template)
      let short = try GlanceTemplate(GlanceFields.shortTemplate)
      try ToolMain.reporting(tool: ForecastCommand.tool) {
        let databasePath = try DatabasePath.resolve(flag: databaseFile)
        if watches {
          return try BarWatch(
            place: place, format: format, template: parsed, short: short,
            staleAfter: staleAfter.seconds
          ).run(databasePath)
        }
        guard let stores = try StoreAccess.stores(reading: databasePath),
          let alerts = try StoreAccess.alertStore(reading: databasePath)
        else {
          throw CommandError.notFound(
            "nothing is cached yet (no database at \(databasePath.path)); add a place with `cloudy-locations add`, then run `cloudy-forecast fetch` with a network"
          )
        }
        let now = WallClock.now()
        let target = try LocationEditor(store: stores.locations).forecastTarget(place)
        let forecast = try ForecastViewModel(
          target: target, forecasts: stores.forecasts, settings: stores.settings,
          zones: InstalledTimeZones(), now: now)
        let alertsModel = try AlertsViewModel(
          place: target.place, timeZone: [forecast.weather?.timeZone, target.timeZone],
          alerts: alerts, settings: stores.settings, zones: InstalledTimeZones(), now: now)
        guard
          let glance = GlanceViewModel(
            forecast: forecast, alerts: alertsModel, staleAfter: staleAfter.seconds, now: now)
        else {
          throw CommandError.notFound(
            "no forecast of \(target.name) is cached yet; run `cloudy-forecast fetch \(ForecastCommand.argument(for: target))` with a network"
          )
        }
        Output.lines(format.lines(glance, template: parsed, short: short, watching: false))
        if format == .i3blocks, BarFormat.isUrgent(glance) {
          Output.flush()
          throw ExitCode(BarFormat.i3blocksUrgent)
        }
      }
    }
  }
}
